package assets

import (
	"math"

	"flowbench/sim"
)

// partsBuilder assembles a procedural model's level from boxes, cylinders
// and surfaces of revolution (procedural.go), every triangle wound
// counter-clockwise seen from outside with outward normals, as the
// catalogs' models are: flat on boxes and caps, smooth around cylinders
// and lathed profiles.
//
// With uvMetres > 0, box gives every face planar UVs of one texture repeat
// per uvMetres metres, u along the face's longer side (wood grain runs
// along a top, a front or a leg); else only a box's front has UVs,
// spanning it (a canvas print's artwork).
type partsBuilder struct {
	l        sim.ModelLevel
	uvMetres float64
}

// quad adds the quad q (counter-clockwise seen from outside) with vertex
// normals n and UVs uv on surface s.
func (p *partsBuilder) quad(s uint16, q, n [4]sim.Vec3, uv [4][2]float32) {
	base := uint32(len(p.l.Pos))
	for i := range q {
		p.l.Pos, p.l.Normal, p.l.UV = append(p.l.Pos, q[i]), append(p.l.Normal, n[i]), append(p.l.UV, uv[i])
	}
	p.l.Tris = append(p.l.Tris, sim.ModelTri{V: [3]uint32{base, base + 1, base + 2}, Surface: s},
		sim.ModelTri{V: [3]uint32{base, base + 2, base + 3}, Surface: s})
}

// tri adds the flat triangle a, b, c (counter-clockwise seen from outside)
// with normal n and no UVs on surface s.
func (p *partsBuilder) tri(s uint16, a, b, c, n sim.Vec3) {
	base := uint32(len(p.l.Pos))
	p.l.Pos = append(p.l.Pos, a, b, c)
	p.l.Normal = append(p.l.Normal, n, n, n)
	p.l.UV = append(p.l.UV, [2]float32{}, [2]float32{}, [2]float32{})
	p.l.Tris = append(p.l.Tris, sim.ModelTri{V: [3]uint32{base, base + 1, base + 2}, Surface: s})
}

// box adds the axis-aligned box lo..hi: its front face (+z) on surface
// front, the other faces on surface rest; UVs as uvMetres says (by
// default the front's span it upright, u along x and v along y).
func (p *partsBuilder) box(lo, hi sim.Vec3, front, rest uint16) {
	v := func(x, y, z float64) sim.Vec3 { return sim.Vec3{x, y, z} }
	n4 := func(n sim.Vec3) [4]sim.Vec3 { return [4]sim.Vec3{n, n, n, n} }
	var none [4][2]float32
	x0, y0, z0, x1, y1, z1 := lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]
	// uv returns the UVs of a face's corners q for a normal along axis
	// (0: x, 1: y, 2: z): planar with uvMetres, else none (frontUV for
	// the front).
	uv := func(q [4]sim.Vec3, axis int, frontUV [4][2]float32) [4][2]float32 {
		if p.uvMetres <= 0 {
			return frontUV
		}
		a, b := (axis+1)%3, (axis+2)%3 // the face's two axes
		if hi[b]-lo[b] > hi[a]-lo[a] {
			a, b = b, a // u along the longer side
		}
		var out [4][2]float32
		for i, c := range q {
			out[i] = [2]float32{float32(c[a] / p.uvMetres), float32(c[b] / p.uvMetres)}
		}
		return out
	}
	quad := func(s uint16, q [4]sim.Vec3, n sim.Vec3, axis int, frontUV [4][2]float32) {
		p.quad(s, q, n4(n), uv(q, axis, frontUV))
	}
	quad(front, [4]sim.Vec3{v(x0, y0, z1), v(x1, y0, z1), v(x1, y1, z1), v(x0, y1, z1)}, v(0, 0, 1), 2, [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}})
	quad(rest, [4]sim.Vec3{v(x1, y0, z0), v(x0, y0, z0), v(x0, y1, z0), v(x1, y1, z0)}, v(0, 0, -1), 2, none)
	quad(rest, [4]sim.Vec3{v(x1, y0, z1), v(x1, y0, z0), v(x1, y1, z0), v(x1, y1, z1)}, v(1, 0, 0), 0, none)
	quad(rest, [4]sim.Vec3{v(x0, y0, z0), v(x0, y0, z1), v(x0, y1, z1), v(x0, y1, z0)}, v(-1, 0, 0), 0, none)
	quad(rest, [4]sim.Vec3{v(x0, y1, z1), v(x1, y1, z1), v(x1, y1, z0), v(x0, y1, z0)}, v(0, 1, 0), 1, none)
	quad(rest, [4]sim.Vec3{v(x0, y0, z0), v(x1, y0, z0), v(x1, y0, z1), v(x0, y0, z1)}, v(0, -1, 0), 1, none)
}

