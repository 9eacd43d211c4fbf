package planner

import (
	"fmt"
	"math"
)

// Left/right constants (A.2.4), pixels at 800 px width.
const (
	LRSpanFlip    = 36.0 // |u1−u0| for a flip (eq. 37)
	LRMargin      = 12.0 // min distance of u0 and u1 from u(L) (eq. 37)
	LRSpanNonFlip = 18.0 // |u1−u0| for a controlled non-flip (our choice: half the flip span)
	// The after-move margin |u1 − u(L)| is MarginLRPixels (24 px), the
	// margin rule of every deciding comparison; LRMargin holds before.
	LRBudget = 24
)

// LRLengths are the lengths {0.90, 0.80, …, 0.30} m (eq. 36).
var LRLengths = []float64{0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3}

type lrPlan struct {
	a, l   *ObjectMeta
	dir    Direction
	length float64
	flip   bool
	pick   bool
}

// planLeftRight is A.2.4: predict the mover's mask-centroid u after a
// left/right slide by the projected shift of its centre; keep flip plans
// (side changes, span ≥ 36 px, margin ≥ 12 px before and ≥ 24 px after)
// or, for the controlled non-flips, plans that approach the landmark from
// the far side and stop short (span ≥ 18 px, the same margins); execute,
// recompute u from the after-render, and word the question "left of"/"right of" so that the
// answer matches the balance. Pickupable movers come first.
func (c *viewCtx) planLeftRight(in Intent) (*Example, string, error) {
	var plans []lrPlan
	span, margin, after := c.scale.length(LRSpanFlip), c.scale.length(LRMargin), c.scale.length(MarginLRPixels)
	if !in.WantFlip {
		span = c.scale.length(LRSpanNonFlip)
	}
	for _, a := range c.markedMovers() {
		u0 := c.m0[a.ID].U
		pu0, _, _, ok0 := c.cam.Project(a.Position)
		if !ok0 {
			continue
		}
		for _, l := range c.markedReferables(a.ID) {
			if descends(c.objs0, c.byID0, a.ID, l.ID) {
				continue // the landmark carries the mover
			}
			uL := c.m0[l.ID].U
			for _, d := range []Direction{Left, Right} {
				for _, m := range LRLengths {
					pu1, _, _, ok := c.cam.Project(a.Position.Add(Delta(c.cam, d, m)))
					if !ok || !c.plausibleTarget(a, Delta(c.cam, d, m)) {
						continue
					}
					u1 := u0 + (pu1 - pu0)
					flip := (u0 < uL) != (u1 < uL)
					if flip != in.WantFlip || math.Abs(u1-u0) < span || !towardLandmark(u0, u1, uL) ||
						math.Abs(u0-uL) < margin || math.Abs(u1-uL) < after {
						continue
					}
					plans = append(plans, lrPlan{a, l, d, m, flip, a.Pickupable})
				}
			}
		}
	}
	if len(plans) == 0 {
		return nil, "no_plan", nil
	}
	c.rng.Shuffle(len(plans), func(i, j int) { plans[i], plans[j] = plans[j], plans[i] })
	// Pickupable movers first, otherwise the shuffled order.
	ordered := make([]lrPlan, 0, len(plans))
	for _, want := range []bool{true, false} {
		for _, p := range plans {
			if p.pick == want {
				ordered = append(ordered, p)
			}
		}
	}
	for i := 0; i < len(ordered) && i < LRBudget; i++ {
		p := ordered[i]
		e, why, err := c.execute(p.a.ID, Delta(c.cam, p.dir, p.length), shouldSettle(p.a))
		if err != nil {
			return nil, "", err
		}
		if e == nil {
			c.fail("left_right_" + why)
			continue
		}
		ex, why := c.lrExample(e, p, in)
		if err := c.restore(); err != nil {
			return nil, "", err
		}
		if ex == nil {
			c.fail("left_right_" + why)
			continue
		}
		return ex, "", nil
	}
	return nil, "no_valid_plan", nil
}

// towardLandmark reports whether the mover's image column moved toward the
// landmark's: every flip does; a controlled non-flip approaches from the
// far side and stops short, so that "the mover ends on the side it moved
// toward" is right exactly on the flips.
func towardLandmark(u0, u1, uL float64) bool {
	return (u1 > u0) == (uL > u0)
}

func (c *viewCtx) lrExample(e *edit, p lrPlan, in Intent) (*Example, string) {
	margin := c.scale.length(LRMargin)
	if !c.visible(e.m1, p.l.ID) {
		return nil, "landmark_hidden"
	}
	u0, uL0 := c.m0[p.a.ID].U, c.m0[p.l.ID].U
	u1, uL1 := e.m1[p.a.ID].U, e.m1[p.l.ID].U
	if math.Abs(u0-uL0) < margin {
		return nil, "too_close_in_u"
	}
	dm := DecisionMargin{Kind: MarginPixels, What: "landmark_u", Gap: round6(math.Abs(u1 - uL1)), Width: c.f0.W}
	if !dm.OK() {
		return nil, "margin"
	}
	flip := (u0 < uL0) != (u1 < uL1)
	if flip != in.WantFlip {
		return nil, "flip_mismatch"
	}
	if !towardLandmark(u0, u1, uL0) {
		return nil, "not_toward_landmark"
	}
	left1 := u1 < uL1
	// Word the question so that the answer is the preferred class.
	askLeft := left1 == in.PreferYes
	rel := "to the right of"
	if askLeft {
		rel = "to the left of"
	}
	ex, ok := c.newExample(LeftRight, e, []string{p.l.ID})
	if !ok {
		return nil, c.marksWhy
	}
	choices, yes, no := c.yesNo()
	ans := left1 == askLeft
	before := (u0 < uL0) == askLeft
	ex.setQA(stem(LeftRight, ex.Mover, slots{"side": rel, "L": ex.ref(p.l.ID).Name()}),
		choices, yn(ans, yes, no), yn(before, yes, no))
	ex.Flip = ex.Changed
	ex.Metrics["u_mover_before"] = round6(u0)
	ex.Metrics["u_mover_after"] = round6(u1)
	ex.Metrics["u_landmark_before"] = round6(uL0)
	ex.Metrics["u_landmark_after"] = round6(uL1)
	ex.Metrics["relation"] = rel
	ex.Metrics["decision_margin"] = dm
	side := "right of"
	if left1 {
		side = "left of"
	}
	ex.Reasoning = fmt.Sprintf("%s After the move the mask centroid of %s is at u = %.0f px and that of %s at u = %.0f px, so the mover is %s the landmark in the image. The question asks whether %s %s %s, so the answer is %s (%s).",
		ex.MotionText, ex.Mover.Name(), u1, ex.ref(p.l.ID).Name(), uL1, side, agree(ex.Mover, "it is", "they are"), rel,
		agree(ex.ref(p.l.ID), "it", "them"), yn(ans, "yes", "no"), ex.Answer)
	return ex, ""
}
