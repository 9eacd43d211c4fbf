package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural plumbing (procedural.go): faucets and sink basins, which the
// libraries lack or no variant fits. Each stays inside its box.

// Model.Key of procedural plumbing (no catalog entry).
const (
	faucetKey = "flowbench:faucet"
	basinKey  = "flowbench:sink-basin"
)

// basinColours are ceramic white, off-white, steel and black composite.
var basinColours = []sim.RGB{
	{R: 0.95, G: 0.95, B: 0.94}, {R: 0.90, G: 0.88, B: 0.84}, {R: 0.70, G: 0.71, B: 0.72}, {R: 0.15, G: 0.15, B: 0.16},
}

// sinkBasinModel returns a sink in colour col filling a box of size: on a
// low box (a basin standing on a counter) a rectangular bowl, a rim of four
// walls round a floor with a drain; on a tall one (a pedestal sink no
// variant fits) the same bowl on a pedestal column at the back half.
func sinkBasinModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const ceramic, drain = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	bowlH := size[1]
	if size[1] > 0.5 {
		bowlH = math.Min(0.25, 0.3*size[1])
		// The pedestal: a column from the floor to the bowl.
		r := 0.18 * math.Min(size[0], size[2])
		b.cylinder(sim.Vec3{0, -h[1], -0.1 * h[2]}, sim.Vec3{0, h[1] - bowlH + 0.001, -0.1 * h[2]}, r, ceramic)
	}
	y0 := h[1] - bowlH                                   // the bowl's bottom
	t := math.Min(0.03, 0.12*math.Min(size[0], size[2])) // the rim's thickness
	ft := math.Min(0.02, 0.25*bowlH)                     // the floor's thickness
	b.box(sim.Vec3{-h[0], y0, -h[2]}, sim.Vec3{h[0], y0 + ft, h[2]}, ceramic, ceramic)
	b.box(sim.Vec3{-h[0], y0, -h[2]}, sim.Vec3{h[0], h[1], -h[2] + t}, ceramic, ceramic)
	b.box(sim.Vec3{-h[0], y0, h[2] - t}, sim.Vec3{h[0], h[1], h[2]}, ceramic, ceramic)
	b.box(sim.Vec3{-h[0], y0, -h[2] + t}, sim.Vec3{-h[0] + t, h[1], h[2] - t}, ceramic, ceramic)
	b.box(sim.Vec3{h[0] - t, y0, -h[2] + t}, sim.Vec3{h[0], h[1], h[2] - t}, ceramic, ceramic)
	dr := math.Min(0.025, 0.2*math.Min(h[0], h[2]))
	b.cylinder(sim.Vec3{0, y0 + ft, 0}, sim.Vec3{0, y0 + ft + 0.002, 0}, dr, drain)
	return b.model(basinKey, size, []*sim.Surface{{Name: "Ceramic", Color: col}, {Name: "Drain", Color: sim.RGB{R: 0.35, G: 0.35, B: 0.37}}})
}

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
