package render

import (
	"fmt"
	"image"
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
	if len(Palette) < 9 {
		t.Fatalf("palette has %d colours, want ≥ 9", len(Palette))
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

// bruteCovered counts the pixels of instance id whose centre lies within r
// of (x, y), over the whole frame.
func bruteCovered(f *Frame, id uint16, x, y, r float64) int {
	n := 0
	for i, v := range f.IDs {
		u, w := float64(i%f.Width), float64(i/f.Width)
		if v == id && (u-x)*(u-x)+(w-y)*(w-y) <= r*r {
			n++
		}
	}
	return n
}

// colourBlob returns the centroid and pixel count of the largest
// 4-connected region of pixels of img that have exactly colour c (a dot's
// fill; the outlines of other dots may share a white or black fill colour,
// but only as thin rings).
func colourBlob(img *image.RGBA, c color.RGBA) (x, y float64, n int) {
	b := img.Bounds()
	seen := make([]bool, b.Dx()*b.Dy())
	for v0 := b.Min.Y; v0 < b.Max.Y; v0++ {
		for u0 := b.Min.X; u0 < b.Max.X; u0++ {
			if seen[(v0-b.Min.Y)*b.Dx()+u0-b.Min.X] || img.RGBAAt(u0, v0) != c {
				continue
			}
			var sx, sy float64
			k := 0
			stack := []image.Point{{u0, v0}}
			seen[(v0-b.Min.Y)*b.Dx()+u0-b.Min.X] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				sx, sy, k = sx+float64(p.X), sy+float64(p.Y), k+1
				for _, q := range []image.Point{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}} {
					if !q.In(b) || seen[(q.Y-b.Min.Y)*b.Dx()+q.X-b.Min.X] || img.RGBAAt(q.X, q.Y) != c {
						continue
					}
					seen[(q.Y-b.Min.Y)*b.Dx()+q.X-b.Min.X] = true
					stack = append(stack, q)
				}
			}
			if k > n {
				x, y, n = sx/float64(k), sy/float64(k), k
			}
		}
	}
	return x, y, n
}

// rectAt returns an id function painting instance ids over rectangles
// (later rectangles on top), background 0.
func rectAt(rects ...image.Rectangle) func(u, v int) uint16 {
	return func(u, v int) uint16 {
		id := uint16(0)
		for i, r := range rects {
			if image.Pt(u, v).In(r) {
				id = uint16(i + 1)
			}
		}
		return id
	}
}

// TestFollowMarksReadBack places dots on I0, moves them onto I1 (the mover
// A slides right, the landmark B stays, C is hidden behind a box in I1) and
// reads each dot back from the drawn I1 overlay by its colour: the blob lies
// on the object's I1 pixels at their most interior point, A's dot has moved
// with A, and C has no dot.
func TestFollowMarksReadBack(t *testing.T) {
	names := []string{"A|1", "B|2", "C|3", "Box|4"}
	cols := []color.RGBA{{120, 90, 60, 255}, {100, 110, 120, 255}, {90, 120, 90, 255}, {110, 100, 100, 255}}
	a0, a1 := image.Rect(20, 100, 70, 150), image.Rect(150, 110, 200, 160)
	b := image.Rect(90, 30, 140, 90)
	c := image.Rect(200, 20, 240, 60)
	box := image.Rect(190, 10, 250, 70) // drawn only in I1, over C
	f0 := syntheticFrame(256, 256, names, cols, rectAt(a0, b, c))
	f1 := syntheticFrame(256, 256, names, cols, rectAt(a1, b, c, box))
	ids := []string{"A|1", "B|2", "C|3"}
	for seed := uint64(0); seed < 20; seed++ {
		m0, err := PlaceMarks(f0, ids, NewMarkRNG(seed), StyleDots)
		if err != nil {
			t.Fatal(err)
		}
		m1 := FollowMarks(f1, m0, StyleDots, map[string]bool{"A|1": true})
		if len(m1) != 2 || m1[0].ID != "A|1" || m1[1].ID != "B|2" {
			t.Fatalf("seed %d: I1 marks %+v, want A and B only (C is hidden)", seed, m1)
		}
		over := DrawMarks(f1.RGB, m1, StyleDots)
		if over.RGBAAt(int(m0[2].X), int(m0[2].Y)) == m0[2].Color.Color {
			t.Errorf("seed %d: hidden C's %s dot drawn on I1", seed, m0[2].Color.Name)
		}
		for i, m := range m1 {
			if m.Color != m0[i].Color {
				t.Fatalf("seed %d: %s changed colour on I1", seed, m.ID)
			}
			x, y, n := colourBlob(over, m.Color.Color)
			if n < 20 {
				t.Fatalf("seed %d: %s dot not found on the I1 overlay (%d px)", seed, m.ID, n)
			}
			inst, _ := f1.Instance(m.ID)
			if f1.IDs[int(math.Round(y))*256+int(math.Round(x))] != inst {
				t.Errorf("seed %d: %s dot read back at (%.1f,%.1f), off its I1 pixels", seed, m.ID, x, y)
			}
			// The blob's centre is a most interior point of the I1 mask (within
			// the pixel rounding of the blob centroid).
			r := []image.Rectangle{a1, b}[i]
			best := float64(min(r.Dx(), r.Dy())+1) / 2
			if got := bruteInset(f1, inst, int(math.Round(x)), int(math.Round(y))); got < best-1 {
				t.Errorf("seed %d: %s dot read back at (%.1f,%.1f) with inset %.1f, the I1 mask's best is %.1f", seed, m.ID, x, y, got, best)
			}
		}
		if d := math.Hypot(m1[0].X-m0[0].X, m1[0].Y-m0[0].Y); d < 100 {
			t.Errorf("seed %d: the mover's dot moved only %.1f px with it", seed, d)
		}
		if m1[1].X != m0[1].X || m1[1].Y != m0[1].Y {
			t.Errorf("seed %d: the static landmark's dot moved", seed)
		}
	}
	// An object the frame's table does not hold gets no mark either.
	m0, _ := PlaceMarks(f0, ids, NewMarkRNG(1), StyleDots)
	g := syntheticFrame(256, 256, names[:2], cols[:2], rectAt(a1, b))
	if got := FollowMarks(g, m0, StyleDots, map[string]bool{"A|1": true}); len(got) != 2 || got[0].ID != "A|1" || got[1].ID != "B|2" {
		t.Errorf("marks on a frame without C: %+v", got)
	}
}

