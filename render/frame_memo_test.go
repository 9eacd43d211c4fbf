package render

import (
	"bytes"
	"slices"
	"testing"

	"flowbench/sim"
)

// TestFrameMemoMatchesFreshRenderer renders before/after pairs as the
// generator does (objects moved for the "after" frame and put back), with
// a second camera in between, and compares every output of every frame with
// a fresh renderer's (no memo, no other cache) of the same state: the
// recalled frames are those a new drawing gives, the memo served every
// return to an already drawn state, and a moved object or another camera
// was never served an old frame.
func TestFrameMemoMatchesFreshRenderer(t *testing.T) {
	_, s := procthorScene(t, 7, 0)
	r, err := New(s, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	camA, seen := viewOfObjects(t, s, 80, 72)
	camB := camA
	camB.Yaw += 90
	start := make([]poseKey, len(s.Objects))
	for i, o := range s.Objects {
		start[i] = keyOf(o)
	}
	reset := func() {
		for i, o := range s.Objects {
			o.Position, o.Yaw = start[i].pos, start[i].yaw
		}
	}
	moveA := func() { s.Objects[seen[0]].Position = s.Objects[seen[0]].Position.Add(sim.Vec3{0.3, 0, -0.2}) }
	moveB := func() { s.Objects[seen[1]].Yaw += 35 }
	steps := []struct {
		cam    sim.Camera
		move   func()
		recall bool // the memo holds this state
	}{
		{camA, reset, false},
		{camA, moveA, false},
		{camA, reset, true},
		{camA, moveB, false},
		{camA, reset, true},
		{camB, reset, false},
		{camA, reset, true},
		{camA, moveA, false}, // evicted by camB's frame
		{camA, moveA, true},
	}
	f := &Frame{}
	var first []byte
	for k, st := range steps {
		reset()
		st.move()
		hits := r.memo.hits
		if err := r.RenderInto(st.cam, f); err != nil {
			t.Fatal(err)
		}
		if got := r.memo.hits > hits; got != st.recall {
			t.Errorf("step %d: recalled %v, want %v", k, got, st.recall)
		}
		_, want := renderScene(t, s, Options{Workers: 1, NoFrameCache: true}, st.cam)
		if !bytes.Equal(f.RGB.Pix, want.RGB.Pix) || !slices.Equal(f.Depth, want.Depth) ||
			!slices.Equal(f.IDs, want.IDs) || !slices.Equal(f.ClassIDs, want.ClassIDs) ||
			!slices.Equal(f.Stats, want.Stats) || f.Camera != st.cam {
			t.Fatalf("step %d: frame differs from a fresh renderer's", k)
		}
		if k == 0 {
			first = bytes.Clone(f.RGB.Pix)
		} else if (k == 1 || k == 3 || k == 5) && bytes.Equal(f.RGB.Pix, first) {
			t.Fatalf("step %d: the image equals the first step's: the test moves nothing visible", k)
		}
	}
	reset()
}

// TestFrameMemoForgetsOnNewObjects removes a visible object between two
// frames of one camera: the id table changes, and the frame is drawn anew.
func TestFrameMemoForgetsOnNewObjects(t *testing.T) {
	_, s := procthorScene(t, 7, 1)
	r, err := New(s, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	cam, seen := viewOfObjects(t, s, 64, 64)
	if _, err := r.Render(cam); err != nil {
		t.Fatal(err)
	}
	s.Objects = slices.Delete(slices.Clone(s.Objects), seen[0], seen[0]+1)
	got, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	if r.memo.hits != 0 {
		t.Fatalf("memo recalled a frame of another object list")
	}
	_, want := renderScene(t, s, Options{Workers: 1, NoFrameCache: true}, cam)
	if !bytes.Equal(got.RGB.Pix, want.RGB.Pix) || !slices.Equal(got.IDTable, want.IDTable) {
		t.Fatal("frame after removing an object differs from a fresh renderer's")
	}
}

// viewOfObjects finds a w×h camera at a reachable point that shows at least
// two objects (50 pixels or more each) and returns it with the indices of
// the two largest.
func viewOfObjects(t *testing.T, s *sim.Scene, w, h int) (sim.Camera, [2]int) {
	t.Helper()
	r, err := New(s, Options{Workers: 1, SkipRGB: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.ReachablePositions() {
		for yaw := 0.0; yaw < 360; yaw += 90 {
			cam := sim.NewCamera(sim.Vec3{p[0], sim.CameraHeight, p[2]}, yaw, 20)
			cam.Width, cam.Height = w, h
			f, err := r.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			best := [2]int{-1, -1}
			for i := range s.Objects {
				n := f.Stats[i+1].Pixels
				if n < 50 {
					continue
				}
				switch {
				case best[0] < 0 || n > f.Stats[best[0]+1].Pixels:
					best[0], best[1] = i, best[0]
				case best[1] < 0 || n > f.Stats[best[1]+1].Pixels:
					best[1] = i
				}
			}
			if best[1] >= 0 {
				return cam, best
			}
		}
	}
	t.Fatal("no view shows two objects")
	return sim.Camera{}, [2]int{}
}
