package planner

import (
	"fmt"
	"math"

	"flowbench/sim"
)

// Feasibility constants (A.2.5).
const (
	FeasOrthogonal  = 0.85 // probability that the probe is orthogonal to the setup move
	FeasProbeTries  = 3    // probe attempts per setup (fast mode)
	FeasSetupTries  = 6    // setup moves tried (our choice)
	FeasWaypointGap = 0.10 // metres between probe waypoints (our choice)
	FeasEta         = 0.10 // metres, η of the closed-form wall negatives
)

// Probe lengths of eq. 38 and the extended "no" lengths.
var (
	FeasYesLengths   = []float64{0.4, 0.5}
	FeasNoLengths    = []float64{1.5, 1.25, 1.0}
	FeasNoLengthsExt = []float64{2.0, 1.75, 1.5}
)

type probe struct {
	dir    Direction
	length float64
	wall   bool // a closed-form wall negative
}

// planFeasibility is A.2.5: a generic setup move (pickupables settle), then
// camera-frame probes from the after pose whose measured outcome must match
// the balance class. A probe is feasible iff every waypoint (every 10 cm
// and the end) teleports with force=false and the mover's signed wall
// clearance stays above −ε_pen. The question is asked on the after image.
func (c *viewCtx) planFeasibility(in Intent) (*Example, string, error) {
	movers := c.movers()
	if len(movers) == 0 {
		return nil, "no_mover", nil
	}
	props := c.genericProposals(movers)
	for i := 0; i < len(props) && i < FeasSetupTries; i++ {
		p := props[i]
		e, why, err := c.execute(p.a.ID, Delta(c.cam, p.mv.dir, p.mv.length), shouldSettle(p.a))
		if err != nil {
			return nil, "", err
		}
		if e == nil {
			c.fail("feasibility_setup_" + why)
			continue
		}
		ex, why, err := c.feasProbes(e, p.mv.dir, in)
		if err != nil {
			return nil, "", err
		}
		if err := c.restore(); err != nil {
			return nil, "", err
		}
		if ex != nil {
			return ex, "", nil
		}
		c.fail("feasibility_" + why)
	}
	return nil, "no_matching_probe", nil
}

// feasProbes tries probes from the after pose; the scene is returned to the
// after-state after every probe.
func (c *viewCtx) feasProbes(e *edit, setup Direction, in Intent) (*Example, string, error) {
	for round := 0; round < 2; round++ {
		probes := c.probeCandidates(e, setup, in.PreferYes, round == 1)
		for k := 0; k < len(probes) && k < FeasProbeTries; k++ {
			pr := probes[k]
			ok, steps, minClr, err := c.runProbe(e, pr)
			if err != nil {
				return nil, "", err
			}
			if err := c.restoreTo(e.objs1, e.byID1); err != nil {
				return nil, "", err
			}
			if ok != in.PreferYes {
				c.fail("feasibility_probe_wrong_class")
				continue
			}
			ex, good := c.newExample(Feasibility, e, nil)
			if !good {
				return nil, c.marksWhy, nil
			}
			choices, yes, no := c.yesNo()
			ex.setQA(fmt.Sprintf("could %s be moved a further %s %s without colliding with anything?",
				ex.Mover.Name(), metres(pr.length), probeWords(pr.dir)), choices, yn(ok, yes, no), "")
			ex.Metrics["probe"] = map[string]any{"direction": pr.dir.String(), "length": pr.length,
				"waypoints_ok": steps, "waypoint_gap": FeasWaypointGap, "eps_pen": EpsPen, "min_wall_clearance": finiteOr(round6(minClr)), "feasible": ok, "wall_negative": pr.wall}
			verdict := "every waypoint of the probe teleports without collision and the wall clearance stays above −0.02 m"
			if !ok {
				verdict = fmt.Sprintf("the probe is blocked after %d free waypoints (collision or wall clearance below −0.02 m)", steps)
			}
			ex.Reasoning = fmt.Sprintf("%s From the new position, a further %s %s was tested: %s. So the answer is %s (%s).",
				ex.MotionText, metres(pr.length), probeWords(pr.dir), verdict, yn(ok, "yes", "no"), ex.Answer)
			return ex, "", nil
		}
	}
	return nil, "no_matching_probe", nil
}

func probeWords(d Direction) string {
	switch d {
	case Left:
		return "to the left"
	case Right:
		return "to the right"
	case Forward:
		return "forward (away from the camera)"
	}
	return "back (towards the camera)"
}

// probeCandidates lists probes for the wanted class: orthogonal to the setup
// axis with probability 0.85, else along it; "no" probes add the
// closed-form wall negative toward the nearest wall.
func (c *viewCtx) probeCandidates(e *edit, setup Direction, yes, extended bool) []probe {
	ortho := []Direction{Forward, Back}
	along := []Direction{Left, Right}
	if setup == Forward || setup == Back {
		ortho, along = along, ortho
	}
	lengths := FeasYesLengths
	if !yes {
		lengths = FeasNoLengths
		if extended {
			lengths = FeasNoLengthsExt
		}
	}
	var out []probe
	if !yes {
		if p, ok := c.wallNegative(e); ok {
			out = append(out, p)
		}
	}
	for range lengths {
		dirs := along
		if c.rng.Float64() < FeasOrthogonal {
			dirs = ortho
		}
		d := dirs[c.rng.IntN(2)]
		m := lengths[c.rng.IntN(len(lengths))]
		out = append(out, probe{dir: d, length: m})
	}
	return out
}

// wallNegative aims a probe at the nearest wall: the camera direction most
// aligned with the wall axis, long enough to pass the wall by ≥ η.
func (c *viewCtx) wallNegative(e *edit) (probe, bool) {
	mv := e.obj1(e.moverID)
	clr, ax := c.st.WallClearance(mv.AABB)
	if math.IsInf(clr, 0) {
		return probe{}, false
	}
	best, bestCos := Left, 0.0
	for _, d := range []Direction{Left, Right, Forward, Back} {
		if cs := Delta(c.cam, d, 1).Dot(ax.Vec()); cs > bestCos {
			best, bestCos = d, cs
		}
	}
	if bestCos < 0.7 {
		return probe{}, false
	}
	m := math.Max(0.05, clr+FeasEta) / bestCos
	m = math.Ceil(m*20) / 20
	return probe{dir: best, length: m, wall: true}, true
}

// runProbe teleports the mover along the probe's waypoints with force=false
// from its after pose. It returns whether every waypoint succeeded with the
// wall clearance above −ε_pen, how many did, and the smallest clearance seen.
func (c *viewCtx) runProbe(e *edit, pr probe) (bool, int, float64, error) {
	mv := e.obj1(e.moverID)
	d := Delta(c.cam, pr.dir, pr.length)
	n := int(math.Ceil(pr.length/FeasWaypointGap - 1e-9))
	minClr := math.Inf(1)
	for k := 1; k <= n; k++ {
		t := math.Min(1, float64(k)*FeasWaypointGap/pr.length)
		pos := mv.Position.Add(d.Mul(t))
		if err := c.s.TeleportObject(e.moverID, pos, mv.Yaw, false); err != nil {
			return false, k - 1, minClr, nil
		}
		box := sim.AABB{Min: mv.AABB.Min.Add(d.Mul(t)), Max: mv.AABB.Max.Add(d.Mul(t))}
		clr, _ := c.st.WallClearance(box)
		minClr = math.Min(minClr, clr)
		if clr < -EpsPen {
			return false, k - 1, minClr, nil
		}
	}
	return true, n, minClr, nil
}
