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

var reProbe = regexp.MustCompile(`a further (\d+(?:\.\d+)?) m (to the left|to the right|forward|back)`)

// probeWords maps the question's wording to a direction name.
var probeWords = map[string]string{"to the left": "left", "to the right": "right", "forward": "forward", "back": "back"}

// Probe is the further translation a feasibility question names.
type Probe struct {
	Dir    string  // left, right, forward or back (camera frame)
	Length float64 // metres
	Gap    float64 // metres between waypoints
}

// parseProbe reads direction and length from the question text and the
// waypoint spacing from metrics["probe"], and checks the text against the
// metrics' direction and length.
func parseProbe(ex *planner.Example) (Probe, error) {
	m := reProbe.FindStringSubmatch(ex.Question)
	if m == nil {
		return Probe{}, fmt.Errorf("%s: no probe in question %q", ex.ID, ex.Question)
	}
	length, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return Probe{}, fmt.Errorf("%s: probe length %q: %v", ex.ID, m[1], err)
	}
	p := Probe{Dir: probeWords[m[2]], Length: length}
	pm, ok := ex.Metrics["probe"].(map[string]any)
	if !ok {
		return p, fmt.Errorf("%s: metrics lack the probe record", ex.ID)
	}
	gap, ok := pm["waypoint_gap"].(float64)
	if !ok || !(gap > 0) {
		return p, fmt.Errorf("%s: metrics probe lacks a positive waypoint_gap (%v)", ex.ID, pm["waypoint_gap"])
	}
	p.Gap = gap
	if d, _ := pm["direction"].(string); d != p.Dir {
		return p, fmt.Errorf("%s: question probe %q, metrics %q", ex.ID, p.Dir, d)
	}
	if l, _ := pm["length"].(float64); math.Abs(l-p.Length) > 0.005 {
		return p, fmt.Errorf("%s: question probe length %g, metrics %g", ex.ID, p.Length, l)
	}
	return p, nil
}

// Waypoints returns the distances along a probe at which the mover is
// teleported: every gap metres and the end.
func (p Probe) Waypoints() []float64 {
	var out []float64
	for k := 1; float64(k)*p.Gap < p.Length-1e-9; k++ {
		out = append(out, float64(k)*p.Gap)
	}
	return append(out, p.Length)
}

// feasibility is A.2.5: replay the named probe in a fresh simulator set to
// the after-state; yes iff every waypoint teleports with force=false and
// the mover's wall clearance stays above −ε_pen. No before answer.
func (v *Verifier) feasibility(ex *planner.Example, out *planner.Outcome, st states) (Result, error) {
	p, err := parseProbe(ex)
	if err != nil {
		return Result{}, err
	}
	dir, err := CameraDir(ex.Camera.Yaw, p.Dir)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %v", ex.ID, err)
	}
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
	for _, t := range p.Waypoints() {
		pos := sim.Vec3{start.Position[0] + dir[0]*t, start.Position[1], start.Position[2] + dir[2]*t}
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
	return Result{Answer: ans, Detail: fmt.Sprintf("probe %s %.2f m: %d free waypoints, feasible %v, min wall clearance %.4f", p.Dir, p.Length, done, ok, minClr)}, err
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
