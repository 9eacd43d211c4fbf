package flow

import (
	"math"
	"strings"
	"testing"

	"flowbench/sim"
)

func TestBadInputIsAnError(t *testing.T) {
	const w, h = 8, 6
	cam := sim.Camera{Position: sim.Vec3{0, 1.5, 0}, FOV: 90, Width: w, Height: h}
	good := func() Frame {
		f := Frame{W: w, H: h, Depth: make([]float32, w*h), IDs: make([]uint16, w*h), Objects: []string{"", "Mug|1", "wall|1"}}
		for p := range f.Depth {
			f.Depth[p] = 2
			f.IDs[p] = uint16(1 + p%2)
		}
		return f
	}
	move := map[string]RigidMotion{"Mug|1": {From: Pose{sim.Vec3{0, 1, 2}, 0}, To: Pose{sim.Vec3{0.1, 1, 2}, 10}}}
	cases := []struct {
		name    string
		edit    func(f0, f1 *Frame, cam *sim.Camera, m map[string]RigidMotion)
		wantErr string
	}{
		{"ids shorter than depth", func(f0, _ *Frame, _ *sim.Camera, _ map[string]RigidMotion) { f0.IDs = f0.IDs[:w*h-1] }, "before ids have 47 values"},
		{"depth shorter than size", func(_, f1 *Frame, _ *sim.Camera, _ map[string]RigidMotion) { f1.Depth = f1.Depth[:3] }, "after depth has 3 values"},
		{"frame and camera sizes differ", func(f0, _ *Frame, c *sim.Camera, _ map[string]RigidMotion) { c.Width = 9 }, "camera is 9x6"},
		{"zero size", func(f0, _ *Frame, _ *sim.Camera, _ map[string]RigidMotion) { f0.W = 0 }, "must be positive"},
		{"unknown object", func(_, _ *Frame, _ *sim.Camera, m map[string]RigidMotion) { m["Ghost|9"] = m["Mug|1"] }, `"Ghost|9", which is in neither frame's id table`},
		{"NaN depth", func(f0, _ *Frame, _ *sim.Camera, _ map[string]RigidMotion) { f0.Depth[13] = float32(math.NaN()) }, "before frame pixel (5, 1) has invalid depth NaN"},
		{"negative depth", func(_, f1 *Frame, _ *sim.Camera, _ map[string]RigidMotion) { f1.Depth[40] = -1 }, "after frame pixel (0, 5) has invalid depth -1"},
		{"infinite depth", func(f0, _ *Frame, _ *sim.Camera, _ map[string]RigidMotion) { f0.Depth[0] = float32(math.Inf(1)) }, "invalid depth +Inf"},
		{"id without depth", func(f0, _ *Frame, _ *sim.Camera, _ map[string]RigidMotion) { f0.Depth[2] = 0 }, "pixel (2, 0) has instance id 1 but no depth"},
		{"NaN motion", func(_, _ *Frame, _ *sim.Camera, m map[string]RigidMotion) {
			mm := m["Mug|1"]
			mm.To.Yaw = math.NaN()
			m["Mug|1"] = mm
		}, `motion of "Mug|1"`},
		{"bad camera", func(_, _ *Frame, c *sim.Camera, _ map[string]RigidMotion) { c.FOV = 0 }, "field of view"},
	}
	var c Computer
	for _, tc := range cases {
		f0, f1, cm := good(), good(), cam
		m := map[string]RigidMotion{}
		for k, v := range move {
			m[k] = v
		}
		tc.edit(&f0, &f1, &cm, m)
		r, err := c.Compute(f0, f1, cm, m)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: got result %v, error %v; want an error containing %q", tc.name, r != nil, err, tc.wantErr)
		}
		if r != nil {
			t.Errorf("%s: a result came with the error", tc.name)
		}
	}
	// The Computer still works after refused calls (its id tables were reset).
	f0 := good()
	r, err := c.Compute(f0, good(), cam, move)
	if err != nil {
		t.Fatal(err)
	}
	for p := range f0.IDs {
		moving := f0.IDs[p] == 1
		if dx, _ := r.Forward.At(p%w, p/w); (dx != 0) != moving {
			t.Fatalf("after refused calls, pixel %d flow %g (moving %v)", p, dx, moving)
		}
	}
	if _, err := c.Compute(f0, good(), cam, nil); err != nil {
		t.Fatal(err)
	}
	if r.Forward.MaxMagnitude(nil) != 0 {
		t.Fatal("a previous call's motion leaked into a call without motions")
	}
	// Forward alone names the frame's table.
	if _, err := Forward(f0, cam, map[string]RigidMotion{"Ghost|9": move["Mug|1"]}); err == nil || !strings.Contains(err.Error(), "not in the frame's id table") {
		t.Errorf("Forward with an unknown object: %v", err)
	}
}

func TestMotionsBetween(t *testing.T) {
	a := map[string]Pose{"A": {sim.Vec3{1, 0, 0}, 0}, "B": {sim.Vec3{2, 0, 0}, 90}, "C": {sim.Vec3{3, 0, 0}, 0}}
	b := map[string]Pose{"A": {sim.Vec3{1, 0, 0}, 360}, "B": {sim.Vec3{2, 0, 0.5}, 90}, "C": {sim.Vec3{3, 0, 0}, 10}}
	m, err := MotionsBetween(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 || m["B"].To.Position[2] != 0.5 || m["C"].To.Yaw != 10 {
		t.Fatalf("motions %v: want B translated and C turned, A (a full turn) static", m)
	}
	delete(b, "C")
	b["D"] = a["A"]
	if _, err := MotionsBetween(a, b); err == nil || !strings.Contains(err.Error(), `"C"`) {
		t.Fatalf("missing object: %v", err)
	}
	b["C"] = a["C"]
	if _, err := MotionsBetween(a, b); err == nil || !strings.Contains(err.Error(), `"D"`) {
		t.Fatalf("extra object: %v", err)
	}
}
