package planner

import (
	"fmt"
	"math"
	"slices"

	"flowbench/sim"
)

// Occlusion constants (A.2.1).
const (
	TauOcc      = 0.30 // cover-rate threshold (eq. 21)
	OccPairDist = 2.25 // metres, eq. 22
	OccPairDY   = 0.85 // metres, eq. 22
	OccMinB     = 20   // occludee pixels (Set-of-Marks relaxation), at 800 px
	OccMu       = 0.12 // metres in front of B (eq. 23)
	OccNu       = 0.22 // metres sideways for a controlled "no"
	OccBudget   = 16   // tries
	// OccPullSteps blocked "yes" targets are retried pulled toward the
	// camera along the sight ray by OccPullStep each (our addition).
	OccPullSteps = 4
	OccPullStep  = 0.15 // metres
	// OccMaxMove is the longest planned displacement of the fast ray plan
	// (our choice: the cover grid's clamp of eq. 25, so that no occlusion
	// motion exceeds 1.5 m; the method's motions are "up to about a
	// metre"). Pairs whose target lies farther are not planned.
	OccMaxMove = OccGridMaxLen
	// OccOccludeeMaxExtent: a pickupable object of the catalog's medium
	// size class whose largest box extent is at most this counts as an
	// occludee too (our choice: A.2.1 lists "phones, statues, …"; books,
	// bowls and laptops are as small, and unlike phones they keep a dot's
	// area on screen, which the mark size rule requires).
	OccOccludeeMaxExtent = 0.45 // metres
)

// isOccludee reports whether b can be the occludee B of A.2.1: an object
// of the catalog's occludee size class, or a small pickupable medium one
// (OccOccludeeMaxExtent).
func isOccludee(cat catalogInfo, b *ObjectMeta) bool {
	switch cat.sizeClass(b.Type) {
	case sim.Occludee:
		return true
	case sim.Medium:
		sz := b.AABB.Size()
		return b.Pickupable && max(sz[0], sz[1], sz[2]) <= OccOccludeeMaxExtent
	}
	return false
}

