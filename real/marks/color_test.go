package marks

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"flowbench/real"
)

// TestLabKnownValues checks the sRGB → CIELAB (D65) conversion against
// published values (Lindbloom's calculator, sRGB, D65, 2°).
func TestLabKnownValues(t *testing.T) {
	cases := []struct {
		r, g, b uint8
		want    Lab
	}{
		{255, 0, 0, Lab{L: 53.24, A: 80.09, B: 67.20}},
		{0, 255, 0, Lab{L: 87.73, A: -86.18, B: 83.18}},
		{0, 0, 255, Lab{L: 32.30, A: 79.19, B: -107.86}},
		{255, 255, 0, Lab{L: 97.14, A: -21.55, B: 94.48}},
		{0, 255, 255, Lab{L: 91.11, A: -48.09, B: -14.13}},
		{255, 0, 255, Lab{L: 60.32, A: 98.23, B: -60.82}},
		{255, 255, 255, Lab{L: 100, A: 0, B: 0}},
		{0, 0, 0, Lab{L: 0, A: 0, B: 0}},
		{128, 128, 128, Lab{L: 53.59, A: 0, B: 0}},
		{1, 1, 1, Lab{L: 0.27, A: 0, B: 0}}, // linear segment of both curves
	}
	for _, c := range cases {
		got := LabOfRGB(c.r, c.g, c.b)
		if math.Abs(got.L-c.want.L) > 0.02 || math.Abs(got.A-c.want.A) > 0.02 || math.Abs(got.B-c.want.B) > 0.02 {
			t.Errorf("LabOfRGB(%d,%d,%d) = %.3f, want %.2f", c.r, c.g, c.b, got, c.want)
		}
	}
	if d := DeltaE76(Lab{L: 50, A: 3, B: 4}, Lab{L: 50, A: 0, B: 0}); d != 5 {
		t.Errorf("DeltaE76 = %v, want 5", d)
	}
}

// refLab converts sRGB to CIELAB straight from the formulas (no lookup
// table), as an independent check in the property tests.
func refLab(r, g, b uint8) Lab {
	lin := func(v uint8) float64 {
		c := float64(v) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	R, G, B := lin(r), lin(g), lin(b)
	X := (0.4124564*R + 0.3575761*G + 0.1804375*B) / 0.95047
	Y := 0.2126729*R + 0.7151522*G + 0.0721750*B
	Z := (0.0193339*R + 0.1191920*G + 0.9503041*B) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Pow(t, 1.0/3)
		}
		return (24389.0/27*t + 16) / 116
	}
	return Lab{L: 116*f(Y) - 16, A: 500 * (f(X) - f(Y)), B: 200 * (f(Y) - f(Z))}
}

func TestPalette(t *testing.T) {
	p := Palette()
	if len(p) < 10 || len(p) > 12 {
		t.Fatalf("palette has %d colours, want 10-12", len(p))
	}
	names := map[string]bool{}
	for i, c := range p {
		if c.Name == "" || strings.ContainsAny(c.Name, " \t") || c.Name != strings.ToLower(c.Name) {
			t.Errorf("colour %d: name %q is not one plain lower-case word", i, c.Name)
		}
		if names[c.Name] {
			t.Errorf("duplicate name %q", c.Name)
		}
		names[c.Name] = true
		if c.RGB.A != 255 {
			t.Errorf("%s is not opaque", c.Name)
		}
		if got, ok := ColorByName(c.Name); !ok || got != c {
			t.Errorf("ColorByName(%q) = %v, %v", c.Name, got, ok)
		}
		// Every two colours are farther apart than a dot may be from its
		// object, so dots are told apart as well as from what they sit on.
		for _, d := range p[i+1:] {
			if de := DeltaE76(refLab(c.RGB.R, c.RGB.G, c.RGB.B), refLab(d.RGB.R, d.RGB.G, d.RGB.B)); de < real.DotMinDeltaE {
				t.Errorf("%s and %s only %.1f apart", c.Name, d.Name, de)
			}
		}
	}
	p[0].Name = "changed"
	if Palette()[0].Name == "changed" {
		t.Error("Palette returns the package's own slice")
	}
}

