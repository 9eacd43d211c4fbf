package planner

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"flowbench/sim"
)

// Balance holds the running yes/no counts of the yes/no categories (A.2,
// "Class balance"). It is deliberately simple state so that a run can carry
// it from house to house and a single example can be regenerated from the
// Intent recorded with it.
type Balance struct {
	Yes [NumCategories]int `json:"yes"`
	No  [NumCategories]int `json:"no"`
	// ProbeLengths counts emitted feasibility questions per answer (0 no,
	// 1 yes) and stated probe length (FeasLengths index), so that both
	// answers get the same length distribution (our choice, issue 13).
	ProbeLengths [2][numFeasLengths]int `json:"probe_lengths"`
	// CountValues counts emitted count-near answers (CountAnswers index,
	// widened answers not counted) and CountTaus the (answer, τ) cells.
	CountValues [numCountAnswers]int               `json:"count_values"`
	CountTaus   [numCountAnswers][numCountTaus]int `json:"count_taus"`
	// NearTaus counts emitted near-object questions per answer (0 no,
	// 1 yes) and τ (TauGrid index).
	NearTaus [2][numTaus]int `json:"near_taus"`
	// NearMoves counts emitted near-object questions per answer and
	// realised move length (nearest GenericLengths value), WallSlides
	// contact-wall questions per answer and realised slide-length bin
	// (WallSlideEdges), so that the stated length does not predict the
	// answer (our choice, issue 13).
	NearMoves  [2][numGenericLengths]int `json:"near_moves"`
	WallSlides [2][numWallBins]int       `json:"wall_slides"`
	// WallDirs counts emitted contact-wall questions per answer and the
	// slide's main camera-frame direction (Direction), so that the stated
	// direction does not predict the answer either.
	WallDirs [2][4]int `json:"wall_dirs"`
	// OccMoves counts emitted occlusion questions per answer and realised
	// move-length bin (WallSlideEdges): a "yes" carries the occluder onto
	// the line of sight, a "no" ends just beside it and is often short.
	OccMoves [2][numWallBins]int `json:"occ_moves"`
	// ProbeDirs counts emitted feasibility questions per answer and
	// camera-frame direction of the probe (both of a compound probe's), so
	// that the stated direction does not predict the answer (a probe
	// towards the camera, which stands in free space, is mostly feasible).
	ProbeDirs [2][4]int `json:"probe_dirs"`
	// ProbeAxes counts emitted feasibility questions by their probe's
	// relation to the setup move: 0 along the setup axis (a slide in the
	// same or the opposite direction, or a compound probe, which has a
	// component on it), 1 orthogonal to it (a slide on the other camera
	// axis, or a drop), so that the orthogonal share can be held at
	// FeasOrthogonal (Intent.Orthogonal, balance_probe_axes.go).
	ProbeAxes [2]int `json:"probe_axes"`
	// MoverTypes counts emitted questions per category, mover objectType and
	// answer (0 no, 1 yes) for the categories whose answer the mover's name
	// would otherwise predict (typeBalanced: dining tables and chairs stand
	// mid-room, sofas and TV stands against a wall; our choice, issue 13). See
	// Intent.typeAllowed and the lean rule (balance_lean.go).
	MoverTypes [NumCategories]map[string]*[2]int `json:"mover_types"`
	// Block is the index of the balance block the balance belongs to; it
	// sets which answer each mover type, length bin and direction may lead
	// for in this block (lean), so that the leads alternate across blocks
	// instead of adding up.
	Block int `json:"block"`
	// Flipped and Emitted count the flips (answer changes) and the
	// emitted questions of the flip-seeking categories and closer-to.
	Flipped [NumCategories]int `json:"flipped"`
	Emitted [NumCategories]int `json:"emitted"`
	// Questions counts every emitted question per category, for the
	// category mix (Mix).
	Questions [NumCategories]int `json:"questions"`
}

// total returns the questions emitted so far in the balance block.
func (b *Balance) total() int {
	n := 0
	for _, k := range b.Questions {
		n += k
	}
	return n
}

