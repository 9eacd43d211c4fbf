package verify

import (
	"fmt"
	"math"
	"regexp"
	"strconv"

	"flowbench/planner"
	"flowbench/sim"
)

// CameraDir is eq. 16 for a unit length: the world direction of a
// camera-frame slide ("left", "right", "forward", "back") in the horizontal
// plane of a camera with the given yaw (degrees about +y, yaw 0 looking
// along +z and yaw 90 along +x; right is forward turned 90° clockwise seen
// from above in Unity's left-handed frame).
func CameraDir(yawDeg float64, dir string) (sim.Vec3, error) {
	r := yawDeg * math.Pi / 180
	fwd := sim.Vec3{math.Sin(r), 0, math.Cos(r)}
	right := sim.Vec3{math.Cos(r), 0, -math.Sin(r)}
	switch dir {
	case "right":
		return right, nil
	case "left":
		return right.Mul(-1), nil
	case "forward":
		return fwd, nil
	case "back":
		return fwd.Mul(-1), nil
	}
	return sim.Vec3{}, fmt.Errorf("unknown direction %q", dir)
}

// The three probe shapes a feasibility question can name, after "a
// further" (a probe that continues the setup move) or "then be moved" (any
// other); the direction words may be followed by a parenthesised gloss
// ("forward (away from the camera)").
var (
	reProbe    = regexp.MustCompile(`(?:a further|then be moved) (\d+(?:\.\d+)?) m (to the left|to the right|forward|back)(?: \([^)]*\))? without colliding`)
	reCompound = regexp.MustCompile(`(?:a further|then be moved) (\d+(?:\.\d+)?) m (to the left|to the right|forward|back)(?: \([^)]*\))? and (\d+(?:\.\d+)?) m (to the left|to the right|forward|back)(?: \([^)]*\))? at the same time, along one straight diagonal line, without colliding`)
	reDown     = regexp.MustCompile(`(?:a further|then be moved) (\d+(?:\.\d+)?) m straight down without colliding`)
)

// probeWords maps the question's wording to a direction name.
var probeWords = map[string]string{"to the left": "left", "to the right": "right", "forward": "forward", "back": "back"}

// Probe is the further translation a feasibility question names: one
// camera-frame slide, a compound of two slides on different axes walked as
// one straight diagonal, or a straight drop.
type Probe struct {
	Kind    string  // "single", "compound" or "down"
	Dir     string  // left, right, forward or back (camera frame); "down" for a drop
	Length  float64 // metres
	Dir2    string  // compound: the second slide
	Length2 float64
	Gap     float64 // metres between waypoints
}

func parseLength(ex *planner.Example, s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0) {
		return 0, fmt.Errorf("%s: probe length %q is not a positive number", ex.ID, s)
	}
	return v, nil
}

// axisOf groups directions by camera axis.
func axisOf(dir string) string {
	if dir == "left" || dir == "right" {
		return "lateral"
	}
	return "depth"
}

// parseProbe reads the probe's shape, directions and lengths from the
// question text and the waypoint spacing from metrics["probe"], and checks
// the text against the metrics' record (a record without a kind is a
// single slide).
func parseProbe(ex *planner.Example) (Probe, error) {
	var p Probe
	var err error
	if m := reCompound.FindStringSubmatch(ex.Question); m != nil {
		p = Probe{Kind: "compound", Dir: probeWords[m[2]], Dir2: probeWords[m[4]]}
		if p.Length, err = parseLength(ex, m[1]); err != nil {
			return p, err
		}
		if p.Length2, err = parseLength(ex, m[3]); err != nil {
			return p, err
		}
		if axisOf(p.Dir) == axisOf(p.Dir2) {
			return p, fmt.Errorf("%s: compound probe %s + %s is not two axes", ex.ID, p.Dir, p.Dir2)
		}
	} else if m := reDown.FindStringSubmatch(ex.Question); m != nil {
		p = Probe{Kind: "down", Dir: "down"}
		if p.Length, err = parseLength(ex, m[1]); err != nil {
			return p, err
		}
	} else if m := reProbe.FindStringSubmatch(ex.Question); m != nil {
		p = Probe{Kind: "single", Dir: probeWords[m[2]]}
		if p.Length, err = parseLength(ex, m[1]); err != nil {
			return p, err
		}
	} else {
		return Probe{}, fmt.Errorf("%s: no probe in question %q", ex.ID, ex.Question)
	}
	pm, ok := ex.Metrics["probe"].(map[string]any)
	if !ok {
		return p, fmt.Errorf("%s: metrics lack the probe record", ex.ID)
	}
	gap, ok := pm["waypoint_gap"].(float64)
	if !ok || !(gap > 0) {
		return p, fmt.Errorf("%s: metrics probe lacks a positive waypoint_gap (%v)", ex.ID, pm["waypoint_gap"])
	}
	p.Gap = gap
	kind, _ := pm["kind"].(string)
	if kind == "" {
		kind = "single"
	}
	if kind != p.Kind {
		return p, fmt.Errorf("%s: question probe is %s, metrics %s", ex.ID, p.Kind, kind)
	}
	if d, _ := pm["direction"].(string); d != p.Dir {
		return p, fmt.Errorf("%s: question probe %q, metrics %q", ex.ID, p.Dir, d)
	}
	if l, _ := pm["length"].(float64); math.Abs(l-p.Length) > 0.005 {
		return p, fmt.Errorf("%s: question probe length %g, metrics %g", ex.ID, p.Length, l)
	}
	if p.Kind == "compound" {
		if d, _ := pm["direction2"].(string); d != p.Dir2 {
			return p, fmt.Errorf("%s: question second probe direction %q, metrics %q", ex.ID, p.Dir2, d)
		}
		if l, _ := pm["length2"].(float64); math.Abs(l-p.Length2) > 0.005 {
			return p, fmt.Errorf("%s: question second probe length %g, metrics %g", ex.ID, p.Length2, l)
		}
	}
	return p, nil
}

