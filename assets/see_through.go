package assets

import (
	"slices"

	"flowbench/sim"
)

// seeThroughSurfaces lists, per catalog entry, the transparent covers
// (glass, MTL d < 1, no texture) that hide what makes the object
// recognisable: a clock's dial and hands, a watch's face, a bookcase's
// shelves behind glass doors. The rasterizer draws no translucency (a
// transparent material is drawn as a lightened solid, model.go), so these
// covers are left out of the model and the parts behind them show, in the
// images, the ray caster and the Blender bridge alike. Glass that is the object itself (drinking glasses, bottles,
// vases, lamp shades), that carries other objects (glass table tops), or
// whose removal shows an empty cavity rather than a recognisable inside (a
// microwave's door window, the red boxes of the BlendSwap shelves) stays;
// each entry was checked in the gallery before and after.
var seeThroughSurfaces = map[string][]string{
	"BlendSwap-CC-BY:Blend Swap CC-BY#clock":  {"glass"},
	"Scopia:Scopia#montre":                    {"glass"},
	"Scopia:Scopia#montre-with-pose":          {"glass"},
	"BlendSwap-CC-0:Blend Swap CC-0#bookcase": {"glass"},
}

// withoutCovers returns m without the transparent covers
// seeThroughSurfaces lists for its catalog entry (m itself when none): a
// copy whose levels leave out those surfaces' triangles, sharing or keeping
// the vertices, surfaces, size and support height.
func withoutCovers(m *sim.Model) *sim.Model {
	names := seeThroughSurfaces[m.Key]
	if len(names) == 0 {
		return m
	}
	drop := make([]bool, len(m.Surfaces))
	for i, s := range m.Surfaces {
		drop[i] = s != nil && slices.Contains(names, s.Name)
	}
	t := copyModel(m)
	t.Levels = make([]sim.ModelLevel, len(m.Levels))
	for i, l := range m.Levels {
		l.Tris = slices.DeleteFunc(slices.Clone(l.Tris), func(tr sim.ModelTri) bool {
			return int(tr.Surface) < len(drop) && drop[tr.Surface]
		})
		t.Levels[i] = l
	}
	return t
}
