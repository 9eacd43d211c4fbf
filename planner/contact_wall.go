package planner

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"flowbench/sim"
)

// Contact-wall constants (A.2.3).
const (
	TauWall        = 0.22 // metres, eq. 32
	WallFastBefore = 0.8  // metres, eq. 33 fast path
	WallFullBefore = 1.5  // metres, eq. 33 otherwise
	WallMinStep    = 0.05 // metres, shortest fast step
	WallMinMask    = 30   // after-mask pixels, at 800 px
	WallBudget     = 16   // executed slides (the method: ≈ 12 fast tries; our choice: 16, the length preference adds plans)
)

// WallSlideEdges are the edges of the slide-length bins (metres): bin i is
// [WallSlideEdges[i], WallSlideEdges[i+1]). They span A.2.3's full-path
// lengths {0.15, 0.25, …, 2.5} m, whose every length the planner may
// draw. The balance counts realised slides per answer and bin
// (Balance.WallSlides); the fast path uses the bins up to
// WallFastMaxSlide, cfg.Full all of them. One edge sits at 0.30 m, just
// under τ_wall plus the margin rule: a "no" that slides a mover touching
// the wall (5 mm from it) away is at least 0.315 m long, so with an edge
// at 0.35 m the "no" answers of bin [0.25, 0.35) crowded into its last
// 3.5 cm and the "yes" answers filled the rest (train, 100 houses:
// 0.24–0.32 m gave 123 "yes" against 29 "no", 0.32–0.36 m 43 against 132;
// a one-split stump on the stated length read 62 % of the answers); from
// 0.30 m they spread over the next bin.
var WallSlideEdges = wallSlideEdges[:]

const numWallBins = 10

var wallSlideEdges = [numWallBins + 1]float64{WallMinStep, 0.15, 0.25, 0.30, 0.5, 0.65, 0.8, 1.0, 1.5, 2.0, 2.5}

// WallBinShare is the least share of a slide-length bin a plan's lengths
// must cover (our choice): within a bin both answers' lengths then spread
// over most of it, so that the stated length does not tell them apart.
const WallBinShare = 0.25

// WallFastMaxSlide is the longest slide of the fast path (our choice: the
// method's motions are "up to about a metre").
const WallFastMaxSlide = 1.0

// wallBin returns the slide-length bin of a realised length (the first or
// last bin for lengths outside the edges).
func wallBin(m float64) int {
	for i := numWallBins - 1; i > 0; i-- {
		if m >= wallSlideEdges[i] {
			return i
		}
	}
	return 0
}

// Slide kinds of a contact-wall plan. Toward and away run along the
// nearest wall axis a* (eq. 31); along runs parallel to that wall (our
// addition, see planContactWall).
const (
	slideToward = "toward"
	slideAway   = "away"
	slideAlong  = "along"
)

type wallPlan struct {
	a      *ObjectMeta
	dir    sim.Vec3 // unit world direction
	length float64
	kind   string
	rank   int // the length bin's place in the intent's preference
}

// planContactWall is A.2.3: movers near a wall (clr < 0.8 m, 1.5 m with
// cfg.Full) slide along a world axis and the answer is read from the realised
// wall clearance. Per mover and slide-length bin (in the order of the intent's
// preference: the bin where the preferred answer lags the other most first,
// bins where it leads left out by the lean rule, Balance.WallSlides) the plans
// are, for a "yes" wish: toward the nearest wall ending 0–0.12 m from it (the
// method's step clr−η among them), away by a length that stays 0.12 m or less
// from it, or along the wall for a mover already that close; for a "no" wish:
// away ending at least 0.32 m from it (the method's max(0.35, |clr|+0.25)
// among them), toward by a length that stops that far short, or along the wall
// for a mover that far from it. 0.12 and 0.32 m are τ_wall ∓ the margin rule.
// Each plan's length is drawn uniformly from the part of its bin that meets
// its condition (a part of at least WallBinShare of the bin), so both answers
// state lengths from the same continuous distribution (our choice, issue 13);
// plans whose main camera-frame direction leads for the answer
// (Balance.WallDirs, the lean rule) and movers whose type does
// (Balance.MoverTypes) are left out, and a realised slide that a collision cut
// short into a bin left out is rejected. Edits that penetrate a wall by more
// than ε_pen, leave fewer than 30 px of the mover visible, give the other
// class or end within the margin rule of τ_wall (ThresholdMargin) are
// rejected. Contact wall is not flip-seeking (A.2, eq. 19): no plan asks
// the answer to change, and the "answer unchanged" prior this leaves is
// accepted (issue 52; docs/planner.md, Contact wall).
func (c *viewCtx) planContactWall(in Intent) (*Example, string, error) {
	limit, maxSlide := WallFastBefore, WallFastMaxSlide
	if c.cfg.Full {
		limit, maxSlide = WallFullBefore, WallSlideEdges[numWallBins]
	}
	var movers []*ObjectMeta
	for _, a := range c.markedMovers() {
		if clr, _ := c.st.WallClearance(a.AABB); clr < limit {
			movers = append(movers, a)
		}
	}
	if len(movers) == 0 {
		return nil, "no_mover_near_wall", nil
	}
	// The mover's type may not lead further for the wished answer
	// (Balance.MoverTypes).
	if movers = in.typeMovers(movers); len(movers) == 0 {
		return nil, "mover_type_balance", nil
	}
	c.rng.Shuffle(len(movers), func(i, j int) { movers[i], movers[j] = movers[j], movers[i] })
	order := in.Lengths
	if len(order) == 0 {
		order = WallSlideEdges[:numWallBins]
	}
	var plans []wallPlan
	for _, a := range movers {
		clr, ax := c.st.WallClearance(a.AABB)
		for rank, lo := range order {
			b := wallBin(lo)
			for _, p := range c.wallSlides(clr, ax, in.PreferYes, b, maxSlide) {
				if in.Directions != nil && !slices.Contains(in.Directions, mainDirection(c.cam, p.dir).String()) {
					continue // the direction leads for this answer (Balance.WallDirs)
				}
				p.a, p.rank = a, rank
				plans = append(plans, p)
			}
		}
	}
	if len(plans) == 0 {
		return nil, "no_slide", nil
	}
	// Stable: within a bin the movers' shuffled order and the kinds' order
	// (the method's kind first) are kept.
	sort.SliceStable(plans, func(i, j int) bool { return plans[i].rank < plans[j].rank })
	for i := 0; i < len(plans) && i < WallBudget; i++ {
		p := plans[i]
		e, why, err := c.execute(p.a.ID, p.dir.Mul(p.length), shouldSettle(p.a))
		if err != nil {
			return nil, "", err
		}
		if e == nil {
			c.fail("contact_wall_" + why)
			continue
		}
		clr1, ax1 := c.st.WallClearance(e.obj1(p.a.ID).AABB)
		var reason string
		switch {
		case clr1 < -EpsPen:
			reason = "penetrates"
		case e.m1.Pixels(p.a.ID) < c.scale.area(WallMinMask):
			reason = "mask_collapsed"
		case (clr1 < TauWall) != in.PreferYes:
			reason = "wrong_class"
		case !ThresholdMargin("tau_wall", clr1, TauWall).OK():
			reason = "near_threshold"
		case !lengthAllowed(in.Lengths, e.realised):
			reason = "length_balance" // blocked short into a bin that leads for this answer
		}
		var ex *Example
		if reason == "" {
			ex = c.wallExample(e, clr1, ax1)
			if ex == nil {
				reason = c.marksWhy
			} else {
				ex.Metrics["slide"] = p.kind
			}
		}
		if err := c.restore(); err != nil {
			return nil, "", err
		}
		if reason != "" {
			c.fail("contact_wall_" + reason)
			continue
		}
		return ex, "", nil
	}
	return nil, "no_valid_slide", nil
}