// Intent is what the planner aims for in one (view, category) slot: the
// preferred yes/no class and whether the edit should change the answer.
// It is drawn before planning and stored with the example, so PlanOne can
// regenerate the example alone.
type Intent struct {
	PreferYes bool `json:"prefer_yes"`
	WantFlip  bool `json:"want_flip"`
	Tie       bool `json:"tie"` // the class preference was drawn on a tie
	// Fallback: an opposite-class example may be emitted when the
	// preferred class cannot be met, because, counting it, the no-share
	// stays within FallbackSlack of ρ_no (occlusion's fallback, A.2.1).
	Fallback bool `json:"fallback,omitempty"`
	// Lengths is the length preference for the preferred class: feasibility
	// probe lengths least used first; near-object move lengths where the
	// preferred class lags the other most first, those where it leads by
	// NearTauSlack left out; contact-wall slide-length and occlusion
	// move-length bins (their lower edges, WallSlideEdges) under the lean
	// rule (leanOrder); nil: the category's grid in order.
	Lengths []float64 `json:"lengths,omitempty"`
	// LengthsOther is near-object's move-length preference for the other
	// answer, used when a relaxed stage emits it (nil: GenericLengths).
	LengthsOther []float64 `json:"lengths_other,omitempty"`
	// Directions are the contact-wall slide directions (camera frame, main
	// component) and the feasibility probe directions allowed for the
	// preferred class, under the lean rule (leanOrder; nil: all four).
	Directions []string `json:"directions,omitempty"`
	// Orthogonal: the feasibility probe must be orthogonal to the setup
	// move (a slide on the other camera axis or a drop; no slide along the
	// setup axis and no compound probe, which has a component on it), set
	// while the orthogonal share of the block's probes is under
	// FeasOrthogonal. OrthoDirections are then the slide directions
	// allowed, under the lean rule within each camera axis
	// (Balance.orthoDirections).
	Orthogonal      bool     `json:"orthogonal,omitempty"`
	OrthoDirections []string `json:"ortho_directions,omitempty"`
	// TypeLeads are, for the type-balanced categories (typeBalanced), how far
	// the preferred class leads the other per mover objectType so far in the
	// balance block (Balance.MoverTypes; types not listed have no lead), and
	// LeanBlock is the block's index: together they say which movers may be
	// used (Intent.typeAllowed).
	TypeLeads map[string]int `json:"type_leads,omitempty"`
	LeanBlock int            `json:"lean_block,omitempty"`
	// Counts is the count-near answer preference, least used first
	// (nil: CountAnswers in order).
	Counts []int `json:"counts,omitempty"`
	// Taus is the τ preference of count-near (for the first preferred
	// answer, least used first) and near-object (where the preferred class
	// lags the other most first, τ where it leads by NearTauSlack left
	// out); nil: TauGrid in order.
	Taus []float64 `json:"taus,omitempty"`
	// BlockedCells are the count-near (τ, answer) cells that may not be
	// emitted (countCellKey; Balance.blockedCountCells), so that τ does not
	// predict the answer.
	BlockedCells []string `json:"blocked_cells,omitempty"`
	// TausOther is near-object's τ preference for the other answer, used
	// when a relaxed stage emits it (nil: TauGrid in order).
	TausOther []float64 `json:"taus_other,omitempty"`
	// StrictFlip: the flip wish must be met (no relaxed non-flip), set for
	// closest-three while its flip rate so far is under π_flip (after
	// flipRateMin questions), for count-near until it reaches π_flip, and
	// for closer-to while its change rate is under CloserChangeRate.
	StrictFlip bool `json:"strict_flip,omitempty"`
}

