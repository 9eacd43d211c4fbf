package assets

import (
	"slices"

	"flowbench/sim"
)

// canvasSurfaces lists, per catalog entry, the surfaces that show a
// picture: the catalogs' one picture frame has a plain grey "Mirror" pane
// in front of a "Picture" board. A painting drawn with such an entry shows
// one of the artworks (artwork.go) on those surfaces, chosen per painting
// by the house seed, rather than one grey pane.
var canvasSurfaces = map[string][]string{
	"Default:eTeks#frame": {"Mirror", "Picture"},
}

// withArtwork returns a copy of m whose surfaces named in names show
// texture tex in white light: their vertices get planar UVs spanning their
// extent in the model's frame, u along x (left to right seen from the
// front, +z) and v along y (bottom to top), so the artwork stands upright
// on a rolled frame too. The other surfaces, positions, normals and
// triangles are shared with m.
func withArtwork(m *sim.Model, tex *sim.Texture, names []string) *sim.Model {
	t := copyModel(m)
	t.Surfaces = slices.Clone(m.Surfaces)
	canvas := make([]bool, len(m.Surfaces))
	for i, s := range t.Surfaces {
		if s != nil && slices.Contains(names, s.Name) {
			t.Surfaces[i] = &sim.Surface{Name: s.Name, Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: tex}
			canvas[i] = true
		}
	}
	t.Levels = slices.Clone(m.Levels)
	for li := range t.Levels {
		l := &t.Levels[li]
		var verts []uint32 // the canvas triangles' vertices (repeats are harmless)
		lo, hi := [2]float64{1e300, 1e300}, [2]float64{-1e300, -1e300}
		for _, tr := range l.Tris {
			if int(tr.Surface) < len(canvas) && canvas[tr.Surface] {
				for _, v := range tr.V {
					p := l.Pos[v]
					lo = [2]float64{min(lo[0], p[0]), min(lo[1], p[1])}
					hi = [2]float64{max(hi[0], p[0]), max(hi[1], p[1])}
					verts = append(verts, v)
				}
			}
		}
		if !(hi[0] > lo[0] && hi[1] > lo[1]) {
			continue // no canvas triangle with an extent at this level
		}
		uv := make([][2]float32, len(l.Pos))
		copy(uv, l.UV)
		for _, v := range verts {
			p := l.Pos[v]
			uv[v] = [2]float32{float32((p[0] - lo[0]) / (hi[0] - lo[0])), float32((p[1] - lo[1]) / (hi[1] - lo[1]))}
		}
		l.UV = uv
	}
	return t
}
