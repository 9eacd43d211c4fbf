package real

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// rules holds what the category rules of B.4 share for one pair.
type rules struct {
	p      *Pair
	objs   []Object
	a      *Object // the mover
	mover  int
	lms    []int // landmarks in mark order
	m      float64
	droid  bool
	rng    *rand.Rand
	d0, d1 map[int]float64
	extent float64 // scene extent (B.5's threshold filter)
	named  bool    // B.4.9's margins for named-object questions
}

func newRules(p *Pair, meas *Measurement, rng *rand.Rand) *rules {
	r := &rules{p: p, objs: meas.Objects, a: &meas.Objects[meas.Mover], mover: meas.Mover, lms: meas.Landmarks,
		m: p.Source.Margin, droid: p.Source.RoomScale, rng: rng, d0: map[int]float64{}, d1: map[int]float64{},
		extent: meas.SceneExtent}
	for _, l := range r.lms {
		r.d0[l] = distance(&r.objs[l], r.a, 0)
		r.d1[l] = distance(&r.objs[l], r.a, 1)
	}
	return r
}

// yesNo are the choices of every yes/no question.
var yesNo = []string{"yes", "no"}

// yn returns the answer letter of a yes/no answer.
func yn(yes bool) string {
	if yes {
		return "A"
	}
	return "B"
}

// planeOK is B.5's depth-shrink filter for the landmarks a question uses:
// no 3D distance below 0.6 of its image-plane counterpart when that is
// above 8 cm.
func (r *rules) planeOK(ls ...int) bool {
	for _, l := range ls {
		for t, d := range []float64{r.d0[l], r.d1[l]} {
			if dp := planeDistance(&r.objs[l], r.a, t, r.p.K); dp > PlaneShrinkMin && d < PlaneShrinkRatio*dp {
				return false
			}
		}
	}
	return true
}

// thresholdMargins returns eq. 54's margins |d₁ − T| and |d₀ − T| at T,
// with DROID's variants.
func (r *rules) thresholdMargins(T float64) (m1, m0 float64) {
	switch {
	case r.droid:
		return math.Max(ThresholdMargin1DROIDMin, ThresholdMargin1DROIDRel*T), ThresholdMargin0DROID
	case r.named:
		return NamedThresholdMargin1, ThresholdMargin0 // B.4.9
	}
	return ThresholdMargin1, ThresholdMargin0
}

// threshold is B.4.1: is the mover within T of L after the move? A flip
// with eq. 54's margins.
func (r *rules) threshold() []Question {
	ts := ThresholdTs
	if r.droid {
		ts = ThresholdTsDROID
	}
	var out []Question
	for _, l := range r.lms {
		d0, d1 := r.d0[l], r.d1[l]
		for _, T := range ts {
			m1, m0 := r.thresholdMargins(T)
			if (d0 < T) == (d1 < T) || math.Abs(d1-T) < m1 || math.Abs(d0-T) < m0 {
				continue
			}
			if T > MaxThresholdExtent*r.extent || !r.planeOK(l) {
				continue // B.5
			}
			q := Question{Spec: Spec{Category: CatThreshold, Landmark: l, T: T, Claim: "within"}, Changed: true,
				Answer: yn(d1 < T), BeforeAnswer: yn(d0 < T), Choices: yesNo,
				Rule: fmt.Sprintf("B.4.1 flip T=%.2f", T), MarginCleared: math.Abs(d1 - T), RelMargin: math.Abs(d1-T) / T,
				Quantities: map[string]float64{"d0": d0, "d1": d1, "t": T, "margin_d1": m1, "margin_d0": m0}}
			out = append(out, q)
		}
	}
	return out
}

// leftRightMargin is B.4.2's margin: m, or max(m, w_L/2) for DROID.
func (r *rules) leftRightMargin(l *Object) float64 {
	if r.droid {
		return math.Max(r.m, float64(l.Box0.Dx())*l.Z0/r.p.K.Fx/2)
	}
	return r.m
}

