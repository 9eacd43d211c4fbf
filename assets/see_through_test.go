package assets

import (
	"slices"
	"testing"

	"flowbench/sim"
)

// TestWithoutCoversSynthetic checks withoutCovers on a made-up model: the
// listed surface's triangles go from every level, the others stay in order,
// and vertices, surfaces, size and support height are kept; a model no
// entry lists comes back as it is.
func TestWithoutCoversSynthetic(t *testing.T) {
	const key = "BlendSwap-CC-BY:Blend Swap CC-BY#clock"
	m := &sim.Model{
		Key:      key,
		Size:     sim.Vec3{0.07, 0.07, 0.043},
		SupportY: 0.01,
		Surfaces: []*sim.Surface{{Name: "whiteplastic"}, {Name: "glass"}, nil},
	}
	for range 2 {
		m.Levels = append(m.Levels, sim.ModelLevel{
			Pos: make([]sim.Vec3, 6),
			Tris: []sim.ModelTri{
				{V: [3]uint32{0, 1, 2}, Surface: 0},
				{V: [3]uint32{1, 2, 3}, Surface: 1},
				{V: [3]uint32{2, 3, 4}, Surface: 2},
				{V: [3]uint32{3, 4, 5}, Surface: 1},
				{V: [3]uint32{0, 4, 5}, Surface: 0},
			},
		})
	}
	before := slices.Clone(m.Levels[0].Tris)
	got := withoutCovers(m)
	if got == m {
		t.Fatal("the clock's glass was not left out")
	}
	want := []sim.ModelTri{before[0], before[2], before[4]}
	for i, l := range got.Levels {
		if !slices.Equal(l.Tris, want) {
			t.Errorf("level %d: triangles %v, want %v", i, l.Tris, want)
		}
		if len(l.Pos) != 6 {
			t.Errorf("level %d: %d vertices, want 6", i, len(l.Pos))
		}
	}
	if !slices.Equal(m.Levels[0].Tris, before) {
		t.Error("the source model was changed")
	}
	if got.Key != m.Key || got.Size != m.Size || got.SupportY != m.SupportY || len(got.Surfaces) != 3 {
		t.Errorf("copy %+v lost the source's key, size, support or surfaces", got)
	}
	other := &sim.Model{Key: "Default:eTeks#frame", Levels: m.Levels, Surfaces: m.Surfaces}
	if withoutCovers(other) != other {
		t.Error("a model no entry lists was copied")
	}
}

// TestSeeThroughSurfacesExist checks the reviewed list against the
// installed libraries: every listed entry is mapped to a type, has each
// listed surface, and loses exactly that surface's triangles at every
// level (some at level 0; coarser levels may have simplified it away).
func TestSeeThroughSurfacesExist(t *testing.T) {
	l := openInstalled(t)
	mapped := map[string]bool{}
	for _, keys := range typeMap {
		for _, k := range keys {
			mapped[k] = true
		}
	}
	for key, names := range seeThroughSurfaces {
		if !mapped[key] {
			t.Errorf("%s: not in the type table", key)
		}
		m, err := l.Model(key)
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		listed := map[uint16]bool{}
		for _, n := range names {
			i := slices.IndexFunc(m.Surfaces, func(s *sim.Surface) bool { return s != nil && s.Name == n })
			if i < 0 {
				t.Errorf("%s: no surface %q", key, n)
				continue
			}
			listed[uint16(i)] = true
		}
		d := withoutCovers(m)
		for li, lv := range m.Levels {
			kept := 0
			for _, tr := range lv.Tris {
				if !listed[tr.Surface] {
					kept++
				}
			}
			if got := len(d.Levels[li].Tris); got != kept || li == 0 && kept == len(lv.Tris) {
				t.Errorf("%s level %d: %d of %d triangles kept, want %d (fewer than all at level 0)", key, li, got, len(lv.Tris), kept)
			}
		}
	}
}
