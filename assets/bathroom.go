package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural bathroom objects the libraries lack or no variant fits
// (procedural.go): towel bars and toilet-paper holders on the wall at the
// box's back (−z), hand towels hanging flat, toilet rolls and kitchen
// rolls standing upright, and bars of soap lying along z. Each stays
// inside its box. A towel bar, a paper holder and a hand towel fill it; a
// toilet roll and a kitchen roll span its height and its smaller
// horizontal side (a round body); a bar of soap fills it (an elliptical
// section as wide and as tall as the box, from its back to its front).

// Model.Key of procedural bathroom objects (no catalog entry).
const (
	towelHolderKey       = "flowbench:towel-holder"
	toiletPaperHangerKey = "flowbench:toilet-paper-hanger"
	handTowelKey         = "flowbench:hand-towel"
	toiletPaperKey       = "flowbench:toilet-paper"
	paperTowelRollKey    = "flowbench:paper-towel-roll"
	soapBarKey           = "flowbench:soap-bar"
)

// Palettes: holder metals (chrome, brushed steel, black, brass), hand
// towels (pale blue, white, grey, beige, sage green, navy), toilet paper
// (white, off-white), kitchen paper (white, off-white) and soap (white,
// cream, pale green, pink, lavender).
var (
	holderMetals = []sim.RGB{
		{R: 0.80, G: 0.80, B: 0.82}, {R: 0.60, G: 0.61, B: 0.62}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.78, G: 0.62, B: 0.30},
	}
	towelColours = []sim.RGB{
		{R: 0.62, G: 0.75, B: 0.88}, {R: 0.94, G: 0.94, B: 0.92}, {R: 0.55, G: 0.56, B: 0.58},
		{R: 0.85, G: 0.78, B: 0.64}, {R: 0.62, G: 0.72, B: 0.58}, {R: 0.18, G: 0.24, B: 0.42},
	}
	toiletPaperWhites  = []sim.RGB{{R: 0.96, G: 0.96, B: 0.95}, {R: 0.93, G: 0.91, B: 0.85}}
	kitchenPaperWhites = []sim.RGB{{R: 0.97, G: 0.97, B: 0.96}, {R: 0.94, G: 0.93, B: 0.88}}
	soapColours        = []sim.RGB{
		{R: 0.95, G: 0.95, B: 0.93}, {R: 0.93, G: 0.88, B: 0.74}, {R: 0.70, G: 0.85, B: 0.65}, {R: 0.93, G: 0.70, B: 0.76}, {R: 0.78, G: 0.72, B: 0.90},
	}
	cardboardBrown = sim.RGB{R: 0.62, G: 0.47, B: 0.30} // a roll's cardboard core
	rollHole       = sim.RGB{R: 0.10, G: 0.09, B: 0.08} // the dark inside of a roll's core
	kitchenPrint   = sim.RGB{R: 0.72, G: 0.82, B: 0.92} // a kitchen roll's faint printed stripe
	towelBand      = 0.72                               // a towel's woven band: its colour times this
)

// wallBarModel returns a wall-mounted bar with key in metal col filling a
// box of size, the wall at its back (−z): a towel bar or a two-post
// toilet-paper holder. Without shelf: two oval wall mounts (round unless
// the box is taller than 0.4 of its width) at the ends, spanning the height,
// each with a post reaching forward to a round bar across the width at the
// front. With shelf: a plate on the wall spanning the height, a shelf
// with a lip at its front edge across the top, and the posts and the bar
// below the shelf.
func wallBarModel(key string, size sim.Vec3, col sim.RGB, shelf bool) *sim.Model {
	const metal = 0
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	tm := 0.15 * D // the mounts' or the wall plate's thickness
	var b partsBuilder
	// yc: the bar's height; room: its half room in height; px, rp: the
	// posts' distance from the middle and their radius.
	var yc, room, px, rp float64
	rx := math.Min(h[1], 0.2*W) // a mount's half width
	if shelf {
		ts := math.Min(0.06*H, 0.15*D) // the shelf's thickness
		top := h[1] - ts               // the shelf's underside
		b.box(sim.Vec3{-h[0], top, -h[2]}, sim.Vec3{h[0], h[1], h[2]}, metal, metal)
		b.box(sim.Vec3{-h[0], top - 0.15*H, h[2] - ts}, sim.Vec3{h[0], top, h[2]}, metal, metal)
		pw := 0.85 * h[0] // the wall plate's half width
		b.box(sim.Vec3{-pw, -h[1], -h[2]}, sim.Vec3{pw, top, -h[2] + tm}, metal, metal)
		yc, room = top-0.35*(top+h[1]), 0.15*(top+h[1])
		px = 0.8 * pw
		rp = 0.15 * pw
	} else {
		yc, room = 0, h[1]
		px = h[0] - rx
		rp = 0.6 * rx
		for _, sx := range []float64{-1, 1} {
			from := len(b.l.Pos)
			b.cylinder(sim.Vec3{0, 0, -h[2]}, sim.Vec3{0, 0, -h[2] + tm}, 1, metal)
			b.stretchFrom(from, sim.Vec3{rx, h[1], 1}, sim.Vec3{sx * px, 0, 0})
		}
	}
	rb := min(0.012, 0.45*room, 0.2*D) // the bar's radius
	rp = min(rp, 0.7*rb)
	bz := h[2] - rb // the bar's axis
	for _, sx := range []float64{-1, 1} {
		b.cylinder(sim.Vec3{sx * px, yc, -h[2] + tm}, sim.Vec3{sx * px, yc, bz}, rp, metal)
	}
	b.cylinder(sim.Vec3{-px - rp, yc, bz}, sim.Vec3{px + rp, yc, bz}, rb, metal)
	return b.model(key, size, []*sim.Surface{{Name: "Metal", Color: col}})
}

