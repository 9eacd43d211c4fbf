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
	LRBudget      = 24
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
// (side changes, span ≥ 36 px, margins ≥ 12 px) or, for the controlled
// non-flips, same-side plans with span ≥ 18 px; execute, recompute u from
// the after-render, and word the question "left of"/"right of" so that the
// answer matches the balance. Pickupable movers come first.
func (c *viewCtx) planLeftRight(in Intent) (*Example, string, error) {
	var plans []lrPlan
	span, margin := c.scale.length(LRSpanFlip), c.scale.length(LRMargin)
	if !in.WantFlip {
		span = c.scale.length(LRSpanNonFlip)
	}
	for _, a := range c.movers() {
		u0 := c.m0[a.ID].U
		pu0, _, _, ok0 := c.cam.Project(a.Position)
		if !ok0 {
			continue
		}
		for _, l := range c.referables(a.ID) {
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
					if flip != in.WantFlip || math.Abs(u1-u0) < span ||
						math.Min(math.Abs(u0-uL), math.Abs(u1-uL)) < margin {
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

func (c *viewCtx) lrExample(e *edit, p lrPlan, in Intent) (*Example, string) {
	margin := c.scale.length(LRMargin)
	if !c.visible(e.m1, p.l.ID) {
		return nil, "landmark_hidden"
	}
	u0, uL0 := c.m0[p.a.ID].U, c.m0[p.l.ID].U
	u1, uL1 := e.m1[p.a.ID].U, e.m1[p.l.ID].U
	if math.Abs(u1-uL1) < margin || math.Abs(u0-uL0) < margin {
		return nil, "too_close_in_u"
	}
	flip := (u0 < uL0) != (u1 < uL1)
	if flip != in.WantFlip {
		return nil, "flip_mismatch"
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
	ex.setQA(fmt.Sprintf("is %s %s %s in the image?", ex.Mover.Name(), rel, ex.ref(p.l.ID).Name()),
		choices, yn(ans, yes, no), yn(before, yes, no))
	ex.Flip = ex.Changed
	ex.Metrics["u_mover_before"] = round6(u0)
	ex.Metrics["u_mover_after"] = round6(u1)
	ex.Metrics["u_landmark_before"] = round6(uL0)
	ex.Metrics["u_landmark_after"] = round6(uL1)
	ex.Metrics["relation"] = rel
	side := "right of"
	if left1 {
		side = "left of"
	}
	ex.Reasoning = fmt.Sprintf("%s After the move the mask centroid of %s is at u = %.0f px and that of %s at u = %.0f px, so the mover is %s the landmark in the image. The question asks whether it is %s it, so the answer is %s (%s).",
		ex.MotionText, ex.Mover.Name(), u1, ex.ref(p.l.ID).Name(), uL1, side, rel, yn(ans, "yes", "no"), ex.Answer)
	return ex, ""
}