// Displacement is the probe's full world displacement for a camera yaw.
func (p Probe) Displacement(yawDeg float64) (sim.Vec3, error) {
	if p.Kind == "down" {
		return sim.Vec3{0, -p.Length, 0}, nil
	}
	d1, err := CameraDir(yawDeg, p.Dir)
	if err != nil {
		return sim.Vec3{}, err
	}
	v := d1.Mul(p.Length)
	if p.Kind == "compound" {
		d2, err := CameraDir(yawDeg, p.Dir2)
		if err != nil {
			return sim.Vec3{}, err
		}
		v = v.Add(d2.Mul(p.Length2))
	}
	return v, nil
}

// Waypoints returns the distances along a straight path of the given total
// length at which the mover is teleported: every gap metres and the end.
func (p Probe) Waypoints(total float64) []float64 {
	var out []float64
	for k := 1; float64(k)*p.Gap < total-1e-9; k++ {
		out = append(out, float64(k)*p.Gap)
	}
	return append(out, total)
}

// feasibility is A.2.5: replay the named probe (any shape) in a fresh
// simulator set to the after-state; yes iff every waypoint teleports with force=false and
// the mover's wall clearance stays above −ε_pen. No before answer.
func (v *Verifier) feasibility(ex *planner.Example, out *planner.Outcome, st states) (Result, error) {
	p, err := parseProbe(ex)
	if err != nil {
		return Result{}, err
	}
	disp, err := p.Displacement(ex.Camera.Yaw)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %v", ex.ID, err)
	}
	total := math.Sqrt(disp.Dot(disp))
	s := v.newSim()
	if err := s.LoadHouse(v.house); err != nil {
		return Result{}, fmt.Errorf("%s: replay: %w", ex.ID, err)
	}
	if err := setState(s, out.ObjectsBefore, out.ObjectsAfter); err != nil {
		return Result{}, fmt.Errorf("%s: replay: %w", ex.ID, err)
	}
	id := ex.Mover.ObjectID
	start := st.after[id]
	ok, done, minClr := true, 0, math.Inf(1)
	for _, t := range p.Waypoints(total) {
		f := t / total
		pos := sim.Vec3{start.Position[0] + disp[0]*f, start.Position[1] + disp[1]*f, start.Position[2] + disp[2]*f}
		if err := s.TeleportObject(id, pos, start.Yaw, false); err != nil {
			ok = false
			break
		}
		objs, err := s.Objects()
		if err != nil {
			return Result{}, err
		}
		var box sim.AABB
		for _, o := range objs {
			if o.ID == id {
				box = o.AABB
			}
		}
		c := WallClearance(v.walls, box)
		minClr = math.Min(minClr, c)
		if !(c > -EpsPen) {
			ok = false
			break
		}
		done++
	}
	ans, err := yesNo(ex, ok)
	return Result{Answer: ans, Detail: fmt.Sprintf("%s probe %s %.2f m (+ %s %.2f m): %d free waypoints, feasible %v, min wall clearance %.4f", p.Kind, p.Dir, p.Length, p.Dir2, p.Length2, done, ok, minClr)}, err
}

// setState force-teleports the objects of a freshly loaded simulator to
// the before poses, then to the after poses of the objects that moved,
// repeating (parents first) until every pose matches.
func setState(s *planner.Local, before, after []planner.ObjectMeta) error {
	want := map[string]planner.ObjectMeta{}
	for _, o := range before {
		want[o.ID] = o
	}
	for _, o := range after {
		want[o.ID] = o
	}
	for pass := 0; pass <= len(before)+2; pass++ {
		objs, err := s.Objects()
		if err != nil {
			return err
		}
		if len(objs) != len(before) {
			return fmt.Errorf("%d objects loaded, the record has %d", len(objs), len(before))
		}
		var fix *planner.ObjectMeta
		for _, o := range objs {
			w, ok := want[o.ID]
			if !ok {
				return fmt.Errorf("object %q is not in the record", o.ID)
			}
			if Dist(o.Position, w.Position) > 1e-9 || math.Abs(o.Yaw-w.Yaw) > 1e-9 {
				fix = &w
				break
			}
		}
		if fix == nil {
			return nil
		}
		if err := s.TeleportObject(fix.ID, fix.Position, fix.Yaw, true); err != nil {
			return fmt.Errorf("force teleport %q: %w", fix.ID, err)
		}
	}
	return fmt.Errorf("poses still differ after %d teleports", len(before)+2)
}