// towelHolderModel returns a towel bar in metal col filling a box of size,
// the wall at its back (−z): two wall mounts at the ends with posts
// reaching forward to a round bar across the front (wallBarModel).
func towelHolderModel(size sim.Vec3, col sim.RGB) *sim.Model {
	return wallBarModel(towelHolderKey, size, col, false)
}

// toiletPaperHangerModel returns a toilet-paper holder in metal col
// filling a box of size, the wall at its back (−z): two posts and a rod
// across the front (wallBarModel), below a shelf with a front lip when the
// box is taller than deep.
func toiletPaperHangerModel(size sim.Vec3, col sim.RGB) *sim.Model {
	return wallBarModel(toiletPaperHangerKey, size, col, size[1] > size[2])
}

// towelRingKey is Model.Key of procedural hand-towel rings.
const towelRingKey = "flowbench:towel-ring"

// towelRingModel returns a hand-towel ring in metal col in a box of size,
// the wall at its back (−z): a round wall plate at the top centre, an arm
// from it forward and down, and a ring in the wall's plane hanging from
// the arm, as wide as the box (or as tall as the room under the plate
// allows) with its bottom on the box's bottom. Until issue 52 a
// hand-towel holder was a towel bar squeezed into this box, two large
// wall discs joined by a stub: it read as a dumbbell. It spans the box's
// height and depth, and its width where the height allows.
func towelRingModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const metal = 0
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	rp := min(0.025, 0.2*W, 0.2*H)            // the plate's radius
	tp := min(0.012, 0.3*D)                   // its thickness
	py := h[1] - rp                           // its centre's height
	rho := min(0.005, 0.15*D, 0.08*W, 0.08*H) // the ring's wire
	R := min(W, H-1.6*rp) / 2                 // the ring's outer radius
	zc := h[2] - rho                          // the ring's plane
	cy := -h[1] + R
	var b partsBuilder
	b.cylinder(sim.Vec3{0, py, -h[2]}, sim.Vec3{0, py, -h[2] + tp}, rp, metal)
	ra := min(0.6*rp, 1.4*rho) // the arm's radius
	b.cylinder(sim.Vec3{0, py, -h[2] + tp}, sim.Vec3{0, py, zc}, ra, metal)
	b.cylinder(sim.Vec3{0, py + ra, zc}, sim.Vec3{0, cy + R - rho, zc}, min(ra, rho), metal)
	b.torus(sim.Vec3{0, cy, zc}, sim.Vec3{0, 0, 1}, R-rho, rho, metal)
	return b.model(towelRingKey, size, []*sim.Surface{{Name: "Metal", Color: col}})
}

// towelBands are the tops of a hand towel's hanging pieces as shares of
// its height, from the bottom up: cloth, a broad woven band, cloth, a thin
// band, and cloth to the fold (its top is the fold's middle).
var towelBands = []float64{0.05, 0.12, 0.14, 0.155, 1}

// handTowelModel returns a hand towel in colour col hanging in a box of
// size (thin in z): a fold rolled over the bar at the top, as deep as the
// box, and the towel hanging from it to the bottom in soft folds across
// its width (wavySheet: a wave per 12 cm or so, at most 8 % of a wave
// deep), darker, thicker woven
// bands across it near the bottom, a broad one below a thin one
// (towelBands). Until issue 52 the
// towel hung flat, and read as a panel.
func handTowelModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const cloth, band = 0, 1
	h := size.Mul(0.5)
	W, H := size[0], size[1]
	var b partsBuilder
	// The fold: an elliptical cylinder across the width at the top.
	fy := math.Min(h[2], 0.1*H) // its half height
	yf := h[1] - fy
	from := len(b.l.Pos)
	b.cylinder(sim.Vec3{-h[0], 0, 0}, sim.Vec3{h[0], 0, 0}, 1, cloth)
	b.stretchFrom(from, sim.Vec3{1, fy, h[2]}, sim.Vec3{0, yf, 0})
	// The hanging towel from the bottom up, cut by a broad band and a thin
	// one above it (towelBands); the folds' depth and the cloth's and the
	// bands' half thickness share the box's half depth.
	waves := max(1, math.Round(W/0.12))
	amp, t, tb := min(0.45*h[2], 0.08*W/waves), 0.35*h[2], 0.5*h[2]
	y := -h[1]
	for i, yb := range towelBands {
		top := -h[1] + yb*H
		if i == len(towelBands)-1 {
			top = yf
		}
		th, s := t, uint16(cloth)
		if i%2 == 1 {
			th, s = tb, band
		}
		b.wavySheet(-h[0], h[0], y, top, 0, th, amp, waves, s)
		y = top
	}
	return b.model(handTowelKey, size, []*sim.Surface{
		{Name: "Cloth", Color: col}, {Name: "Band", Color: col.Scale(towelBand)}})
}

