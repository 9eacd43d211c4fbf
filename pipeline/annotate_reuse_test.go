package pipeline

import (
	"reflect"
	"testing"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// The annotator reuses work between examples: PNG encodings of repeated
// before images (png_memo.go) and recycled row buffers (row_buffers.go).
// Cross-check it against an annotator that reuses nothing: every row must
// be identical, though the recycled buffers are scribbled over before they
// go back to the pool.
func TestAnnotatorReuseMatchesFresh(t *testing.T) {
	h, err := sim.Generate(sim.StyleProcTHOR, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := planner.DefaultConfig()
	cfg.Views, cfg.CameraSize, cfg.HouseID = 5, 80, "train_000001"
	exs, outs, _, err := planner.PlanHouse(planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}}), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(exs) < 4 {
		t.Fatalf("only %d examples; the fixture should give several", len(exs))
	}
	reuse, err := newAnnotator(h, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := newAnnotator(h, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range exs {
		// Each annotator paraphrases its own copy of the example.
		exA, exB := exs[i], exs[i]
		got, err := reuse.annotate(&exA, &outs[i])
		if err != nil {
			t.Fatal(err)
		}
		fresh.pngs = pngMemo{} // nothing remembered: every image is encoded
		want, err := fresh.annotate(&exB, &outs[i])
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.q, want.q) || !reflect.DeepEqual(got.a, want.a) {
			t.Fatalf("%s: the rows of the reusing annotator differ from the fresh one's", exs[i].ID)
		}
		scribble(got.bufs)
		got.bufs.release()
	}
	if reuse.pngs.hits == 0 {
		t.Error("no PNG encoding was reused: the fixture should repeat before images")
	}
}

// scribble overwrites every value of a set of row buffers.
func scribble(b *rowBuffers) {
	for _, s := range [][]float32{b.depth0, b.depth1, b.flow.Forward.D, b.flow.Backward.D} {
		for i := range s {
			s[i] = -7
		}
	}
	for _, s := range [][]uint16{b.ids0, b.ids1} {
		for i := range s {
			s[i] = 0xbeef
		}
	}
	for _, s := range [][]uint8{b.flow.ValidForward.M, b.flow.ValidBackward.M, b.flow.Change.M} {
		for i := range s {
			s[i] = 9
		}
	}
}
