package render

import (
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/sim"
)

// TestLabelCacheMatchesFullFrames replays the planner's pattern on model
// scenes: label-only frames of one view while single objects move and come
// back (some behind the camera), with a camera change and frames with RGB
// in between. Every frame's
// depth, ids, classes, stats and RGB equal those of a renderer without the
// cache, and the cache did keep bands (in frames with RGB too) and redraw
// others only in part.
func TestLabelCacheMatchesFullFrames(t *testing.T) {
	kept, partial, total, keptRGB, rgbFrames := 0, 0, 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		s := modelScene(t, seed, 20, 64)
		rng := rand.New(rand.NewPCG(seed, 3))
		r, err := New(s, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := New(s, Options{Workers: 1, NoFrameCache: true})
		if err != nil {
			t.Fatal(err)
		}
		cams := []sim.Camera{randomCamera(s, rng, 128, 96), randomCamera(s, rng, 128, 96)}
		var f Frame // reused, as a caller may
		for k := 0; k < 24; k++ {
			cam := cams[min(k/12, 1)]
			o := s.Objects[rng.IntN(len(s.Objects))]
			from := o.Position
			switch {
			case k%4 == 3:
				// Behind the camera: the mesh is culled, so the set-ups of
				// the meshes after it move in the set-up array.
				_, _, fwd := cam.Basis()
				o.Position = cam.Position.Sub(fwd.Mul(3))
			case k%3 != 2:
				o.Position = from.Add(sim.Vec3{2*rng.Float64() - 1, 0, 2*rng.Float64() - 1})
			}
			// Frames with RGB in between (k%5 == 4), drawn into their own
			// frame: they keep bands only while r.tbuf is current.
			rgb := k%5 == 4
			var err error
			g := &f
			if rgb {
				g = &Frame{}
				err = r.RenderInto(cam, g)
			} else {
				err = r.RenderLabelsInto(cam, g)
			}
			if err != nil {
				t.Fatal(err)
			}
			var want Frame
			if rgb {
				err = ref.RenderInto(cam, &want)
			} else {
				err = ref.RenderLabelsInto(cam, &want)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(g.Depth, want.Depth) || !slices.Equal(g.IDs, want.IDs) || !slices.Equal(g.ClassIDs, want.ClassIDs) || !slices.Equal(g.Stats, want.Stats) {
				t.Fatalf("seed %d frame %d (rgb %v): labels differ from a renderer without the cache", seed, k, rgb)
			}
			if rgb {
				rgbFrames++
				if !slices.Equal(g.RGB.Pix, want.RGB.Pix) {
					t.Fatalf("seed %d frame %d: RGB differs from a renderer without the cache", seed, k)
				}
			}
			for b, d := range r.dirty {
				total++
				if !d {
					kept++
					if rgb {
						keptRGB++
					}
				} else if r.lspansOn && (len(r.lspans[b]) > 1 || r.lspans[b][0].x0 > 0 || int(r.lspans[b][0].x1) < cam.Width-1) {
					partial++
				}
			}
			o.Position = from
		}
	}
	t.Logf("%d of %d bands kept (%d in %d frames with RGB), %d redrawn in part", kept, total, keptRGB, rgbFrames, partial)
	if kept == 0 || partial == 0 || keptRGB == 0 {
		t.Error("the label cache never kept a band or never redrew a band in part")
	}
}
