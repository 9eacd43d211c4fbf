package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural produce and a watering can for types the libraries lack
// (procedural.go): apples, eggs and tomatoes turned on a lathe, and a
// watering can with a spout and a handle. Each stays inside its box. An
// apple, an egg and a tomato span its height and its smaller horizontal
// side (the round body; an apple's box is square in plan, so it fills it);
// a watering can fills a box at most 0.6 times as wide as deep (the
// catalog's is 0.57), else it spans the height and the depth.

// Model.Key of procedural produce and watering cans (no catalog entry).
const (
	appleKey       = "flowbench:apple"
	eggKey         = "flowbench:egg"
	tomatoKey      = "flowbench:tomato"
	wateringCanKey = "flowbench:watering-can"
)

// Palettes: apple skins (red, dark red, green, yellow), egg shells (white,
// brown), tomato skins (red, orange-red) and watering cans (green, blue,
// galvanised grey, red).
var (
	appleSkins = []sim.RGB{
		{R: 0.75, G: 0.10, B: 0.10}, {R: 0.50, G: 0.06, B: 0.08}, {R: 0.45, G: 0.70, B: 0.20}, {R: 0.88, G: 0.78, B: 0.30},
	}
	eggShells    = []sim.RGB{{R: 0.95, G: 0.93, B: 0.88}, {R: 0.78, G: 0.58, B: 0.40}}
	tomatoSkins  = []sim.RGB{{R: 0.85, G: 0.12, B: 0.08}, {R: 0.90, G: 0.30, B: 0.08}}
	canColours   = []sim.RGB{{R: 0.20, G: 0.50, B: 0.25}, {R: 0.20, G: 0.35, B: 0.65}, {R: 0.62, G: 0.64, B: 0.66}, {R: 0.75, G: 0.15, B: 0.12}}
	stemBrown    = sim.RGB{R: 0.35, G: 0.25, B: 0.12}
	calyxGreen   = sim.RGB{R: 0.20, G: 0.45, B: 0.15}
	handleDarker = 0.7 // a watering can's handle and rose: its colour times this
)

// lathedBody starts a model in a box of size with a body turned on a
// lathe about the box's vertical axis on surface s: profile in shares of
// the box's height (bottom to top) and of half its smaller horizontal
// side, r. It returns the builder, the box's half size and r.
func lathedBody(size sim.Vec3, profile [][2]float64, s uint16) (b partsBuilder, h sim.Vec3, r float64) {
	h = size.Mul(0.5)
	r = 0.5 * math.Min(size[0], size[2])
	b.lathe(0, 0, scaledProfile(profile, -h[1], h[1], r), s)
	return b, h, r
}

// appleProfile is an apple's body from the bottom up (height share of the
// box, radius share): a dimpled bottom, a round body and a dimple at the
// top from which the stem rises to the box's top.
var appleProfile = [][2]float64{
	{0.04, 0}, {0, 0.3}, {0.04, 0.6}, {0.15, 0.85}, {0.35, 0.99}, {0.5, 1}, {0.68, 0.95}, {0.82, 0.82}, {0.9, 0.6}, {0.92, 0.35}, {0.86, 0.1}, {0.86, 0},
}

// appleModel returns an apple in skin col filling a box of size: a lathe
// body (appleProfile) as wide as the box's smaller horizontal side and a
// stem from its top dimple to the box's top.
func appleModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const skin, stem = 0, 1
	b, h, r := lathedBody(size, appleProfile, skin)
	b.cylinder(sim.Vec3{0, -h[1] + 0.8*size[1], 0}, sim.Vec3{0, h[1], 0}, math.Min(0.003, 0.05*r), stem)
	return b.model(appleKey, size, []*sim.Surface{
		{Name: "Skin", Color: col}, {Name: "Stem", Color: stemBrown}})
}

