package marks

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"sync"
	"testing"
)

// changed returns the pixels where a and b differ.
func changed(a, b *image.NRGBA) []image.Point {
	var out []image.Point
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			i, j := a.PixOffset(x, y), b.PixOffset(x, y)
			if !bytes.Equal(a.Pix[i:i+4], b.Pix[j:j+4]) {
				out = append(out, image.Pt(x, y))
			}
		}
	}
	return out
}

// checkerboard is a busy opaque w×h background.
func checkerboard(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := uint8(60 + 40*((x/7+y/5)%2))
			img.SetNRGBA(x, y, color.NRGBA{v, v + 20, v + 40, 255})
		}
	}
	return img
}

func near(c color.NRGBA, want color.NRGBA, tol int) bool {
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	return d(c.R, want.R) <= tol && d(c.G, want.G) <= tol && d(c.B, want.B) <= tol
}

func TestMarkRadius(t *testing.T) {
	if r := MarkRadius(640, 480); r != 11 {
		t.Errorf("MarkRadius(640, 480) = %v, want 11", r)
	}
	if r := MarkRadius(1280, 960); r != 22 {
		t.Errorf("MarkRadius(1280, 960) = %v, want 22", r)
	}
	if r := MarkRadius(160, 120); r != 7 {
		t.Errorf("MarkRadius(160, 120) = %v, want the floor 7", r)
	}
}

// TestNumberedPixels: a badge changes pixels only within its radius (plus
// the antialiasing half pixel), paints its red fill, white outline and a
// white number, and leaves the input alone.
func TestNumberedPixels(t *testing.T) {
	img := checkerboard(640, 480)
	orig := bytes.Clone(img.Pix)
	badges := []Badge{{N: 3, X: 100, Y: 120}, {N: 12, X: 400.4, Y: 300.6}}
	out := Numbered(img, badges)
	if !bytes.Equal(img.Pix, orig) {
		t.Fatal("Numbered modified its input")
	}
	if out.Rect != img.Rect {
		t.Fatalf("bounds %v, want %v", out.Rect, img.Rect)
	}
	r := MarkRadius(640, 480)
	diff := changed(img, out)
	counts := make([]int, len(badges))
	for _, p := range diff {
		hit := false
		for k, b := range badges {
			if math.Hypot(float64(p.X)-b.X, float64(p.Y)-b.Y) <= r+0.5 {
				counts[k]++
				hit = true
			}
		}
		if !hit {
			t.Fatalf("pixel %v changed, far from every badge", p)
		}
	}
	for k, b := range badges {
		// Nearly the whole disc changes.
		if area := math.Pi * r * r; float64(counts[k]) < 0.9*area {
			t.Errorf("badge %d: %d pixels changed, want about %.0f", k, counts[k], area)
		}
		var red, white int
		for y := int(b.Y - r); y <= int(b.Y+r); y++ {
			for x := int(b.X - r); x <= int(b.X+r); x++ {
				d := math.Hypot(float64(x)-b.X, float64(y)-b.Y)
				c := out.NRGBAAt(x, y)
				if d < r-badgeOutline(r)-1 {
					switch {
					case c == BadgeColor:
						red++
					case c.G > 150 && c.B > 150:
						white++ // the number, antialiased edges included
					}
				}
			}
		}
		if inner := r - badgeOutline(r) - 1; float64(red) < 0.5*math.Pi*inner*inner || white < 20 {
			t.Errorf("badge %d: %d red and %d white pixels inside, want a red disc with a white number", k, red, white)
		}
		// The outline: in every direction, some pixel across the ring
		// is nearly white (the background's channels are all under 170).
		lw := badgeOutline(r)
		for a := 0.0; a < 2*math.Pi; a += 0.05 {
			whitest := 0
			for d := r - lw - 0.5; d <= r; d += 0.25 {
				c := out.NRGBAAt(int(math.Round(b.X+d*math.Cos(a))), int(math.Round(b.Y+d*math.Sin(a))))
				whitest = max(whitest, int(min(c.R, c.G, c.B)))
			}
			if whitest < 215 {
				t.Fatalf("badge %d: no white outline in direction %.2f rad (whitest %d)", k, a, whitest)
			}
		}
	}
	// Different numbers draw differently, in the same place.
	if a, b := Numbered(img, []Badge{{N: 1, X: 50, Y: 50}}), Numbered(img, []Badge{{N: 7, X: 50, Y: 50}}); len(changed(a, b)) < 10 {
		t.Error("badges 1 and 7 look the same")
	}
	if len(changed(img, Numbered(img, nil))) != 0 {
		t.Error("no badges changed pixels")
	}
}