// planOcclusion is A.2.1 with the fast ray plan: put occluder A on the ray
// from the camera to occludee B just in front of B (yes) or offset sideways
// by ν (no), teleport once, re-render, read the cover rate. An edit whose
// cover rate lies within MarginCover of τ_occ is rejected; one whose
// measured answer differs from the balance is kept as the fallback. A "yes"
// wish the fast plan cannot meet runs the full cover-grid plan (occGridPlan)
// over all pairs in range.
func (c *viewCtx) planOcclusion(in Intent) (*Example, string, error) {
	cat := defaultCatalogInfo()
	type pair struct{ a, b *ObjectMeta }
	var pairs []pair
	var gridPairs [][2]*ObjectMeta // every pair in range, for the cover grid
	occ := c.markedOccludees(cat)  // A.2.1's size floor, with the occludee's small dot
	occluders, occludees := 0, 0
	for _, a := range c.markedMovers() {
		if cat.sizeClass(a.Type) != sim.Occluder {
			continue
		}
		occluders++
		for _, b := range c.occludeesOf(a, occ) {
			occludees++
			if CentreDistance(a.Position, b.Position) > OccPairDist || math.Abs(a.Position[1]-b.Position[1]) > OccPairDY {
				continue
			}
			gridPairs = append(gridPairs, [2]*ObjectMeta{a, b})
			if !c.occlusionInReach(a, b, in.PreferYes) {
				continue // every fast-plan move would exceed OccMaxMove
			}
			if !in.PreferYes || c.canCover(a, b) {
				pairs = append(pairs, pair{a, b})
			}
		}
	}
	// The occluder's type may not lead further for the wished answer
	// (Balance.MoverTypes): chairs, the commonest occluders, gave mostly
	// "no".
	if len(pairs)+len(gridPairs) > 0 {
		var occs []*ObjectMeta
		for _, g := range gridPairs {
			if !slices.Contains(occs, g[0]) {
				occs = append(occs, g[0])
			}
		}
		keep := in.typeMovers(occs)
		pairs = slices.DeleteFunc(pairs, func(p pair) bool { return !slices.Contains(keep, p.a) })
		gridPairs = slices.DeleteFunc(gridPairs, func(g [2]*ObjectMeta) bool { return !slices.Contains(keep, g[0]) })
		if len(pairs)+len(gridPairs) == 0 {
			return nil, "mover_type_balance", nil
		}
	}
	// The cover grid serves "yes" wishes the fast ray plan could not meet,
	// in every scene style (see docs/planner.md).
	grid := in.PreferYes && len(gridPairs) > 0
	if len(pairs) == 0 && !grid {
		switch {
		case occluders == 0:
			return nil, "no_occluder", nil
		case occludees == 0:
			return nil, "no_occludee", nil
		}
		return nil, "no_pair", nil
	}
	c.rng.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	var fallback *Example
	for try := 0; try < OccBudget && len(pairs) > 0; try++ {
		p := pairs[try%len(pairs)]
		deltas := []sim.Vec3{c.occlusionTarget(p.a, p.b, in.PreferYes, try/len(pairs), 0).Sub(p.a.Position)}
		if in.PreferYes {
			for k := 1; k <= OccPullSteps; k++ {
				deltas = append(deltas, c.occlusionTarget(p.a, p.b, true, 0, float64(k)*OccPullStep).Sub(p.a.Position))
			}
		}
		deltas = slices.DeleteFunc(deltas, func(d sim.Vec3) bool { return horizontal(d).Len() > OccMaxMove })
		if len(deltas) == 0 {
			c.fail("occlusion_too_far")
			continue
		}
		e, why, err := c.executeFirst(p.a.ID, deltas, shouldSettle(p.a))
		if err != nil {
			return nil, "", err
		}
		if e == nil {
			c.fail("occlusion_" + why)
			continue
		}
		ex := c.occlusionExample(e, p.b.ID)
		if err := c.restore(); err != nil {
			return nil, "", err
		}
		if ex == nil {
			c.fail("occlusion_" + c.marksWhy)
			continue
		}
		ex.Metrics["plan"] = "fast_ray"
		if !coverMargin(ex).OK() {
			c.fail("occlusion_near_threshold")
			continue
		}
		if (ex.Metrics["cover_rate"].(float64) >= TauOcc) == in.PreferYes {
			if lengthAllowed(in.Lengths, ex.RealisedMotion) {
				return ex, "", nil
			}
			c.fail("occlusion_length_balance") // the move's length bin leads for this answer (Balance.OccMoves)
			continue
		}
		c.fail("occlusion_wrong_class")
		if fallback == nil || betterFallback(ex, fallback, in.PreferYes) {
			fallback = ex
		}
	}
	if grid {
		c.rng.Shuffle(len(gridPairs), func(i, j int) { gridPairs[i], gridPairs[j] = gridPairs[j], gridPairs[i] })
		ex, err := c.occGridPlan(gridPairs)
		if err != nil {
			return nil, "", err
		}
		if ex != nil && !coverMargin(ex).OK() {
			c.fail("occlusion_grid_near_threshold")
			ex = nil
		}
		if ex != nil && ex.Metrics["cover_rate"].(float64) >= TauOcc {
			if lengthAllowed(in.Lengths, ex.RealisedMotion) {
				return ex, "", nil
			}
			c.fail("occlusion_grid_length_balance")
			ex = nil
		}
		if ex != nil {
			c.fail("occlusion_grid_wrong_class")
			if fallback == nil || betterFallback(ex, fallback, true) {
				fallback = ex
			}
		}
	}
	// The opposite-class fallback is emitted only while, counting it, the
	// no-share stays within FallbackSlack of ρ_no (Intent.Fallback).
	if fallback != nil && in.Fallback {
		return fallback, "", nil
	}
	return nil, "no_edit", nil
}

// occlusionInReach reports whether some fast-plan target of pair (a, b)
// lies within OccMaxMove of A: for "yes" the target or one pulled toward
// the camera, for "no" either sideways offset.
func (c *viewCtx) occlusionInReach(a, b *ObjectMeta, yes bool) bool {
	for k := 0; k <= OccPullSteps; k++ {
		round, pull := k, 0.0
		if yes {
			round, pull = 0, float64(k)*OccPullStep
		} else if k > 1 {
			break
		}
		if horizontal(c.occlusionTarget(a, b, yes, round, pull).Sub(a.Position)).Len() <= OccMaxMove {
			return true
		}
	}
	return false
}

// coverMargin is the decision margin of an occlusion example: its cover
// rate's distance from τ_occ.
func coverMargin(ex *Example) DecisionMargin {
	return DecisionMargin{Kind: MarginCoverRate, What: "tau_occ", Gap: round6(math.Abs(ex.Metrics["cover_rate"].(float64) - TauOcc))}
}

// betterFallback prefers, among opposite-class attempts, the one farthest
// from the threshold (the clearest answer).
func betterFallback(a, b *Example, _ bool) bool {
	da := math.Abs(a.Metrics["cover_rate"].(float64) - TauOcc)
	db := math.Abs(b.Metrics["cover_rate"].(float64) - TauOcc)
	return da > db
}

// occlusionT returns the distance t* along the unit sight ray d from the
// camera to B's centre at which A is placed (eq. 24): A's current distance
// t_A when A is already in front of B and the sight line there passes below
// A's top, else t_front (eq. 23) with μ measured as the horizontal gap
// between the two boxes. ok reports whether the sight line at t* passes
// below A's top (A keeps its height), i.e. whether A can cover B at all.
func (c *viewCtx) occlusionT(a, b *ObjectMeta) (t float64, d sim.Vec3, ok bool) {
	C := c.cam.Position
	bc := b.Position.Sub(C)
	dist := bc.Len()
	d = bc.Mul(1 / dist)
	dh := horizontal(d).Len()
	if dh < 1e-6 {
		return 0, d, false
	}
	below := func(t float64) bool { return C[1]+t*d[1] < a.AABB.Max[1] }
	front := dist - (OccMu+radiusAlong(a.AABB, d)+radiusAlong(b.AABB, d))/dh
	tA := a.Position.Sub(C).Dot(d)
	t = front
	if tA > 0 && tA < front && below(tA) { // A already in front of B
		t = tA
	}
	return t, d, t > 0 && below(t)
}

