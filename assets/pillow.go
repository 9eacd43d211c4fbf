package assets

import (
	"math"

	"flowbench/sim"
)

// pillowKey is the Model.Key of procedural pillows (no catalog entry).
const pillowKey = "flowbench:pillow"

// pillowGrid is the number of quads along each side of a pillow's top and
// bottom faces (even, so the centre is a vertex and the top reaches the
// box's top there).
const pillowGrid = 12

// pillowSeam is the height of a pillow's rim seam above its bottom, as a
// share of its height.
const pillowSeam = 0.35

// pillowColours are the fabric colours a procedural pillow is drawn in,
// one by a seeded hash of the house and its id.
var pillowColours = []sim.RGB{
	{R: 0.85, G: 0.82, B: 0.75}, {R: 0.62, G: 0.70, B: 0.80}, {R: 0.80, G: 0.55, B: 0.45},
	{R: 0.55, G: 0.65, B: 0.50}, {R: 0.90, G: 0.88, B: 0.86}, {R: 0.45, G: 0.50, B: 0.65},
	{R: 0.85, G: 0.72, B: 0.45}, {R: 0.70, G: 0.45, B: 0.50}, {R: 0.40, G: 0.42, B: 0.44},
	{R: 0.75, G: 0.80, B: 0.78}, {R: 0.60, G: 0.48, B: 0.38}, {R: 0.88, G: 0.78, B: 0.80},
}

// pillowModel returns a pillow lying flat in a box of size: a puffy top
// rising from a rim seam at pillowSeam of the height to the box's top at
// the centre, and a bottom falling from the seam to the box's bottom, flat
// under most of the pillow, as a pillow resting on a bed or a seat is. Its
// surface is smooth (vertex normals of the parametric surface) in colour
// col; it fills the box's extent on every axis and never leaves it.
// Triangles are wound counter-clockwise seen from outside.
func pillowModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const n = pillowGrid
	h := size.Mul(0.5)
	seam := -h[1] + pillowSeam*size[1]
	// g is 1 at the centre and 0 on the rim: a squarish cushion profile.
	f := func(s float64) float64 { return math.Sqrt(max(0, 1-math.Pow(math.Abs(s), 4))) }
	g := func(u, v float64) float64 { return f(u) * f(v) }
	top := func(u, v float64) float64 { return seam + (h[1]-seam)*math.Pow(g(u, v), 0.6) }
	bottom := func(u, v float64) float64 { return seam - (seam+h[1])*min(1, 3*g(u, v)) }
	var l sim.ModelLevel
	// side builds one face over the grid: y(u, v) and whether it faces up.
	side := func(y func(u, v float64) float64, up bool) {
		base := uint32(len(l.Pos))
		at := func(u, v float64) sim.Vec3 { return sim.Vec3{u * h[0], y(u, v), v * h[2]} }
		for j := 0; j <= n; j++ {
			for i := 0; i <= n; i++ {
				u, v := 2*float64(i)/n-1, 2*float64(j)/n-1
				// Normal from the surface's partial derivatives (central
				// differences inside the grid's square).
				const e = 1e-4
				du := at(min(u+e, 1), v).Sub(at(max(u-e, -1), v))
				dv := at(u, min(v+e, 1)).Sub(at(u, max(v-e, -1)))
				nm := dv.Cross(du)
				if !up {
					nm = nm.Mul(-1)
				}
				if nm.Len() < 1e-12 || math.Abs(u) == 1 || math.Abs(v) == 1 {
					// On the rim the two faces meet at the seam: the normal
					// points outwards, level.
					nm = sim.Vec3{u * math.Abs(u), 0, v * math.Abs(v)}
					if nm.Len() == 0 {
						nm = sim.Vec3{0, 1, 0}
					}
					if !up && math.Abs(u) < 1 && math.Abs(v) < 1 {
						nm = sim.Vec3{0, -1, 0}
					}
				}
				l.Pos = append(l.Pos, at(u, v))
				l.Normal = append(l.Normal, nm.Normalize())
				l.UV = append(l.UV, [2]float32{float32(i) / n, float32(j) / n})
			}
		}
		for j := 0; j < n; j++ {
			for i := 0; i < n; i++ {
				a := base + uint32(j*(n+1)+i)
				b, c, d := a+1, a+uint32(n+1)+1, a+uint32(n+1)
				if up { // seen from above: x right, z towards the viewer
					l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{a, d, c}}, sim.ModelTri{V: [3]uint32{a, c, b}})
				} else {
					l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{a, b, c}}, sim.ModelTri{V: [3]uint32{a, c, d}})
				}
			}
		}
	}
	side(top, true)
	side(bottom, false)
	return &sim.Model{Key: pillowKey, Size: size, Levels: []sim.ModelLevel{l},
		Surfaces: []*sim.Surface{{Name: "Fabric", Color: col}}}
}
