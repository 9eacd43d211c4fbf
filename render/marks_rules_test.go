package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// The rules of issue 36 for dots: colours of one question apart, no dot
// hiding more than a fifth of its object, dots of objects that stay put
// staying put on I1.

// TestPalettePairsApart: every two palette colours differ by at least
// MinDotPairDeltaE2000, each retired colour lies under it from some palette
// colour (why it was dropped), and ColorByName finds both kinds.
func TestPalettePairsApart(t *testing.T) {
	minPair := math.Inf(1)
	for i, a := range Palette {
		for _, b := range Palette[i+1:] {
			d := DeltaE2000(LabOf(a.Color), LabOf(b.Color))
			minPair = math.Min(minPair, d)
			if d < MinDotPairDeltaE2000 {
				t.Errorf("palette %s and %s: ΔE00 %.1f < %d", a.Name, b.Name, d, MinDotPairDeltaE2000)
			}
		}
	}
	t.Logf("closest palette pair: ΔE00 %.1f", minPair)
	for _, r := range RetiredColors {
		near := math.Inf(1)
		for _, p := range Palette {
			near = math.Min(near, DeltaE2000(LabOf(r.Color), LabOf(p.Color)))
		}
		if near >= MinDotPairDeltaE2000 {
			t.Errorf("retired %s is %.1f from the palette: it could come back", r.Name, near)
		}
	}
	for _, c := range append(append([]NamedColor(nil), Palette...), RetiredColors...) {
		if got, ok := ColorByName(c.Name); !ok || got != c {
			t.Errorf("ColorByName(%q) = %v, %v", c.Name, got, ok)
		}
	}
	if _, ok := ColorByName("mauve"); ok {
		t.Error("ColorByName found an unknown colour")
	}
}

// stripFrame returns a frame of n vertical 24-px strips, strip k painted
// in cols[k].
func stripFrame(cols []color.RGBA) (*Frame, []string) {
	var names []string
	for k := range cols {
		names = append(names, fmt.Sprintf("S|%d", k+1))
	}
	f := syntheticFrame(24*len(cols), 60, names, cols, func(u, v int) uint16 { return uint16(u/24 + 1) })
	return f, names
}

// distinctRepresentatives reports whether the lists have a system of
// distinct representatives (Kuhn's augmenting paths): with every palette
// pair apart, exactly when the dots can be coloured.
func distinctRepresentatives(lists [][]NamedColor) bool {
	owner := map[string]int{}
	var try func(k int, seen map[string]bool) bool
	try = func(k int, seen map[string]bool) bool {
		for _, c := range lists[k] {
			if seen[c.Name] {
				continue
			}
			seen[c.Name] = true
			o, taken := owner[c.Name]
			if !taken || try(o, seen) {
				owner[c.Name] = k
				return true
			}
		}
		return false
	}
	for k := range lists {
		if !try(k, map[string]bool{}) {
			return false
		}
	}
	return true
}

// TestDotColoursApart places up to eight dots on objects of random colours
// (often alike, which narrows their allowed colours alike): every placement
// that succeeds has all colour pairs at least MinDotPairDeltaE2000 apart,
// each colour allowed for its object; a placement fails only when no
// colouring exists (cross-checked by bipartite matching); and seven dots,
// the most a question mentions, are coloured whenever they can be.
func TestDotColoursApart(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 4))
	var ok, failed, sevens int
	for trial := 0; trial < 600; trial++ {
		n := 1 + trial%8
		base := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		cols := make([]color.RGBA, n)
		for k := range cols {
			cols[k] = base
			if rng.IntN(2) == 0 {
				cols[k] = color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			}
		}
		f, names := stripFrame(cols)
		marks, err := PlaceMarks(f, names, NewMarkRNG(uint64(trial)), StyleDots)
		var lists [][]NamedColor
		for _, c := range cols {
			lists = append(lists, AllowedColors(c))
		}
		if err != nil {
			if distinctRepresentatives(lists) {
				t.Fatalf("trial %d: %d dots failed (%v) though a colouring exists", trial, n, err)
			}
			failed++
			continue
		}
		ok++
		if n == 7 {
			sevens++
		}
		for i, a := range marks {
			allowed := false
			for _, c := range lists[i] {
				allowed = allowed || c == a.Color
			}
			if !allowed {
				t.Fatalf("trial %d: %s got %s, not allowed on mean %v", trial, a.ID, a.Color.Name, cols[i])
			}
			for _, b := range marks[:i] {
				if d := DeltaE2000(LabOf(a.Color.Color), LabOf(b.Color.Color)); d < MinDotPairDeltaE2000 {
					t.Fatalf("trial %d: %s and %s dots %.1f apart", trial, a.Color.Name, b.Color.Name, d)
				}
			}
		}
		again, _ := PlaceMarks(f, names, NewMarkRNG(uint64(trial)), StyleDots)
		for i := range again {
			if again[i].Color != marks[i].Color {
				t.Fatalf("trial %d: the same seed coloured %s differently", trial, marks[i].ID)
			}
		}
	}
	t.Logf("%d placements coloured, %d without a colouring (%d of 75 seven-dot ones coloured)", ok, failed, sevens)
	if sevens < 50 {
		t.Errorf("only %d of 75 seven-dot placements coloured", sevens)
	}
}

