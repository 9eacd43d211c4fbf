package planner

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"flowbench/sim"
)

// Feasibility constants (A.2.5).
const (
	FeasOrthogonal  = 0.85 // share of probes orthogonal to the setup move (Balance.ProbeAxes, Intent.Orthogonal)
	FeasProbeTries  = 12   // probe attempts per setup (our choice: probes teleport only, nothing is rendered)
	FeasSetupTries  = 6    // setup moves tried (our choice)
	FeasWaypointGap = 0.10 // metres between probe waypoints (our choice)
	FeasEta         = 0.10 // metres, η of the closed-form wall negatives
)

// numFeasLengths is len(FeasLengths).
const numFeasLengths = 7

// FeasLengths is the one probe-length distribution of both answers: the
// full path's list {1.5, …, 0.4} m of A.2.5, for "yes" and "no" alike,
// wall negatives and compound components included. This deliberately
// departs from eq. 38's separate lists ({0.4, 0.5} m for yes, {1.5, 1.25,
// 1.0} m for no), whose lengths give the answer away; the running balance
// (Balance.ProbeLengths) evens the lengths per answer.
var FeasLengths = feasLengths[:]

var feasLengths = [numFeasLengths]float64{0.4, 0.5, 0.6, 0.75, 1.0, 1.25, 1.5}

// FeasDownLengths are the downward probe lengths of the full path.
var FeasDownLengths = []float64{0.6, 0.5, 0.4}

// Probe shape probabilities (our choices).
const (
	// FeasCompoundProb is the probability that a probe candidate is
	// preceded by a compound two-axis probe (one left/right and one
	// forward/back component, the second length drawn from FeasLengths,
	// walked as one straight diagonal), in both classes.
	FeasCompoundProb = 0.2
	// FeasDownProb is the probability that a "no" wish on the full path
	// (cfg.Full) tries a downward probe of FeasDownLengths first. A settled
	// mover rests on a support, so drops are almost always blocked: they
	// serve as negatives only.
	FeasDownProb = 0.15
)

// Probe kinds as written to metrics.probe.kind.
const (
	ProbeSingle   = "single"
	ProbeCompound = "compound"
	ProbeDown     = "down"
)

type probe struct {
	kind    string
	dir     Direction // single and compound: the first component
	length  float64   // metres of the first component (down: the drop)
	dir2    Direction // compound only: the second component (other axis)
	length2 float64
	wall    bool // a closed-form wall negative
}

// probeDirsAllowed reports whether every stated direction of probe p is in
// the intent's direction preference (Balance.ProbeDirs; nil: all are).
func (in Intent) probeDirsAllowed(p probe) bool {
	if in.Directions == nil || p.kind == ProbeDown {
		return true
	}
	if !slices.Contains(in.Directions, p.dir.String()) {
		return false
	}
	return p.kind != ProbeCompound || slices.Contains(in.Directions, p.dir2.String())
}

// probeAllowed reports whether probe p may be asked after a setup move in
// direction setup: under an orthogonal wish (Intent.Orthogonal) a single
// slide must lie on the other camera axis and in OrthoDirections, a drop
// is allowed and a compound probe is not; otherwise the direction
// preference decides (probeDirsAllowed).
func (in Intent) probeAllowed(p probe, setup Direction) bool {
	if !in.Orthogonal {
		return in.probeDirsAllowed(p)
	}
	switch p.kind {
	case ProbeSingle:
		return p.relation(setup) == RelOrthogonal && slices.Contains(in.OrthoDirections, p.dir.String())
	case ProbeCompound:
		return false
	}
	return true
}

// delta is the probe's world displacement.
func (p probe) delta(cam sim.Camera) sim.Vec3 {
	switch p.kind {
	case ProbeDown:
		return sim.Vec3{0, -p.length, 0}
	case ProbeCompound:
		return Delta(cam, p.dir, p.length).Add(Delta(cam, p.dir2, p.length2))
	}
	return Delta(cam, p.dir, p.length)
}

// words states the probe for the question: both components of a compound
// probe, "straight down" for a downward probe.
func (p probe) words() string {
	switch p.kind {
	case ProbeDown:
		return fmt.Sprintf("%s straight down", metres(p.length))
	case ProbeCompound:
		return fmt.Sprintf("%s %s and %s %s at the same time, along one straight diagonal line,",
			metres(p.length), probeWords(p.dir), metres(p.length2), probeWords(p.dir2))
	}
	return fmt.Sprintf("%s %s", metres(p.length), probeWords(p.dir))
}

// metric is the probe's record in metrics.probe (without the outcome).
func (p probe) metric() map[string]any {
	m := map[string]any{"kind": p.kind, "length": p.length, "direction": p.dir.String(), "wall_negative": p.wall}
	switch p.kind {
	case ProbeDown:
		m["direction"] = "down"
	case ProbeCompound:
		m["direction2"], m["length2"] = p.dir2.String(), p.length2
	}
	return m
}

