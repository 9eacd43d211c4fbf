package assets

import (
	"testing"

	"flowbench/sim"
)

// TestDressTriangleBudget: once a house's models reach MaxDressTriangles
// the remaining objects keep their primitive shapes, counted in OverBudget
// (before, every object got its model: 1,000 objects of 20,000-triangle
// models took "render" over 2 GB), while a house whose models stay under
// the bound is dressed as without it.
func TestDressTriangleBudget(t *testing.T) {
	entries, texs, load, _ := fakeSource(t)
	var ref DressReport
	{
		s := procthorScene(t, 0)
		ref = newDresser(entries, texs, load).dress(s, 3)
	}
	if ref.WithModel == 0 || ref.OverBudget != 0 {
		t.Fatalf("the plain house: %d objects with a model, %d over budget", ref.WithModel, ref.OverBudget)
	}
	// The same models, each padded to a fifth of the budget (degenerate
	// triangles): only five fit.
	heavy := func(key string) (*sim.Model, error) {
		m, err := load(key)
		if err != nil || m == nil {
			return m, err
		}
		l := m.Levels[0]
		l.Tris = make([]sim.ModelTri, MaxDressTriangles/5)
		return &sim.Model{Key: m.Key, Size: m.Size, Surfaces: m.Surfaces, SupportY: m.SupportY, Levels: []sim.ModelLevel{l}}, nil
	}
	s := procthorScene(t, 0)
	rep := newDresser(entries, texs, heavy).dress(s, 3)
	tris, with := 0, 0
	for _, o := range s.Objects {
		if n := modelTriangles(o.Model); n >= MaxDressTriangles/5 {
			tris += n
			with++
		}
	}
	if with != 5 || tris > MaxDressTriangles || rep.WithModel != 5 {
		t.Errorf("heavy models: %d objects drawn with them (report %d), %d triangles; want 5 within %d", with, rep.WithModel, tris, MaxDressTriangles)
	}
	if rep.OverBudget != ref.WithModel-5 || rep.WithModel+rep.Primitive != rep.Objects {
		t.Errorf("heavy models: %d over budget, want %d; with model %d + primitive %d != %d objects",
			rep.OverBudget, ref.WithModel-5, rep.WithModel, rep.Primitive, rep.Objects)
	}
}