// TestNumberCentred: the number's ink is centred on the badge to within a
// pixel.
func TestNumberCentred(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 640, 480))
	for _, n := range []int{1, 4, 8, 10, 47} {
		b := Badge{N: n, X: 320, Y: 240}
		out := Numbered(img, []Badge{b})
		r := MarkRadius(640, 480)
		inner := r - badgeOutline(r) - 1
		box := image.Rectangle{}
		for y := 200; y < 280; y++ {
			for x := 280; x < 360; x++ {
				if math.Hypot(float64(x)-b.X, float64(y)-b.Y) < inner && out.NRGBAAt(x, y).G > 128 {
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		cx, cy := float64(box.Min.X+box.Max.X-1)/2, float64(box.Min.Y+box.Max.Y-1)/2
		if math.Abs(cx-b.X) > 1 || math.Abs(cy-b.Y) > 1 {
			t.Errorf("number %d: ink %v centred at (%.1f, %.1f), want (%.0f, %.0f)", n, box, cx, cy, b.X, b.Y)
		}
		if box.Dy() < 8 {
			t.Errorf("number %d: ink only %d px tall", n, box.Dy())
		}
	}
}

// TestClamp: marks at or beyond the border are moved inwards so the whole
// disc, outline included, shows.
func TestClamp(t *testing.T) {
	const w, h = 640, 480
	r := MarkRadius(w, h)
	img := checkerboard(w, h)
	for _, at := range [][2]float64{{0, 0}, {-30, 200}, {639, 479}, {700, 10}, {320, 480}} {
		cx, cy := ClampCenter(at[0], at[1], r, w, h)
		if cx < r-0.5 || cx > w-0.5-r || cy < r-0.5 || cy > h-0.5-r {
			t.Errorf("ClampCenter(%v) = (%v, %v): disc crosses the border", at, cx, cy)
		}
		for name, out := range map[string]*image.NRGBA{
			"badge": Numbered(img, []Badge{{N: 5, X: at[0], Y: at[1]}}),
			"dot":   Dots(img, []Dot{{X: at[0], Y: at[1], Color: palette[2]}}),
		} {
			box := image.Rectangle{}
			for _, p := range changed(img, out) {
				box = box.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
			}
			// The full disc: 2r pixels across, unclipped.
			if box.Dx() < int(2*r) || box.Dy() < int(2*r) {
				t.Errorf("%s at %v: changed box %v, want the full %.0f px disc", name, at, box, 2*r)
			}
			// The outline on the border side is drawn: the pixel where
			// the disc touches the border is the outline colour.
			c := out.NRGBAAt(int(math.Round(cx)), int(math.Round(cy-r+0.5)))
			want := color.NRGBA{255, 255, 255, 255}
			if name == "dot" {
				want = OutlineFor(palette[2].RGB)
			}
			if !near(c, want, 60) {
				t.Errorf("%s at %v: top outline pixel %v, want near %v", name, at, c, want)
			}
		}
	}
	// An image smaller than a disc: the centre goes to the middle.
	if x, y := ClampCenter(3, 3, 11, 10, 30); x != 4.5 || y != 10.5 {
		t.Errorf("ClampCenter on a 10x30 image = (%v, %v), want (4.5, 10.5)", x, y)
	}
	// Non-finite coordinates draw nothing.
	if len(changed(img, Numbered(img, []Badge{{N: 1, X: math.NaN(), Y: 3}}))) != 0 {
		t.Error("a NaN badge changed pixels")
	}
}

// TestDotsPixels: a dot is its colour at the centre, outlined in black or
// white by lightness, and changes nothing beyond its radius.
func TestDotsPixels(t *testing.T) {
	img := checkerboard(640, 480)
	orig := bytes.Clone(img.Pix)
	var dots []Dot
	for i, c := range Palette() {
		dots = append(dots, Dot{X: float64(30 + 50*i), Y: 200, Color: c})
	}
	out := Dots(img, dots)
	if !bytes.Equal(img.Pix, orig) {
		t.Fatal("Dots modified its input")
	}
	r := MarkRadius(640, 480)
	for _, p := range changed(img, out) {
		d := dots[(p.X-5)/50]
		if math.Hypot(float64(p.X)-d.X, float64(p.Y)-d.Y) > r+0.5 {
			t.Fatalf("pixel %v changed, far from dot %s", p, d.Color.Name)
		}
	}
	for _, d := range dots {
		for _, off := range [][2]int{{0, 0}, {5, 0}, {-5, 3}, {0, -7}} {
			if c := out.NRGBAAt(int(d.X)+off[0], int(d.Y)+off[1]); c != d.Color.RGB {
				t.Errorf("%s dot: pixel at offset %v is %v", d.Color.Name, off, c)
			}
		}
		lw := dotOutline(r)
		ring := out.NRGBAAt(int(d.X), int(math.Round(d.Y-r+lw/2)))
		want := OutlineFor(d.Color.RGB)
		if !near(ring, want, 80) {
			t.Errorf("%s dot: outline pixel %v, want near %v", d.Color.Name, ring, want)
		}
	}
	for name, want := range map[string]uint8{"yellow": 0, "white": 0, "cyan": 0, "blue": 255, "black": 255, "purple": 255, "brown": 255} {
		c, _ := ColorByName(name)
		if OutlineFor(c.RGB).R != want {
			t.Errorf("OutlineFor(%s) = %v", name, OutlineFor(c.RGB))
		}
	}
}

// TestDrawInputTypes: RGBA, YCbCr and offset images come out with the same
// pixels and bounds as their NRGBA equivalent.
func TestDrawInputTypes(t *testing.T) {
	base := checkerboard(120, 90)
	want := Numbered(base, []Badge{{N: 2, X: 30, Y: 40}})
	rgba := image.NewRGBA(base.Rect)
	copy(rgba.Pix, base.Pix)
	if got := Numbered(rgba, []Badge{{N: 2, X: 30, Y: 40}}); len(changed(want, got)) != 0 {
		t.Error("RGBA input draws differently")
	}
	generic := struct{ image.Image }{base}
	if got := Numbered(generic, []Badge{{N: 2, X: 30, Y: 40}}); len(changed(want, got)) != 0 {
		t.Error("generic input draws differently")
	}
	ycc := image.NewYCbCr(base.Rect, image.YCbCrSubsampleRatio420)
	if got := Dots(ycc, nil); got.Rect != base.Rect || got.NRGBAAt(5, 5) != color.NRGBAModel.Convert(ycc.At(5, 5)) {
		t.Errorf("YCbCr copy: %v, pixel %v", got.Rect, got.NRGBAAt(5, 5))
	}
	// A sub-image: mark coordinates are relative to its Min.
	sub := base.SubImage(image.Rect(20, 30, 120, 90)).(*image.NRGBA)
	got := Numbered(sub, []Badge{{N: 2, X: 10, Y: 10}})
	ref := Numbered(base, []Badge{{N: 2, X: 30, Y: 40}})
	if got.Rect != sub.Rect {
		t.Fatalf("sub-image result bounds %v", got.Rect)
	}
	for y := 30; y < 90; y++ {
		for x := 20; x < 120; x++ {
			if got.NRGBAAt(x, y) != ref.NRGBAAt(x, y) {
				t.Fatalf("sub-image pixel (%d, %d) = %v, want %v", x, y, got.NRGBAAt(x, y), ref.NRGBAAt(x, y))
			}
		}
	}
}

// TestDrawConcurrent draws at several sizes at once (the glyph cache is
// shared); run with -race.
func TestDrawConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			img := checkerboard(200+40*i, 150+30*i)
			Numbered(img, []Badge{{N: i, X: 50, Y: 50}, {N: 10 + i, X: 100, Y: 100}})
		}()
	}
	wg.Wait()
}

// BenchmarkNumbered7 times a 640×480 frame with 7 badges (speed is
// measured by benchmarks, never asserted by wall clock in a test).
func BenchmarkNumbered7(b *testing.B) {
	img := checkerboard(640, 480)
	badges := make([]Badge, 7)
	for i := range badges {
		badges[i] = Badge{N: i + 1, X: float64(60 + 80*i), Y: float64(40 + 60*i)}
	}
	for b.Loop() {
		Numbered(img, badges)
	}
}

func BenchmarkDots7(b *testing.B) {
	img := checkerboard(640, 480)
	dots := make([]Dot, 7)
	for i := range dots {
		dots[i] = Dot{X: float64(60 + 80*i), Y: float64(40 + 60*i), Color: palette[i]}
	}
	for b.Loop() {
		Dots(img, dots)
	}
}

func BenchmarkChooseColors(b *testing.B) {
	img, masks := photoLike(640, 480)
	rng := newRNG(1)
	for b.Loop() {
		if _, err := ChooseColors(img, masks, rng); err != nil {
			b.Fatal(err)
		}
	}
}