// TestMarkBorderInterior puts objects cut by each image edge: the dot sits
// at the most interior point counting the border as boundary, so the whole
// disc is drawn (its blob is as large as a dot's in the middle of the image).
func TestMarkBorderInterior(t *testing.T) {
	const w, h = 256, 256
	full := MarkRadius(StyleDots, w, h)
	mid := syntheticFrame(w, h, []string{"M|1"}, []color.RGBA{{100, 100, 100, 255}}, rectAt(image.Rect(100, 100, 130, 130)))
	mm, err := PlaceMarks(mid, []string{"M|1"}, NewMarkRNG(1), StyleDots)
	if err != nil {
		t.Fatal(err)
	}
	_, _, wholeDot := colourBlob(DrawMarks(mid.RGB, mm, StyleDots), mm[0].Color.Color)
	for name, r := range map[string]image.Rectangle{
		"left": image.Rect(-5, 60, 9, 200), "right": image.Rect(w-9, 60, w+5, 200),
		"top": image.Rect(60, -5, 200, 9), "bottom": image.Rect(60, h-9, 200, h+5),
		"corner": image.Rect(-20, -20, 16, 16),
	} {
		f := syntheticFrame(w, h, []string{"E|1"}, []color.RGBA{{100, 100, 100, 255}}, rectAt(r))
		vis := r.Intersect(image.Rect(0, 0, w, h))
		for seed := uint64(0); seed < 5; seed++ {
			m, err := PlaceMarks(f, []string{"E|1"}, NewMarkRNG(seed), StyleDots)
			if err != nil {
				t.Fatal(err)
			}
			d := m[0]
			// The inset of a 9-px strip at the border is 5 px (the border
			// pixel's neighbour outside counts), so the disc is not cut.
			if got := bruteInset(f, 1, int(d.X), int(d.Y)); math.Abs(got-d.Inset) > 1e-9 || d.Inset < 4.9 {
				t.Fatalf("%s: inset %.2f (brute %.2f), want the strip's 5 px", name, d.Inset, got)
			}
			if d.X-d.Radius < -0.5 || d.Y-d.Radius < -0.5 || d.X+d.Radius > w-0.5 || d.Y+d.Radius > h-0.5 {
				t.Fatalf("%s: dot at (%g,%g) radius %.2f crosses the image border", name, d.X, d.Y, d.Radius)
			}
			if !image.Pt(int(d.X), int(d.Y)).In(vis) || d.Radius != full {
				t.Fatalf("%s: dot (%g,%g) r %.2f, want inside %v at full radius %.2f", name, d.X, d.Y, d.Radius, vis, full)
			}
			if _, _, n := colourBlob(DrawMarks(f.RGB, m, StyleDots), d.Color.Color); n != wholeDot {
				t.Fatalf("%s: %d dot pixels drawn, a whole dot has %d", name, n, wholeDot)
			}
		}
	}
}

