package sim

import "slices"

// Trim. A room's walls carry a skirting board along their foot and a casing
// round every door and window, as real rooms do. Both are painted in the
// wall's own plane, so they change the wall's colour and nothing else:
// collisions, ray casts, depth, ids and flow are those of the plain wall.
// The wall's rectangles (WallPanels) are cut on one grid per wall, every
// panel boundary and trim edge being a grid line, so neighbouring cells
// share their corners exactly; the cells inside the skirting band or a
// casing are painted TrimSurface. Exterior faces get none.

// Trim dimensions, in metres in the wall's plane.
const (
	// SkirtingHeight is the height of the skirting board along a wall's foot.
	SkirtingHeight = 0.1
	// CasingWidth is the width of the casing round a door or window.
	CasingWidth = 0.08
)

// TrimSurface is the painted surface of skirting boards and casings.
var TrimSurface = &Surface{Name: "paint:trim", Color: RGB{0.96, 0.96, 0.94}}

// wallCell is a rectangle of a wall, {u0, u1} along it from A and {y0, y1}
// up from the floor, and whether it is trim.
type wallCell struct {
	u0, u1, y0, y1 float64
	trim           bool
}

// wallCells splits w's solid rectangles on the wall's trim grid.
func wallCells(w WallShape) []wallCell {
	panels := WallPanels(w)
	if w.Exterior {
		out := make([]wallCell, len(panels))
		for i, p := range panels {
			out[i] = wallCell{u0: p[0], u1: p[1], y0: p[2], y1: p[3]}
		}
		return out
	}
	us, ys := []float64{}, []float64{SkirtingHeight}
	for _, p := range panels {
		us, ys = append(us, p[0], p[1]), append(ys, p[2], p[3])
	}
	for _, h := range w.Holes {
		us = append(us, h.U0-CasingWidth, h.U1+CasingWidth)
		ys = append(ys, h.Y1+CasingWidth)
		if h.Y0 > CasingWidth {
			ys = append(ys, h.Y0-CasingWidth)
		}
	}
	us, ys = gridLines(us), gridLines(ys)
	var out []wallCell
	for _, p := range panels {
		for _, y := range spans(ys, p[2], p[3]) {
			for _, u := range spans(us, p[0], p[1]) {
				c := wallCell{u0: u[0], u1: u[1], y0: y[0], y1: y[1]}
				c.trim = w.trimAt((c.u0+c.u1)/2, (c.y0+c.y1)/2)
				out = append(out, c)
			}
		}
	}
	return out
}

// trimAt reports whether wall point (u, y), outside every hole, lies on the
// skirting board or a casing.
func (w *WallShape) trimAt(u, y float64) bool {
	if y < SkirtingHeight {
		return true
	}
	for _, h := range w.Holes {
		if u > h.U0-CasingWidth && u < h.U1+CasingWidth && y > h.Y0-CasingWidth && y < h.Y1+CasingWidth {
			return true
		}
	}
	return false
}

// gridLines sorts v and drops values within 1e-9 of the one before.
func gridLines(v []float64) []float64 {
	slices.Sort(v)
	out := v[:0]
	for _, x := range v {
		if len(out) == 0 || x-out[len(out)-1] > 1e-9 {
			out = append(out, x)
		}
	}
	return out
}

// spans returns the intervals between consecutive values of lines (sorted)
// that lie strictly inside (lo, hi), from lo to hi; lines within 1e-9 of lo
// or hi count as lo or hi, so cells of neighbouring panels share corners.
func spans(lines []float64, lo, hi float64) [][2]float64 {
	out := [][2]float64{}
	a := lo
	for _, x := range lines {
		if x > lo+1e-9 && x < hi-1e-9 {
			out = append(out, [2]float64{a, x})
			a = x
		}
	}
	return append(out, [2]float64{a, hi})
}

// paintTrim gives the triangles of wall mesh m flagged in trim (one flag
// per triangle) TrimSurface, after dressStructure.
func paintTrim(m *Mesh, trim []bool, w WallShape) {
	if !slices.Contains(trim, true) {
		return
	}
	ensureAttrs(m, w.paint)
	k := uint16(len(m.Surfaces))
	m.Surfaces = append(m.Surfaces, TrimSurface)
	for i, t := range trim {
		if t {
			m.Attrs[i].Surface = k
		}
	}
}
