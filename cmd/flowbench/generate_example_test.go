package main

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"slices"
	"testing"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// The annotator re-renders each example from its recorded poses instead of
// keeping the planner's frames. Cross-check the two paths: planning with
// KeepFrames and RGB gives the frames the planner itself read the answer
// from; the annotator's rows must hold exactly those depths, ids and pixels.
func TestAnnotatorReproducesPlannerFrames(t *testing.T) {
	h, err := sim.Generate(sim.StyleProcTHOR, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := planner.DefaultConfig()
	cfg.Views, cfg.CameraSize, cfg.HouseID, cfg.KeepFrames = 2, 96, "train_000000", true
	exs, outs, _, err := planner.PlanHouse(planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}}), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(exs) < 4 {
		t.Fatalf("only %d examples; the fixture should give several", len(exs))
	}
	an, err := newAnnotator(h, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for i := range exs {
		ex, out := &exs[i], &outs[i]
		rows, err := an.annotate(ex, out)
		if err != nil {
			t.Fatal(err)
		}
		a := rows.a
		for _, c := range []struct {
			name string
			f    *planner.Frame
			d    []float32
			ids  []uint16
			png  []byte
		}{{"before", out.Before, a.DepthBefore, a.InstanceBefore, a.ImageBeforeRaw.Bytes},
			{"after", out.After, a.DepthAfter, a.InstanceAfter, a.ImageAfterRaw.Bytes}} {
			if !slices.Equal(c.d, c.f.Depth) || !slices.Equal(c.ids, c.f.IDs) {
				t.Fatalf("%s: %s depth or ids differ from the planner's frame", ex.ID, c.name)
			}
			img, err := png.Decode(bytes.NewReader(c.png))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(rgbOf(img), c.f.RGB) {
				t.Fatalf("%s: %s raw image differs from the planner's RGB", ex.ID, c.name)
			}
		}
		// The change mask covers the mover wherever it is seen, and flow is
		// zero on static pixels that stay valid.
		changed := 0
		for p, c := range a.ChangeMask {
			if c == 1 {
				changed++
				continue
			}
			if a.FlowValid[p] == 1 && (a.FlowForward[2*p] != 0 || a.FlowForward[2*p+1] != 0) {
				t.Fatalf("%s: pixel %d is static but has flow (%g, %g)", ex.ID, p, a.FlowForward[2*p], a.FlowForward[2*p+1])
			}
		}
		if math.Hypot(ex.RealisedMotion[0], ex.RealisedMotion[2]) > 0.05 && changed > 0 {
			moved++
		}
		// Dots: I0 and I1 show each mentioned object's dot at the planner's
		// I0 position in the colour the question names it by.
		for _, im := range []struct {
			name string
			png  []byte
		}{{"image", rows.q.Image.Bytes}, {"image_after", rows.q.ImageAfter.Bytes}} {
			marked, err := png.Decode(bytes.NewReader(im.png))
			if err != nil {
				t.Fatal(err)
			}
			refs := append([]planner.ObjectRef{ex.Mover}, ex.Referenced...)
			for _, r := range refs {
				got := marked.At(int(math.Round(r.DotXY[0])), int(math.Round(r.DotXY[1])))
				want := namedDot(r.DotColor).Color
				if cr, cg, cb, _ := got.RGBA(); uint8(cr>>8) != want.R || uint8(cg>>8) != want.G || uint8(cb>>8) != want.B {
					t.Errorf("%s %s: dot of %s at %v is %v, want %s", ex.ID, im.name, r.ObjectID, r.DotXY, got, r.DotColor)
				}
			}
		}
	}
	if moved == 0 {
		t.Error("no example had a visible moving object")
	}
}

// rgbOf returns an image's pixels as packed RGB bytes.
func rgbOf(img image.Image) []uint8 {
	b := img.Bounds()
	out := make([]uint8, 0, b.Dx()*b.Dy()*3)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			out = append(out, uint8(r>>8), uint8(g>>8), uint8(bb>>8))
		}
	}
	return out
}