// leftRight is B.4.2: will the mover end up left of L? The side flips and
// |x_A⁽¹⁾ − x_L| clears the margin.
func (r *rules) leftRight() []Question {
	var out []Question
	for _, l := range r.lms {
		L := &r.objs[l]
		xl, x0, x1 := L.X0[0], r.a.X0[0], r.a.X1[0]
		mg := r.leftRightMargin(L)
		if (x0 < xl) == (x1 < xl) || math.Abs(x1-xl) < mg || !r.planeOK(l) {
			continue
		}
		side := "left"
		if r.rng.IntN(2) == 1 {
			side = "right"
		}
		out = append(out, r.leftRightQuestion(l, side, true, mg, ""))
	}
	return out
}

// leftRightQuestion builds a Left Right question claiming side.
func (r *rules) leftRightQuestion(l int, side string, changed bool, mg float64, rule string) Question {
	L := &r.objs[l]
	xl, x0, x1 := L.X0[0], r.a.X0[0], r.a.X1[0]
	is := func(x float64) bool {
		if side == "left" {
			return x < xl
		}
		return x > xl
	}
	movedLeft := x1-x0 < 0
	// The shortcut answers "the object ends up on the side it moved
	// toward" (B.6).
	shortcutYes := movedLeft == (side == "left")
	if rule == "" {
		rule = "B.4.2 flip"
	}
	return Question{Spec: Spec{Category: CatLeftRight, Landmark: l, Side: side}, Changed: changed,
		Answer: yn(is(x1)), BeforeAnswer: yn(is(x0)), Choices: yesNo, Rule: rule,
		MarginCleared: math.Abs(x1 - xl), Shortcut: shortcutYes == is(x1),
		Quantities: map[string]float64{"x_l": xl, "x_a0": x0, "x_a1": x1, "margin": mg}}
}

// sortedBy returns ls ordered by d, ties by mark order.
func sortedBy(ls []int, d map[int]float64) []int {
	s := slices.Clone(ls)
	sort.SliceStable(s, func(i, j int) bool { return d[s[i]] < d[s[j]] })
	return s
}

// closerTo is B.4.3: which listed landmark will the mover end up closest
// to? argmin d₀ ≠ L*, and d₁(L⁽²⁾) − d₁(L*) > 2m (and ≥ 5 cm, B.5).
func (r *rules) closerTo(factor float64) []Question {
	if len(r.lms) < CloserToMinLandmarks {
		return nil
	}
	by1, by0 := sortedBy(r.lms, r.d1), sortedBy(r.lms, r.d0)
	star, second := by1[0], by1[1]
	gap := r.d1[second] - r.d1[star]
	if by0[0] == star || !(gap > CloserToGapMargins*r.m*factor) || (factor == 1 && gap < CloserToMinGap) {
		return nil
	}
	// Options: L*, the nearest before the move, then others by mark order.
	opts := []int{star, by0[0]}
	for _, l := range r.lms {
		if len(opts) == CloserToMaxOptions {
			break
		}
		if l != star && l != by0[0] {
			opts = append(opts, l)
		}
	}
	if !r.planeOK(opts...) {
		return nil
	}
	sort.SliceStable(opts, func(i, j int) bool { return r.objs[opts[i]].Mark < r.objs[opts[j]].Mark })
	q := Question{Spec: Spec{Category: CatCloserTo, Landmark: -1, Options: opts}, Changed: true,
		Answer: letterOf(opts, star), BeforeAnswer: letterOf(opts, nearestOf(opts, r.d0)),
		Rule: "B.4.3 flip", MarginCleared: gap, Quantities: r.distQuantities(opts)}
	q.Quantities["gap"] = gap
	q.Extended = factor != 1
	return []Question{q}
}

// nearestOf returns the option with the least d.
func nearestOf(opts []int, d map[int]float64) int { return sortedBy(opts, d)[0] }