// blobFrame draws n random ellipses (later ones on top) in a w×h frame;
// objects may be partly or wholly hidden by later ones.
func blobFrame(rng *rand.Rand, w, h, n int, shift [2]int) *Frame {
	type ell struct{ cx, cy, rx, ry float64 }
	var es []ell
	var names []string
	var cols []color.RGBA
	for k := 0; k < n; k++ {
		es = append(es, ell{rng.Float64() * float64(w), rng.Float64() * float64(h), 2 + rng.Float64()*30, 2 + rng.Float64()*30})
		names = append(names, fmt.Sprintf("O|%d", k+1))
		cols = append(cols, color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255})
	}
	es[0].cx += float64(shift[0])
	es[0].cy += float64(shift[1])
	return syntheticFrame(w, h, names, cols, func(u, v int) uint16 {
		id := uint16(0)
		for k, e := range es {
			dx, dy := (float64(u)-e.cx)/e.rx, (float64(v)-e.cy)/e.ry
			if dx*dx+dy*dy <= 1 {
				id = uint16(k + 1)
			}
		}
		return id
	})
}

// checkCover fails when a mark covers more than a fifth of its object's
// visible pixels in f (brute-force count) or its disc leaves the object.
func checkCover(t *testing.T, what string, f *Frame, m Mark) {
	t.Helper()
	inst, _ := f.Instance(m.ID)
	area := bruteCovered(f, inst, m.X, m.Y, math.Inf(1))
	if c := bruteCovered(f, inst, m.X, m.Y, m.Radius); 5*c > area {
		t.Fatalf("%s: %s (r %.2f at %g,%g) covers %d of %d pixels", what, m.ID, m.Radius, m.X, m.Y, c, area)
	}
	if in := bruteInset(f, inst, int(m.X), int(m.Y)); m.Radius > in-0.5+1e-9 {
		t.Fatalf("%s: %s disc r %.2f leaves its mask (inset %.2f)", what, m.ID, m.Radius, in)
	}
}

// TestMarkCoverProperty places marks on random ellipse scenes at three
// sizes and follows them onto an after frame where object 1 moved and a
// new ellipse may hide others: on I0 every mark that fits, and on I1 every
// mark, covers at most a fifth of its object and stays on it; I1 radii are
// at least MinFollowRadius; a static object's mark whose I0 pixel still
// carries it does not move.
func TestMarkCoverProperty(t *testing.T) {
	placed, followed, stayed := 0, 0, 0
	for seed := uint64(0); seed < 150; seed++ {
		size := []int{128, 256, 512}[seed%3]
		rng := rand.New(rand.NewPCG(seed, 77))
		n := 2 + rng.IntN(5)
		shift := [2]int{rng.IntN(61) - 30, rng.IntN(61) - 30}
		f0 := blobFrame(rand.New(rand.NewPCG(seed, 1)), size, size, n, [2]int{})
		f1 := blobFrame(rand.New(rand.NewPCG(seed, 1)), size, size, n, shift)
		var ids []string
		for _, id := range f0.IDTable[1:] {
			if MarkFits(f0, id, StyleDots) {
				ids = append(ids, id)
			}
		}
		m0, err := PlaceMarks(f0, ids, NewMarkRNG(seed), StyleDots)
		if err != nil {
			continue // too close together, or no colouring: the planner skips these
		}
		for _, m := range m0 {
			checkCover(t, fmt.Sprintf("seed %d I0", seed), f0, m)
			placed++
		}
		m0 = FitMarks(f0, m0, StyleDots)
		moved := map[string]bool{"O|1": true}
		m1 := FollowMarks(f1, m0, StyleDots, moved)
		floor := MinFollowRadius(StyleDots, size, size)
		for _, m := range m1 {
			checkCover(t, fmt.Sprintf("seed %d I1", seed), f1, m)
			if m.Radius < math.Min(floor, 1.5) {
				t.Fatalf("seed %d: %s I1 radius %.2f under %.2f", seed, m.ID, m.Radius, floor)
			}
			followed++
			for _, p := range m0 {
				if p.ID != m.ID || moved[m.ID] {
					continue
				}
				inst, _ := f1.Instance(m.ID)
				x, y := int(p.X), int(p.Y)
				need := math.Min(p.Radius, MinMarkRadius(StyleDots, size, size))
				carries := f1.IDs[y*size+x] == inst && bruteInset(f1, inst, x, y)-0.5 >= need &&
					5*bruteCovered(f1, inst, p.X, p.Y, need) <= bruteCovered(f1, inst, p.X, p.Y, math.Inf(1))
				if carries {
					stayed++
					if m.X != p.X || m.Y != p.Y {
						t.Fatalf("seed %d: static %s dot moved from (%g,%g) to (%g,%g) though its pixel still carries it", seed, m.ID, p.X, p.Y, m.X, m.Y)
					}
				}
			}
		}
	}
	t.Logf("%d I0 marks, %d I1 marks, %d of them static and kept in place", placed, followed, stayed)
	if placed < 100 || stayed < 50 {
		t.Errorf("too few cases: %d I0 marks, %d kept", placed, stayed)
	}
}

