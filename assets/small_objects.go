package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural small objects the libraries lack or no variant fits: tissue
// boxes, credit cards and key chains, each filling its box exactly
// (procedural.go).

// Model.Key of procedural small objects (no catalog entry).
const (
	tissueBoxKey  = "flowbench:tissue-box"
	creditCardKey = "flowbench:credit-card"
	keyChainKey   = "flowbench:key-chain"
)

// tissueBoxColours are the printed cardboard colours of procedural tissue
// boxes; cardColours are the colours of procedural credit cards.
var (
	tissueBoxColours = []sim.RGB{
		{R: 0.55, G: 0.75, B: 0.85}, {R: 0.85, G: 0.65, B: 0.75}, {R: 0.70, G: 0.82, B: 0.60},
		{R: 0.92, G: 0.85, B: 0.60}, {R: 0.75, G: 0.70, B: 0.88}, {R: 0.35, G: 0.45, B: 0.70},
	}
	cardColours = []sim.RGB{
		{R: 0.10, G: 0.25, B: 0.60}, {R: 0.08, G: 0.08, B: 0.09}, {R: 0.80, G: 0.65, B: 0.25},
		{R: 0.70, G: 0.72, B: 0.75}, {R: 0.15, G: 0.50, B: 0.30}, {R: 0.70, G: 0.12, B: 0.15},
	}
	tissueWhite = sim.RGB{R: 0.96, G: 0.96, B: 0.95}
	chipGold    = sim.RGB{R: 0.85, G: 0.72, B: 0.35}
	keySilver   = sim.RGB{R: 0.78, G: 0.78, B: 0.80}
	keyBrass    = sim.RGB{R: 0.78, G: 0.62, B: 0.30}
)

// tissueBoxModel returns a tissue box filling a box of size: a printed
// cardboard box in colour col up to 80 % of the height, a dark slot
// across the middle of its top, and a white tissue standing out of the
// slot to the box's top.
func tissueBoxModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const card, slot, tissue = 0, 1, 2
	h := size.Mul(0.5)
	top := -h[1] + 0.8*size[1]
	var b partsBuilder
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], top, h[2]}, card, card)
	// The slot is a thin dark plate on the top, the tissue a thin white
	// sheet standing in it (an upright box).
	sx, sz := 0.3*size[0], 0.12*size[2]
	b.box(sim.Vec3{-sx, top, -sz}, sim.Vec3{sx, top + 0.01*size[1], sz}, slot, slot)
	b.box(sim.Vec3{-0.7 * sx, top, -0.25 * sz}, sim.Vec3{0.7 * sx, h[1], 0.25 * sz}, tissue, tissue)
	return b.model(tissueBoxKey, size, []*sim.Surface{
		{Name: "Cardboard", Color: col}, {Name: "Slot", Color: sim.RGB{R: 0.2, G: 0.2, B: 0.22}}, {Name: "Tissue", Color: tissueWhite}})
}

// creditCardModel returns a credit card lying flat in a box of size: a
// plastic slab in colour col up to 85 % of the height, and a gold chip on
// its top, left of centre, to the box's top.
func creditCardModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const plastic, chip = 0, 1
	h := size.Mul(0.5)
	top := -h[1] + 0.85*size[1]
	var b partsBuilder
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], top, h[2]}, plastic, plastic)
	cx, cz := -h[0]+0.25*size[0], 0.05*size[2]
	b.box(sim.Vec3{cx - 0.08*size[0], top, cz - 0.1*size[2]}, sim.Vec3{cx + 0.08*size[0], h[1], cz + 0.1*size[2]}, chip, chip)
	return b.model(creditCardKey, size, []*sim.Surface{
		{Name: "Plastic", Color: col}, {Name: "Chip", Color: chipGold}})
}

// keyChainModel returns a key chain lying flat in a box of size: a ring
// (a flat disc) at the left end, and two keys, silver and brass, from the
// ring to the right end, each a head and a narrower blade, side by side
// across the depth (their outer edges on the box's faces); the ring spans
// the height, the keys most of it.
func keyChainModel(size sim.Vec3) *sim.Model {
	const ring, silver, brass = 0, 1, 2
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	var b partsBuilder
	r := math.Min(0.4*D, 0.2*W) // the ring's radius
	rx := -h[0] + r
	b.cylinder(sim.Vec3{rx, -h[1], 0}, sim.Vec3{rx, h[1], 0}, r, ring)
	kh := 0.7 * H
	for i, s := range []uint16{silver, brass} {
		// Key 0 spans the back half of the depth, key 1 the front half.
		z0, z1 := -h[2], -0.04*D
		if i == 1 {
			z0, z1 = 0.04*D, h[2]
		}
		hx := rx + 0.8*r         // the head starts inside the ring's edge
		bx := hx + 0.3*(h[0]-hx) // the blade starts after the head
		b.box(sim.Vec3{hx, -h[1], z0}, sim.Vec3{bx, -h[1] + kh, z1}, s, s)
		bz0, bz1 := z0+0.4*(z1-z0), z1
		if i == 0 {
			bz0, bz1 = z0, z1-0.4*(z1-z0)
		}
		b.box(sim.Vec3{bx, -h[1], bz0}, sim.Vec3{h[0], -h[1] + 0.6*kh, bz1}, s, s)
	}
	return b.model(keyChainKey, size, []*sim.Surface{
		{Name: "Ring", Color: keySilver}, {Name: "Silver", Color: keySilver}, {Name: "Brass", Color: keyBrass}})
}
