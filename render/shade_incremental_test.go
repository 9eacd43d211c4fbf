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
