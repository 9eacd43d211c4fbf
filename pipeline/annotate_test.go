package pipeline

import (
	"bytes"
	"image"
	"image/color"
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
		// Dots: I0 shows each mentioned object's dot at the planner's I0
		// position in the colour the question names it by; on I1 the dot
		// follows the object: read back from the image by its colour, it
		// lies on the object's I1 pixels (the planner's after frame).
		refs := append([]planner.ObjectRef{ex.Mover}, ex.Referenced...)
		marked0, err := png.Decode(bytes.NewReader(rows.q.Image.Bytes))
		if err != nil {
			t.Fatal(err)
		}
		marked1, err := png.Decode(bytes.NewReader(rows.q.ImageAfter.Bytes))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refs {
			want := dotColour(t, r.DotColor)
			if got := color.RGBAModel.Convert(marked0.At(int(math.Round(r.DotXY[0])), int(math.Round(r.DotXY[1])))); got != want {
				t.Errorf("%s image: dot of %s at %v is %v, want %s", ex.ID, r.ObjectID, r.DotXY, got, r.DotColor)
			}
			inst := slices.Index(out.After.IDTable, r.ObjectID)
			if inst <= 0 || !slices.Contains(out.After.IDs, uint16(inst)) {
				continue // not visible in I1: no dot there
			}
			if r.DotColor == "white" || r.DotColor == "black" {
				continue // other dots' outline rings share these colours (the planner's test reads them back)
			}
			u, v, n := dotBlob(marked1, want)
			if n == 0 || out.After.IDs[v*out.After.W+u] != uint16(inst) {
				t.Errorf("%s image_after: %s dot of %s read back at (%d,%d) (%d px), off the object", ex.ID, r.DotColor, r.ObjectID, u, v, n)
			}
		}
	}
	if moved == 0 {
		t.Error("no example had a visible moving object")
	}
}

// dotColour returns the palette colour the planner names a dot by.
func dotColour(t *testing.T, name string) color.RGBA {
	t.Helper()
	for _, c := range render.Palette {
		if c.Name == name {
			return c.Color
		}
	}
	t.Fatalf("dot colour %q is not in the palette", name)
	return color.RGBA{}
}

// dotBlob returns the rounded centroid and size of the largest 4-connected
// region of pixels of exactly colour c (a dot's fill).
func dotBlob(img image.Image, c color.RGBA) (u, v, n int) {
	b := img.Bounds()
	w := b.Dx()
	seen := make([]bool, w*b.Dy())
	is := func(x, y int) bool { return color.RGBAModel.Convert(img.At(x, y)) == c }
	for y0 := 0; y0 < b.Dy(); y0++ {
		for x0 := 0; x0 < w; x0++ {
			if seen[y0*w+x0] || !is(x0, y0) {
				continue
			}
			sx, sy, k := 0, 0, 0
			stack := []image.Point{{x0, y0}}
			seen[y0*w+x0] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				sx, sy, k = sx+p.X, sy+p.Y, k+1
				for _, q := range []image.Point{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}} {
					if q.In(b) && !seen[q.Y*w+q.X] && is(q.X, q.Y) {
						seen[q.Y*w+q.X] = true
						stack = append(stack, q)
					}
				}
			}
			if k > n {
				u, v, n = (sx+k/2)/k, (sy+k/2)/k, k
			}
		}
	}
	return u, v, n
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