// Decide draws the intent for category c: for yes/no categories the
// under-represented class relative to ρ_no, and on a tie "yes" with
// probability 1 − ρ_no (eq. 18); for flip-seeking categories a flip with
// probability π_flip (eq. 19); for closer-to and count-near the
// under-represented kind (underRate): an answer change when the running
// change rate is under CloserChangeRate (closer-to) or π_flip
// (count-near), no change when above, and a draw with that probability on
// a tie.
func (b *Balance) Decide(c Category, rng *rand.Rand) Intent {
	var in Intent
	if rho, ok := c.TargetNoRate(); ok {
		n := b.Yes[c] + b.No[c]
		// Compare counts exactly: no-share below the target prefers "no".
		switch rateSide(b.No[c], n, rho) {
		case -1:
			in.PreferYes = false
		case 1:
			in.PreferYes = true
		default:
			in.PreferYes = rng.Float64() < 1-rho
			in.Tie = true
		}
		no := float64(b.No[c])
		if in.PreferYes { // the fallback would be a "no"
			no++
		}
		in.Fallback = math.Abs(no/float64(n+1)-rho) <= FallbackSlack+1e-9
	} else {
		_ = rng.Float64() // keep the stream aligned across categories
	}
	u := rng.Float64() // one draw for every category keeps the streams aligned
	switch c {
	case CloserTo:
		in.WantFlip = b.underRate(c, CloserChangeRate, u)
	case CountNear:
		in.WantFlip = b.underRate(c, FlipProbability, u)
	default:
		in.WantFlip = c.FlipSeeking() && u < FlipProbability
	}
	cls := 0
	if in.PreferYes {
		cls = 1
	}
	// share is the preferred class's target share of a yes/no category,
	// against which the lean rule measures leads (leanOrder).
	rho, _ := c.TargetNoRate()
	share := rho
	if in.PreferYes {
		share = 1 - rho
	}
	switch c {
	case Feasibility:
		for _, i := range leastUsed(b.ProbeLengths[cls][:], rng) {
			in.Lengths = append(in.Lengths, FeasLengths[i])
		}
		in.Directions = b.leanDirections(b.ProbeDirs, "probe_dir:", cls, share, rng)
		if in.Orthogonal = b.orthogonalWish(rng.Float64()); in.Orthogonal {
			in.OrthoDirections = b.orthoDirections(cls, share, rng)
		}
	case CountNear:
		// Answers least used first; an answer at CountMaxShare of the
		// answers so far is left out (the least used never is).
		order := leastUsed(b.CountValues[:], rng)
		total := 0
		for _, n := range b.CountValues {
			total += n
		}
		for k, i := range order {
			if k == 0 || float64(b.CountValues[i]+1) <= CountMaxShare*float64(total+1) {
				in.Counts = append(in.Counts, CountAnswers[i])
			}
		}
		for _, i := range leastUsed(b.CountTaus[order[0]][:], rng) {
			in.Taus = append(in.Taus, CountTauGrid[i])
		}
		in.BlockedCells = b.blockedCountCells()
		// A flip wish is strict until the running flip rate reaches π_flip
		// (from the block's first question): relaxed non-flips on flip
		// wishes kept the rate at 0.64 (100 houses, 512 px; 0.78 strict).
		in.StrictFlip = in.WantFlip && !b.reached(c, FlipProbability)
	case NearObject:
		in.Taus = slackOrder(b.NearTaus[cls][:], b.NearTaus[1-cls][:], TauGrid, rng)
		in.TausOther = slackOrder(b.NearTaus[1-cls][:], b.NearTaus[cls][:], TauGrid, rng)
		in.Lengths = slackOrder(b.NearMoves[cls][:], b.NearMoves[1-cls][:], GenericLengths, rng)
		in.LengthsOther = slackOrder(b.NearMoves[1-cls][:], b.NearMoves[cls][:], GenericLengths, rng)
	case Occlusion:
		for _, i := range leanOrder(b.OccMoves[cls][:], b.OccMoves[1-cls][:], occBinKeys[:], b.Block, in.PreferYes, share, rng) {
			in.Lengths = append(in.Lengths, WallSlideEdges[i])
		}
	case ContactWall:
		for _, i := range leanOrder(b.WallSlides[cls][:], b.WallSlides[1-cls][:], wallBinKeys[:], b.Block, in.PreferYes, share, rng) {
			in.Lengths = append(in.Lengths, WallSlideEdges[i])
		}
		in.Directions = b.leanDirections(b.WallDirs, "wall_dir:", cls, share, rng)
	case ClosestThree:
		in.StrictFlip = b.strictFlip(c, in.WantFlip, FlipProbability)
	case CloserTo:
		in.StrictFlip = b.strictFlip(c, in.WantFlip, CloserChangeRate)
	}
	if typeBalanced(c) {
		in.LeanBlock = b.Block
		for t, n := range b.MoverTypes[c] {
			if d := n[cls] - n[1-cls]; d != 0 {
				if in.TypeLeads == nil {
					in.TypeLeads = map[string]int{}
				}
				in.TypeLeads[t] = d
			}
		}
	}
	return in
}

