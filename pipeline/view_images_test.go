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

// TestPlansHoldViewImagesOnlyWhenStreamed: a streamed run's plans hold
// their views' before colours; the test split's preselection, which plans
// every house before annotating any, keeps none.
func TestPlansHoldViewImagesOnlyWhenStreamed(t *testing.T) {
	src, err := newProcthorSource("train", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Split, cfg.Size, cfg.Houses = "train", 64, 1
	opt := runOptions{Split: "train", Seed: 1, Size: 64, Workers: 1, Planner: cfg.plannerConfig()}
	p, rep, err := planHouse(src.Houses[0], opt, &planner.Balance{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Questions == 0 || len(p.views) == 0 {
		t.Fatalf("%d questions, %d view images: the streamed plan should hold images", rep.Questions, len(p.views))
	}
	opt.NoViewImages = true
	p, _, err = planHouse(src.Houses[0], opt, &planner.Balance{})
	if err != nil {
		t.Fatal(err)
	}
	if p.views != nil {
		t.Fatalf("a preselection plan holds %d view images", len(p.views))
	}
}
