package render

import (
	"bytes"
	"testing"

	"flowbench/sim"
)

// TestShadowCacheMatchesFreshRenderer moves objects away and back, as the
// generator's before/after frames do, and compares every frame with a fresh
// renderer of the same state: the shadow maps taken back from the previous
// state give the same bytes as drawing them again, and they were taken
// back (every return to the start state). The frame memo, which would
// serve those returns whole, is off.
func TestShadowCacheMatchesFreshRenderer(t *testing.T) {
	s := loadOneRoom(t)
	r, err := New(s, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	r.memo.off = true
	cam := sim.NewCamera(sim.Vec3{2, sim.CameraHeight, 0.5}, 0, 25)
	cam.Width, cam.Height = 96, 96
	type pose struct {
		p   sim.Vec3
		yaw float64
	}
	start := make([]pose, len(s.Objects))
	for i, o := range s.Objects {
		start[i] = pose{o.Position, o.Yaw}
	}
	reset := func() {
		for i, o := range s.Objects {
			o.Position, o.Yaw = start[i].p, start[i].yaw
		}
	}
	moves := []func(){
		func() {},
		func() { s.Objects[0].Position = s.Objects[0].Position.Add(sim.Vec3{0.5, 0, -0.3}) },
		func() {},
		func() { s.Objects[len(s.Objects)-1].Yaw += 40 },
		func() {},
		func() { s.Objects[0].Position = s.Objects[0].Position.Add(sim.Vec3{0.5, 0, -0.3}) },
		func() {},
	}
	var first []byte
	for k, move := range moves {
		reset()
		move()
		got, err := r.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		_, want := renderScene(t, s, Options{Workers: 1}, cam)
		if !bytes.Equal(got.RGB.Pix, want.RGB.Pix) {
			t.Fatalf("frame %d: RGB differs from a fresh renderer's", k)
		}
		if k == 0 {
			first = got.RGB.Pix
		} else if k%2 == 1 && bytes.Equal(got.RGB.Pix, first) {
			t.Fatalf("frame %d: moving an object did not change the image", k)
		}
	}
	if r.shadowRestores < 3 {
		t.Errorf("shadow maps taken back %d times, want at least 3 (each return to the start)", r.shadowRestores)
	}
	reset()
}
