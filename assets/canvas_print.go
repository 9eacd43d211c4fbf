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
	var b partsBuilder
	b.box(size.Mul(-0.5), size.Mul(0.5), 0, 1)
	return b.model(printKey, size, []*sim.Surface{
		{Name: "Canvas", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: art},
		{Name: "Edge", Color: printEdge},
	})
}