// forbidden returns, independently of the package, the palette colours a
// dot may not take on an object of mean colour m: the nearest and second
// nearest (ΔE*76, ties to the earlier entry) and all within DotMinDeltaE.
func forbidden(m Lab) map[string]bool {
	p := Palette()
	idx := make([]int, len(p))
	d := make([]float64, len(p))
	for i, c := range p {
		idx[i], d[i] = i, DeltaE76(m, refLab(c.RGB.R, c.RGB.G, c.RGB.B))
	}
	sort.SliceStable(idx, func(a, b int) bool { return d[idx[a]] < d[idx[b]] })
	out := map[string]bool{p[idx[0]].Name: true, p[idx[1]].Name: true}
	for i, c := range p {
		if d[i] < real.DotMinDeltaE {
			out[c.Name] = true
		}
	}
	return out
}

// objectsImage draws n objects, object k a noisy patch around base[k] in a
// 32-pixel-wide strip of its own, on a mid-grey background, and returns
// the image, the masks and each object's mean CIELAB computed with refLab.
func objectsImage(rng *rand.Rand, base []color.NRGBA, noise int) (*image.NRGBA, [][]int32, []Lab) {
	const w, rows = 32, 12
	img := image.NewNRGBA(image.Rect(0, 0, w, rows*len(base)+4))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	masks := make([][]int32, len(base))
	means := make([]Lab, len(base))
	jit := func(v uint8) uint8 {
		if noise == 0 {
			return v
		}
		return uint8(max(0, min(255, int(v)+rng.IntN(2*noise+1)-noise)))
	}
	for k, c := range base {
		var sum Lab
		for y := k*rows + 2; y < (k+1)*rows; y++ {
			for x := 3 + rng.IntN(4); x < w-3; x++ {
				r, g, b := jit(c.R), jit(c.G), jit(c.B)
				img.SetNRGBA(x, y, color.NRGBA{r, g, b, 255})
				masks[k] = append(masks[k], int32(y*w+x))
				l := refLab(r, g, b)
				sum.L, sum.A, sum.B = sum.L+l.L, sum.A+l.A, sum.B+l.B
			}
		}
		n := float64(len(masks[k]))
		means[k] = Lab{L: sum.L / n, A: sum.A / n, B: sum.B / n}
	}
	return img, masks, means
}

// hasDistinct reports by exhaustive search whether the objects can take
// distinct colours none of which is forbidden for them.
func hasDistinct(forb []map[string]bool, k int, used map[string]bool) bool {
	if k == len(forb) {
		return true
	}
	for _, c := range Palette() {
		if !forb[k][c.Name] && !used[c.Name] {
			used[c.Name] = true
			ok := hasDistinct(forb, k+1, used)
			delete(used, c.Name)
			if ok {
				return true
			}
		}
	}
	return false
}

// TestChooseColorsProperty draws many random scenes and seeds and checks,
// independently of the package's own rule code, that no dot takes its
// object's nearest or second-nearest palette colour or one within
// DotMinDeltaE of it, that the colours are distinct, and that a failure
// happens only when no valid assignment exists.
func TestChooseColorsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	fails := 0
	const trials = 1500
	for trial := range trials {
		n := 1 + rng.IntN(7)
		base := make([]color.NRGBA, n)
		for k := range base {
			switch rng.IntN(3) {
			case 0: // exactly a palette colour: its nearest is itself
				base[k] = palette[rng.IntN(len(palette))].RGB
			case 1: // the same colour as another object
				if k > 0 {
					base[k] = base[rng.IntN(k)]
					break
				}
				fallthrough
			default:
				base[k] = color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			}
		}
		img, masks, means := objectsImage(rng, base, rng.IntN(40))
		forb := make([]map[string]bool, n)
		for k := range forb {
			forb[k] = forbidden(means[k])
		}
		got, err := ChooseColors(img, masks, newRNG(uint64(trial)))
		if err != nil {
			fails++
			if hasDistinct(forb, 0, map[string]bool{}) {
				t.Fatalf("trial %d: %v, but a valid assignment exists", trial, err)
			}
			continue
		}
		if len(got) != n {
			t.Fatalf("trial %d: %d colours for %d objects", trial, len(got), n)
		}
		seen := map[string]bool{}
		for k, c := range got {
			if forb[k][c.Name] {
				t.Fatalf("trial %d: object %d (mean %.1f) got forbidden %s (forbidden %v)", trial, k, means[k], c.Name, forb[k])
			}
			if d := DeltaE76(means[k], refLab(c.RGB.R, c.RGB.G, c.RGB.B)); d < real.DotMinDeltaE {
				t.Fatalf("trial %d: object %d: %s only %.1f from its mean", trial, k, c.Name, d)
			}
			if seen[c.Name] {
				t.Fatalf("trial %d: %s used twice in %v", trial, c.Name, got)
			}
			if pc, ok := ColorByName(c.Name); !ok || pc != c {
				t.Fatalf("trial %d: %v is not a palette colour", trial, c)
			}
			seen[c.Name] = true
		}
	}
	if fails > trials/50 {
		t.Errorf("%d of %d random scenes failed", fails, trials)
	}
}

