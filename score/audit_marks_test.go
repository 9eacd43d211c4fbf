package score

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/planner"
	"flowbench/render"
)

// Colour pairs: yellow–lime (ΔE00 14.1) and green–lime (24.5) are under 25,
// yellow–green (33.1) is not; an object mentioned twice is one dot; a row
// without close colours adds its pairs only.
func TestAuditColourPairs(t *testing.T) {
	r := yesNoRow("h/q1", "h", "near_object", "The mug (yellow dot) moves 0.50 m to the left.", "is it near the bowl (lime dot)?", true, true)
	r.Mover.DotColor = "yellow"
	r.Referenced = []planner.ObjectRef{{ObjectID: "Bowl|2", ObjectType: "Bowl", DotColor: "lime"},
		{ObjectID: "Cup|3", ObjectType: "Cup", DotColor: "green"}, {ObjectID: "Mug|1", ObjectType: "Mug", DotColor: "yellow"}}
	s := yesNoRow("h/q2", "h", "near_object", "The mug (red dot) moves 0.50 m to the left.", "is it near the bowl (blue dot)?", true, true)
	s.Referenced = []planner.ObjectRef{{ObjectID: "Bowl|2", ObjectType: "Bowl", DotColor: "blue"}}
	rep, err := Audit("test", []AuditRow{r, s}, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Dots
	if d == nil || d.Questions != 2 || d.ColourPairs != 4 || d.ClosePairs != 2 || d.QuestionsWithClosePair != 1 || d.Measured != 0 {
		t.Fatalf("dot audit %+v, want 2 questions, 4 pairs, 2 close in 1 question, none measured", d)
	}
	r.Mover.DotColor, r.Referenced = "", nil
	s.Mover.DotColor, s.Referenced = "", nil
	if rep, _ := Audit("test", []AuditRow{r, s}, DefaultAuditOptions()); rep.Dots != nil {
		t.Errorf("rows without dot colours give a dot audit %+v", rep.Dots)
	}
}

// noiseImage returns a w×h image of random colours.
func noiseImage(rng *rand.Rand, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < w*h; i++ {
		img.SetRGBA(i%w, i/w, color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255})
	}
	return img
}

// FindDots reads dots drawn by render at random radii, centres and colours
// over noise or a flat background back to their exact centre and to within
// 0.01 px of their radius; their covered pixels are exact unless a pixel
// distance lies within that of the radius.
func TestFindDots(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 5))
	const w = 64
	ids := make([]uint16, w*w)
	for i := range ids {
		ids[i] = 1
	}
	objects := []string{"", "O|1"}
	fr := &render.Frame{Width: w, Height: w, IDs: ids, IDTable: objects}
	worst := 0.0
	for trial := 0; trial < 150; trial++ {
		raw := noiseImage(rng, w, w)
		if trial%2 == 0 {
			raw = image.NewRGBA(raw.Rect)
			bg := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			for i := 0; i < w*w; i++ {
				raw.SetRGBA(i%w, i/w, bg)
			}
		}
		col := render.Palette[rng.IntN(len(render.Palette))]
		r := 2 + 7*rng.Float64()
		if trial%3 == 0 { // just under a pixel distance, as render draws them
			r = math.Sqrt(float64(5+rng.IntN(70))) - 0.05
		}
		m := render.Mark{X: float64(20 + rng.IntN(24)), Y: float64(20 + rng.IntN(24)), Radius: r, Color: col}
		f := DotFrame{Marked: render.DrawMarks(raw, []render.Mark{m}, render.StyleDots), Raw: raw, IDs: ids, Objects: objects}
		got, ok := FindDots(f, []planner.ObjectRef{{ObjectID: "O|1", DotColor: col.Name}}, 9)["O|1"]
		if !ok || got.X != m.X || got.Y != m.Y {
			t.Fatalf("trial %d: %s dot r %.3f at (%g,%g) read back as %+v (found %v)", trial, col.Name, r, m.X, m.Y, got, ok)
		}
		worst = math.Max(worst, math.Abs(got.Radius-r))
		if math.Abs(got.Radius-r) > 0.01 {
			t.Fatalf("trial %d: radius %.4f read back as %.4f", trial, r, got.Radius)
		}
		near := false
		for k := 0; k < 100; k++ {
			near = near || math.Abs(math.Sqrt(float64(k))-r) <= 0.01
		}
		if want, _ := render.CoveredPixels(fr, 1, m.X, m.Y, r); !near && got.Covered != want {
			t.Fatalf("trial %d: r %.3f covers %d pixels, read back %d", trial, r, want, got.Covered)
		}
	}
	t.Logf("largest radius error %.4f px", worst)
}

