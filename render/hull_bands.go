package render

import (
	"cmp"
	"math"
	"slices"

	"flowbench/sim"
)

// Band spans of a projected hull. The pixels whose light may change in an
// incremental frame (shade_incremental.go) lie in the projection of a convex
// hull of eight camera-space points. Bounding that projection by one
// rectangle marks, for a slanted shadow volume, far more pixels than it
// covers; the spans mark, per band of rows, only the columns the projected
// hull reaches within the band's rows, widened as the rectangle is.

// projectedPoints returns the image points (u, v) whose convex hull is the
// projection of the convex hull of cs clipped to v's near plane: the points
// in front of the plane and the plane's crossings by the segments between
// two of them (as hullRect bounds them).
func projectedPoints(v *view, cs *[8]sim.Vec3, out [][2]float64) [][2]float64 {
	out = out[:0]
	add := func(q sim.Vec3) {
		out = append(out, [2]float64{v.cx + v.f*q[0]/q[2], v.cy + v.f*q[1]/q[2]})
	}
	for i, c := range cs {
		in := c[2] >= v.near
		if in {
			add(c)
		}
		for _, d := range cs[i+1:] {
			if (d[2] >= v.near) != in {
				k := (v.near - c[2]) / (d[2] - c[2])
				q := c.Add(d.Sub(c).Mul(k))
				q[2] = v.near
				add(q)
			}
		}
	}
	return out
}

// convexHull2 returns the convex hull of pts in counter-clockwise order
// (Andrew's monotone chain; pts is sorted in place). Points on the hull's
// edges may be dropped: they add nothing to the region.
func convexHull2(pts [][2]float64) [][2]float64 {
	slices.SortFunc(pts, func(a, b [2]float64) int {
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		return cmp.Compare(a[1], b[1])
	})
	if len(pts) < 3 {
		return pts
	}
	cross := func(o, a, b [2]float64) float64 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	hull := make([][2]float64, 0, 2*len(pts))
	for _, p := range pts {
		for len(hull) >= 2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	lower := len(hull) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(hull) >= lower && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	return hull[:len(hull)-1]
}

// stripRange returns the range of u over the part of the convex polygon
// hull (its vertices in order) with ya ≤ v ≤ yb; ok is false when the
// polygon does not reach the strip.
func stripRange(hull [][2]float64, ya, yb float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	add := func(u float64) { lo, hi = min(lo, u), max(hi, u) }
	n := len(hull)
	for i, p := range hull {
		if p[1] >= ya && p[1] <= yb {
			add(p[0])
		}
		if n < 2 {
			continue
		}
		q := hull[(i+1)%n]
		for _, y := range [2]float64{ya, yb} {
			if (p[1] < y) != (q[1] < y) {
				add(p[0] + (q[0]-p[0])*(y-p[1])/(q[1]-p[1]))
			}
		}
	}
	return lo, hi, lo <= hi
}

// markHullBands marks (with mark, per band), in each band of rows the
// rectangle hr (hullRect of the same points) covers, the columns of the projected hull within the
// band's rows widened by a pixel and a half, then widened by a pixel as
// hullRect widens and clipped to hr. It reports false when the hull cannot
// be bounded per band (then the caller marks hr whole).
func (r *Renderer) markHullBands(cs *[8]sim.Vec3, hr texRect, nb int, mark func(b0, b1, x0, x1 int32)) bool {
	v := &r.v
	r.hullPts = projectedPoints(v, cs, r.hullPts)
	hull := convexHull2(r.hullPts)
	if len(hull) == 0 {
		return false
	}
	for b := hr.y0 / DefaultBandHeight; b <= hr.y1/DefaultBandHeight && b < nb; b++ {
		first, last := b*DefaultBandHeight, min((b+1)*DefaultBandHeight, v.h)-1
		lo, hi, ok := stripRange(hull, float64(first)-1.5, float64(last)+1.5)
		if !ok {
			continue
		}
		x0 := max(int(math.Floor(lo))-1, hr.x0)
		x1 := min(int(math.Ceil(hi))+1, hr.x1)
		if x0 <= x1 {
			mark(int32(b), int32(b), int32(x0), int32(x1))
		}
	}
	return true
}