// TestMarkSizeRule sweeps squares and thin bars of every size: the mark's
// Fit is the largest radius whose disc stays inside the mask and covers at
// most a fifth of its pixels (counted by brute force), the mark fits exactly
// when that is at least MinMarkRadius, and then its drawn disc covers only
// the object's pixels. MarkFits agrees with PlaceMarks.
func TestMarkSizeRule(t *testing.T) {
	for _, size := range []int{128, 256, 800} {
		full, minR := MarkRadius(StyleDots, size, size), MinMarkRadius(StyleDots, size, size)
		if minR < 2.5 || minR > full {
			t.Fatalf("%d px: min radius %.2f outside [2.5, %.2f]", size, minR, full)
		}
		for side := 1; side <= 40; side++ {
			for _, r := range []image.Rectangle{image.Rect(10, 10, 10+side, 10+side), image.Rect(10, 10, 10+side, 10+4*side)} {
				f := syntheticFrame(size, size, []string{"S|1"}, []color.RGBA{{100, 100, 100, 255}}, rectAt(r))
				m, err := PlaceMarks(f, []string{"S|1"}, NewMarkRNG(uint64(side)), StyleDots)
				if err != nil {
					t.Fatal(err)
				}
				d := m[0]
				vis := r.Intersect(image.Rect(0, 0, size, size))
				area := vis.Dx() * vis.Dy()
				inset := bruteInset(f, 1, int(d.X), int(d.Y))
				if d.Area != area || math.Abs(inset-d.Inset) > 1e-9 {
					t.Fatalf("%d px %v: area %d inset %.3f, want %d %.3f", size, r, d.Area, d.Inset, area, inset)
				}
				// Fit is the largest radius (to coverMargin) whose disc stays
				// inside the mask and covers at most a fifth of it.
				if d.Fit > inset-0.5+1e-9 || d.Fit > full || d.Fit > 0 && 5*bruteCovered(f, 1, d.X, d.Y, d.Fit) > area {
					t.Fatalf("%d px %v: fit %.3f breaks the rule (inset %.2f, full %.2f, covers %d of %d)", size, r, d.Fit, inset, full, bruteCovered(f, 1, d.X, d.Y, d.Fit), area)
				}
				if up := d.Fit + coverMargin + 0.01; up <= inset-0.5 && up <= full && 5*bruteCovered(f, 1, d.X, d.Y, up) <= area {
					t.Fatalf("%d px %v: fit %.3f, but %.3f also fits", size, r, d.Fit, up)
				}
				if d.Fits != (d.Fit >= minR) || MarkFits(f, "S|1", StyleDots) != d.Fits {
					t.Fatalf("%d px %v: Fits %v MarkFits %v, fit radius %.2f min %.2f", size, r, d.Fits, MarkFits(f, "S|1", StyleDots), d.Fit, minR)
				}
				if d.Radius != math.Max(0, d.Fit) {
					t.Fatalf("%d px %v: radius %.2f, want its fit %.2f", size, r, d.Radius, d.Fit)
				}
				if d.Fits && area < MinMarkArea(StyleDots, size, size) {
					t.Fatalf("%d px %v: area %d fits, under MinMarkArea %d", size, r, area, MinMarkArea(StyleDots, size, size))
				}
				if !d.Fits {
					continue
				}
				if c := MarkCover(f, d); c > MaxMarkCover {
					t.Fatalf("%d px %v: the dot covers %.3f of its object", size, r, c)
				}
				// Every pixel the drawing changed belongs to the object.
				over := DrawMarks(f.RGB, m, StyleDots)
				for v := 0; v < size; v++ {
					for u := 0; u < size; u++ {
						if over.RGBAAt(u, v) != f.RGB.RGBAAt(u, v) && f.IDs[v*size+u] != 1 {
							t.Fatalf("%d px %v: the dot (r %.2f at %g,%g) spills onto pixel (%d,%d)", size, r, d.Radius, d.X, d.Y, u, v)
						}
					}
				}
			}
		}
	}
	if MarkFits(syntheticFrame(8, 8, []string{"S|1"}, []color.RGBA{{1, 2, 3, 255}}, rectAt()), "S|1", StyleDots) {
		t.Error("an invisible object fits a mark")
	}
}

// benchMarkFrames returns 800×800 before/after frames with six objects
// (the first moved) and their ids, for the mark benchmarks.
func benchMarkFrames() (f0, f1 *Frame, ids []string) {
	var rects0, rects1 []image.Rectangle
	cols := make([]color.RGBA, 6)
	for i := 0; i < 6; i++ {
		r := image.Rect(40+120*i, 300, 100+120*i, 420+10*i)
		rects0 = append(rects0, r)
		if i == 0 {
			r = r.Add(image.Pt(30, 200))
		}
		rects1 = append(rects1, r)
		ids = append(ids, fmt.Sprintf("O|%d", i))
		cols[i] = color.RGBA{uint8(60 + 20*i), 100, 120, 255}
	}
	return syntheticFrame(800, 800, ids, cols, rectAt(rects0...)), syntheticFrame(800, 800, ids, cols, rectAt(rects1...)), ids
}

// BenchmarkPlaceMarks places six dots on an 800×800 I0.
func BenchmarkPlaceMarks(b *testing.B) {
	f0, _, ids := benchMarkFrames()
	for b.Loop() {
		if _, err := PlaceMarks(f0, ids, NewMarkRNG(1), StyleDots); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFollowMarks moves six dots onto an 800×800 I1 (the annotator's
// extra work per example).
func BenchmarkFollowMarks(b *testing.B) {
	f0, f1, ids := benchMarkFrames()
	m0, err := PlaceMarks(f0, ids, NewMarkRNG(1), StyleDots)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if len(FollowMarks(f1, m0, StyleDots, map[string]bool{ids[0]: true})) != len(ids) {
			b.Fatal("marks lost")
		}
	}
}