// rectFrame paints instance k+1 over rects[k] (later on top) and the raw
// image with noise.
func rectFrame(rng *rand.Rand, w, h int, rects ...image.Rectangle) ([]uint16, *image.RGBA) {
	ids := make([]uint16, w*h)
	for k, r := range rects {
		for v := r.Min.Y; v < r.Max.Y; v++ {
			for u := r.Min.X; u < r.Max.X; u++ {
				ids[v*w+u] = uint16(k + 1)
			}
		}
	}
	return ids, noiseImage(rng, w, h)
}

// MeasureDots on a constructed question: the mover A's dot follows it (not
// counted as static); the static B's dot shifts 6 px on I1 though its I0
// point still shows B and could carry the dot; the static C (a 9×9 box,
// 81 px) carries a 3.2-px dot (37 px, 46 %) on both frames; the static D is
// hidden under a box at its I0 point in I1, so its shifted dot is not
// counted.
func TestMeasureDots(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const w, h = 160, 120
	objects := []string{"", "A|1", "B|2", "C|3", "D|4", "Box|5"}
	a0, a1 := image.Rect(5, 5, 35, 35), image.Rect(5, 70, 35, 100)
	b, c, d := image.Rect(50, 5, 100, 55), image.Rect(120, 10, 129, 19), image.Rect(110, 60, 150, 100)
	box := image.Rect(110, 60, 135, 100)
	ids0, raw0 := rectFrame(rng, w, h, a0, b, c, d)
	ids1, raw1 := rectFrame(rng, w, h, a1, b, c, d, box)
	col := func(n string) render.NamedColor { c, _ := render.ColorByName(n); return c }
	m0 := []render.Mark{{X: 20, Y: 20, Radius: 4, Color: col("red")}, {X: 75, Y: 30, Radius: 4, Color: col("blue")},
		{X: 124, Y: 14, Radius: 3.2, Color: col("yellow")}, {X: 120, Y: 80, Radius: 4, Color: col("white")}}
	m1 := []render.Mark{{X: 20, Y: 85, Radius: 4, Color: col("red")}, {X: 81, Y: 30, Radius: 4, Color: col("blue")},
		{X: 124, Y: 14, Radius: 3.2, Color: col("yellow")}, {X: 142, Y: 80, Radius: 4, Color: col("white")}}
	refs := []planner.ObjectRef{{ObjectID: "A|1", DotColor: "red"}, {ObjectID: "B|2", DotColor: "blue"},
		{ObjectID: "C|3", DotColor: "yellow"}, {ObjectID: "D|4", DotColor: "white"}}
	f0 := DotFrame{Marked: render.DrawMarks(raw0, m0, render.StyleDots), Raw: raw0, IDs: ids0, Objects: objects}
	f1 := DotFrame{Marked: render.DrawMarks(raw1, m1, render.StyleDots), Raw: raw1, IDs: ids1, Objects: objects}
	got := MeasureDots(refs, map[string]bool{"A|1": true}, f0, f1)
	want := DotCounts{I0Dots: 4, I1Dots: 4, I0Covering: 1, I1Covering: 1, MaxCover: 37.0 / 81, Static: 2, Shifted: 1, ShiftedCarried: 1}
	if math.Abs(got.MaxCover-want.MaxCover) > 1e-9 {
		t.Errorf("largest cover %.4f, want %.4f", got.MaxCover, want.MaxCover)
	}
	got.MaxCover = want.MaxCover
	if got != want {
		t.Errorf("counts %+v\nwant   %+v", got, want)
	}
	// Summed over rows by the audit.
	r := yesNoRow("h/q", "h", "near_object", "m", "s?", true, true)
	r.Dots = &got
	rep, err := Audit("test", []AuditRow{r, r}, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	if dd := rep.Dots; dd.Measured != 2 || dd.I0Covering != 2 || dd.I1Dots != 8 || dd.Shifted != 2 || dd.Static != 4 {
		t.Errorf("summed dot audit %+v", dd)
	}
}