// letterOf returns the choice letter of x in opts.
func letterOf(opts []int, x int) string { return string(rune('A' + slices.Index(opts, x))) }

// lettersOf returns the sorted choice letters of xs in opts.
func lettersOf(opts []int, xs []int) string {
	var b []byte
	for i, o := range opts {
		if slices.Contains(xs, o) {
			b = append(b, byte('A'+i))
		}
	}
	return string(b)
}

// distQuantities records d₀ and d₁ of each option by mark number.
func (r *rules) distQuantities(ls []int) map[string]float64 {
	q := map[string]float64{}
	for _, l := range ls {
		n := r.objs[l].Mark
		q[fmt.Sprintf("d0_mark%d", n)] = r.d0[l]
		q[fmt.Sprintf("d1_mark%d", n)] = r.d1[l]
	}
	return q
}

// closestThree is B.4.4: which three listed landmarks will the mover end
// up closest to? 𝒯₀ ≠ 𝒯₁ and d₁(L₍₄₎) − d₁(L₍₃₎) > 1.5m, not thin (B.5).
func (r *rules) closestThree(factor float64) []Question {
	if len(r.lms) < ClosestThreeMinLandmarks {
		return nil
	}
	opts := r.lms[:min(len(r.lms), MaxLandmarks)]
	by1, by0 := sortedBy(opts, r.d1), sortedBy(opts, r.d0)
	t1, t0 := slices.Clone(by1[:3]), slices.Clone(by0[:3])
	slices.Sort(t1)
	slices.Sort(t0)
	gap := r.d1[by1[3]] - r.d1[by1[2]]
	need := ClosestThreeGapMargins * r.m * factor
	if r.named && !r.droid {
		need = NamedClosestThreeGap * factor // B.4.9
	}
	if slices.Equal(t0, t1) || !(gap > need) {
		return nil
	}
	if factor == 1 && r.d1[by1[3]] < ClosestThreeMinRatio*r.d1[by1[2]] {
		return nil
	}
	if !r.planeOK(opts...) {
		return nil
	}
	q := Question{Spec: Spec{Category: CatClosestThree, Landmark: -1, Options: slices.Clone(opts)}, Changed: true,
		Answer: lettersOf(opts, t1), BeforeAnswer: lettersOf(opts, t0), Rule: "B.4.4 flip",
		MarginCleared: gap, Quantities: r.distQuantities(opts)}
	q.Quantities["gap"] = gap
	q.Extended = factor != 1
	return []Question{q}
}

// countNear is B.4.5: how many of the listed landmarks will end up within
// T of the mover?
func (r *rules) countNear() []Question {
	if len(r.lms) < CountNearMinLandmarks {
		return nil
	}
	P := r.lms[:min(len(r.lms), MaxLandmarks)]
	ts := CountNearTs
	if r.droid {
		ts = CountNearTsDROID
	}
	best, bestT, bestDev := -1, 0.0, math.Inf(1)
	var n0s, n1s = map[float64]int{}, map[float64]int{}
	for _, T := range ts {
		mg := CountNearMargin
		if r.droid {
			mg = math.Max(ThresholdMargin1DROIDMin, ThresholdMargin1DROIDRel*T)
		}
		n0, n1, ok := 0, 0, true
		for _, l := range P {
			d0, d1 := r.d0[l], r.d1[l]
			if d0 < T {
				n0++
			}
			if d1 < T {
				n1++
				if math.Abs(d1-T) < CountedMinRelMargin*T {
					ok = false // a counted landmark within 25 % of T (B.5)
				}
			}
			if math.Abs(d1-T) < mg {
				ok = false
			}
		}
		if !ok || n0 == n1 || n1 <= 0 || n1 >= len(P) || T > MaxThresholdExtent*r.extent {
			continue
		}
		n0s[T], n1s[T] = n0, n1
		if dev := math.Abs(float64(n1) - float64(len(P))/2); dev < bestDev {
			best, bestT, bestDev = n1, T, dev
		}
	}
	if best < 0 || !r.planeOK(P...) {
		return nil
	}
	T, n0, n1 := bestT, n0s[bestT], n1s[bestT]
	vals := []int{n1}
	for _, c := range []int{n0, n1 - 1, n1 + 1, n1 - 2, n1 + 2} {
		if len(vals) < CountNearMaxOptions && c >= 0 && c <= len(P) && !slices.Contains(vals, c) {
			vals = append(vals, c)
		}
	}
	slices.Sort(vals)
	minClear := math.Inf(1)
	for _, l := range P {
		minClear = math.Min(minClear, math.Abs(r.d1[l]-T))
	}
	q := Question{Spec: Spec{Category: CatCountNear, Landmark: -1, Counted: slices.Clone(P), CountChoices: vals, T: T},
		Changed: true, Answer: string(rune('A' + slices.Index(vals, n1))), Rule: fmt.Sprintf("B.4.5 flip T=%.2f", T),
		MarginCleared: minClear, RelMargin: minClear / T, Quantities: r.distQuantities(P)}
	if k := slices.Index(vals, n0); k >= 0 {
		q.BeforeAnswer = string(rune('A' + k))
	}
	q.Quantities["t"], q.Quantities["n0"], q.Quantities["n1"] = T, float64(n0), float64(n1)
	return []Question{q}
}

