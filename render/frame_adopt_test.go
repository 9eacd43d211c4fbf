package render

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/sim"
)

// rgbBytes returns a frame's colours, 3 bytes a pixel.
func rgbBytes(f *Frame) []uint8 {
	out := make([]uint8, 0, 3*f.Width*f.Height)
	for i := 0; i < len(f.RGB.Pix); i += 4 {
		out = append(out, f.RGB.Pix[i:i+3]...)
	}
	return out
}

// TestRenderWithRGBMatchesShading: a renderer that takes another
// renderer's colours of the "before" frame (RenderWithRGB) then draws the
// "after" frames, with one or two objects moved each time and put back
// between them, exactly as a renderer that shaded every frame itself, and
// shades those after frames incrementally from the adopted one.
func TestRenderWithRGBMatchesShading(t *testing.T) {
	type scene struct {
		s   *sim.Scene
		cam sim.Camera
	}
	var scenes []scene
	for _, house := range []int{1, 3} {
		_, s := procthorScene(t, 29, house)
		cam, _ := viewOfObjects(t, s, 96, 80)
		scenes = append(scenes, scene{s, cam})
	}
	ms, mcam := benchModelScene(t)
	mcam.Width, mcam.Height = 120, 100
	scenes = append(scenes, scene{ms, mcam})
	incremental := 0
	for si, sc := range scenes {
		s, cam := sc.s, sc.cam
		planner, err := New(s, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		before, err := planner.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		adopting, err := New(s, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		shading, err := New(s, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(si), 29))
		var fa, fs Frame
		for ex := range 4 {
			if ex == 0 {
				err = adopting.RenderWithRGB(cam, &fa, rgbBytes(before))
			} else {
				err = adopting.RenderInto(cam, &fa) // recalled from the memo
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := shading.RenderInto(cam, &fs); err != nil {
				t.Fatal(err)
			}
			for _, f := range []*Frame{&fa, &fs} {
				if !bytes.Equal(f.RGB.Pix, before.RGB.Pix) || !slices.Equal(f.Depth, before.Depth) || !slices.Equal(f.IDs, before.IDs) || !slices.Equal(f.Stats, before.Stats) {
					t.Fatalf("scene %d example %d: the before frame differs", si, ex)
				}
			}
			type pose struct {
				pos sim.Vec3
				yaw float64
			}
			moved := map[*sim.Object]pose{}
			for range 1 + rng.IntN(2) {
				o := s.Objects[rng.IntN(len(s.Objects))]
				if _, ok := moved[o]; !ok {
					moved[o] = pose{o.Position, o.Yaw}
				}
				o.Position = o.Position.Add(sim.Vec3{0.5 * (rng.Float64() - 0.5), 0, 0.5 * (rng.Float64() - 0.5)})
				o.Yaw += 45 * rng.Float64()
			}
			inc := adopting.incFrames
			if err := adopting.RenderInto(cam, &fa); err != nil {
				t.Fatal(err)
			}
			if ex == 0 {
				incremental += adopting.incFrames - inc // shaded from the adopted frame
			}
			if err := shading.RenderInto(cam, &fs); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(fa.RGB.Pix, fs.RGB.Pix) || !slices.Equal(fa.Depth, fs.Depth) || !slices.Equal(fa.IDs, fs.IDs) {
				t.Fatalf("scene %d example %d: the after frame differs from a shading renderer's", si, ex)
			}
			for o, p := range moved {
				o.Position, o.Yaw = p.pos, p.yaw
			}
		}
	}
	if incremental != len(scenes) {
		t.Errorf("%d of %d after frames were shaded incrementally from an adopted frame", incremental, len(scenes))
	}
}

// TestRenderWithRGBRejectsWrongSize: colours of another size are an error.
func TestRenderWithRGBRejectsWrongSize(t *testing.T) {
	_, s := procthorScene(t, 29, 0)
	r, err := New(s, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	cam, _ := viewOfObjects(t, s, 64, 48)
	var f Frame
	if err := r.RenderWithRGB(cam, &f, make([]uint8, 3*64*47)); err == nil {
		t.Fatal("RenderWithRGB took colours of the wrong size")
	}
}
