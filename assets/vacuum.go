package assets

import (
	"math"

	"flowbench/sim"
)

// vacuumKey is the Model.Key of procedural vacuum cleaners (no catalog
// entry).
const vacuumKey = "flowbench:vacuum-cleaner"

// vacuumColours are the body colours of procedural vacuum cleaners, one by
// a seeded hash of the house and its id.
var vacuumColours = []sim.RGB{
	{R: 0.75, G: 0.12, B: 0.12}, {R: 0.15, G: 0.30, B: 0.65}, {R: 0.55, G: 0.55, B: 0.58},
	{R: 0.85, G: 0.55, B: 0.10}, {R: 0.35, G: 0.55, B: 0.30}, {R: 0.45, G: 0.20, B: 0.50},
}

// vacuumModel returns an upright vacuum cleaner filling a box of size
// (front +z): a low cleaning head across the whole width and most of the
// depth, two wheels at its back corners, a round body in colour col over
// the head, a pole rising from the body and a grip across its top at the
// box's top. Proportions are shares of the box, so any box gets a vacuum
// that fills it on every axis and never leaves it.
func vacuumModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const body, dark, metal = 0, 1, 2
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	y0 := -h[1]
	var b partsBuilder
	head := 0.09 * H
	b.box(sim.Vec3{-h[0], y0 + 0.03*H, -h[2] + 0.2*D}, sim.Vec3{h[0], y0 + head, h[2]}, dark, dark)
	wr := 0.1 * D
	for _, sx := range []float64{-1, 1} {
		x := sx * (h[0] - 0.06*W)
		b.cylinder(sim.Vec3{x - 0.06*W, y0 + wr, -h[2] + wr}, sim.Vec3{x + 0.06*W, y0 + wr, -h[2] + wr}, wr, dark)
	}
	br := math.Min(0.3*W, 0.3*D)
	bz := -h[2] + 0.42*D
	b.cylinder(sim.Vec3{0, y0 + head, bz}, sim.Vec3{0, y0 + 0.68*H, bz}, br, body)
	pr := 0.05 * math.Min(W, D) // a pole about 3 cm thick in the catalog box
	b.cylinder(sim.Vec3{0, y0 + 0.68*H, bz}, sim.Vec3{0, h[1] - 0.05*H, bz}, pr, metal)
	b.box(sim.Vec3{-0.2 * W, h[1] - 0.05*H, bz - 0.06*D}, sim.Vec3{0.2 * W, h[1], bz + 0.06*D}, dark, dark)
	return b.model(vacuumKey, size, []*sim.Surface{
		{Name: "Body", Color: col},
		{Name: "Dark", Color: sim.RGB{R: 0.12, G: 0.12, B: 0.13}},
		{Name: "Metal", Color: sim.RGB{R: 0.72, G: 0.72, B: 0.74}},
	})
}