// cylinderSegments is the number of sides of a procedural cylinder.
const cylinderSegments = 16

// cylinder adds a capped cylinder of radius r from centre c0 to centre c1
// on surface s, its side smooth.
func (p *partsBuilder) cylinder(c0, c1 sim.Vec3, r float64, s uint16) {
	axis := c1.Sub(c0).Normalize()
	// e1, e2: unit vectors across the axis with e1 × e2 = axis, so the angle
	// turns counter-clockwise seen from c1.
	e1 := sim.Vec3{1, 0, 0}
	if math.Abs(axis[0]) > 0.9 {
		e1 = sim.Vec3{0, 1, 0}
	}
	e1 = e1.Sub(axis.Mul(e1.Dot(axis))).Normalize()
	e2 := axis.Cross(e1)
	dir := func(a float64) sim.Vec3 { sn, cs := math.Sincos(a); return e1.Mul(cs).Add(e2.Mul(sn)) }
	var none [4][2]float32
	for i := 0; i < cylinderSegments; i++ {
		a, b := 2*math.Pi*float64(i)/cylinderSegments, 2*math.Pi*float64(i+1)/cylinderSegments
		da, db := dir(a), dir(b)
		pa0, pb0, pa1, pb1 := c0.Add(da.Mul(r)), c0.Add(db.Mul(r)), c1.Add(da.Mul(r)), c1.Add(db.Mul(r))
		p.quad(s, [4]sim.Vec3{pa0, pb0, pb1, pa1}, [4]sim.Vec3{da, db, db, da}, none)
		p.tri(s, c1, pa1, pb1, axis)
		p.tri(s, c0, pb0, pa0, axis.Mul(-1))
	}
}

// lathe adds a surface of revolution about the vertical line through
// (cx, cz) on surface s: profile gives, from bottom to top, each ring's
// height and radius (radii ≥ 0; a ring of radius 0 is a pole; successive
// rings differ). Its side is smooth where the profile turns by less than
// 45° and creased elsewhere, and a first or last ring of positive radius
// is closed by a flat cap.
func (p *partsBuilder) lathe(cx, cz float64, profile [][2]float64, s uint16) {
	const n = cylinderSegments
	dir := ringDir
	var none [4][2]float32
	ring := func(i, j int) sim.Vec3 {
		d := dir(j)
		return sim.Vec3{cx + profile[i][1]*d[0], profile[i][0], cz + profile[i][1]*d[2]}
	}
	// band returns the outward normal of band i (rings i and i+1) in the
	// profile's (radius, height) plane; rnorm the normal of band i at its
	// ring k (i or i+1) in direction j: the mean of the two bands meeting
	// there when they turn by less than 45°, else band i's own (a crease).
	band := func(i int) [2]float64 {
		dy, dr := profile[i+1][0]-profile[i][0], profile[i+1][1]-profile[i][1]
		l := math.Hypot(dy, dr)
		return [2]float64{dy / l, -dr / l}
	}
	rnorm := func(i, k, j int) sim.Vec3 {
		nb := band(i)
		o := i - 1 // the other band at ring k
		if k == i+1 {
			o = i + 1
		}
		if o >= 0 && o+1 < len(profile) {
			if no := band(o); nb[0]*no[0]+nb[1]*no[1] > math.Cos(math.Pi/4) {
				nb = [2]float64{nb[0] + no[0], nb[1] + no[1]}
			}
		}
		return dir(j).Mul(nb[0]).Add(sim.Vec3{0, nb[1], 0}).Normalize()
	}
	for i := 0; i+1 < len(profile); i++ {
		for j := 0; j < n; j++ {
			p.quad(s, [4]sim.Vec3{ring(i, j), ring(i, j+1), ring(i+1, j+1), ring(i+1, j)},
				[4]sim.Vec3{rnorm(i, i, j), rnorm(i, i, j+1), rnorm(i, i+1, j+1), rnorm(i, i+1, j)}, none)
		}
	}
	cap := func(i int, up bool) {
		if profile[i][1] <= 0 {
			return
		}
		c := sim.Vec3{cx, profile[i][0], cz}
		for j := 0; j < n; j++ {
			if up {
				p.tri(s, c, ring(i, j), ring(i, j+1), sim.Vec3{0, 1, 0})
			} else {
				p.tri(s, c, ring(i, j+1), ring(i, j), sim.Vec3{0, -1, 0})
			}
		}
	}
	cap(0, false)
	cap(len(profile)-1, true)
}