// underRate is the flip wish of a category whose emitted kind (answer
// change or not) is balanced like the yes/no answers: the under-represented
// kind against the target change rate, a draw (u < rate) on a tie. Where a
// flip wish succeeds far less often than a non-flip one (count-near: 27 %
// of strict flip wishes against 53 % of non-flip draws, 40 houses at
// 256 px), flips drawn with probability rate are emitted at a lower rate
// (0.61 there).
func (b *Balance) underRate(c Category, rate, u float64) bool {
	if side := rateSide(b.Flipped[c], b.Emitted[c], rate); side != 0 {
		return side < 0
	}
	return u < rate
}

// reached reports whether category c has emitted questions and changed the
// answer of at least the share rate of them.
func (b *Balance) reached(c Category, rate float64) bool {
	return b.Emitted[c] > 0 && rateSide(b.Flipped[c], b.Emitted[c], rate) >= 0
}

// rateSide compares k of n with the share rate of n: -1 under it, 1 over
// it, 0 within 1e-9 of it or when n is 0.
func rateSide(k, n int, rate float64) int {
	switch {
	case n > 0 && float64(k) < rate*float64(n)-1e-9:
		return -1
	case n > 0 && float64(k) > rate*float64(n)+1e-9:
		return 1
	}
	return 0
}

// strictFlip reports whether a flip wish must be met: the category's
// running flip (answer change) rate is under rate after flipRateMin
// emitted questions.
func (b *Balance) strictFlip(c Category, wish bool, rate float64) bool {
	return wish && b.Emitted[c] >= flipRateMin && float64(b.Flipped[c]) < rate*float64(b.Emitted[c])
}

// slackOrder is a near-object preference over grid (τ or move length) for
// an answer whose counts per grid value are own, the other answer's other:
// values where the answer lags the other most first; values where it
// already leads by NearTauSlack are left out, so that the value does not
// predict the answer.
func slackOrder(own, other []int, grid []float64, rng *rand.Rand) []float64 {
	diff := make([]int, len(grid))
	for i := range diff {
		diff[i] = own[i] - other[i]
	}
	var out []float64
	for _, i := range leastUsed(diff, rng) {
		if diff[i] < NearTauSlack {
			out = append(out, grid[i])
		}
	}
	if len(out) == 0 {
		out = append(out, grid...)
	}
	return out
}

// FallbackSlack is how far an opposite-class fallback may take the running
// no-share from ρ_no (our choice): the method emits its fallbacks freely,
// which with a class that is much harder to plan than the other (an
// occlusion "yes") moves the no-rate off target.
const FallbackSlack = 0.05

// CountMaxShare is the share of count-near answers an answer may reach
// (counting the one being planned) before it is left out of the preference
// (our choice: under the 40 % bar of issue 13). It applies from the first
// question of a balance block (blocks hold only a few count-near
// questions), and the least used answer is always allowed.
const CountMaxShare = 0.35

// flipRateMin is how many closest-three questions are recorded before the
// running flip rate can make a flip wish strict.
const flipRateMin = 5

// NearTauSlack is how far the count of one near-object answer at a τ (or
// move length) may lead the other answer's count there before the value
// is left out of that answer's preference (our choice).
const NearTauSlack = 2

