package assets

import (
	"math"

	"flowbench/sim"
)

// faucetKey is the Model.Key of procedural faucets (no catalog entry).
const faucetKey = "flowbench:faucet"

// faucetModel returns a faucet in metal col filling a box of size, its
// back at −z: a round base plate on the box's floor at the back, a riser
// up to near the top, a spout reaching forward to the front and a short
// nozzle down from its end; a lever on top of the riser when the box is
// narrow, else a round handle either side of the riser (a mixer with two
// taps). Every part stays inside the box.
func faucetModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const metal = 0
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	var b partsBuilder
	r := math.Min(0.12*math.Min(W, D), 0.04) // the riser's and the spout's radius
	r = math.Max(r, 0.003)
	zr := -h[2] + math.Min(0.5*D, 2.2*r) // the riser's axis
	pr := math.Min(2*r, math.Min(h[0], zr+h[2]))
	pt := math.Min(0.08*H, 0.01) // the plate's thickness
	from := len(b.l.Pos)
	b.cylinder(sim.Vec3{0, -h[1], 0}, sim.Vec3{0, -h[1] + pt, 0}, 1, metal)
	b.stretchFrom(from, sim.Vec3{pr, 1, pr}, sim.Vec3{0, 0, zr})
	ys := h[1] - r // the spout's axis
	b.cylinder(sim.Vec3{0, -h[1] + pt, zr}, sim.Vec3{0, ys + r*0.999, zr}, r, metal)
	zn := h[2] - r // the nozzle's axis
	b.cylinder(sim.Vec3{0, ys, zr}, sim.Vec3{0, ys, zn}, r, metal)
	ny := math.Max(-h[1]+pt, ys-math.Min(0.25*H, 4*r))
	b.cylinder(sim.Vec3{0, ny, zn}, sim.Vec3{0, ys, zn}, 0.8*r, metal)
	if W > 6*r+0.04 {
		// Two round handles on short stems either side of the riser.
		hx := math.Min(h[0]-1.5*r, 4*r)
		hy := -h[1] + pt + 0.35*(H-pt)
		for _, sx := range []float64{-1, 1} {
			b.cylinder(sim.Vec3{sx * r, hy, zr}, sim.Vec3{sx * (hx - 0.6*r), hy, zr}, 0.45*r, metal)
			b.cylinder(sim.Vec3{sx * (hx - 0.6*r), hy - 0.9*r, zr}, sim.Vec3{sx * (hx - 0.6*r), hy + 0.9*r, zr}, math.Min(1.2*r, h[0]-hx+0.6*r), metal)
		}
	} else {
		// A lever on top of the riser, pointing back over the plate.
		ly := math.Min(h[1]-0.2*r, ys+r)
		b.box(sim.Vec3{-0.5 * r, ly - 0.4*r, -h[2]}, sim.Vec3{0.5 * r, ly, zr}, metal, metal)
	}
	return b.model(faucetKey, size, []*sim.Surface{{Name: "Metal", Color: col}})
}
