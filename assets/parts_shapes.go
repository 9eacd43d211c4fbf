package assets

import (
	"math"

	"flowbench/sim"
)

// More partsBuilder shapes (parts.go) for the small objects of issue 52:
// rings, rounded slabs and hanging cloth with soft folds. Every triangle is
// wound counter-clockwise seen from outside with outward normals.

// torus adds a ring on surface s: a tube of radius rho round a circle of
// radius R about centre c in the plane across axis (a unit axis-aligned
// vector), its surface smooth.
func (p *partsBuilder) torus(c, axis sim.Vec3, R, rho float64, s uint16) {
	const nu, nv = 2 * cylinderSegments, 8
	e1 := sim.Vec3{1, 0, 0}
	if math.Abs(axis[0]) > 0.9 {
		e1 = sim.Vec3{0, 1, 0}
	}
	e1 = e1.Sub(axis.Mul(e1.Dot(axis))).Normalize()
	e2 := axis.Cross(e1) // (e1, e2, axis) right-handed
	var none [4][2]float32
	// at returns the point and outward normal at angle u round the ring
	// and v round the tube; (radial, tangent, axis) is right-handed, so
	// quads in increasing u then v wind counter-clockwise from outside.
	at := func(i, j int) (sim.Vec3, sim.Vec3) {
		su, cu := math.Sincos(2 * math.Pi * float64(i) / nu)
		sv, cv := math.Sincos(2 * math.Pi * float64(j) / nv)
		radial := e1.Mul(cu).Add(e2.Mul(su))
		n := radial.Mul(cv).Add(axis.Mul(sv))
		return c.Add(radial.Mul(R)).Add(n.Mul(rho)), n
	}
	for i := range nu {
		for j := range nv {
			p00, n00 := at(i, j)
			p10, n10 := at(i+1, j)
			p11, n11 := at(i+1, j+1)
			p01, n01 := at(i, j+1)
			p.quad(s, [4]sim.Vec3{p00, p10, p11, p01}, [4]sim.Vec3{n00, n10, n11, n01}, none)
		}
	}
}

// roundedSlab adds a flat slab lo..hi whose four vertical edges are
// rounded with radius rc (at most half its smaller horizontal side): a
// card, a tag, a remote's body. Its top and bottom are flat.
func (p *partsBuilder) roundedSlab(lo, hi sim.Vec3, rc float64, s uint16) {
	rc = min(rc, 0.5*(hi[0]-lo[0]), 0.5*(hi[2]-lo[2]))
	if rc <= 0 {
		p.box(lo, hi, s, s)
		return
	}
	p.box(sim.Vec3{lo[0] + rc, lo[1], lo[2]}, sim.Vec3{hi[0] - rc, hi[1], hi[2]}, s, s)
	p.box(sim.Vec3{lo[0], lo[1], lo[2] + rc}, sim.Vec3{lo[0] + rc, hi[1], hi[2] - rc}, s, s)
	p.box(sim.Vec3{hi[0] - rc, lo[1], lo[2] + rc}, sim.Vec3{hi[0], hi[1], hi[2] - rc}, s, s)
	for _, x := range []float64{lo[0] + rc, hi[0] - rc} {
		for _, z := range []float64{lo[2] + rc, hi[2] - rc} {
			p.cylinder(sim.Vec3{x, lo[1], z}, sim.Vec3{x, hi[1], z}, rc, s)
		}
	}
}

// wavySheet adds a hanging sheet of cloth on surface s from x0 to x1 and
// y0 to y1, half thickness t about the plane z = zc plus a soft fold
// offset amp·sin(2π·waves·(x−x0)/(x1−x0)) (waves whole or half periods), so
// it catches the light in bands as a towel does. Its front faces +z.
func (p *partsBuilder) wavySheet(x0, x1, y0, y1, zc, t, amp, waves float64, s uint16) {
	const n = 16
	var none [4][2]float32
	w := x1 - x0
	zAt := func(i int) (x, z, dz float64) {
		x = x0 + w*float64(i)/n
		a := 2 * math.Pi * waves * float64(i) / n
		return x, zc + amp*math.Sin(a), amp * 2 * math.Pi * waves / w * math.Cos(a)
	}
	v := func(x, y, z float64) sim.Vec3 { return sim.Vec3{x, y, z} }
	up, down := sim.Vec3{0, 1, 0}, sim.Vec3{0, -1, 0}
	for i := range n {
		xa, za, da := zAt(i)
		xb, zb, db := zAt(i + 1)
		fa, fb := sim.Vec3{-da, 0, 1}.Normalize(), sim.Vec3{-db, 0, 1}.Normalize()
		p.quad(s, [4]sim.Vec3{v(xa, y0, za+t), v(xb, y0, zb+t), v(xb, y1, zb+t), v(xa, y1, za+t)}, [4]sim.Vec3{fa, fb, fb, fa}, none)
		ba, bb := fa.Mul(-1), fb.Mul(-1)
		p.quad(s, [4]sim.Vec3{v(xb, y0, zb-t), v(xa, y0, za-t), v(xa, y1, za-t), v(xb, y1, zb-t)}, [4]sim.Vec3{bb, ba, ba, bb}, none)
		p.quad(s, [4]sim.Vec3{v(xa, y1, za+t), v(xb, y1, zb+t), v(xb, y1, zb-t), v(xa, y1, za-t)}, [4]sim.Vec3{up, up, up, up}, none)
		p.quad(s, [4]sim.Vec3{v(xa, y0, za-t), v(xb, y0, zb-t), v(xb, y0, zb+t), v(xa, y0, za+t)}, [4]sim.Vec3{down, down, down, down}, none)
	}
	_, z0, _ := zAt(0)
	_, z1, _ := zAt(n)
	left, right := sim.Vec3{-1, 0, 0}, sim.Vec3{1, 0, 0}
	p.quad(s, [4]sim.Vec3{v(x0, y0, z0-t), v(x0, y0, z0+t), v(x0, y1, z0+t), v(x0, y1, z0-t)}, [4]sim.Vec3{left, left, left, left}, none)
	p.quad(s, [4]sim.Vec3{v(x1, y0, z1+t), v(x1, y0, z1-t), v(x1, y1, z1-t), v(x1, y1, z1+t)}, [4]sim.Vec3{right, right, right, right}, none)
}