// ringDir is the unit direction of segment j of a ring about +y (the
// angle turning counter-clockwise seen from above), shared by lathe and
// tube.
func ringDir(j int) sim.Vec3 {
	sn, cs := math.Sincos(2 * math.Pi * float64(j) / cylinderSegments)
	return sim.Vec3{cs, 0, -sn}
}

// tube adds an upright tube about the vertical line through (cx, cz) from
// height y0 to y1 on surface s: its outer side of radius rOut and inner
// side of radius rIn (0 < rIn < rOut) smooth, and flat rings closing its
// ends, so the hole shows what is behind it (a disc's centre, a roll's
// core).
func (p *partsBuilder) tube(cx, cz, y0, y1, rIn, rOut float64, s uint16) {
	var none [4][2]float32
	at := func(j int, r, y float64) sim.Vec3 {
		d := ringDir(j)
		return sim.Vec3{cx + r*d[0], y, cz + r*d[2]}
	}
	up, down := sim.Vec3{0, 1, 0}, sim.Vec3{0, -1, 0}
	for j := 0; j < cylinderSegments; j++ {
		da, db := ringDir(j), ringDir(j+1)
		p.quad(s, [4]sim.Vec3{at(j, rOut, y0), at(j+1, rOut, y0), at(j+1, rOut, y1), at(j, rOut, y1)}, [4]sim.Vec3{da, db, db, da}, none)
		ia, ib := da.Mul(-1), db.Mul(-1)
		p.quad(s, [4]sim.Vec3{at(j+1, rIn, y0), at(j, rIn, y0), at(j, rIn, y1), at(j+1, rIn, y1)}, [4]sim.Vec3{ib, ia, ia, ib}, none)
		p.quad(s, [4]sim.Vec3{at(j, rIn, y1), at(j, rOut, y1), at(j+1, rOut, y1), at(j+1, rIn, y1)}, [4]sim.Vec3{up, up, up, up}, none)
		p.quad(s, [4]sim.Vec3{at(j+1, rIn, y0), at(j+1, rOut, y0), at(j, rOut, y0), at(j, rIn, y0)}, [4]sim.Vec3{down, down, down, down}, none)
	}
}

// lyingLathe adds a surface of revolution about the z axis (an object
// lying along z) on surface s: profile gives, from back to front, each
// ring's z and its radius as a share of the half sizes hx across and hy
// up (an elliptical section), as lathe's profile does about +y.
func (p *partsBuilder) lyingLathe(profile [][2]float64, hx, hy float64, s uint16) {
	base := len(p.l.Pos)
	p.lathe(0, 0, profile, s)
	// Turn +y onto +z (a quarter turn about x: (x, y, z) → (x, −z, y)),
	// then stretch x by hx and y by hy; normals by the inverse stretch.
	for i := base; i < len(p.l.Pos); i++ {
		q, n := p.l.Pos[i], p.l.Normal[i]
		p.l.Pos[i] = sim.Vec3{q[0] * hx, -q[2] * hy, q[1]}
		p.l.Normal[i] = sim.Vec3{n[0] / hx, -n[2] / hy, n[1]}.Normalize()
	}
}