// leastUsed returns the indices of counts in increasing order of count,
// ties in a random order drawn from rng.
func leastUsed(counts []int, rng *rand.Rand) []int {
	idx := rng.Perm(len(counts))
	sort.SliceStable(idx, func(a, b int) bool { return counts[idx[a]] < counts[idx[b]] })
	return idx
}

// RecordExample counts an emitted example: its yes/no answer (Record),
// and the stated probe length, count or τ the per-category balances track.
func (b *Balance) RecordExample(ex *Example) {
	yes := ex.Answer == yesLetter(ex)
	b.Record(ex.Category, yes)
	b.Questions[ex.Category]++
	if ex.Category.FlipSeeking() || ex.Category == CloserTo {
		b.Emitted[ex.Category]++
		if ex.Flip {
			b.Flipped[ex.Category]++
		}
	}
	cls := 0
	if yes {
		cls = 1
	}
	switch ex.Category {
	case Feasibility:
		if pm, ok := ex.Metrics["probe"].(map[string]any); ok {
			if l, ok := pm["length"].(float64); ok {
				if i := indexOf(FeasLengths, l); i >= 0 {
					b.ProbeLengths[cls][i]++
				}
			}
			for _, k := range []string{"direction", "direction2"} {
				if d, ok := pm[k].(string); ok {
					if i := slices.Index(directionNames[:], d); i >= 0 {
						b.ProbeDirs[cls][i]++
					}
				}
			}
			b.recordProbeAxis(pm["setup_relation"])
		}
	case CountNear:
		n, _ := ex.Metrics["count_after"].(int)
		tau, _ := ex.Metrics["tau"].(float64)
		if v, t := slices.Index(CountAnswers, n), indexOf(CountTauGrid, tau); v >= 0 {
			b.CountValues[v]++
			if t >= 0 {
				b.CountTaus[v][t]++
			}
		}
	case NearObject:
		tau, _ := ex.Metrics["tau"].(float64)
		if t := indexOf(TauGrid, tau); t >= 0 {
			b.NearTaus[cls][t]++
		}
		b.NearMoves[cls][nearestIndex(GenericLengths, horizontal(ex.RealisedMotion).Len())]++
	case Occlusion:
		b.OccMoves[cls][wallBin(horizontal(ex.RealisedMotion).Len())]++
	case ContactWall:
		b.WallSlides[cls][wallBin(horizontal(ex.RealisedMotion).Len())]++
		b.WallDirs[cls][mainDirection(ex.Camera, ex.RealisedMotion)]++
	}
	if typeBalanced(ex.Category) {
		m := b.MoverTypes[ex.Category]
		if m == nil {
			m = map[string]*[2]int{}
			b.MoverTypes[ex.Category] = m
		}
		if m[ex.Mover.ObjectType] == nil {
			m[ex.Mover.ObjectType] = &[2]int{}
		}
		m[ex.Mover.ObjectType][cls]++
	}
}

// indexOf returns the index of the grid value within 1e-9 of x, or −1.
func indexOf(grid []float64, x float64) int {
	for i, g := range grid {
		if math.Abs(g-x) < 1e-9 {
			return i
		}
	}
	return -1
}

// mainDirection is the camera-frame direction of a displacement's larger
// horizontal component.
func mainDirection(cam sim.Camera, d sim.Vec3) Direction {
	r, f, _ := CameraComponents(cam, d)
	switch {
	case math.Abs(r) >= math.Abs(f) && r < 0:
		return Left
	case math.Abs(r) >= math.Abs(f):
		return Right
	case f > 0:
		return Forward
	}
	return Back
}

// nearestIndex returns the index of the grid value nearest x (the first on
// a tie).
func nearestIndex(grid []float64, x float64) int {
	best := 0
	for i, g := range grid {
		if math.Abs(g-x) < math.Abs(grid[best]-x) {
			best = i
		}
	}
	return best
}

// Record counts an emitted answer of a yes/no category.
func (b *Balance) Record(c Category, yes bool) {
	if _, ok := c.TargetNoRate(); !ok {
		return
	}
	if yes {
		b.Yes[c]++
	} else {
		b.No[c]++
	}
}
