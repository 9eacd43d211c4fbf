package assets

import (
	"cmp"
	"slices"

	"flowbench/sim"
)

// maxRugRectangles bounds the floor rectangles floorRects enumerates for
// one room, and maxRugPolygonPoints the points of a floor it looks at:
// beyond either the room gets no rug (see floorRects).
const (
	maxRugRectangles    = 512
	maxRugPolygonPoints = 32
)

// floorRect is an axis-aligned rectangle on a room's floor (metres).
type floorRect struct{ x0, z0, x1, z1 float64 }

// floorRects returns every axis-aligned rectangle whose sides lie on the
// x and z coordinates of the polygon's vertices and whose cells of that
// grid all have their centres inside the polygon: for the rectilinear
// rooms of generated houses, every rectangle wholly on the floor that
// cannot grow (with others). Non-rectilinear polygons (imported houses)
// may give rectangles that cross a slanted wall; callers check the result.
//
// The rectangles number up to nx(nx+1)/2 · nz(nz+1)/2 for nx × nz cells:
// a floor whose grid would give more than maxRugRectangles (an outline with
// many distinct corner coordinates, as an imported house may have; real
// rooms stay below 200 and generated ones below 20) gets none, so that a
// 200-point floor does not cost millions of rectangles.
func floorRects(poly [][2]float64) []floorRect {
	if len(poly) > maxRugPolygonPoints {
		return nil
	}
	xs, zs := make([]float64, 0, len(poly)), make([]float64, 0, len(poly))
	for _, p := range poly {
		xs, zs = append(xs, p[0]), append(zs, p[1])
	}
	slices.Sort(xs)
	slices.Sort(zs)
	xs, zs = slices.Compact(xs), slices.Compact(zs)
	nx, nz := len(xs)-1, len(zs)-1
	if nx < 1 || nz < 1 || nx*(nx+1)/2*(nz*(nz+1)/2) > maxRugRectangles {
		return nil
	}
	// out[i][j] counts the cells outside the polygon among cells [0,i)×[0,j)
	// (a 2-D prefix sum), so a rectangle's test is four lookups.
	out := make([][]int, nx+1)
	for i := range out {
		out[i] = make([]int, nz+1)
	}
	for i := 0; i < nx; i++ {
		for j := 0; j < nz; j++ {
			o := 0
			if !sim.PointInPolygon(poly, (xs[i]+xs[i+1])/2, (zs[j]+zs[j+1])/2) {
				o = 1
			}
			out[i+1][j+1] = o + out[i][j+1] + out[i+1][j] - out[i][j]
		}
	}
	var rects []floorRect
	for i0 := 0; i0 < nx; i0++ {
		for i1 := i0 + 1; i1 <= nx; i1++ {
			for j0 := 0; j0 < nz; j0++ {
				for j1 := j0 + 1; j1 <= nz; j1++ {
					if out[i1][j1]-out[i0][j1]-out[i1][j0]+out[i0][j0] == 0 {
						rects = append(rects, floorRect{xs[i0], zs[j0], xs[i1], zs[j1]})
					}
				}
			}
		}
	}
	return rects
}

// rugIn returns the rug that rectangle f holds, centred on it: RugMargin
// inside its sides, its long side along f's, at most RugMaxLong ×
// RugMaxShort; ok is false when a side would be below RugMinSide.
func rugIn(f floorRect) (sim.Rug, bool) {
	w, d := f.x1-f.x0-2*RugMargin, f.z1-f.z0-2*RugMargin
	if w >= d {
		w, d = min(w, RugMaxLong), min(d, RugMaxShort)
	} else {
		w, d = min(w, RugMaxShort), min(d, RugMaxLong)
	}
	if !(w >= RugMinSide && d >= RugMinSide) {
		return sim.Rug{}, false
	}
	cx, cz := (f.x0+f.x1)/2, (f.z0+f.z1)/2
	return sim.Rug{X0: cx - w/2, X1: cx + w/2, Z0: cz - d/2, Z1: cz + d/2}, true
}

// rugCandidates returns the rugs the floor rectangles of poly hold, the
// largest rug first (then the largest rectangle, then by position, so the
// order is a function of the polygon alone).
func rugCandidates(poly [][2]float64) []sim.Rug {
	type cand struct {
		rug        sim.Rug
		area, rect float64 // the rug's and its rectangle's areas
	}
	var cs []cand
	for _, f := range floorRects(poly) {
		if rug, ok := rugIn(f); ok {
			cs = append(cs, cand{rug, (rug.X1 - rug.X0) * (rug.Z1 - rug.Z0), (f.x1 - f.x0) * (f.z1 - f.z0)})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		return cmp.Or(cmp.Compare(b.area, a.area), cmp.Compare(b.rect, a.rect),
			cmp.Compare(a.rug.X0, b.rug.X0), cmp.Compare(a.rug.Z0, b.rug.Z0))
	})
	rugs := make([]sim.Rug, len(cs))
	for i, c := range cs {
		rugs[i] = c.rug
	}
	return rugs
}