// TestSecondNearestExcluded: an object exactly blue must not get blue
// (nearest, ΔE 0) nor the second-nearest colour, even though that one lies
// beyond DotMinDeltaE.
func TestSecondNearestExcluded(t *testing.T) {
	blue, _ := ColorByName("blue")
	m := LabOf(blue.RGB)
	type nd struct {
		name string
		d    float64
	}
	var ds []nd
	for _, c := range Palette() {
		ds = append(ds, nd{c.Name, DeltaE76(m, LabOf(c.RGB))})
	}
	sort.Slice(ds, func(a, b int) bool { return ds[a].d < ds[b].d })
	second := ds[1]
	if second.d < real.DotMinDeltaE {
		t.Fatalf("test premise: second nearest %s at %.1f is within DotMinDeltaE anyway", second.name, second.d)
	}
	for _, c := range Allowed(m) {
		if c.Name == "blue" || c.Name == second.name {
			t.Errorf("Allowed(blue) contains %s", c.Name)
		}
	}
	if len(Allowed(m)) != len(Palette())-2 {
		t.Errorf("Allowed(blue) = %d colours, want all but two", len(Allowed(m)))
	}
	img, masks, _ := objectsImage(rand.New(rand.NewPCG(0, 0)), []color.NRGBA{blue.RGB}, 0)
	for seed := range uint64(200) {
		got, err := ChooseColors(img, masks, newRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		if got[0].Name == "blue" || got[0].Name == second.name {
			t.Fatalf("seed %d: blue object got %s", seed, got[0].Name)
		}
	}
}

// TestChooseColorsRandom: the draw is a function of rng, varies across
// seeds, and reaches every allowed colour.
func TestChooseColorsRandom(t *testing.T) {
	base := []color.NRGBA{{200, 40, 40, 255}, {40, 150, 60, 255}, {240, 230, 210, 255}}
	img, masks, means := objectsImage(rand.New(rand.NewPCG(5, 5)), base, 10)
	a, err := ChooseColors(img, masks, newRNG(7))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ChooseColors(img, masks, newRNG(7))
	if a[0] != b[0] || a[1] != b[1] || a[2] != b[2] {
		t.Errorf("same seed gave %v and %v", a, b)
	}
	hits := map[string]int{}
	for seed := range uint64(2000) {
		got, err := ChooseColors(img, masks, newRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		hits[got[0].Name]++
	}
	allowed := len(Palette()) - len(forbidden(means[0]))
	if len(hits) != allowed {
		t.Errorf("object 0 took %d distinct colours over 2000 seeds, want all %d allowed: %v", len(hits), allowed, hits)
	}
	for name, n := range hits {
		// Uniform over the allowed colours: 2000/allowed each.
		if want := 2000 / allowed; n < want/2 || n > want*2 {
			t.Errorf("object 0 took %s %d times, want about %d", name, n, want)
		}
	}
}

func TestChooseColorsErrors(t *testing.T) {
	rng := newRNG(1)
	// Eleven objects of one colour: each forbids at least two colours, so
	// at most ten remain for eleven objects.
	same := make([]color.NRGBA, 11)
	for i := range same {
		same[i] = color.NRGBA{120, 120, 120, 255}
	}
	img, masks, _ := objectsImage(rand.New(rand.NewPCG(1, 1)), same, 0)
	if _, err := ChooseColors(img, masks, rng); err == nil || !strings.Contains(err.Error(), "distinct") {
		t.Errorf("11 same-coloured objects: err = %v, want a distinct-colours error", err)
	}
	// More objects than colours.
	many := make([][]int32, len(Palette())+1)
	for i := range many {
		many[i] = []int32{int32(i)}
	}
	if _, err := ChooseColors(img, many, rng); err == nil {
		t.Error("more objects than colours: no error")
	}
	if _, err := ChooseColors(img, [][]int32{{0}, {}}, rng); err == nil || !strings.Contains(err.Error(), "object 1: empty mask") {
		t.Errorf("empty mask: err = %v", err)
	}
	n := int32(img.Rect.Dx() * img.Rect.Dy())
	for _, p := range []int32{-1, n} {
		if _, err := ChooseColors(img, [][]int32{{p}}, rng); err == nil || !strings.Contains(err.Error(), "outside") {
			t.Errorf("index %d: err = %v", p, err)
		}
	}
	if got, err := ChooseColors(img, nil, rng); err != nil || len(got) != 0 {
		t.Errorf("no objects: %v, %v", got, err)
	}
	// No qualifying colour at all: over a three-colour palette, the two
	// nearest are always out and the third is within DotMinDeltaE here.
	small := []Color{{"a", color.NRGBA{100, 100, 100, 255}}, {"b", color.NRGBA{110, 100, 100, 255}}, {"c", color.NRGBA{100, 110, 100, 255}}}
	labs := []Lab{LabOf(small[0].RGB), LabOf(small[1].RGB), LabOf(small[2].RGB)}
	if _, err := choose([]Lab{labs[0]}, small, labs, rng); err == nil || !strings.Contains(err.Error(), "no palette colour qualifies") {
		t.Errorf("no qualifying colour: err = %v", err)
	}
	// Two objects that both allow only colour c: not distinct.
	far := Lab{L: 0, A: 0, B: 0}
	labs2 := []Lab{{L: 100, A: 0, B: 0}, {L: 95, A: 0, B: 0}, {L: 10, A: 0, B: 0}, {L: 90, A: 0, B: 0}}
	pal2 := []Color{{Name: "w1"}, {Name: "w2"}, {Name: "k"}, {Name: "w3"}}
	if _, err := choose([]Lab{{L: 100, A: 0, B: 0}, {L: 100, A: 0, B: 0}}, pal2, labs2, rng); err == nil {
		t.Error("two objects with one allowed colour: no error")
	}
	if got, err := choose([]Lab{{L: 100, A: 0, B: 0}, far}, pal2, labs2, rng); err != nil || got[0].Name != "k" || got[1].Name == "k" {
		t.Errorf("matching: got %v, %v; want k for the white object and another for the black", got, err)
	}
}

// TestMeanLab: the mean is taken in CIELAB per pixel (half black, half
// white gives L* 50, not the 53.6 of sRGB grey 128), and all decoder image
// types give the same mean.
func TestMeanLab(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 1))
	copy(img.Pix, []uint8{0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255})
	m, err := MeanLab(img, []int32{0, 1, 2, 3})
	if err != nil || math.Abs(m.L-50) > 1e-4 || math.Abs(m.A) > 1e-4 || math.Abs(m.B) > 1e-4 {
		t.Errorf("MeanLab(black, white) = %v, %v; want (50, 0, 0)", m, err)
	}
	src, masks, _ := objectsImage(rand.New(rand.NewPCG(2, 2)), []color.NRGBA{{200, 100, 50, 255}}, 20)
	want, _ := MeanLab(src, masks[0])
	rgba := image.NewRGBA(src.Rect)
	copy(rgba.Pix, src.Pix)
	generic := struct{ image.Image }{src}
	for name, im := range map[string]image.Image{"RGBA": rgba, "generic": generic} {
		if got, err := MeanLab(im, masks[0]); err != nil || DeltaE76(got, want) > 1e-9 {
			t.Errorf("%s: %v, %v; want %v", name, got, err, want)
		}
	}
	// YCbCr: compare with the same image converted by the standard library.
	ycc := image.NewYCbCr(src.Rect, image.YCbCrSubsampleRatio444)
	for y := 0; y < src.Rect.Dy(); y++ {
		for x := 0; x < src.Rect.Dx(); x++ {
			c := src.NRGBAAt(x, y)
			ycc.Y[ycc.YOffset(x, y)], ycc.Cb[ycc.COffset(x, y)], ycc.Cr[ycc.COffset(x, y)] = color.RGBToYCbCr(c.R, c.G, c.B)
		}
	}
	conv := image.NewNRGBA(src.Rect)
	for y := 0; y < src.Rect.Dy(); y++ {
		for x := 0; x < src.Rect.Dx(); x++ {
			conv.Set(x, y, ycc.At(x, y))
		}
	}
	a, _ := MeanLab(ycc, masks[0])
	b, _ := MeanLab(conv, masks[0])
	if DeltaE76(a, b) > 1e-9 {
		t.Errorf("YCbCr %v, converted %v", a, b)
	}
	// A sub-image: indices are relative to its Min.
	sub := src.SubImage(image.Rect(3, 2, 20, 10)).(*image.NRGBA)
	got, _ := MeanLab(sub, []int32{0})
	c := src.NRGBAAt(3, 2)
	if DeltaE76(got, LabOf(c)) > 1e-9 {
		t.Errorf("sub-image pixel 0 = %v, want %v", got, LabOf(c))
	}
}
