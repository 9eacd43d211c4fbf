package flow

import (
	"testing"

	"flowbench/sim"
)

// TestStaticPointCoveredAtSameDepth is the case of issue 14: the mover
// slides sideways onto floor pixels, its base 3 mm above the floor, so the
// after frame's depth there differs from the floor's by less than
// DepthTol. Those floor points are hidden in I1 (the pixel shows the
// mover), and the floor points the mover uncovers were hidden in I0: both
// must be invalid, while every other static pixel stays valid, including
// when the after frame numbers its instances differently.
func TestStaticPointCoveredAtSameDepth(t *testing.T) {
	const w, h = 12, 8
	const floorZ, baseZ = 2.0, 1.997
	cam := sim.Camera{Position: sim.Vec3{0, 1.5, 0}, Yaw: 0, Horizon: 0, FOV: 60, Width: w, Height: h}
	right, _, _ := cam.Basis()
	// The mover covers columns [2, 5) in I0 and [5, 8) in I1: a move right
	// by 3 pixels at depth baseZ is f·Δx/z = 3.
	dx := 3 * baseZ / cam.Focal()
	motion := RigidMotion{From: Pose{sim.Vec3{0, 0, 2}, 0}, To: Pose{sim.Vec3{0, 0, 2}.Add(right.Mul(dx)), 0}}
	frame := func(objects []string, floor, mover uint16, c0 int) Frame {
		f := Frame{W: w, H: h, Depth: make([]float32, w*h), IDs: make([]uint16, w*h), Objects: objects}
		for p := range f.Depth {
			f.Depth[p], f.IDs[p] = floorZ, floor
			if i := p % w; p/w >= 4 && i >= c0 && i < c0+3 {
				f.Depth[p], f.IDs[p] = baseZ, mover
			}
		}
		return f
	}
	f0 := frame([]string{"", "floor|0", "Box|1"}, 1, 2, 2)
	f1 := frame([]string{"", "Box|1", "floor|0"}, 2, 1, 5) // renumbered
	var c Computer
	r, err := c.Compute(f0, f1, cam, map[string]RigidMotion{"Box|1": motion})
	if err != nil {
		t.Fatal(err)
	}
	for p := 0; p < w*h; p++ {
		i, j := p%w, p/w
		under := j >= 4
		// Forward: floor of I0 at columns [5, 8) is covered in I1; the
		// mover's own pixels land on the mover.
		wantF := uint8(1)
		if under && i >= 5 && i < 8 {
			wantF = 0
		}
		// Backward: floor of I1 at columns [2, 5) was under the mover in I0.
		wantB := uint8(1)
		if under && i >= 2 && i < 5 {
			wantB = 0
		}
		if got := r.ValidForward.M[p]; got != wantF {
			t.Errorf("forward valid at (%d, %d) = %d, want %d", i, j, got, wantF)
		}
		if got := r.ValidBackward.M[p]; got != wantB {
			t.Errorf("backward valid at (%d, %d) = %d, want %d", i, j, got, wantB)
		}
	}
}