// planFeasibility is A.2.5: a generic setup move (pickupables settle), then
// camera-frame probes from the after pose whose measured outcome must match
// the balance class. A probe is feasible iff every waypoint (every 10 cm
// and the end) teleports with force=false and the mover's signed wall
// clearance stays above −ε_pen. The question is asked on the after image.
func (c *viewCtx) planFeasibility(in Intent) (*Example, string, error) {
	movers := c.markedMovers()
	if len(movers) == 0 {
		return nil, "no_mover", nil
	}
	// The mover's type may not lead further for the wished answer
	// (Balance.MoverTypes).
	if movers = in.typeMovers(movers); len(movers) == 0 {
		return nil, "mover_type_balance", nil
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
	probes := slices.DeleteFunc(c.probeCandidates(e, setup, in), func(p probe) bool { return !in.probeAllowed(p, setup) })
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
		rel := pr.relation(setup)
		ex.setQA(feasStem(ex.Mover.Name(), pr, rel), choices, yn(ok, yes, no), "")
		pm := pr.metric()
		pm["setup_direction"], pm["setup_relation"] = setup.String(), rel
		pm["waypoints_ok"], pm["waypoint_gap"], pm["eps_pen"] = steps, FeasWaypointGap, EpsPen
		pm["min_wall_clearance"], pm["feasible"] = finiteOr(round6(minClr)), ok
		ex.Metrics["probe"] = pm
		verdict := "every waypoint of the probe teleports without collision and the wall clearance stays above −0.02 m"
		if !ok {
			verdict = fmt.Sprintf("the probe is blocked after %s (collision or wall clearance below −0.02 m)", plural(steps, "free waypoint"))
		}
		tested := "a further " + strings.TrimSuffix(pr.words(), ",")
		if rel != RelSame {
			tested = "a move of " + strings.TrimSuffix(pr.words(), ",")
		}
		ex.Reasoning = fmt.Sprintf("%s From the new position, %s was tested: %s. So the answer is %s (%s).",
			ex.MotionText, tested, verdict, yn(ok, "yes", "no"), ex.Answer)
		return ex, "", nil
	}
	return nil, "no_matching_probe", nil
}

// feasStem is the question's canonical stem: "a further" only for a probe
// that continues the setup move (a single slide in its direction), "then
// be moved" for any other probe, which does not go further the same way.
func feasStem(mover string, p probe, rel string) string {
	if rel == RelSame {
		return fmt.Sprintf("could %s be moved a further %s without colliding with anything?", mover, p.words())
	}
	return fmt.Sprintf("could %s then be moved %s without colliding with anything?", mover, p.words())
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

// probeLengths returns the intent's probe-length preference, or
// FeasLengths in order when it has none.
func (in Intent) probeLengths() []float64 {
	if len(in.Lengths) > 0 {
		return in.Lengths
	}
	return FeasLengths
}

// probeCandidates lists probes for the wanted class, length by length in
// the intent's preference order, every length from FeasLengths: for a "no"
// wish first the closed-form wall negative of that length when it reaches
// the wall; then, with probability FeasCompoundProb, a compound two-axis
// probe; then the four single slides, the two orthogonal to the setup axis
// first with probability 0.85. A "no" wish on the full path may start with
// a downward probe (FeasDownProb). feasProbes keeps those the intent
// allows (probeAllowed): under an orthogonal wish only the orthogonal
// slides and drops, which is what holds the emitted orthogonal share at
// FeasOrthogonal (the order alone gave 0.59).
func (c *viewCtx) probeCandidates(e *edit, setup Direction, in Intent) []probe {
	ortho := []Direction{Forward, Back}
	along := []Direction{Left, Right}
	if setup == Forward || setup == Back {
		ortho, along = along, ortho
	}
	pick := func(l []float64) float64 { return l[c.rng.IntN(len(l))] }
	var out []probe
	if !in.PreferYes && c.cfg.Full && c.rng.Float64() < FeasDownProb {
		out = append(out, probe{kind: ProbeDown, length: pick(FeasDownLengths)})
	}
	wall, need, wallOK := c.wallNegative(e)
	for _, l := range in.probeLengths() {
		if !in.PreferYes && wallOK && l >= need-1e-9 {
			out = append(out, probe{kind: ProbeSingle, dir: wall, length: l, wall: true})
		}
		if c.rng.Float64() < FeasCompoundProb {
			d1, d2 := ortho[c.rng.IntN(2)], along[c.rng.IntN(2)]
			if d1 == Forward || d1 == Back { // state left/right first, with the preferred length
				d1, d2 = d2, d1
			}
			out = append(out, probe{kind: ProbeCompound, dir: d1, length: l, dir2: d2, length2: pick(FeasLengths)})
		}
		first, second := ortho, along
		if c.rng.Float64() >= FeasOrthogonal {
			first, second = along, ortho
		}
		for _, pair := range [][]Direction{first, second} {
			k := c.rng.IntN(2)
			out = append(out, probe{kind: ProbeSingle, dir: pair[k], length: l}, probe{kind: ProbeSingle, dir: pair[1-k], length: l})
		}
	}
	return out
}

// wallNegative aims a probe at the nearest wall: the camera direction most
// aligned with the wall axis (cos ≥ 0.7), and the length it needs to pass
// the wall by ≥ η.
func (c *viewCtx) wallNegative(e *edit) (Direction, float64, bool) {
	mv := e.obj1(e.moverID)
	clr, ax := c.st.WallClearance(mv.AABB)
	if math.IsInf(clr, 0) {
		return 0, 0, false
	}
	best, bestCos := Left, 0.0
	for _, d := range []Direction{Left, Right, Forward, Back} {
		if cs := Delta(c.cam, d, 1).Dot(ax.Vec()); cs > bestCos {
			best, bestCos = d, cs
		}
	}
	if bestCos < 0.7 {
		return 0, 0, false
	}
	return best, math.Max(0.05, clr+FeasEta) / bestCos, true
}

// runProbe teleports the mover along the probe's waypoints with force=false
// from its after pose. It returns whether every waypoint succeeded with the
// wall clearance above −ε_pen, how many did, and the smallest clearance seen.
func (c *viewCtx) runProbe(e *edit, pr probe) (bool, int, float64, error) {
	mv := e.obj1(e.moverID)
	d := pr.delta(c.cam)
	total := d.Len()
	n := int(math.Ceil(total/FeasWaypointGap - 1e-9))
	minClr := math.Inf(1)
	for k := 1; k <= n; k++ {
		t := math.Min(1, float64(k)*FeasWaypointGap/total)
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
