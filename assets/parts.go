package assets

import (
	"math"

	"flowbench/sim"
)

// partsBuilder assembles a procedural model's level from boxes and
// cylinders (canvas_print.go, vacuum.go), every triangle wound
// counter-clockwise seen from outside with outward normals, as the
// catalogs' models are: flat on boxes and caps, smooth around cylinders.
type partsBuilder struct{ l sim.ModelLevel }

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

// box adds the axis-aligned box lo..hi: its front face (+z) on surface
// front with UVs spanning it upright (u along x, v along y), the other
// faces on surface rest.
func (p *partsBuilder) box(lo, hi sim.Vec3, front, rest uint16) {
	v := func(x, y, z float64) sim.Vec3 { return sim.Vec3{x, y, z} }
	n4 := func(n sim.Vec3) [4]sim.Vec3 { return [4]sim.Vec3{n, n, n, n} }
	var none [4][2]float32
	x0, y0, z0, x1, y1, z1 := lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]
	p.quad(front, [4]sim.Vec3{v(x0, y0, z1), v(x1, y0, z1), v(x1, y1, z1), v(x0, y1, z1)}, n4(v(0, 0, 1)), [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}})
	p.quad(rest, [4]sim.Vec3{v(x1, y0, z0), v(x0, y0, z0), v(x0, y1, z0), v(x1, y1, z0)}, n4(v(0, 0, -1)), none)
	p.quad(rest, [4]sim.Vec3{v(x1, y0, z1), v(x1, y0, z0), v(x1, y1, z0), v(x1, y1, z1)}, n4(v(1, 0, 0)), none)
	p.quad(rest, [4]sim.Vec3{v(x0, y0, z0), v(x0, y0, z1), v(x0, y1, z1), v(x0, y1, z0)}, n4(v(-1, 0, 0)), none)
	p.quad(rest, [4]sim.Vec3{v(x0, y1, z1), v(x1, y1, z1), v(x1, y1, z0), v(x0, y1, z0)}, n4(v(0, 1, 0)), none)
	p.quad(rest, [4]sim.Vec3{v(x0, y0, z0), v(x1, y0, z0), v(x1, y0, z1), v(x0, y0, z1)}, n4(v(0, -1, 0)), none)
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
		base := uint32(len(p.l.Pos))
		p.l.Pos = append(p.l.Pos, c1, pa1, pb1, c0, pb0, pa0)
		p.l.Normal = append(p.l.Normal, axis, axis, axis, axis.Mul(-1), axis.Mul(-1), axis.Mul(-1))
		p.l.UV = append(p.l.UV, [2]float32{}, [2]float32{}, [2]float32{}, [2]float32{}, [2]float32{}, [2]float32{})
		p.l.Tris = append(p.l.Tris, sim.ModelTri{V: [3]uint32{base, base + 1, base + 2}, Surface: s},
			sim.ModelTri{V: [3]uint32{base + 3, base + 4, base + 5}, Surface: s})
	}
}
