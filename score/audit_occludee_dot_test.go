package score

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"flowbench/planner"
	"flowbench/render"
)

// ellipseIDs paints instance 2 (the occludee) as an ellipse with semi-axes
// (a, b) at (cx, cy) over instance 1 (a large mover box) on a w×w frame.
func ellipseIDs(w int, mover image.Rectangle, cx, cy, a, b float64) []uint16 {
	ids := make([]uint16, w*w)
	for v := mover.Min.Y; v < mover.Max.Y; v++ {
		for u := mover.Min.X; u < mover.Max.X; u++ {
			ids[v*w+u] = 1
		}
	}
	for v := 0; v < w; v++ {
		for u := 0; u < w; u++ {
			dx, dy := (float64(u)-cx)/a, (float64(v)-cy)/b
			if dx*dx+dy*dy <= 1 {
				ids[v*w+u] = 2
			}
		}
	}
	return ids
}

// An occludee too small for the size rule (under render.MinMarkArea) but
// carrying a dot of planner.OccludeeMinRadius at its most interior point
// gets a dot that the dot reader finds on I0 and on I1 (after the mover
// moved away), at most render.MaxMarkCover of its pixels on both, through
// the planner's and the pipeline's path (render.PlaceMarks, then
// planner.ExampleMarks and render.DrawMarks). A dot under the floor (1.6 px
// at 512 px) is not read back: its fill has no pixel of its pure colour.
func TestOccludeeDotFound(t *testing.T) {
	const w = 512
	rng := rand.New(rand.NewPCG(52, 5))
	minR := planner.OccludeeMinRadius(w, w)
	minArea := planner.OccludeeMinArea(w, w)
	if minArea >= render.MinMarkArea(render.StyleDots, w, w) {
		t.Fatalf("occludee floor %d px is not below the size rule's %d px", minArea, render.MinMarkArea(render.StyleDots, w, w))
	}
	objects := []string{"", "Chair|1", "Mug|2"}
	tried := 0
	for trial := 0; trial < 30; trial++ {
		a, b := 3+6*rng.Float64(), 3+6*rng.Float64()
		cx, cy := 200+100*rng.Float64(), 200+100*rng.Float64()
		mover := image.Rect(20, 20, 120, 160)
		ids0 := ellipseIDs(w, mover, cx, cy, a, b)
		ids1 := ellipseIDs(w, mover.Add(image.Pt(40, 300)), cx, cy, a, b)
		var raw0 *image.RGBA
		if trial%2 == 0 {
			raw0 = noiseImage(rng, w, w)
		} else {
			raw0 = image.NewRGBA(image.Rect(0, 0, w, w))
			bg := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			for i := 0; i < w*w; i++ {
				raw0.SetRGBA(i%w, i/w, bg)
			}
		}
		raw1 := raw0
		f0 := &render.Frame{Width: w, Height: w, RGB: raw0, IDs: ids0, IDTable: objects}
		f1 := &render.Frame{Width: w, Height: w, RGB: raw1, IDs: ids1, IDTable: objects}
		marks, err := render.PlaceMarks(f0, []string{"Chair|1", "Mug|2"}, render.NewMarkRNG(uint64(trial)), render.StyleDots)
		if err != nil {
			continue // no contrasting colours on this background
		}
		occ := marks[1]
		if occ.Fit < minR || occ.Area < minArea || occ.Fits {
			continue // the planner would not choose it, or the size rule takes it
		}
		tried++
		ex := &planner.Example{
			Mover:      planner.ObjectRef{ObjectID: "Chair|1", DotColor: marks[0].Color.Name, DotXY: [2]float64{marks[0].X, marks[0].Y}},
			Referenced: []planner.ObjectRef{{ObjectID: "Mug|2", DotColor: occ.Color.Name, DotXY: [2]float64{occ.X, occ.Y}}},
		}
		m0, m1 := planner.ExampleMarks(ex, render.StyleDots, f0, f1, map[string]bool{"Chair|1": true})
		refs := []planner.ObjectRef{ex.Mover, ex.Referenced[0]}
		for k, fr := range []struct {
			marks []render.Mark
			raw   *image.RGBA
			ids   []uint16
		}{{m0, raw0, ids0}, {m1, raw1, ids1}} {
			df := DotFrame{Marked: render.DrawMarks(fr.raw, fr.marks, render.StyleDots), Raw: fr.raw, IDs: fr.ids, Objects: objects}
			d, ok := FindDots(df, refs, render.MarkRadius(render.StyleDots, w, w))["Mug|2"]
			if !ok {
				t.Fatalf("trial %d (%d px, fit %.2f): the occludee's dot is not found on I%d", trial, occ.Area, occ.Fit, k)
			}
			if d.Cover() > render.MaxMarkCover || d.Radius < minR-0.01 {
				t.Fatalf("trial %d: occludee dot on I%d r %.2f covers %.3f of %d px", trial, k, d.Radius, d.Cover(), d.Visible)
			}
		}
		// Under the floor the reader loses the dot.
		small := occ
		small.Radius = 1.6
		df := DotFrame{Marked: render.DrawMarks(raw0, []render.Mark{small}, render.StyleDots), Raw: raw0, IDs: ids0, Objects: objects}
		if _, ok := FindDots(df, refs[1:], render.MarkRadius(render.StyleDots, w, w))["Mug|2"]; ok {
			t.Fatalf("trial %d: a %.1f px dot is read back", trial, small.Radius)
		}
	}
	if tried < 15 {
		t.Fatalf("only %d of 30 trials gave an occludee under the size rule with a floor dot", tried)
	}
	t.Logf("%d occludees between %d and %d px", tried, minArea, render.MinMarkArea(render.StyleDots, w, w))
}