// wallSlides lists the slides in length bin b of a mover with wall
// clearance clr to the nearest wall axis ax whose predicted clearance gives
// the wished class with the margin rule, each length drawn uniformly from
// the lengths of the bin (capped at maxSlide) that meet it; kinds toward,
// away, along for "yes" and away, toward, along for "no" (the method's
// kind first; along in one of the two directions, drawn).
func (c *viewCtx) wallSlides(clr float64, ax WallAxis, yes bool, b int, maxSlide float64) []wallPlan {
	lo, hi := wallSlideEdges[b], math.Min(wallSlideEdges[b+1], maxSlide)
	if hi <= lo {
		return nil
	}
	gap := math.Max(MarginMinGap, MarginMinRelative*TauWall)
	near, far := TauWall-gap, TauWall+gap // the clearances a yes / no must reach
	toward, away := ax.Vec(), ax.Vec().Mul(-1)
	along := sim.Vec3{-toward[2], 0, toward[0]}
	if c.rng.IntN(2) == 1 {
		along = along.Mul(-1)
	}
	var out []wallPlan
	add := func(dir sim.Vec3, kind string, mlo, mhi float64) {
		mlo, mhi = math.Max(mlo, lo), math.Min(mhi, hi)
		// Only a plan that can use a quarter of the bin or more: a
		// sliver at the bin's edge would crowd one answer's lengths there.
		if mhi-mlo >= WallBinShare*(hi-lo) {
			out = append(out, wallPlan{dir: dir, kind: kind, length: mlo + c.rng.Float64()*(mhi-mlo)})
		}
	}
	inf := math.Inf(1)
	if yes {
		add(toward, slideToward, clr-near, clr) // ends 0–0.12 m from the wall
		add(away, slideAway, 0, near-clr)
		if clr <= near {
			add(along, slideAlong, 0, inf)
		}
	} else {
		add(away, slideAway, far-clr, inf)
		add(toward, slideToward, 0, clr-far)
		if clr >= far {
			add(along, slideAlong, 0, inf)
		}
	}
	return out
}

func (c *viewCtx) wallExample(e *edit, clr1 float64, ax WallAxis) *Example {
	ex, ok := c.newExample(ContactWall, e, nil)
	if !ok {
		return nil
	}
	clr0, _ := c.st.WallClearance(c.obj0(e.moverID).AABB)
	choices, yes, no := c.yesNo()
	ans := clr1 < TauWall
	ex.setQA(stem(ContactWall, ex.Mover, slots{"cm": fmt.Sprintf("%.0f cm", TauWall*100)}),
		choices, yn(ans, yes, no), yn(clr0 < TauWall, yes, no))
	ex.Metrics["wall_clearance_before"] = round6(clr0)
	ex.Metrics["wall_clearance_after"] = round6(clr1)
	ex.Metrics["wall_axis"] = ax.String()
	ex.Metrics["tau_wall"] = TauWall
	ex.Metrics["decision_margin"] = ThresholdMargin("tau_wall", clr1, TauWall)
	cmp := "not below"
	if ans {
		cmp = "below"
	}
	ex.Reasoning = fmt.Sprintf("%s %s bounding box was %s from the nearest wall before; after the move the smallest gap (along %s) is %s, %s the contact threshold %s. So the answer is %s (%s).",
		ex.MotionText, agree(ex.Mover, "Its", "Their"), metres(clr0), ax, metres(clr1), cmp, metres(TauWall), yn(ans, "yes", "no"), ex.Answer)
	return ex
}
