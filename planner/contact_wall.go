package planner

import (
	"fmt"
	"math"
)

// Contact-wall constants (A.2.3).
const (
	TauWall        = 0.22 // metres, eq. 32
	WallFastBefore = 0.8  // metres, eq. 33 fast path
	WallFullBefore = 1.5  // metres, eq. 33 otherwise
	WallEta        = 0.10 // metres, stopping margin η
	WallMinStep    = 0.05 // metres, shortest fast step
	WallMinMask    = 30   // after-mask pixels, at 800 px
	WallBudget     = 12   // fast tries
)

// WallLengths are the full-path slide lengths {0.15, 0.25, …, 2.5} m.
var WallLengths = func() []float64 {
	out := []float64{0.15}
	for m := 0.25; m <= 2.5+1e-9; m += 0.25 {
		out = append(out, math.Round(m*100)/100)
	}
	return out
}()

type wallPlan struct {
	a      *ObjectMeta
	axis   WallAxis
	length float64
	away   bool
}

// planContactWall is A.2.3: prefer movers near a wall; slide toward the
// nearest wall axis by clr−η (yes) or away by max(0.35, |clr|+0.25) (no);
// a second pass tries the longer full-path lengths. The slides run along
// the wall axis, a world axis, the one place the planner does not use the
// camera-frame cardinal directions. Edits that penetrate a wall by more
// than ε_pen, leave fewer than 30 px of the mover visible or end within
// the margin rule of τ_wall (ThresholdMargin) are rejected.
func (c *viewCtx) planContactWall(in Intent) (*Example, string, error) {
	limit := WallFastBefore
	if c.cfg.Full {
		limit = WallFullBefore
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
	c.rng.Shuffle(len(movers), func(i, j int) { movers[i], movers[j] = movers[j], movers[i] })
	var plans []wallPlan
	for pass := 0; pass < 2; pass++ {
		for _, a := range movers {
			clr, ax := c.st.WallClearance(a.AABB)
			if in.PreferYes {
				if pass == 0 {
					if m := clr - WallEta; clr > WallEta && m >= WallMinStep {
						plans = append(plans, wallPlan{a, ax, m, false})
					}
				} else {
					for _, m := range WallLengths {
						if m > clr-WallEta+1e-9 && m < clr+0.5 {
							plans = append(plans, wallPlan{a, ax, m, false})
						}
					}
				}
			} else {
				m := math.Max(0.35, math.Abs(clr)+0.25)
				if pass == 1 {
					m += 0.25
				}
				plans = append(plans, wallPlan{a, ax, m, true})
			}
		}
	}
	for i := 0; i < len(plans) && i < WallBudget; i++ {
		p := plans[i]
		dir := p.axis.Vec()
		if p.away {
			dir = dir.Mul(-1)
		}
		e, why, err := c.execute(p.a.ID, dir.Mul(p.length), shouldSettle(p.a))
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
		}
		var ex *Example
		if reason == "" {
			ex = c.wallExample(e, clr1, ax1)
			if ex == nil {
				reason = c.marksWhy
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

func (c *viewCtx) wallExample(e *edit, clr1 float64, ax WallAxis) *Example {
	ex, ok := c.newExample(ContactWall, e, nil)
	if !ok {
		return nil
	}
	clr0, _ := c.st.WallClearance(c.obj0(e.moverID).AABB)
	choices, yes, no := c.yesNo()
	ans := clr1 < TauWall
	ex.setQA(fmt.Sprintf("is %s touching a wall (less than %.0f cm from it)?", ex.Mover.Name(), TauWall*100),
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
	ex.Reasoning = fmt.Sprintf("%s Its bounding box was %s from the nearest wall before; after the move the smallest gap (along %s) is %s, %s the contact threshold %s. So the answer is %s (%s).",
		ex.MotionText, metres(clr0), ax, metres(clr1), cmp, metres(TauWall), yn(ans, "yes", "no"), ex.Answer)
	return ex
}
