package assets

import (
	"flowbench/sim"
)

// Procedural open vessels for boxes the libraries' models do not fit or
// that they lack (procedural.go): pots, pans, mugs and plates (pans:
// panModel). They are
// receptacles, so they are open: a body turned on a lathe up to its rim
// and down its inner wall to a floor above the bottom, where
// sim.ReseatChildren lowers what fits in them (as in the catalogs'
// bowls). Pots and pans: a box at least 1.35 times as long as wide (along
// x or z) holds a body as wide as the box at one end and a long handle to
// the other; a squarer one a body in the middle and two loop handles to
// the ends. A mug has its body at one end of the box's longer side and a
// loop handle at the other; a plate is a round dish as wide as the box's
// smaller side. Pots, pans and mugs fill their box exactly; a plate spans
// its height and smaller side.

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

// panModel returns a frying pan in colour col in a box of size: a low
// flared body (panProfile) at one end of the box's longer horizontal side
// and a long black handle at the rim to the other end, so every pan has
// its handle (until issue 52 a squarer box got two stubs, and read as a
// tray). The body is as wide as the box's shorter side, or narrower in a
// squarish box so that the handle is at least a third of the length
// (panBodyShare). It spans the box's height and longer side.
func panModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const metal, handle = 0, 1
	h := alongZ(size)
	S, H, L := 2*h[0], 2*h[1], 2*h[2]
	r := min(S, panBodyShare*L) / 2
	hr := min(0.012, 0.2*H, 0.1*S) // the handle's half thickness
	y := h[1] - hr
	cz := -h[2] + r
	var b partsBuilder
	b.lathe(0, cz, scaledProfile(panProfile, -h[1], h[1], r), metal)
	// The handle: a neck from inside the rim and a wider flat grip to the
	// far end.
	g0 := cz + r + 0.3*(h[2]-cz-r)
	b.cylinder(sim.Vec3{0, y, cz + 0.9*r}, sim.Vec3{0, y, g0}, 0.7*hr, handle)
	from := len(b.l.Pos)
	b.cylinder(sim.Vec3{0, 0, g0}, sim.Vec3{0, 0, h[2]}, 1, handle)
	b.stretchFrom(from, sim.Vec3{min(1.6*hr, 0.5*S), hr, 1}, sim.Vec3{0, y, 0})
	turnToLongerSide(&b.l, size)
	return b.model(panKey, size, []*sim.Surface{
		{Name: "Metal", Color: col}, {Name: "Handle", Color: handleBlack}})
}

// panBodyShare is the largest share of a pan's length its body takes.
const panBodyShare = 0.62

// cookwareModel returns a pot or pan (key) of profile in colour col with
// black handles, filling a box of size: built with the box's longer
// horizontal side along z and turned a quarter about y when it is x.
func cookwareModel(key string, profile [][2]float64, size sim.Vec3, col sim.RGB) *sim.Model {
	const metal, handle = 0, 1
	h := alongZ(size) // half the box, its longer horizontal side along z
	S, H, L := 2*h[0], 2*h[1], 2*h[2]
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
	turnToLongerSide(&b.l, size)
	return b.model(key, size, []*sim.Surface{
		{Name: "Metal", Color: col}, {Name: "Handle", Color: handleBlack}})
}

// Model.Key of procedural mugs and plates (no catalog entry).
const (
	mugKey   = "flowbench:mug"
	plateKey = "flowbench:plate"
)

// Palettes: mug glazes (white, black, red, blue, yellow) and plate glazes
// (white, cream, pale blue, terracotta); mugInside darkens the disc on a
// mug's floor.
var (
	mugGlazes   = []sim.RGB{{R: 0.93, G: 0.93, B: 0.91}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.70, G: 0.12, B: 0.12}, {R: 0.20, G: 0.35, B: 0.65}, {R: 0.92, G: 0.78, B: 0.25}}
	plateGlazes = []sim.RGB{{R: 0.94, G: 0.94, B: 0.92}, {R: 0.92, G: 0.88, B: 0.78}, {R: 0.68, G: 0.80, B: 0.90}, {R: 0.72, G: 0.42, B: 0.28}}
	mugInside   = 0.35
)

// Profiles from the bottom up (height share, radius share): a mug's
// straight wall, rim and inside down to a floor near the bottom; a
// plate's foot, rim, and a well whose floor is at 40 % of the height.
var (
	mugProfile   = [][2]float64{{0, 0.9}, {0.03, 1}, {1, 1}, {1, 0.9}, {0.08, 0.9}, {0.08, 0}}
	plateProfile = [][2]float64{{0, 0.5}, {0.15, 0.55}, {0.35, 0.7}, {1, 1}, {1, 0.95}, {0.6, 0.72}, {0.4, 0.6}, {0.4, 0}}
)

// mugModel returns a mug in glaze col filling a box of size: an open
// body (mugProfile) as wide as the box's shorter horizontal side at one
// end of its longer one, a dark disc on its floor (a drink's shadow), and
// a loop handle (a grip and two arms) to the other end, built along z
// (alongZ, turnToLongerSide).
func mugModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const glaze, inside = 0, 1
	h := alongZ(size) // half the box, its longer horizontal side along z
	S, H, r := 2*h[0], 2*h[1], h[0]
	cz := -h[2] + r
	var b partsBuilder
	b.lathe(0, cz, scaledProfile(mugProfile, -h[1], h[1], r), glaze)
	floor := -h[1] + mugProfile[4][0]*H
	b.cylinder(sim.Vec3{0, floor, cz}, sim.Vec3{0, floor + 0.01*H, cz}, 0.88*r, inside)
	// The handle: a grip at the far end from 20 % to 80 % of the height,
	// and two arms back into the wall.
	t := min(0.006, 0.15*S, 0.1*H) // the handle's half thickness
	g0 := max(cz+0.9*r, h[2]-2*t)  // the grip's back
	b.box(sim.Vec3{-t, -h[1] + 0.2*H, g0}, sim.Vec3{t, -h[1] + 0.8*H, h[2]}, glaze, glaze)
	for _, y := range []float64{-h[1] + 0.2*H, -h[1] + 0.8*H - 2*t} {
		if g0 > cz+0.9*r { // else the grip stands on the wall
			b.box(sim.Vec3{-t, y, cz + 0.9*r}, sim.Vec3{t, y + 2*t, g0}, glaze, glaze)
		}
	}
	turnToLongerSide(&b.l, size)
	return b.model(mugKey, size, []*sim.Surface{
		{Name: "Glaze", Color: col}, {Name: "Inside", Color: col.Scale(mugInside)}})
}

// plateModel returns a plate in glaze col in a box of size: a dish
// (plateProfile) as wide as the box's smaller horizontal side.
func plateModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const glaze = 0
	b, _, _ := lathedBody(size, plateProfile, glaze)
	return b.model(plateKey, size, []*sim.Surface{{Name: "Glaze", Color: col}})
}

// alongZ returns half of a box of size turned, if need be, so that its
// longer horizontal side is z: a vessel with a handle is built so, then
// turned back (turnToLongerSide).
func alongZ(size sim.Vec3) sim.Vec3 {
	return sim.Vec3{min(size[0], size[2]) / 2, size[1] / 2, max(size[0], size[2]) / 2}
}

// turnToLongerSide turns level l, built along z in the box alongZ(size),
// a quarter about y when the box's longer horizontal side is x.
func turnToLongerSide(l *sim.ModelLevel, size sim.Vec3) {
	if size[0] > size[2] {
		quarterTurn(l)
	}
}
