package render

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/sim"
)

// TestIncrementalShadingMatchesFresh renders, from one camera, a sequence
// of states of procthor houses and of the textured model room, each from
// the last by moving or turning one or two random objects (and sometimes
// putting everything back, or looking elsewhere for a frame), and compares
// every frame with a fresh renderer's of the same state: the colours kept
// from the last frame are exactly those a full shading gives. It also
// checks that frames were shaded incrementally and that bands were kept.
func TestIncrementalShadingMatchesFresh(t *testing.T) {
	type scene struct {
		name string
		s    *sim.Scene
		cam  sim.Camera
	}
	var scenes []scene
	for _, house := range []int{0, 2, 5} {
		_, s := procthorScene(t, 13, house)
		cam, _ := viewOfObjects(t, s, 96, 80)
		scenes = append(scenes, scene{"procthor", s, cam})
	}
	// Wider views, where the light lattice is coarser (lightStep 2 and 4):
	// the spans are widened by the step.
	for _, c := range []struct{ house, size int }{{0, 512}, {2, 800}, {5, 800}} {
		_, s := procthorScene(t, 13, c.house)
		cam, _ := viewOfObjects(t, s, c.size, c.size/4)
		scenes = append(scenes, scene{"procthor-wide", s, cam})
	}
	ms, mcam := benchModelScene(t)
	mcam.Width, mcam.Height = 120, 120
	scenes = append(scenes, scene{"models", ms, mcam})
	frames, kept := 0, 0
	for si, sc := range scenes {
		s := sc.s
		r, err := New(s, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(si), 17))
		start := make([]poseKey, len(s.Objects))
		for i, o := range s.Objects {
			start[i] = keyOf(o)
		}
		f := &Frame{}
		for step := range 14 {
			cam := sc.cam
			switch {
			case step%5 == 4:
				for i, o := range s.Objects {
					o.Position, o.Yaw = start[i].pos, start[i].yaw
				}
			case step == 7:
				cam.Yaw += 120
			}
			for range 1 + rng.IntN(2) {
				o := s.Objects[rng.IntN(len(s.Objects))]
				o.Position = o.Position.Add(sim.Vec3{0.6 * (rng.Float64() - 0.5), 0, 0.6 * (rng.Float64() - 0.5)})
				o.Yaw += 60 * rng.Float64()
			}
			if err := r.RenderInto(cam, f); err != nil {
				t.Fatal(err)
			}
			_, want := renderScene(t, s, Options{Workers: 1, NoFrameCache: true}, cam)
			if !bytes.Equal(f.RGB.Pix, want.RGB.Pix) || !slices.Equal(f.Depth, want.Depth) || !slices.Equal(f.IDs, want.IDs) {
				t.Fatalf("%s %d step %d: frame differs from a fresh renderer's", sc.name, si, step)
			}
		}
		frames += r.incFrames
		kept += r.incKept
	}
	if frames == 0 || kept == 0 {
		t.Fatalf("%d frames shaded incrementally, %d bands kept whole: the test exercises nothing", frames, kept)
	}
	t.Logf("%d frames shaded incrementally, %d bands kept whole", frames, kept)
}

// TestIncrementalShadowOnly moves, one at a time, objects outside the
// camera's frustum (before and after the move) whose shadow changes the
// image (a fresh renderer's frames before and after differ), for several
// cameras of the model room, and compares the incremental frame after the
// move with the fresh one (until three such moves): the pixels reached only
// by the moved shadow are shaded again.
func TestIncrementalShadowOnly(t *testing.T) {
	s, base := benchModelScene(t)
	r, err := New(s, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	move := sim.Vec3{0.3, 0, 0.3}
	cases := 0
	for k := 0; k < 8 && cases < 3; k++ {
		yaw := float64(135 + 45*k) // the first views with such shadows first
		cam := base
		cam.Width, cam.Height = 96, 96
		cam.Yaw = yaw
		v := newView(cam, 1, DefaultNear)
		_, f0 := renderScene(t, s, Options{Workers: 1, NoFrameCache: true}, cam)
		for i, o := range s.Objects {
			p := o.Position
			if !cullMesh(&v, o.AABB()) {
				continue
			}
			o.Position = p.Add(move)
			outside := cullMesh(&v, o.AABB())
			var want *Frame
			if outside {
				_, want = renderScene(t, s, Options{Workers: 1, NoFrameCache: true}, cam)
			}
			o.Position = p
			if !outside || bytes.Equal(want.RGB.Pix, f0.RGB.Pix) {
				continue // seen after the move, or no visible shadow change
			}
			cases++
			if _, err := r.Render(cam); err != nil {
				t.Fatal(err)
			}
			inc := r.incFrames
			o.Position = p.Add(move)
			got, err := r.Render(cam)
			o.Position = p
			if err != nil {
				t.Fatal(err)
			}
			if r.incFrames == inc {
				t.Fatalf("yaw %v object %d: the frame after the move was not shaded incrementally", yaw, i)
			}
			if !bytes.Equal(got.RGB.Pix, want.RGB.Pix) {
				t.Fatalf("yaw %v object %d: incremental frame differs from a fresh renderer's where only its shadow moved", yaw, i)
			}
		}
	}
	if cases == 0 {
		t.Fatal("no object outside the view casts a changing shadow into it: the test exercises nothing")
	}
	t.Logf("%d moves of objects outside the view whose shadows change the image", cases)
}
