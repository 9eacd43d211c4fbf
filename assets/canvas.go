package assets

import (
	"slices"

	"flowbench/sim"
)

// canvasSurfaces lists, per catalog entry, the surfaces that show a
// picture: the catalogs' one picture frame has a plain grey "Mirror" pane
// in front of a "Picture" board. A painting drawn with such an entry gets
// those surfaces in its own colour (sim.Object.Color, the colour its
// primitive shape had), so every painting shows a canvas of its own in the
// frame rather than one grey pane.
var canvasSurfaces = map[string][]string{
	"Default:eTeks#frame": {"Mirror", "Picture"},
}

// withCanvas returns a copy of m whose surfaces named in names have colour
// c (no texture); levels and the other surfaces are shared.
func withCanvas(m *sim.Model, c sim.RGB, names []string) *sim.Model {
	t := copyModel(m)
	t.Surfaces = slices.Clone(m.Surfaces)
	for i, s := range t.Surfaces {
		if s != nil && slices.Contains(names, s.Name) {
			t.Surfaces[i] = &sim.Surface{Name: s.Name, Color: c}
		}
	}
	return t
}