// TestFollowMarksStayPut: a landmark B that does not move keeps its dot
// where it was on I1 when a box hides part of B away from the dot; when the
// box hides the dot's pixel, the dot goes to the nearest pixel of B that
// carries a dot of the same radius (checked against every pixel of B); the
// mover A's dot follows A to its most interior point.
func TestFollowMarksStayPut(t *testing.T) {
	names := []string{"A|1", "B|2", "Box|3"}
	cols := []color.RGBA{{120, 90, 60, 255}, {100, 110, 120, 255}, {110, 100, 100, 255}}
	a0, a1 := image.Rect(20, 160, 70, 210), image.Rect(150, 170, 200, 220)
	b := image.Rect(60, 30, 160, 90)
	f0 := syntheticFrame(256, 256, names, cols, rectAt(a0, b))
	m0, err := PlaceMarks(f0, []string{"A|1", "B|2"}, NewMarkRNG(3), StyleDots)
	if err != nil {
		t.Fatal(err)
	}
	bx, by := int(m0[1].X), int(m0[1].Y)
	moved := map[string]bool{"A|1": true}
	for name, box := range map[string]image.Rectangle{
		"box beside the dot": image.Rect(bx+15, by-40, bx+60, by+40),
		"box over the dot":   image.Rect(bx-12, by-40, bx+6, by+40),
		"box over the left":  image.Rect(40, 20, bx+3, 100),
	} {
		f1 := syntheticFrame(256, 256, names, cols, rectAt(a1, b, box))
		m1 := FollowMarks(f1, m0, StyleDots, moved)
		if len(m1) != 2 {
			t.Fatalf("%s: %d marks on I1", name, len(m1))
		}
		a, d := m1[0], m1[1]
		if !image.Pt(int(a.X), int(a.Y)).In(a1) || a.Inset < 24.9 {
			t.Errorf("%s: mover's dot at (%g,%g) inset %.1f, want A's I1 centre", name, a.X, a.Y, a.Inset)
		}
		if d.Radius != m0[1].Radius {
			t.Errorf("%s: B's radius %.2f, was %.2f", name, d.Radius, m0[1].Radius)
		}
		if !image.Pt(bx, by).In(box) {
			if d.X != m0[1].X || d.Y != m0[1].Y {
				t.Errorf("%s: B's dot moved from (%d,%d) to (%g,%g)", name, bx, by, d.X, d.Y)
			}
			continue
		}
		// The nearest pixel of B that carries B's dot, by brute force.
		need, bi := m0[1].Radius, uint16(2)
		area := bruteCovered(f1, bi, 0, 0, math.Inf(1))
		best := math.Inf(1)
		for v := by - 20; v <= by+20; v++ {
			for u := bx - 20; u <= bx+20; u++ {
				if f1.IDs[v*256+u] == bi && bruteInset(f1, bi, u, v)-0.5 >= need && 5*bruteCovered(f1, bi, float64(u), float64(v), need) <= area {
					best = math.Min(best, math.Hypot(float64(u-bx), float64(v-by)))
				}
			}
		}
		if got := math.Hypot(d.X-float64(bx), d.Y-float64(by)); got != best {
			t.Errorf("%s: B's dot moved %.2f px to (%g,%g), the nearest pixel carrying it is %.2f px away", name, got, d.X, d.Y, best)
		}
		checkCover(t, name, f1, d)
	}
}

// TestCarriesDot cross-checks CarriesDot, a brute-force test of one pixel,
// against the placement's distance-transform fit on random ellipse scenes:
// a pixel carries a dot of radius r exactly when the fit there reaches r.
func TestCarriesDot(t *testing.T) {
	yes, no := 0, 0
	for seed := uint64(0); seed < 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		f := blobFrame(rng, 96, 96, 4, [2]int{})
		insts := []uint16{1, 2, 3, 4}
		for k, mf := range maskFields(f, insts) {
			if mf == nil {
				continue
			}
			for trial := 0; trial < 40; trial++ {
				x, y, r := rng.IntN(96), rng.IntN(96), 0.5+rng.Float64()*6
				want := mf.at(x, y) && mf.fit(x, y, mf.inset(x, y), r) >= r
				if got := CarriesDot(f, insts[k], x, y, r); got != want {
					t.Fatalf("seed %d inst %d (%d,%d) r %.2f: CarriesDot %v, fit says %v", seed, insts[k], x, y, r, got, want)
				}
				if want {
					yes++
				} else {
					no++
				}
			}
		}
	}
	if yes < 20 || no < 20 {
		t.Errorf("too few cases: %d carry, %d do not", yes, no)
	}
}
