package render

import (
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// syntheticFrame returns a w×h frame whose id image is given by idAt, with
// each instance painted in its colour.
func syntheticFrame(w, h int, names []string, cols []color.RGBA, idAt func(u, v int) uint16) *Frame {
	f := NewFrame(w, h)
	f.IDTable = append([]string{""}, names...)
	for v := 0; v < h; v++ {
		for u := 0; u < w; u++ {
			id := idAt(u, v)
			i := v*w + u
			f.IDs[i] = id
			c := color.RGBA{128, 128, 128, 255}
			if id > 0 {
				c = cols[id-1]
			}
			f.RGB.SetRGBA(u, v, c)
		}
	}
	return f
}

// bruteInset is the distance from (x, y) to the nearest pixel centre outside
// instance id (or outside the image).
func bruteInset(f *Frame, id uint16, x, y int) float64 {
	best := math.Inf(1)
	for v := -1; v <= f.Height; v++ {
		for u := -1; u <= f.Width; u++ {
			out := u < 0 || v < 0 || u >= f.Width || v >= f.Height || f.IDs[v*f.Width+u] != id
			if out {
				best = math.Min(best, math.Hypot(float64(u-x), float64(v-y)))
			}
		}
	}
	return best
}

// TestMarkInsideConcaveMask uses U- and L-shaped masks whose centroid lies
// outside the mask: the dot must sit inside, at the point farthest from the
// boundary (checked by brute force).
func TestMarkInsideConcaveMask(t *testing.T) {
	shapes := map[string]func(u, v int) bool{
		"U": func(u, v int) bool {
			return u >= 5 && u < 55 && v >= 5 && v < 55 && !(u >= 18 && u < 42 && v < 40)
		},
		"L": func(u, v int) bool {
			return u >= 4 && v >= 4 && v < 58 && (u < 16 || v >= 46)
		},
	}
	for name, in := range shapes {
		f := syntheticFrame(64, 64, []string{"Obj|1"}, []color.RGBA{{200, 40, 40, 255}}, func(u, v int) uint16 {
			if in(u, v) {
				return 1
			}
			return 0
		})
		f.Stats = make([]ObjectStats, 2)
		cu, cv, n := 0.0, 0.0, 0
		for i, id := range f.IDs {
			if id == 1 {
				cu, cv, n = cu+float64(i%64), cv+float64(i/64), n+1
			}
		}
		if in(int(math.Round(cu/float64(n))), int(math.Round(cv/float64(n)))) {
			t.Fatalf("%s: the centroid lies inside the mask; the test needs a concave mask", name)
		}
		marks, err := PlaceMarks(f, []string{"Obj|1"}, NewMarkRNG(1), StyleDots)
		if err != nil {
			t.Fatal(err)
		}
		m := marks[0]
		x, y := int(m.X), int(m.Y)
		if !in(x, y) {
			t.Fatalf("%s: dot at (%d,%d) outside the mask", name, x, y)
		}
		maxInset := 0.0
		for v := 0; v < 64; v++ {
			for u := 0; u < 64; u++ {
				if in(u, v) {
					maxInset = math.Max(maxInset, bruteInset(f, 1, u, v))
				}
			}
		}
		if got := bruteInset(f, 1, x, y); math.Abs(got-maxInset) > 1e-9 || math.Abs(m.Inset-got) > 1e-9 {
			t.Fatalf("%s: dot inset %.3f (reported %.3f), best possible %.3f", name, got, m.Inset, maxInset)
		}
	}
}

// TestMarkColorRule draws colours for many mean colours and seeds: never the
// nearest or second-nearest palette colour, never within 40 ΔE.
func TestMarkColorRule(t *testing.T) {
	if len(Palette) < 10 {
		t.Fatalf("palette has %d colours, want ≥ 10", len(Palette))
	}
	rng := rand.New(rand.NewPCG(5, 5))
	chosen := map[string]int{}
	for k := 0; k < 300; k++ {
		mean := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		if k < len(Palette) {
			mean = Palette[k].Color // exactly a palette colour
		}
		f := syntheticFrame(40, 40, []string{"A|1"}, []color.RGBA{mean}, func(u, v int) uint16 { return 1 })
		marks, err := PlaceMarks(f, []string{"A|1"}, NewMarkRNG(uint64(k)), StyleDots)
		if err != nil {
			t.Fatal(err)
		}
		c := marks[0].Color
		chosen[c.Name]++
		ml := LabOf(mean)
		type pd struct {
			name string
			d    float64
		}
		var ds []pd
		for _, p := range Palette {
			ds = append(ds, pd{p.Name, DeltaE76(ml, LabOf(p.Color))})
		}
		// Two nearest by brute force.
		n1, n2 := -1, -1
		for i := range ds {
			if n1 < 0 || ds[i].d < ds[n1].d {
				n1, n2 = i, n1
			} else if n2 < 0 || ds[i].d < ds[n2].d {
				n2 = i
			}
		}
		if c.Name == ds[n1].name || c.Name == ds[n2].name {
			t.Fatalf("mean %v: chose %s, one of the two nearest (%s, %s)", mean, c.Name, ds[n1].name, ds[n2].name)
		}
		if d := DeltaE76(ml, LabOf(c.Color)); d < MinColorDeltaE {
			t.Fatalf("mean %v: chose %s at ΔE %.1f < %d", mean, c.Name, d, MinColorDeltaE)
		}
		if marks[0].Mean != mean {
			t.Fatalf("mean colour %v, want %v", marks[0].Mean, mean)
		}
	}
	if len(chosen) < 6 {
		t.Errorf("only %d distinct colours drawn over 300 questions: %v", len(chosen), chosen)
	}
	// The same seed gives the same colours.
	f := syntheticFrame(40, 40, []string{"A|1"}, []color.RGBA{{90, 90, 200, 255}}, func(u, v int) uint16 { return 1 })
	a, _ := PlaceMarks(f, []string{"A|1"}, NewMarkRNG(42), StyleDots)
	b, _ := PlaceMarks(f, []string{"A|1"}, NewMarkRNG(42), StyleDots)
	if a[0].Color != b[0].Color {
		t.Error("same seed drew different colours")
	}
}

// TestMarkSeparation places marks on adjacent thin strips whose best points
// are closer than the separation: marks must move apart and stay in their masks.
func TestMarkSeparation(t *testing.T) {
	names := []string{"S|1", "S|2", "S|3", "S|4"}
	cols := []color.RGBA{{200, 0, 0, 255}, {0, 200, 0, 255}, {0, 0, 200, 255}, {200, 200, 0, 255}}
	f := syntheticFrame(200, 200, names, cols, func(u, v int) uint16 {
		if u >= 60 && u < 140 && v >= 20 && v < 180 {
			return uint16((u-60)/20 + 1)
		}
		return 0
	})
	for _, style := range []MarkStyle{StyleDots, StyleBadges} {
		marks, err := PlaceMarks(f, names, NewMarkRNG(3), style)
		if err != nil {
			t.Fatal(err)
		}
		sep := MarkSeparation(marks[0].Radius)
		for i, a := range marks {
			if f.IDs[int(a.Y)*f.Width+int(a.X)] != a.Instance {
				t.Fatalf("%v: mark %s at (%g,%g) is off its mask", style, a.ID, a.X, a.Y)
			}
			for _, b := range marks[:i] {
				if d := math.Hypot(a.X-b.X, a.Y-b.Y); d < sep || d < a.Radius+b.Radius {
					t.Fatalf("%v: marks %s and %s only %.1f px apart (separation %.1f)", style, a.ID, b.ID, d, sep)
				}
			}
		}
		// The first mark is unconstrained: it takes its strip's best point.
		if marks[0].Inset < 9.9 {
			t.Fatalf("%v: first mark inset %.2f, want the strip's 10 px", style, marks[0].Inset)
		}
		img := DrawMarks(f.RGB, marks, style)
		if img.Bounds() != f.RGB.Bounds() {
			t.Fatal("DrawMarks changed the image size")
		}
		// Each centre pixel shows the mark's colour.
		for _, m := range marks {
			got := img.RGBAAt(int(m.X), int(m.Y))
			want := m.Color.Color
			if style == StyleDots && got != want {
				t.Fatalf("dot %s: centre pixel %v, want %v", m.ID, got, want)
			}
		}
	}
}

// TestMarkErrors covers unknown ids, invisible objects and impossible separation.
func TestMarkErrors(t *testing.T) {
	f := syntheticFrame(50, 50, []string{"A|1", "B|2"}, []color.RGBA{{1, 2, 3, 255}, {4, 5, 6, 255}}, func(u, v int) uint16 {
		if u < 3 && v < 3 {
			return 1
		}
		return 0
	})
	if _, err := PlaceMarks(f, []string{"Nope|1"}, NewMarkRNG(1), StyleDots); err == nil {
		t.Error("unknown id accepted")
	}
	if _, err := PlaceMarks(f, []string{"B|2"}, NewMarkRNG(1), StyleDots); err == nil {
		t.Error("invisible object accepted")
	}
	g := syntheticFrame(50, 50, []string{"A|1", "B|2"}, []color.RGBA{{1, 2, 3, 255}, {4, 5, 6, 255}}, func(u, v int) uint16 {
		if u < 8 && v < 4 {
			return 1
		}
		if u < 16 && v < 4 {
			return 2
		}
		return 0
	})
	g.Stats = nil
	if _, err := PlaceMarks(g, []string{"A|1", "B|2"}, NewMarkRNG(1), StyleBadges); err == nil {
		t.Error("two marks closer than the separation were accepted")
	}
}

// TestLab checks sRGB→CIELAB against known values.
func TestLab(t *testing.T) {
	for _, tc := range []struct {
		c       color.RGBA
		l, a, b float64
	}{
		{color.RGBA{255, 255, 255, 255}, 100, 0, 0},
		{color.RGBA{0, 0, 0, 255}, 0, 0, 0},
		{color.RGBA{255, 0, 0, 255}, 53.2408, 80.0925, 67.2032},
		{color.RGBA{0, 0, 255, 255}, 32.2970, 79.1875, -107.8602},
	} {
		got := LabOf(tc.c)
		if math.Abs(got.L-tc.l) > 0.01 || math.Abs(got.A-tc.a) > 0.01 || math.Abs(got.B-tc.b) > 0.01 {
			t.Errorf("Lab(%v) = %+v, want (%g, %g, %g)", tc.c, got, tc.l, tc.a, tc.b)
		}
	}
}