// compact is B.4.6's landmark test: box aspect ≤ 3, area ≤ 2 % of the
// frame, ≥ 20 px from the border.
func (r *rules) compact(o *Object) bool {
	b := o.Box0
	w, h := float64(b.Dx()), float64(b.Dy())
	return math.Max(w, h) <= DepthOrderMaxAspect*math.Min(w, h) &&
		float64(o.Area0) <= DepthOrderMaxShare*float64(r.p.W*r.p.H) &&
		b.Min.X >= DepthOrderMinBorder && b.Min.Y >= DepthOrderMinBorder &&
		r.p.W-b.Max.X >= DepthOrderMinBorder && r.p.H-b.Max.Y >= DepthOrderMinBorder
}

// depthOrder is B.4.6: will the mover end up closer to the camera than L?
// Eq. 56's margins; flips and no-change questions alike.
func (r *rules) depthOrder() []Question {
	if !r.p.Source.DepthOrder {
		return nil
	}
	var out []Question
	for _, l := range r.lms {
		L := &r.objs[l]
		if !r.compact(L) {
			continue
		}
		z0, z1, zl := r.a.Z0, r.a.Z1, L.Z0
		if math.Abs(z1-zl) < DepthOrderMargin1 || math.Abs(z0-zl) < DepthOrderMargin0 {
			continue
		}
		changed := (z0 < zl) != (z1 < zl)
		rule := "B.4.6 flip"
		if !changed {
			rule = "B.4.6 no-change"
		}
		out = append(out, Question{Spec: Spec{Category: CatDepthOrder, Landmark: l, Side: "closer"}, Changed: changed,
			Answer: yn(z1 < zl), BeforeAnswer: yn(z0 < zl), Choices: yesNo, Rule: rule,
			MarginCleared: math.Abs(z1 - zl), Quantities: map[string]float64{"z_a0": z0, "z_a1": z1, "z_l": zl}})
	}
	return out
}

// occlusionChoices are Occlusion's options.
var occlusionChoices = []string{"fully visible", "partly blocked"}

