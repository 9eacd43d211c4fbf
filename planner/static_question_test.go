package planner

import (
	"strings"
	"testing"

	"flowbench/sim"
)

// TestOcclusionStaticStem: occlusion's static (2A) question has its own
// stem about what I1 shows (the part of B that the other objects leave in
// view), never about a move or the before-state; the moving (1A) stem keeps
// its wording. In planned examples the static question of occlusion reads
// with the static template 0 and every other category's static stem is its
// moving stem.
func TestOcclusionStaticStem(t *testing.T) {
	mover := ObjectRef{ObjectID: "Chair|1", ObjectType: "Chair", DotColor: "red"}
	vals := slots{"B": "the mug (blue dot)", "pct": "30%"}
	if got, want := stem(Occlusion, mover, vals),
		"does the chair (red dot) hide at least 30% of the part of the mug (blue dot) that was visible before the move?"; got != want {
		t.Errorf("moving stem %q, want %q", got, want)
	}
	if got, want := staticStem(Occlusion, mover, vals),
		"does the chair (red dot) hide at least 30% of the part of the mug (blue dot) that the other objects leave in view?"; got != want {
		t.Errorf("static stem %q, want %q", got, want)
	}
	for _, cat := range AllCategories() {
		_, own := staticQuestionTemplates[cat]
		if same := staticStem(cat, mover, vals) == stem(cat, mover, vals); same == own {
			t.Errorf("%s: static stem is the moving stem: %v, want %v", cat, same, !own)
		}
	}
	for k, tmpl := range staticQuestionTemplates[Occlusion] {
		if strings.Contains(tmpl, "move") || strings.Contains(tmpl, "before") || !strings.Contains(tmpl, "other object") {
			t.Errorf("static occlusion template %d %q: want the part the other objects leave in view, no move and no before-state", k, tmpl)
		}
	}
	exs, _ := plannedFixture()
	seen := map[Category]bool{}
	for _, ex := range exs {
		cat, _ := ParseCategory(ex.CategoryName)
		seen[cat] = true
		stem1, _, ok1 := splitQuestion(ex.Question, movingLeads[0])
		stem2, _, ok2 := splitQuestion(ex.StaticQuestion, staticLeads[0])
		if !ok1 || !ok2 {
			t.Fatalf("%s: leads missing: %q / %q", ex.ID, ex.Question, ex.StaticQuestion)
		}
		ts, _ := staticTemplates(cat)
		if _, ok := newPhraser(&ex, phrasing{}).questionIn(ts, stem2, 0); !ok {
			t.Errorf("%s: static stem %q does not read with its template 0 %q", ex.ID, stem2, ts[0][0])
		}
		if _, own := staticQuestionTemplates[cat]; !own && stem1 != stem2 {
			t.Errorf("%s: static stem %q differs from the moving stem %q", ex.ID, stem2, stem1)
		}
	}
	if !seen[Occlusion] {
		t.Log("no occlusion example in the planned fixture; its static question checked through staticStem only")
	}
}

// mayHaveHidden: an edit whose moved occluder drew a pixel inside the
// occludee's projected box in I0 is one where it may have hidden part of
// it, and is rejected; drawn elsewhere, or not moved, it is kept.
func TestOcclusionHidBefore(t *testing.T) {
	cam := sim.NewCamera(sim.Vec3{0, 1.5, 0}, 0, 0)
	cam.Width, cam.Height = 20, 20
	b := ObjectMeta{ID: "Mug|1", Type: "Mug", Position: sim.Vec3{0, 1.5, 3}}
	b.AABB = sim.AABB{Min: sim.Vec3{-0.1, 1.4, 2.9}, Max: sim.Vec3{0.1, 1.6, 3.1}}
	a := ObjectMeta{ID: "Chair|1", Type: "Chair", Position: sim.Vec3{2, 0.5, 3}}
	f0 := &Frame{W: 20, H: 20, IDs: make([]uint16, 400), IDTable: []string{"", a.ID, b.ID}}
	c := &viewCtx{cam: cam, objs0: []ObjectMeta{a, b}, byID0: indexObjects([]ObjectMeta{a, b}), f0: f0}
	moved := a
	moved.Position = sim.Vec3{0, 0.5, 2}
	e := &edit{moverID: a.ID, objs1: []ObjectMeta{moved, b}}
	f0.IDs[0] = 1 // the chair in the top-left corner, far from the mug
	if c.mayHaveHidden(e, &b) {
		t.Errorf("a chair drawn outside the mug's box counts as hiding it")
	}
	f0.IDs[10*20+10] = 1 // the chair at the image centre, where the mug is
	if !c.mayHaveHidden(e, &b) {
		t.Errorf("a moved chair drawn inside the mug's box does not count as hiding it")
	}
	e.objs1 = []ObjectMeta{a, b} // the chair did not move
	if c.mayHaveHidden(e, &b) {
		t.Errorf("an object that did not move counts")
	}
}
