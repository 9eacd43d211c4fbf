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

// Card print colours: the light band, the embossed numbers and the
// network logo's two discs; fobBlack is a car key's plastic body.
var (
	cardBand   = sim.RGB{R: 0.92, G: 0.92, B: 0.90}
	cardDigits = sim.RGB{R: 0.85, G: 0.85, B: 0.82}
	logoRed    = sim.RGB{R: 0.85, G: 0.10, B: 0.10}
	logoOrange = sim.RGB{R: 0.97, G: 0.62, B: 0.10}
	fobBlack   = sim.RGB{R: 0.08, G: 0.08, B: 0.09}
)

// creditCardModel returns a credit card lying flat in a box of size: a
// plastic slab in colour col with rounded corners up to 85 % of the
// height, and printed on its top to the box's top a pale band across its
// back, a gold chip left of centre, four groups of embossed digits below
// it and a network logo of two overlapping discs at the front right (until issue 52 a plain slab with a chip, which read as a tile).
func creditCardModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const plastic, chip, band, digits, red, orange = 0, 1, 2, 3, 4, 5
	h := size.Mul(0.5)
	W, D := size[0], size[2]
	top := -h[1] + 0.85*size[1]
	var b partsBuilder
	b.roundedSlab(h.Mul(-1), sim.Vec3{h[0], top, h[2]}, 0.07*min(W, D), plastic)
	print := func(x0, z0, x1, z1 float64, s uint16) {
		b.box(sim.Vec3{x0, top, z0}, sim.Vec3{x1, h[1], z1}, s, s)
	}
	// The frame is left-handed: +x is the card's left seen from its front
	// (+z), where the chip is.
	print(-h[0]+0.04*W, -h[2]+0.12*D, h[0]-0.04*W, -h[2]+0.26*D, band)
	cx, cz := h[0]-0.22*W, -h[2]+0.45*D
	print(cx-0.07*W, cz-0.09*D, cx+0.07*W, cz+0.09*D, chip)
	for g := range 4 {
		x1 := h[0] - 0.1*W - float64(g)*0.2*W
		print(x1-0.16*W, -h[2]+0.6*D, x1, -h[2]+0.67*D, digits)
	}
	// The logo at the front right: the red disc left, the orange one
	// right and a little lower, so the red one lies over it where they
	// overlap.
	lr := 0.12 * min(D, 0.63*W)
	lz := h[2] - 0.04*D - lr
	for i, s := range []uint16{red, orange} {
		lx := -h[0] + 0.08*W + lr + float64(1-i)*1.2*lr
		b.cylinder(sim.Vec3{lx, top, lz}, sim.Vec3{lx, h[1] - float64(i)*0.4*(h[1]-top), lz}, lr, s)
	}
	return b.model(creditCardKey, size, []*sim.Surface{
		{Name: "Plastic", Color: col}, {Name: "Chip", Color: chipGold}, {Name: "Band", Color: cardBand},
		{Name: "Digits", Color: cardDigits}, {Name: "LogoRed", Color: logoRed}, {Name: "LogoOrange", Color: logoOrange}})
}

// keyChainModel returns a bunch of keys lying flat in a box of size: a
// split ring (a thin metal ring) at the left end and, from it to the right
// end, a silver key at the back, a car key's black remote in the middle
// and a brass key at the front, side by side across the depth (their
// outer edges on the box's faces). A key is a round head with a hole and
// a blade with teeth along one edge; the remote, a rounded body with two
// buttons, spans the height. Until issue 52 the keys were plain slabs.
func keyChainModel(size sim.Vec3) *sim.Model {
	const ring, silver, brass, fob, button = 0, 1, 2, 3, 4
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	var b partsBuilder
	r := math.Min(0.3*D, 0.16*W) // the ring's radius
	rx := -h[0] + r
	rho := min(0.25*H, 0.15*r) // the ring wire's radius
	b.torus(sim.Vec3{rx, -h[1] + rho, 0}, sim.Vec3{0, 1, 0}, r-rho, rho, ring)
	kt := min(0.3*H, 0.003) // a key's thickness
	lane := D / 3           // each item's lane across the depth
	for i, s := range []uint16{silver, brass} {
		z0 := -h[2] // the key's lane: the back third, or the front one
		if i == 1 {
			z0 = h[2] - lane
		}
		zc := z0 + lane/2
		hr := min(0.5*lane, 0.12*W) // the head's radius
		hx := rx + 0.6*r + hr
		b.tube(hx, zc, -h[1], -h[1]+kt, 0.3*hr, hr, s)
		// The blade: from the head to the box's right end, half the lane
		// wide on the lane's outer side, teeth on its inner edge.
		bz0, bz1 := z0, z0+0.45*lane
		tz0, tz1 := bz1, bz1+0.18*lane
		if i == 1 {
			bz0, bz1 = h[2]-0.45*lane, h[2]
			tz0, tz1 = bz0-0.18*lane, bz0
		}
		bx := hx + 0.8*hr
		b.box(sim.Vec3{hx + 0.9*hr, -h[1], bz0}, sim.Vec3{h[0], -h[1] + kt, bz1}, s, s)
		for k := range 3 {
			tx := bx + (h[0]-bx)*(0.15+0.25*float64(k))
			b.box(sim.Vec3{tx, -h[1], tz0}, sim.Vec3{tx + 0.1*(h[0]-bx), -h[1] + kt, tz1}, s, s)
		}
	}
	// The remote: a rounded body in the middle lane, from the ring's right
	// side to 70 % of the way to the right end, and two buttons on top.
	fz0, fz1 := -h[2]+lane*1.05, h[2]-lane*1.05
	fx0 := rx + 0.7*r
	fx1 := fx0 + 0.7*(h[0]-fx0)
	bt := min(0.15*H, 0.002) // the buttons' height
	b.roundedSlab(sim.Vec3{fx0, -h[1], fz0}, sim.Vec3{fx1, h[1] - bt, fz1}, 0.4*(fz1-fz0), fob)
	for k := range 2 {
		cx := fx0 + (fx1-fx0)*(0.35+0.3*float64(k))
		br := min(0.25*(fz1-fz0), 0.12*(fx1-fx0))
		b.cylinder(sim.Vec3{cx, h[1] - bt, 0}, sim.Vec3{cx, h[1], 0}, br, button)
	}
	return b.model(keyChainKey, size, []*sim.Surface{
		{Name: "Ring", Color: keySilver}, {Name: "Silver", Color: keySilver}, {Name: "Brass", Color: keyBrass},
		{Name: "Remote", Color: fobBlack}, {Name: "Buttons", Color: sim.RGB{R: 0.55, G: 0.56, B: 0.6}}})
}
