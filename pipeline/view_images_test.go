package pipeline

import (
	"bytes"
	"slices"
	"testing"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// TestViewImagesKeepRows: annotating a house with the planner's view
// images (the before frames' colours taken, not shaded) gives exactly the
// rows of annotating it without them, and the images were taken.
func TestViewImagesKeepRows(t *testing.T) {
	h, err := sim.Generate(sim.StyleProcTHOR, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	cfg := planner.DefaultConfig()
	cfg.Views, cfg.CameraSize, cfg.HouseID, cfg.KeepFrames = 3, 96, "train_000002", false
	cfg.ViewImages = &planner.ViewImages{}
	exs, outs, _, err := planner.PlanHouse(planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}}), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	views := viewImages(cfg.ViewImages, exs)
	if len(exs) < 4 || len(views) < 2 {
		t.Fatalf("%d examples, %d view images; the fixture should give several", len(exs), len(views))
	}
	annotateAll := func(views map[int]*planner.ViewImage) ([]exampleRows, int) {
		an, err := newAnnotator(h, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		an.views = views
		var rows []exampleRows
		for i := range exs {
			ex := exs[i] // annotate rewrites the text
			r, err := an.annotate(&ex, &outs[i])
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, r)
		}
		return rows, an.frames.(*localFrames).adopted
	}
	want, none := annotateAll(nil)
	got, adopted := annotateAll(views)
	if none != 0 || adopted < len(views) {
		t.Fatalf("%d before frames adopted without images, %d with %d images", none, adopted, len(views))
	}
	for i := range want {
		w, g := want[i], got[i]
		if !bytes.Equal(g.q.Image.Bytes, w.q.Image.Bytes) || !bytes.Equal(g.q.ImageAfter.Bytes, w.q.ImageAfter.Bytes) ||
			!bytes.Equal(g.a.ImageBeforeRaw.Bytes, w.a.ImageBeforeRaw.Bytes) || !bytes.Equal(g.a.ImageAfterRaw.Bytes, w.a.ImageAfterRaw.Bytes) ||
			!slices.Equal(g.a.DepthBefore, w.a.DepthBefore) || !slices.Equal(g.a.InstanceBefore, w.a.InstanceBefore) ||
			!slices.Equal(g.a.FlowForward, w.a.FlowForward) || !slices.Equal(g.a.ChangeMask, w.a.ChangeMask) {
			t.Fatalf("%s: the rows differ with the view images", exs[i].ID)
		}
	}
}
