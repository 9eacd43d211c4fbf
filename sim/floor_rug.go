package sim

import "math"

// Rugs. A rug is paint on a room's floor, as trim is paint on a wall: the
// floor's triangles are cut along the rug's four sides, and those inside
// it show the rug's surface with its texture spanning the rug once. Ids,
// depth, ray-cast distances, collisions, navigation and flow are those of
// the plain floor; only the colour changes. Where a rug would reach past
// the room's floor, the floor's outline cuts it.

// Rug is a rug on a room's floor: the axis-aligned rectangle [X0, X1] ×
// [Z0, Z1] of the floor plane (metres) shows Surface, whose texture spans
// the rectangle once, u from X0 to X1 and v from Z0 to Z1.
type Rug struct {
	X0, Z0, X1, Z1 float64
	Surface        *Surface
}

// valid reports whether the rug is a rectangle with an area and a surface.
func (r Rug) valid() bool {
	return r.Surface != nil && r.X1 > r.X0 && r.Z1 > r.Z0 &&
		!math.IsInf(r.X1-r.X0, 0) && !math.IsInf(r.Z1-r.Z0, 0)
}

// Inside reports whether the floor point (x, z) lies strictly inside the rug.
func (r Rug) Inside(x, z float64) bool {
	return x > r.X0 && x < r.X1 && z > r.Z0 && z < r.Z1
}

// cutRect returns the horizontal triangles tris (a floor's or a ceiling's)
// cut along the four sides of r's rectangle:
// no triangle of the result crosses a side, and together they cover what
// tris covered. Triangles are cut along whole lines (x = X0, …), so two
// triangles that shared an edge share the cut points too: each point is
// computed from the edge's endpoints in one order whichever triangle cuts
// it, and lies exactly on the line.
func cutRect(tris []Triangle, r Rug) []Triangle {
	for _, l := range [...]struct {
		axis int
		at   float64
	}{{0, r.X0}, {0, r.X1}, {2, r.Z0}, {2, r.Z1}} {
		var out []Triangle
		for _, t := range tris {
			out = cutTriangle(out, t, l.axis, l.at)
		}
		tris = out
	}
	return tris
}

// cutTriangle appends t to out, cut in two or three along the plane
// p[axis] = at when it crosses it, keeping t's winding and shade.
func cutTriangle(out []Triangle, t Triangle, axis int, at float64) []Triangle {
	var side [3]int
	pos, neg := false, false
	for k, v := range t.V {
		switch d := v[axis] - at; {
		case d > 0:
			side[k], pos = 1, true
		case d < 0:
			side[k], neg = -1, true
		}
	}
	if !pos || !neg {
		return append(out, t)
	}
	// Rotate so that vertex a is alone on its side (or on the line).
	k := 0
	for i := range 3 {
		if side[i] != side[(i+1)%3] && side[i] != side[(i+2)%3] {
			k = i
			break
		}
	}
	a, b, c := t.V[k], t.V[(k+1)%3], t.V[(k+2)%3]
	sb, sc := side[(k+1)%3], side[(k+2)%3]
	tri := func(p, q, s Vec3) Triangle { return Triangle{[3]Vec3{p, q, s}, t.Shade} }
	if side[k] == 0 { // a on the line, b and c on either side: cut bc
		p := linePoint(b, c, axis, at)
		return append(out, tri(a, b, p), tri(a, p, c))
	}
	if sb == 0 || sc == 0 { // a and one other vertex across, the third on the line
		if sb == 0 {
			p := linePoint(c, a, axis, at)
			return append(out, tri(a, b, p), tri(b, c, p))
		}
		p := linePoint(a, b, axis, at)
		return append(out, tri(a, p, c), tri(p, b, c))
	}
	p, q := linePoint(a, b, axis, at), linePoint(c, a, axis, at)
	return append(out, tri(a, p, q), tri(p, b, c), tri(p, c, q))
}

// linePoint returns the point where segment pq meets the plane
// v[axis] = at, computed from the endpoints in a fixed order (so both
// triangles of a shared edge get the same point) and put on the plane
// exactly.
func linePoint(p, q Vec3, axis int, at float64) Vec3 {
	if q[0] < p[0] || (q[0] == p[0] && (q[2] < p[2] || (q[2] == p[2] && q[1] < p[1]))) {
		p, q = q, p
	}
	f := (at - p[axis]) / (q[axis] - p[axis])
	v := p.Add(q.Sub(p).Mul(f))
	v[axis] = at
	return v
}

// paintRect gives the triangles of floor or ceiling mesh m (cut along r's
// rectangle by cutRect, then dressed) that lie inside the rectangle r's
// surface, with UVs spanning the rectangle; a plain mesh first gets
// attributes (ensureAttrs, with the room's shared plain surface).
func paintRect(m *Mesh, r Rug, plain *Surface) {
	ensureAttrs(m, plain)
	rug := uint16(len(m.Surfaces))
	m.Surfaces = append(m.Surfaces, r.Surface)
	w, d := r.X1-r.X0, r.Z1-r.Z0
	for i := range m.Tris {
		t := &m.Tris[i]
		cx := (t.V[0][0] + t.V[1][0] + t.V[2][0]) / 3
		cz := (t.V[0][2] + t.V[1][2] + t.V[2][2]) / 3
		if !r.Inside(cx, cz) {
			continue
		}
		a := &m.Attrs[i]
		a.Surface = rug
		for k, v := range t.V {
			a.UV[k] = [2]float32{float32((v[0] - r.X0) / w), float32((v[2] - r.Z0) / d)}
		}
	}
}