// rollCore adds a roll's cardboard core to b: a tube of outer radius r from
// the box's bottom to its top (half height hy) on surface core, its wall a
// fifth of r thick (thin a share thin of it), and a dark disc on surface
// hole closing it at mid height, seen through the top.
func rollCore(b *partsBuilder, hy, r, thin float64, core, hole uint16) {
	rIn := (1 - thin) * r
	b.tube(0, 0, -hy, hy, rIn, r, core)
	b.cylinder(sim.Vec3{0, -0.02 * hy, 0}, sim.Vec3{0, 0.02 * hy, 0}, rIn, hole)
}

// toiletPaperModel returns a toilet roll in paper col standing in a box of
// size: a tube of paper as wide as the box's smaller horizontal side
// around a cardboard core, dark inside; in a box narrower than half its
// height, a used-up roll: the bare core, as wide as that side.
func toiletPaperModel(size sim.Vec3, col sim.RGB) *sim.Model {
	h := size.Mul(0.5)
	r := 0.5 * math.Min(size[0], size[2])
	var b partsBuilder
	if 2*r < 0.5*size[1] {
		const core, hole = 0, 1
		rollCore(&b, h[1], r, 0.12, core, hole)
		return b.model(toiletPaperKey, size, []*sim.Surface{
			{Name: "Core", Color: cardboardBrown}, {Name: "Hole", Color: rollHole}})
	}
	const paper, core, hole = 0, 1, 2
	rc := 0.4 * r // the core's radius
	b.tube(0, 0, -h[1], h[1], rc, r, paper)
	rollCore(&b, h[1], rc, 0.12, core, hole)
	return b.model(toiletPaperKey, size, []*sim.Surface{
		{Name: "Paper", Color: col}, {Name: "Core", Color: cardboardBrown}, {Name: "Hole", Color: rollHole}})
}

// paperTowelRollModel returns a kitchen roll in paper col standing in a
// box of size: a tube of paper as wide as the box's smaller horizontal
// side, a faint printed stripe round its middle, around a cardboard core
// showing at its ends, dark inside.
func paperTowelRollModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const paper, print, core, hole = 0, 1, 2, 3
	h := size.Mul(0.5)
	H := size[1]
	r := 0.5 * math.Min(size[0], size[2])
	rc := 0.35 * r // the core's radius
	s0, s1 := -0.03*H, 0.03*H
	var b partsBuilder
	b.tube(0, 0, -h[1], s0, rc, r, paper)
	b.tube(0, 0, s0, s1, rc, r, print)
	b.tube(0, 0, s1, h[1], rc, r, paper)
	rollCore(&b, h[1], rc, 0.12, core, hole)
	return b.model(paperTowelRollKey, size, []*sim.Surface{
		{Name: "Paper", Color: col}, {Name: "Print", Color: kitchenPrint}, {Name: "Core", Color: cardboardBrown}, {Name: "Hole", Color: rollHole}})
}

// soapProfile is a bar of soap from its back end to its front end (z as a
// share of the half length, radius as a share of the half width and
// height): blunt rounded ends and a long even middle.
var soapProfile = [][2]float64{
	{-1, 0}, {-0.97, 0.45}, {-0.9, 0.72}, {-0.75, 0.9}, {-0.5, 0.98}, {-0.2, 1}, {0.2, 1}, {0.5, 0.98}, {0.75, 0.9}, {0.9, 0.72}, {0.97, 0.45}, {1, 0},
}

// soapBarModel returns a bar of soap in colour col lying along z and
// filling a box of size: a body turned about z (soapProfile) with an
// elliptical section as wide and as tall as the box.
func soapBarModel(size sim.Vec3, col sim.RGB) *sim.Model {
	h := size.Mul(0.5)
	var b partsBuilder
	b.lyingLathe(zProfile(soapProfile, h[2]), h[0], h[1], 0)
	return b.model(soapBarKey, size, []*sim.Surface{{Name: "Soap", Color: col}})
}
