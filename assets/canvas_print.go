package assets

import "flowbench/sim"

// printEdge is the colour of a canvas print's edges and back.
var printEdge = sim.RGB{R: 0.9, G: 0.89, B: 0.86}

// printKey is the Model.Key of canvas prints (no catalog entry).
const printKey = "flowbench:canvas-print"

// canvasPrint returns a box model of size (centred, in the object's frame)
// whose front face (+z) shows art, upright, with UVs spanning it (u along
// x, v along y), and whose other faces have the colour printEdge. Every
// triangle is wound counter-clockwise seen from outside, with the face's
// outward normal at its vertices, as the catalogs' models are.
func canvasPrint(size sim.Vec3, art *sim.Texture) *sim.Model {
	h := size.Mul(0.5)
	var l sim.ModelLevel
	// face adds the quad a, b, c, d (counter-clockwise seen from outside)
	// with outward normal n on surface s; the front's UVs span [0, 1]².
	face := func(s uint16, n sim.Vec3, q [4]sim.Vec3) {
		base := uint32(len(l.Pos))
		for _, p := range q {
			var uv [2]float32
			if s == 0 {
				uv = [2]float32{float32((p[0] + h[0]) / size[0]), float32((p[1] + h[1]) / size[1])}
			}
			l.Pos, l.Normal, l.UV = append(l.Pos, p), append(l.Normal, n), append(l.UV, uv)
		}
		l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{base, base + 1, base + 2}, Surface: s},
			sim.ModelTri{V: [3]uint32{base, base + 2, base + 3}, Surface: s})
	}
	x0, y0, z0, x1, y1, z1 := -h[0], -h[1], -h[2], h[0], h[1], h[2]
	v := func(x, y, z float64) sim.Vec3 { return sim.Vec3{x, y, z} }
	face(0, v(0, 0, 1), [4]sim.Vec3{v(x0, y0, z1), v(x1, y0, z1), v(x1, y1, z1), v(x0, y1, z1)})
	face(1, v(0, 0, -1), [4]sim.Vec3{v(x1, y0, z0), v(x0, y0, z0), v(x0, y1, z0), v(x1, y1, z0)})
	face(1, v(1, 0, 0), [4]sim.Vec3{v(x1, y0, z1), v(x1, y0, z0), v(x1, y1, z0), v(x1, y1, z1)})
	face(1, v(-1, 0, 0), [4]sim.Vec3{v(x0, y0, z0), v(x0, y0, z1), v(x0, y1, z1), v(x0, y1, z0)})
	face(1, v(0, 1, 0), [4]sim.Vec3{v(x0, y1, z1), v(x1, y1, z1), v(x1, y1, z0), v(x0, y1, z0)})
	face(1, v(0, -1, 0), [4]sim.Vec3{v(x0, y0, z0), v(x1, y0, z0), v(x1, y0, z1), v(x0, y0, z1)})
	return &sim.Model{Key: printKey, Size: size, Levels: []sim.ModelLevel{l}, Surfaces: []*sim.Surface{
		{Name: "Canvas", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: art},
		{Name: "Edge", Color: printEdge},
	}}
}
