package assets

import (
	"testing"

	"flowbench/sim"
)

// TestBathroomModels: procedural towel bars, paper holders, hand towels
// and bars of soap fill their box, hand-towel rings stay inside it and
// span its height and depth, toilet rolls (used up ones too) and
// kitchen rolls stay inside it and span its height and smaller horizontal
// side; all are wound with their normals (a cosine of at least 0.4: an
// elliptical cylinder or a bar of soap a hundred times as tall as wide has
// facets far from its smooth normals) and use all their surfaces, have one
// level and at most 800 triangles, in every colour of their palette, at
// the catalog's sizes and on 200 random boxes of 0.5 cm to 60 cm a side;
// a used-up toilet roll has only a core's surfaces.
func TestBathroomModels(t *testing.T) {
	for _, c := range []proceduralCase{
		{name: "towel holder", build: towelHolderModel, palette: holderMetals, catalog: []sim.Vec3{{0.6586, 0.0416, 0.1121}}, minCos: 0.4},
		{name: "towel ring", build: towelRingModel, palette: holderMetals, catalog: []sim.Vec3{{0.1708, 0.2103, 0.0486}}, minCos: 0.4, round: true, axes: []int{1, 2}},
		{name: "toilet paper hanger", build: toiletPaperHangerModel, palette: holderMetals, minCos: 0.4,
			catalog: []sim.Vec3{{0.2645, 0.0501, 0.0921}, {0.2523, 0.0749, 0.0904}, {0.2377, 0.1926, 0.0881}}},
		{name: "hand towel", build: handTowelModel, palette: towelColours, catalog: []sim.Vec3{{0.1286, 0.4049, 0.0386}}, minCos: 0.4},
		{name: "toilet paper", build: toiletPaperModel, palette: toiletPaperWhites, round: true, catalog: []sim.Vec3{{0.1043, 0.1185, 0.1043}, {0.0385, 0.1221, 0.0385}}},
		{name: "paper towel roll", build: paperTowelRollModel, palette: kitchenPaperWhites, round: true, catalog: []sim.Vec3{{0.0776, 0.2149, 0.0649}}},
		{name: "soap bar", build: soapBarModel, palette: soapColours, catalog: []sim.Vec3{{0.0546, 0.0246, 0.0915}}, minCos: 0.4},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkProcedural(t, c, 31, 200, 0.005, 0.6, func(m *sim.Model, size sim.Vec3, _ sim.RGB) {
				if n := len(m.Levels[0].Tris); n > 800 {
					t.Fatalf("%s %v: %d triangles, want at most 800", m.Key, size, n)
				}
			})
		})
	}
	// A full toilet roll shows paper, core and hole; a used-up one (a box
	// narrower than half its height) only the core and the hole.
	for _, c := range []struct {
		size     sim.Vec3
		surfaces int
	}{{sim.Vec3{0.1043, 0.1185, 0.1043}, 3}, {sim.Vec3{0.0385, 0.1221, 0.0385}, 2}} {
		if m := toiletPaperModel(c.size, toiletPaperWhites[0]); len(m.Surfaces) != c.surfaces {
			t.Errorf("toilet roll %v: %d surfaces, want %d", c.size, len(m.Surfaces), c.surfaces)
		}
	}
}