// canCover is the offline test of a "yes" pair (see occlusionT).
func (c *viewCtx) canCover(a, b *ObjectMeta) bool {
	_, _, ok := c.occlusionT(a, b)
	return ok
}

// occlusionTarget is eqs. 23–24, pulled toward the camera by pull metres,
// with the height clamp (A*)_y ≤ (A)_y; an object standing on the floor
// keeps its height. For "no" the target is offset sideways by ν
// (orthogonal to the sight ray in the horizontal plane), alternating sides
// by round.
func (c *viewCtx) occlusionTarget(a, b *ObjectMeta, yes bool, round int, pull float64) sim.Vec3 {
	t, d, _ := c.occlusionT(a, b)
	t -= pull
	tgt := c.cam.Position.Add(d.Mul(t))
	tgt[1] = math.Min(tgt[1], a.Position[1])
	if a.Parent == "" {
		tgt[1] = a.Position[1]
	}
	if !yes {
		side := sim.Vec3{-d[2], 0, d[0]}
		if side.Len() > 1e-9 {
			side = side.Normalize()
		}
		if round%2 == 1 {
			side = side.Mul(-1)
		}
		tgt = tgt.Add(side.Mul(OccNu))
	}
	return tgt
}

// radiusAlong is the half-extent of a box along the horizontal part of d.
func radiusAlong(b sim.AABB, d sim.Vec3) float64 {
	h := horizontal(d)
	if h.Len() < 1e-9 {
		return 0
	}
	h = h.Normalize()
	s := b.Size().Mul(0.5)
	return math.Abs(h[0])*s[0] + math.Abs(h[2])*s[2]
}

func (c *viewCtx) occlusionExample(e *edit, bID string) *Example {
	c.occludee = bID // B's dot may be small (dotFloor)
	ex, ok := c.newExample(Occlusion, e, []string{bID})
	c.occludee = ""
	if !ok {
		return nil
	}
	rate, cov, bpx := CoverRate(c.f0, e.f1, e.moverID, bID)
	choices, yes, no := c.yesNo()
	A, B := ex.Mover.Name(), ex.ref(bID).Name()
	ans := rate >= TauOcc
	vals := slots{"B": B, "pct": fmt.Sprintf("%.0f%%", TauOcc*100)}
	ex.setQA(stem(Occlusion, ex.Mover, vals), choices, yn(ans, yes, no), "")
	ex.setStaticStem(staticStem(Occlusion, ex.Mover, vals))
	ex.Metrics["cover_rate"] = round6(rate)
	ex.Metrics["cover_pixels"] = cov
	ex.Metrics["occludee_pixels"] = bpx
	ex.Metrics["tau_occ"] = TauOcc
	ex.Metrics["decision_margin"] = DecisionMargin{Kind: MarginCoverRate, What: "tau_occ", Gap: round6(math.Abs(rate - TauOcc))}
	verdict := "less than"
	if ans {
		verdict = "at least"
	}
	ex.Reasoning = fmt.Sprintf("%s After the move %s %s %d of the %s where %s %s visible before, a cover rate of %.2f, which is %s the threshold %.2f. So the answer is %s (%s).",
		ex.MotionText, A, agree(ex.Mover, "covers", "cover"), cov, plural(bpx, "pixel"), B, agree(ex.ref(bID), "was", "were"), rate, verdict, TauOcc, yn(ans, "yes", "no"), ex.Answer)
	// Last, as it may take the mover out of view (the caller restores).
	wo, err := c.withoutMover(e, c.obj0(bID))
	if err != nil {
		c.marksWhy = "static_render_failed"
		return nil
	}
	if wo != nil {
		srate, scov, sbpx := CoverRate(wo, e.f1, e.moverID, bID)
		if !(DecisionMargin{Kind: MarginCoverRate, What: "tau_occ_static", Gap: round6(math.Abs(srate - TauOcc))}).OK() {
			c.marksWhy = SkipStaticNearThreshold
			return nil
		}
		ex.StaticAnswer = yn(srate >= TauOcc, yes, no)
		ex.Metrics["static_cover_rate"] = round6(srate)
		ex.Metrics["static_cover_pixels"] = scov
		ex.Metrics["static_occludee_pixels"] = sbpx
		if c.cfg.KeepFrames {
			ex.out.WithoutMover = wo
		}
	}
	return ex
}
