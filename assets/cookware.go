package assets

import (
	"flowbench/sim"
)

// Procedural pots and pans for boxes the libraries' models do not fit or
// that they lack (procedural.go). They are receptacles, so they are open:
// a body turned on a lathe up to its rim and down its inner wall to a
// floor above the bottom, where sim.ReseatChildren lowers what fits in
// them (as in the catalogs' bowls). A box at least 1.35 times as long as
// wide (along x or z) holds a body as wide as the box at one end and a
// long handle to the other; a squarer one a body in the middle and two
// loop handles to the ends. Either fills its box exactly.

// Model.Key of procedural pots and pans (no catalog entry).
const (
	potKey = "flowbench:pot"
	panKey = "flowbench:pan"
)

// cookwareMetals are the colours of procedural pots and pans: steel,
// black enamel, red enamel and copper.
var cookwareMetals = []sim.RGB{{R: 0.68, G: 0.69, B: 0.71}, {R: 0.12, G: 0.12, B: 0.13}, {R: 0.68, G: 0.14, B: 0.10}, {R: 0.72, G: 0.42, B: 0.25}}

// handleBlack is the colour of cookware handles.
var handleBlack = sim.RGB{R: 0.07, G: 0.07, B: 0.07}

// Profiles from the bottom up (height share, radius share of the body):
// the outside to the rim, the rim, the inner wall down to the floor. A pot
// has straight walls; a pan a low flared one.
var (
	potProfile = [][2]float64{{0, 0.9}, {0.04, 1}, {1, 1}, {1, 0.93}, {0.1, 0.93}, {0.1, 0}}
	panProfile = [][2]float64{{0, 0.75}, {0.12, 0.85}, {1, 1}, {1, 0.94}, {0.2, 0.8}, {0.2, 0}}
)

// potModel returns a pot in colour col filling a box of size (potProfile).
func potModel(size sim.Vec3, col sim.RGB) *sim.Model {
	return cookwareModel(potKey, potProfile, size, col)
}

// panModel returns a pan in colour col filling a box of size (panProfile).
func panModel(size sim.Vec3, col sim.RGB) *sim.Model {
	return cookwareModel(panKey, panProfile, size, col)
}

// cookwareModel returns a pot or pan (key) of profile in colour col with
// black handles, filling a box of size: built with the box's longer
// horizontal side along z and turned a quarter about y when it is x.
func cookwareModel(key string, profile [][2]float64, size sim.Vec3, col sim.RGB) *sim.Model {
	const metal, handle = 0, 1
	S, H, L := min(size[0], size[2]), size[1], max(size[0], size[2])
	h := sim.Vec3{S / 2, H / 2, L / 2}
	r := S / 2
	hr := min(0.012, 0.15*H, 0.1*S) // the handles' half thickness
	y := h[1] - hr                  // the handles' axis, at the rim
	var b partsBuilder
	if L >= 1.35*S {
		cz := -h[2] + r
		b.lathe(0, cz, scaledProfile(profile, -h[1], h[1], r), metal)
		b.cylinder(sim.Vec3{0, y, cz + 0.9*r}, sim.Vec3{0, y, h[2]}, hr, handle)
	} else {
		b.lathe(0, 0, scaledProfile(profile, -h[1], h[1], r), metal)
		w := min(0.03, 0.3*S) / 2
		for _, s := range []float64{-1, 1} {
			z0, z1 := s*0.9*r, s*h[2]
			b.box(sim.Vec3{-w, y - hr, min(z0, z1)}, sim.Vec3{w, y + hr, max(z0, z1)}, handle, handle)
		}
	}
	if size[0] > size[2] { // the longer side is x: (x, y, z) → (z, y, −x)
		for i, p := range b.l.Pos {
			n := b.l.Normal[i]
			b.l.Pos[i], b.l.Normal[i] = sim.Vec3{p[2], p[1], -p[0]}, sim.Vec3{n[2], n[1], -n[0]}
		}
	}
	return &sim.Model{Key: key, Size: size, Levels: []sim.ModelLevel{b.l}, Surfaces: []*sim.Surface{
		{Name: "Metal", Color: col}, {Name: "Handle", Color: handleBlack}}}
}