// eggModel returns an egg in shell col filling a box of size: a lathe
// ovoid, broader below, from pole to pole.
func eggModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const n = 16
	prof := make([][2]float64, n+1)
	peak := 0.0
	for i := range prof {
		t := float64(i) / n
		// A circle's half-width, skewed so the widest ring is at 45 %.
		s := math.Pow(t, 1/1.15)
		w := math.Sqrt(max(0, s*(1-s)))
		prof[i] = [2]float64{t, w}
		peak = max(peak, w)
	}
	for i := range prof {
		prof[i][1] /= peak
	}
	prof[0][1], prof[n][1] = 0, 0
	b, _, _ := lathedBody(size, prof, 0)
	return b.model(eggKey, size, []*sim.Surface{{Name: "Shell", Color: col}})
}

// tomatoProfile is a tomato's body from the bottom up (height share of
// the box, radius share): a squat sphere below the calyx and stem.
var tomatoProfile = [][2]float64{
	{0.03, 0}, {0, 0.35}, {0.06, 0.7}, {0.2, 0.92}, {0.42, 1}, {0.65, 0.94}, {0.8, 0.78}, {0.88, 0.5}, {0.9, 0.2}, {0.88, 0},
}

// tomatoModel returns a tomato in skin col in a box of size: a squat lathe
// body as wide as the box's smaller horizontal side, a flat green calyx
// on its top and a short stem to the box's top.
func tomatoModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const skin, green = 0, 1
	b, h, r := lathedBody(size, tomatoProfile, skin)
	cy := -h[1] + 0.89*size[1]
	b.cylinder(sim.Vec3{0, cy - 0.02*size[1], 0}, sim.Vec3{0, cy + 0.02*size[1], 0}, 0.35*r, green)
	b.cylinder(sim.Vec3{0, cy, 0}, sim.Vec3{0, h[1], 0}, math.Min(0.003, 0.06*r), green)
	return b.model(tomatoKey, size, []*sim.Surface{
		{Name: "Skin", Color: col}, {Name: "Calyx", Color: calyxGreen}})
}

// wateringCanModel returns a watering can in colour col in a box of size,
// its spout along +z: a round body at the back as wide as the box (or as
// 60 % of its depth), a spout rising from the body's front to a rose whose
// face is the box's front, and a handle across the top from the body's
// back to its front at the box's top.
func wateringCanModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const body, dark = 0, 1
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	r := math.Min(0.5*W, 0.3*D)
	cz := -h[2] + r
	bodyTop := -h[1] + 0.68*H
	var b partsBuilder
	b.lathe(0, cz, [][2]float64{{-h[1], 0.92 * r}, {-h[1] + 0.05*H, r}, {bodyTop - 0.08*H, r}, {bodyTop, 0.8 * r}, {bodyTop, 0.25 * r}}, body)
	// The spout: from low on the body's front up to the rose.
	sr := min(0.012, 0.08*W, 0.15*H) // the spout's radius
	rose := math.Min(0.025, 0.25*W)  // the rose's radius
	rl := math.Min(0.02, 0.08*D)     // its length
	rosePos := sim.Vec3{0, -h[1] + 0.72*H, h[2] - rl}
	b.cylinder(sim.Vec3{0, -h[1] + 0.2*H, cz + 0.8*r}, rosePos, sr, body)
	b.cylinder(rosePos, sim.Vec3{0, rosePos[1], h[2]}, math.Min(rose, h[1]-rosePos[1]), dark)
	// The handle: posts on the body's rim and a grip at the box's top.
	t := math.Min(0.012, 0.1*W)
	b.box(sim.Vec3{-t / 2, bodyTop, cz - 0.9*r}, sim.Vec3{t / 2, h[1], cz - 0.9*r + t}, dark, dark)
	b.box(sim.Vec3{-t / 2, bodyTop, cz + 0.5*r}, sim.Vec3{t / 2, h[1], cz + 0.5*r + t}, dark, dark)
	b.box(sim.Vec3{-t / 2, h[1] - t, cz - 0.9*r}, sim.Vec3{t / 2, h[1], cz + 0.5*r + t}, dark, dark)
	return b.model(wateringCanKey, size, []*sim.Surface{
		{Name: "Body", Color: col}, {Name: "Rose", Color: col.Scale(handleDarker)}})
}
