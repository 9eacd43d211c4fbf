package sim

import "math"

// roomLocator answers "which room holds this floor point" (Scene.RoomAt)
// without testing every edge of every room's polygon. Each room keeps its
// bounding box and its edges bucketed by horizontal bands of z: a point
// outside a room's box cannot be inside it, and of the room's edges only
// those whose z range holds the point's z can cross the point's ray, so a
// query tests a handful of edges instead of all of them. The answer is the
// one PointInPolygon gives room by room, bit for bit: the same edges that
// can count are tested with the same arithmetic (edgeCrossesRight), in the
// same room order.
type roomLocator struct {
	rooms []roomEdges
}

// roomEdges is one room's polygon with its edges bucketed by z band.
type roomEdges struct {
	poly [][2]float64
	// lo and hi bound the polygon, widened by a margin far above the
	// rounding error of edgeCrossesRight, so that a point outside them is
	// outside the polygon.
	lo, hi [2]float64
	z0     float64 // the polygon's lowest z
	band   float64 // band height; 0 means a single band
	bands  [][]int32
}

// maxRoomBands bounds the bands of one room.
const maxRoomBands = 256

// newRoomLocator indexes the polygons (x, z) of the rooms, in room order.
func newRoomLocator(polys [][][2]float64) *roomLocator {
	l := &roomLocator{rooms: make([]roomEdges, len(polys))}
	for i, p := range polys {
		l.rooms[i] = newRoomEdges(p)
	}
	return l
}

func newRoomEdges(p [][2]float64) roomEdges {
	r := roomEdges{poly: p}
	if len(p) == 0 {
		r.lo, r.hi = [2]float64{1, 1}, [2]float64{-1, -1} // empty: holds nothing
		return r
	}
	x0, z0, x1, z1 := PolygonBounds(p)
	m := 1e-9 * (1 + math.Max(math.Max(math.Abs(x0), math.Abs(x1)), math.Max(math.Abs(z0), math.Abs(z1))))
	r.lo, r.hi = [2]float64{x0 - m, z0 - m}, [2]float64{x1 + m, z1 + m}
	r.z0 = z0
	n := min(max(len(p)/2, 1), maxRoomBands)
	if h := (z1 - z0) / float64(n); n > 1 && h > 0 && !math.IsInf(h, 0) {
		r.band = h
	} else {
		n = 1
	}
	r.bands = make([][]int32, n)
	// Edge i joins p[i] and p[i-1] (p[n-1] for i = 0), as PointInPolygon
	// walks them. It can count for a ray at z only when
	// min(z_i, z_i-1) <= z < max(z_i, z_i-1); band() is monotone in z, so
	// listing it in the bands of its two ends and all between is enough.
	for i := range p {
		j := i - 1
		if j < 0 {
			j = len(p) - 1
		}
		b0, b1 := r.bandOf(math.Min(p[i][1], p[j][1])), r.bandOf(math.Max(p[i][1], p[j][1]))
		for b := b0; b <= b1; b++ {
			r.bands[b] = append(r.bands[b], int32(i))
		}
	}
	return r
}

// bandOf returns the band of z, clamped to the room's bands.
func (r *roomEdges) bandOf(z float64) int {
	if r.band == 0 {
		return 0
	}
	b := math.Floor((z - r.z0) / r.band)
	switch {
	case !(b > 0): // NaN or below
		return 0
	case b >= float64(len(r.bands)-1):
		return len(r.bands) - 1
	}
	return int(b)
}

// contains reports PointInPolygon(r.poly, x, z) and how many edges it
// tested.
func (r *roomEdges) contains(x, z float64) (in bool, tests int) {
	if !(x >= r.lo[0] && x <= r.hi[0] && z >= r.lo[1] && z <= r.hi[1]) {
		return false, 0
	}
	p := r.poly
	for _, i := range r.bands[r.bandOf(z)] {
		j := int(i) - 1
		if j < 0 {
			j = len(p) - 1
		}
		tests++
		if edgeCrossesRight(p[i], p[j], x, z) {
			in = !in
		}
	}
	return in, tests
}

// locate returns the index of the first room whose polygon contains (x, z),
// or -1, and the number of polygon edges it tested.
func (l *roomLocator) locate(x, z float64) (room, tests int) {
	for k := range l.rooms {
		in, n := l.rooms[k].contains(x, z)
		tests += n
		if in {
			return k, tests
		}
	}
	return -1, tests
}