// turnAround turns level l a half turn about the vertical axis:
// (x, y, z) → (−x, y, −z).
func turnAround(l *sim.ModelLevel) {
	rotateLevel(l, func(v sim.Vec3) sim.Vec3 { return sim.Vec3{-v[0], v[1], -v[2]} })
}

// quarterTurn turns level l a quarter turn about the vertical axis that
// carries its z axis onto x: (x, y, z) → (z, y, −x). Models built along z
// fit a box whose longer side is x so.
func quarterTurn(l *sim.ModelLevel) {
	rotateLevel(l, func(v sim.Vec3) sim.Vec3 { return sim.Vec3{v[2], v[1], -v[0]} })
}

// rotateLevel applies the rotation rot to level l's positions and normals
// alike (a rotation keeps windings outward and normals unit).
func rotateLevel(l *sim.ModelLevel, rot func(sim.Vec3) sim.Vec3) {
	for i := range l.Pos {
		l.Pos[i], l.Normal[i] = rot(l.Pos[i]), rot(l.Normal[i])
	}
}

// stretchFrom scales the vertices of b from index from on by s about the
// origin, axis by axis (every factor positive, so the winding holds), then
// moves them by d; their normals follow the inverse scale. It turns a
// cylinder of radius 1 into an elliptical one.
func (b *partsBuilder) stretchFrom(from int, s, d sim.Vec3) {
	for i := from; i < len(b.l.Pos); i++ {
		q, n := b.l.Pos[i], b.l.Normal[i]
		b.l.Pos[i] = sim.Vec3{q[0]*s[0] + d[0], q[1]*s[1] + d[1], q[2]*s[2] + d[2]}
		b.l.Normal[i] = sim.Vec3{n[0] / s[0], n[1] / s[1], n[2] / s[2]}.Normalize()
	}
}

// Profiles of surfaces of revolution (lathe, lyingLathe).

// scaledProfile maps a profile of shares (height share, radius share) to
// heights y0..y1 and radii times r; a height share of 1 is y1 exactly.
func scaledProfile(profile [][2]float64, y0, y1, r float64) [][2]float64 {
	out := make([][2]float64, len(profile))
	for i, q := range profile {
		out[i] = [2]float64{y0 + q[0]*(y1-y0), q[1] * r}
		if q[0] == 1 {
			out[i][0] = y1
		}
	}
	return out
}

// zProfile scales a profile of z shares in [-1, 1] to half length hz
// (radius shares unchanged), for partsBuilder.lyingLathe.
func zProfile(profile [][2]float64, hz float64) [][2]float64 {
	out := make([][2]float64, len(profile))
	for i, q := range profile {
		out[i] = [2]float64{q[0] * hz, q[1]}
	}
	return out
}

// polyline returns the value at t of the polyline through keys (t, value)
// in increasing t, held at the first and last values outside them (a
// profile's radius share at a height or z share, a tool's width along it).
func polyline(keys [][2]float64, t float64) float64 {
	if t <= keys[0][0] {
		return keys[0][1]
	}
	for i := 1; i < len(keys); i++ {
		if t <= keys[i][0] {
			a, b := keys[i-1], keys[i]
			return a[1] + (b[1]-a[1])*(t-a[0])/(b[0]-a[0])
		}
	}
	return keys[len(keys)-1][1]
}

// model returns the one-level model of what b built, with key, its box's
// size and surfaces.
func (p *partsBuilder) model(key string, size sim.Vec3, surfaces []*sim.Surface) *sim.Model {
	return &sim.Model{Key: key, Size: size, Levels: []sim.ModelLevel{p.l}, Surfaces: surfaces}
}