// occlusion is B.4.7: after the move, will L be fully visible or partly
// blocked? Cover and reveal with eq. 57's bounds; at most one per pair.
func (r *rules) occlusion() []Question {
	ma1 := r.p.F1.Masks[r.a.Mask1].Pix
	minOverlap := CoverMinOverlap
	if r.named {
		minOverlap = NamedCoverMinOverlap // B.4.9
	}
	for _, l := range r.lms {
		L := &r.objs[l]
		if L.ArmCover1 > OcclusionMaxArmCover {
			continue
		}
		a0, a1 := float64(L.Area0), float64(L.Area1)
		ml0 := r.p.F0.Masks[L.Mask0].Pix
		over := float64(pixOverlap(ma1, ml0)) / float64(len(ml0))
		q := map[string]float64{"a0": a0, "a1": a1, "z_a1": r.a.Z1, "z_l": L.Z0, "overlap": over,
			"box_overlap0": boxOverlap(L.Box0, r.a.Box0), "box_overlap1": boxOverlap(L.Box0, r.a.Box1)}
		if a1 <= CoverMaxAreaRatio*a0 && r.a.Z1 < L.Z0-CoverFrontMargin && over >= minOverlap {
			return []Question{{Spec: Spec{Category: CatOcclusion, Landmark: l, Occlusion: "cover"}, Changed: true,
				Answer: "B", BeforeAnswer: "A", Choices: occlusionChoices, Rule: "B.4.7 cover", Quantities: q}}
		}
		if a1 >= RevealMinAreaRatio*a0 && q["box_overlap0"] >= RevealMinBoxOverlap0 && q["box_overlap1"] <= RevealMaxBoxOverlap1 {
			return []Question{{Spec: Spec{Category: CatOcclusion, Landmark: l, Occlusion: "reveal"}, Changed: true,
				Answer: "A", BeforeAnswer: "B", Choices: occlusionChoices, Rule: "B.4.7 reveal", Quantities: q}}
		}
	}
	return nil
}

// noChange is B.4.8: for a pair without a flip, a Threshold or Left Right
// question whose answer is the same before and after; half state the false
// claim. T is drawn before looking at the geometry.
func (r *rules) noChange() []Question {
	T := NoChangeTs[r.rng.IntN(len(NoChangeTs))]
	negate := r.rng.Float64() < NoChangeFalseShare
	useLR := r.rng.IntN(2) == 1
	order := r.rng.Perm(len(r.lms))
	var thr, lr []Question
	for _, k := range order {
		l := r.lms[k]
		d0, d1 := r.d0[l], r.d1[l]
		if len(thr) == 0 && (d0 < T) == (d1 < T) && math.Abs(d0-T) >= r.m && math.Abs(d1-T) >= r.m &&
			T <= MaxThresholdExtent*r.extent && r.planeOK(l) {
			within := d1 < T
			claim := "within"
			if within == negate {
				claim = "beyond"
			}
			yes := (claim == "within") == within
			thr = append(thr, Question{Spec: Spec{Category: CatThreshold, Landmark: l, T: T, Claim: claim, Negated: negate},
				Answer: yn(yes), BeforeAnswer: yn(yes), Choices: yesNo, Rule: fmt.Sprintf("B.4.8 no-change T=%.2f", T),
				MarginCleared: math.Min(math.Abs(d0-T), math.Abs(d1-T)), RelMargin: math.Min(math.Abs(d0-T), math.Abs(d1-T)) / T,
				Quantities: map[string]float64{"d0": d0, "d1": d1, "t": T}})
		}
		L := &r.objs[l]
		x0, x1, xl := r.a.X0[0], r.a.X1[0], L.X0[0]
		if len(lr) == 0 && (x0 < xl) == (x1 < xl) && math.Abs(x0-xl) > NoChangeLeftRightMin && math.Abs(x1-xl) > NoChangeLeftRightMin {
			side := "left"
			if (x1 < xl) == negate {
				side = "right"
			}
			q := r.leftRightQuestion(l, side, false, NoChangeLeftRightMin, "B.4.8 no-change")
			q.MarginCleared = math.Min(math.Abs(x0-xl), math.Abs(x1-xl))
			q.Spec.Negated = negate
			lr = append(lr, q)
		}
	}
	switch {
	case len(thr) > 0 && (len(lr) == 0 || !useLR):
		return thr
	case len(lr) > 0:
		return lr
	}
	return nil
}
