package render

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/sim"
)

// TestPartialShadowFacesMatchFresh moves random objects of procthor houses
// by random amounts (sometimes back to where they were) and, after each
// frame, compares every shadow face the renderer holds as valid with the
// face a fresh renderer of the same state draws whole, texel by texel, and
// the RGB images: faces redrawn only where objects moved hold exactly the
// full faces' values. The frame memo is off, so every frame is drawn.
func TestPartialShadowFacesMatchFresh(t *testing.T) {
	partial := 0
	for _, house := range []int{0, 3} {
		_, s := procthorScene(t, 11, house)
		r, err := New(s, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		r.memo.off = true
		cam, _ := viewOfObjects(t, s, 72, 72)
		rng := rand.New(rand.NewPCG(uint64(house), 5))
		start := make([]poseKey, len(s.Objects))
		for i, o := range s.Objects {
			start[i] = keyOf(o)
		}
		for step := range 12 {
			if step%3 == 2 {
				for i, o := range s.Objects {
					o.Position, o.Yaw = start[i].pos, start[i].yaw
				}
			}
			for range 1 + rng.IntN(2) {
				o := s.Objects[rng.IntN(len(s.Objects))]
				o.Position = o.Position.Add(sim.Vec3{rng.Float64() - 0.5, 0, rng.Float64() - 0.5})
				o.Yaw += 90 * rng.Float64()
			}
			got, err := r.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			fr, want := renderScene(t, s, Options{Workers: 1, NoFrameCache: true}, cam)
			if !bytes.Equal(got.RGB.Pix, want.RGB.Pix) {
				t.Fatalf("house %d step %d: RGB differs from a fresh renderer's", house, step)
			}
			for li := range fr.lights {
				a, b := &r.lights[li], &fr.lights[li]
				for fi := range b.faces {
					if !b.faces[fi].valid || !a.faces[fi].valid {
						continue
					}
					if !slices.Equal(a.faces[fi].depth, b.faces[fi].depth) {
						t.Fatalf("house %d step %d: light %d face %d differs from a full redraw", house, step, li, fi)
					}
				}
			}
		}
		partial += r.partialFaces
	}
	if partial == 0 {
		t.Fatal("no shadow face was redrawn in part: the test exercises nothing")
	}
}
