package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural things found about the rooms, for boxes the libraries'
// models do not fit or that they lack (procedural.go): newspapers, compact
// discs, candles, dumbbells, boots, ottomans, footstools, garbage bags,
// dog beds and cloths. Newspapers, boots, ottomans, footstools, dog beds
// and cloths fill their box exactly (an ottoman's or a footstool's top is
// the box's top, where objects rest on it); the round ones span the box's
// height and its smaller horizontal side (a dumbbell, lying along z, its
// length and its smaller side across).

// Model.Key of the procedural room items (no catalog entry).
const (
	newspaperKey  = "flowbench:newspaper"
	cdKey         = "flowbench:cd"
	candleKey     = "flowbench:candle"
	dumbbellKey   = "flowbench:dumbbell"
	bootsKey      = "flowbench:boots"
	ottomanKey    = "flowbench:ottoman"
	garbageBagKey = "flowbench:garbage-bag"
)

// Palettes: newsprint (grey-white, salmon, cream), disc labels, candle
// waxes (ivory, white, red, beige), dumbbell weights (black, chrome,
// blue, pink), boot leathers (brown, tan, black), ottoman fabrics (mustard,
// blue, grey, brown leather, cream, teal) and garbage bags (black, dark
// green, grey, white).
var (
	newsprints        = []sim.RGB{{R: 0.86, G: 0.85, B: 0.80}, {R: 0.93, G: 0.80, B: 0.70}, {R: 0.92, G: 0.89, B: 0.78}}
	discLabels        = []sim.RGB{{R: 0.85, G: 0.20, B: 0.15}, {R: 0.15, G: 0.30, B: 0.70}, {R: 0.95, G: 0.95, B: 0.92}, {R: 0.10, G: 0.10, B: 0.12}, {R: 0.95, G: 0.75, B: 0.15}}
	candleWaxes       = []sim.RGB{{R: 0.95, G: 0.92, B: 0.82}, {R: 0.97, G: 0.97, B: 0.96}, {R: 0.70, G: 0.10, B: 0.12}, {R: 0.85, G: 0.75, B: 0.60}}
	dumbbellColours   = []sim.RGB{{R: 0.10, G: 0.10, B: 0.11}, {R: 0.72, G: 0.73, B: 0.75}, {R: 0.20, G: 0.40, B: 0.75}, {R: 0.85, G: 0.45, B: 0.60}}
	bootLeathers      = []sim.RGB{{R: 0.35, G: 0.20, B: 0.10}, {R: 0.60, G: 0.42, B: 0.25}, {R: 0.09, G: 0.08, B: 0.08}}
	ottomanFabrics    = []sim.RGB{{R: 0.75, G: 0.58, B: 0.20}, {R: 0.20, G: 0.30, B: 0.50}, {R: 0.45, G: 0.45, B: 0.47}, {R: 0.40, G: 0.24, B: 0.14}, {R: 0.85, G: 0.82, B: 0.74}, {R: 0.18, G: 0.42, B: 0.42}}
	garbageBagColours = []sim.RGB{{R: 0.06, G: 0.06, B: 0.07}, {R: 0.10, G: 0.25, B: 0.12}, {R: 0.40, G: 0.41, B: 0.43}, {R: 0.90, G: 0.90, B: 0.88}}
	discSilver        = sim.RGB{R: 0.80, G: 0.82, B: 0.86}
	wickBlack         = sim.RGB{R: 0.08, G: 0.07, B: 0.06}
	gripSteel         = sim.RGB{R: 0.55, G: 0.56, B: 0.58}
	soleBlack         = sim.RGB{R: 0.07, G: 0.07, B: 0.07}
	legWood           = sim.RGB{R: 0.30, G: 0.20, B: 0.12}
)

// newspaperModel returns a folded newspaper lying flat in a box of size,
// its long side along x: a lower half over the footprint, the front page
// on it to the box's top and a rounded fold joining them along the front,
// the paper in newsprint col and the page's top printed (newsprint.go),
// its masthead along the back.
func newspaperModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const paper, page = 0, 1
	h := size.Mul(0.5)
	r := min(h[1], 0.2*size[2]) // the fold's radius
	var b partsBuilder
	b.box(h.Mul(-1), sim.Vec3{h[0], 0, h[2] - r}, paper, paper)
	b.box(sim.Vec3{-h[0], 0, -h[2] + 0.02*size[2]}, sim.Vec3{h[0], h[1] - 0.0002, h[2] - r}, paper, paper)
	from, tris := len(b.l.Pos), len(b.l.Tris)
	b.cylinder(sim.Vec3{-h[0], 0, 0}, sim.Vec3{h[0], 0, 0}, 1, paper)
	b.stretchFrom(from, sim.Vec3{1, h[1], r}, sim.Vec3{0, 0, h[2] - r})
	toolFlatten(&b, tris) // a fold squashed hard shades flat
	// The printed page: one quad at the box's top, upright seen from the
	// front: u from the right (+x, left-handed frame) to the left, v from
	// the fold (0) to the back (1).
	up := sim.Vec3{0, 1, 0}
	z0, z1 := -h[2]+0.02*size[2], h[2]-r
	b.quad(page, [4]sim.Vec3{{-h[0], h[1], z1}, {h[0], h[1], z1}, {h[0], h[1], z0}, {-h[0], h[1], z0}},
		[4]sim.Vec3{up, up, up, up}, [4][2]float32{{1, 0}, {0, 0}, {0, 1}, {1, 1}})
	return b.model(newspaperKey, size, []*sim.Surface{
		{Name: "Paper", Color: col}, {Name: "Page", Color: col, Texture: newsprint()}})
}

// cdModel returns a compact disc lying flat in a box of size: a silver
// disc with a hole at its centre, as wide as the box's smaller horizontal
// side, and a printed label in colour col on its top, around the hub.
func cdModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const disc, label = 0, 1
	h := size.Mul(0.5)
	r := 0.5 * min(size[0], size[2])
	top := h[1] - min(0.0002, 0.1*size[1])
	var b partsBuilder
	b.tube(0, 0, -h[1], top, 0.07*r, r, disc)
	b.tube(0, 0, top, h[1], 0.3*r, 0.94*r, label)
	return b.model(cdKey, size, []*sim.Surface{
		{Name: "Disc", Color: discSilver}, {Name: "Label", Color: col}})
}

// candleProfile is a pillar candle's wax from the bottom up (height share
// of the wax, radius share): straight sides, a rounded rim and a shallow
// pool around the wick.
var candleProfile = [][2]float64{{0, 1}, {0.93, 1}, {0.98, 0.94}, {1, 0.8}, {0.97, 0.5}, {0.96, 0}}

// candleModel returns a candle in wax col in a box of size: a wax body
// (candleProfile) as wide as the box's smaller horizontal side up to 88 %
// of the height, and a black wick from it to the box's top.
func candleModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const wax, wick = 0, 1
	h := size.Mul(0.5)
	r := 0.5 * min(size[0], size[2])
	waxTop := -h[1] + 0.88*size[1]
	var b partsBuilder
	b.lathe(0, 0, scaledProfile(candleProfile, -h[1], waxTop, r), wax)
	b.cylinder(sim.Vec3{0, waxTop - 0.05*size[1], 0}, sim.Vec3{0, h[1], 0}, math.Min(0.0012, 0.1*r), wick)
	return b.model(candleKey, size, []*sim.Surface{
		{Name: "Wax", Color: col}, {Name: "Wick", Color: wickBlack}})
}

// dumbbellModel returns a dumbbell lying along z in a box of size: two
// weights in colour col at the ends, as thick as the box's smaller side
// across, each with a collar, and a steel grip between them.
func dumbbellModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const weight, grip = 0, 1
	h := size.Mul(0.5)
	r := min(h[0], h[1])
	L := size[2]
	var b partsBuilder
	for _, s := range []float64{-1, 1} {
		end, inner := s*h[2], s*(h[2]-0.24*L)
		b.cylinder(sim.Vec3{0, 0, math.Min(end, inner)}, sim.Vec3{0, 0, math.Max(end, inner)}, r, weight)
		collar := s * (h[2] - 0.29*L)
		b.cylinder(sim.Vec3{0, 0, math.Min(inner, collar)}, sim.Vec3{0, 0, math.Max(inner, collar)}, 0.45*r, grip)
	}
	b.cylinder(sim.Vec3{0, 0, -h[2] + 0.29*L}, sim.Vec3{0, 0, h[2] - 0.29*L}, 0.25*r, grip)
	return b.model(dumbbellKey, size, []*sim.Surface{
		{Name: "Weight", Color: col}, {Name: "Grip", Color: gripSteel}})
}

// bootsModel returns a pair of tall boots in leather col side by side
// across x, filling a box of size: per boot a black sole along the whole
// depth, a foot with a rounded toe in front and a shaft at the back up
// to the box's top with a darker cuff.
func bootsModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const leather, sole, cuff = 0, 1, 2
	h := size.Mul(0.5)
	w := 0.46 * size[0] // one boot's width; the gap is the rest
	H, D := size[1], size[2]
	soleTop := -h[1] + min(0.06*H, 0.25*D)
	footTop := soleTop + min(0.2*H, 0.45*D)
	toeR := 0.5 * min(footTop-soleTop, 0.4*D)
	shaftFront := -h[2] + 0.45*D
	var b partsBuilder
	for _, s := range []float64{-1, 1} {
		xa, xb := math.Min(s*h[0], s*(h[0]-w)), math.Max(s*h[0], s*(h[0]-w))
		b.box(sim.Vec3{xa, -h[1], -h[2]}, sim.Vec3{xb, soleTop, h[2]}, sole, sole)
		// The foot: a box to the toe's axis, the toe a half-round cap
		// (a cylinder across x, its front reaching the box's front).
		b.box(sim.Vec3{xa, soleTop, -h[2]}, sim.Vec3{xb, footTop, h[2] - toeR}, leather, leather)
		b.cylinder(sim.Vec3{xa, soleTop + toeR, h[2] - toeR}, sim.Vec3{xb, soleTop + toeR, h[2] - toeR}, toeR, leather)
		b.box(sim.Vec3{xa, footTop, -h[2]}, sim.Vec3{xb, h[1] - 0.08*H, shaftFront}, leather, leather)
		b.box(sim.Vec3{xa, h[1] - 0.08*H, -h[2]}, sim.Vec3{xb, h[1], shaftFront}, cuff, cuff)
	}
	return b.model(bootsKey, size, []*sim.Surface{
		{Name: "Leather", Color: col}, {Name: "Sole", Color: soleBlack}, {Name: "Cuff", Color: col.Scale(0.6)}})
}

// footstoolKey is Model.Key of procedural footstools (no catalog entry).
const footstoolKey = "flowbench:footstool"

// footstoolModel returns a footstool in fabric col filling a box of size:
// a padded seat over the whole footprint, its top the box's top and its
// lower edge piped, on a wooden apron and four square wooden legs at the
// corners, joined by low stretchers, the legs about half the height. Until
// issue 52 it was an ottoman under another key, a box that read as a crate.
func footstoolModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const fabric, piping, wood = 0, 1, 2
	h := size.Mul(0.5)
	H := size[1]
	seat := h[1] - 0.3*H       // the seat's underside
	pipe := min(0.008, 0.04*H) // the piping's height
	apron := seat - 0.12*H     // the apron's underside
	lw := min(0.035, 0.12*min(size[0], size[2]))
	var b partsBuilder
	b.box(sim.Vec3{-h[0], seat + pipe, -h[2]}, h, fabric, fabric)
	b.box(sim.Vec3{-h[0], seat, -h[2]}, sim.Vec3{h[0], seat + pipe, h[2]}, piping, piping)
	in := 0.5 * lw // the apron and legs stand in from the seat's edge
	b.box(sim.Vec3{-h[0] + in, apron, -h[2] + in}, sim.Vec3{h[0] - in, seat, h[2] - in}, wood, wood)
	for _, sx := range []float64{-1, 1} {
		for _, sz := range []float64{-1, 1} {
			x0, z0 := sx*(h[0]-in), sz*(h[2]-in)
			x1, z1 := x0-sx*lw, z0-sz*lw
			b.box(sim.Vec3{min(x0, x1), -h[1], min(z0, z1)}, sim.Vec3{max(x0, x1), apron, max(z0, z1)}, wood, wood)
		}
	}
	// Stretchers between the legs at a fifth of the height, front to back.
	sy, st := -h[1]+0.2*H, min(0.4*lw, 0.15*H)
	for _, sx := range []float64{-1, 1} {
		xc := sx * (h[0] - in - 0.5*lw)
		b.box(sim.Vec3{xc - st, sy - st, -h[2] + in + lw}, sim.Vec3{xc + st, sy + st, h[2] - in - lw}, wood, wood)
	}
	return b.model(footstoolKey, size, []*sim.Surface{
		{Name: "Fabric", Color: col}, {Name: "Piping", Color: col.Scale(0.7)}, {Name: "Wood", Color: legWood}})
}

// ottomanModel returns an upholstered ottoman in fabric col filling a box
// of size: four turned wooden legs about 14 % of the height, a body inset
// from the box's sides with vertical seams dividing each side into
// panels, a piping band and a cushion over the whole footprint whose top
// is the box's top. Until issue 52 the legs were stubs and the sides
// plain, and the first finish dark grey: it read as a crate.
func ottomanModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const fabric, piping, leg = 0, 1, 2
	h := size.Mul(0.5)
	H := size[1]
	legTop := -h[1] + 0.14*H
	bandLo, bandHi := h[1]-0.3*H, h[1]-0.27*H
	in := min(0.03, 0.07*min(size[0], size[2])) // the body's inset
	var b partsBuilder
	r := min(0.02, 0.07*min(size[0], size[2]))
	for _, sx := range []float64{-1, 1} {
		for _, sz := range []float64{-1, 1} {
			c := sim.Vec3{sx * (h[0] - in - 1.2*r), 0, sz * (h[2] - in - 1.2*r)}
			b.lathe(c[0], c[2], [][2]float64{{-h[1], 0.6 * r}, {legTop - 0.5*(legTop+h[1]), r}, {legTop, 1.1 * r}}, leg)
		}
	}
	b.box(sim.Vec3{-h[0] + in, legTop, -h[2] + in}, sim.Vec3{h[0] - in, bandLo, h[2] - in}, fabric, fabric)
	// Seams: thin darker strips standing out of the body's sides, one per
	// 25 cm or so, at least one per side.
	sw, sd := min(0.006, 0.02*min(size[0], size[2])), min(0.003, 0.3*in)
	for axis, n := range []float64{max(1, math.Round(size[0]/0.25)), max(1, math.Round(size[2]/0.25))} {
		for k := 1.0; k <= n; k++ {
			f := k/(n+1)*2 - 1 // the seam's place along the side, −1..1
			for _, sgn := range []float64{-1, 1} {
				if axis == 0 { // on the front and back
					x, z := f*(h[0]-in), sgn*(h[2]-in)
					b.box(sim.Vec3{x - sw, legTop, min(z, z+sgn*sd)}, sim.Vec3{x + sw, bandLo, max(z, z+sgn*sd)}, piping, piping)
				} else { // on the left and right
					x, z := sgn*(h[0]-in), f*(h[2]-in)
					b.box(sim.Vec3{min(x, x+sgn*sd), legTop, z - sw}, sim.Vec3{max(x, x+sgn*sd), bandLo, z + sw}, piping, piping)
				}
			}
		}
	}
	b.box(sim.Vec3{-h[0], bandLo, -h[2]}, sim.Vec3{h[0], bandHi, h[2]}, piping, piping)
	b.box(sim.Vec3{-h[0], bandHi, -h[2]}, h, fabric, fabric)
	return b.model(ottomanKey, size, []*sim.Surface{
		{Name: "Fabric", Color: col}, {Name: "Piping", Color: col.Scale(0.7)}, {Name: "Legs", Color: legWood}})
}

// garbageBagProfile is a full garbage bag from the floor up (height share
// of the box, radius share): a flattened bottom, a bulging body, a
// gathered neck and the knot at the top.
var garbageBagProfile = [][2]float64{
	{0, 0}, {0.01, 0.75}, {0.06, 0.93}, {0.25, 1}, {0.5, 0.97}, {0.68, 0.85}, {0.8, 0.55}, {0.86, 0.2}, {0.88, 0.1},
	{0.92, 0.17}, {0.97, 0.15}, {1, 0},
}

// garbageBagModel returns a tied garbage bag in colour col in a box of
// size (garbageBagProfile), as wide as the box's smaller horizontal side.
func garbageBagModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const plastic = 0
	b, _, _ := lathedBody(size, garbageBagProfile, plastic)
	return b.model(garbageBagKey, size, []*sim.Surface{
		{Name: "Plastic", Color: col}})
}

// Model.Key of procedural dog beds and cloths (no catalog entry).
const (
	dogBedKey = "flowbench:dog-bed"
	clothKey  = "flowbench:cloth"
)

// Palettes: dog bed covers (brown, grey, navy, red) and cloths (blue,
// yellow, green, white, grey).
var (
	dogBedCovers  = []sim.RGB{{R: 0.45, G: 0.32, B: 0.22}, {R: 0.50, G: 0.50, B: 0.52}, {R: 0.15, G: 0.20, B: 0.38}, {R: 0.60, G: 0.15, B: 0.15}}
	clothColours  = []sim.RGB{{R: 0.25, G: 0.45, B: 0.75}, {R: 0.92, G: 0.80, B: 0.25}, {R: 0.35, G: 0.65, B: 0.40}, {R: 0.93, G: 0.93, B: 0.92}, {R: 0.55, G: 0.55, B: 0.57}}
	dogBedCushion = sim.RGB{R: 0.85, G: 0.80, B: 0.70}
)

// dogBedModel returns a dog bed in cover col filling a box of size: a
// pale cushion over the footprint at 40 % of the height, and bolsters
// round its rim (a box capped by a roll) to the box's top at the back and
// sides and lower at the front, where the dog steps in.
func dogBedModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const cover, cushion = 0, 1
	h := size.Mul(0.5)
	H := size[1]
	bw := min(0.12, 0.18*min(size[0], size[2]), 0.6*H) // a bolster's width
	rr := bw / 2                                       // its roll's radius
	var b partsBuilder
	b.box(h.Mul(-1), sim.Vec3{h[0], -h[1] + 0.4*H, h[2]}, cushion, cushion)
	// bolster adds a bolster from corner lo to hi (its top, the roll's
	// top, at hi's height) along x or z.
	bolster := func(lo, hi sim.Vec3, alongX bool) {
		top := hi[1] - rr
		b.box(lo, sim.Vec3{hi[0], top, hi[2]}, cover, cover)
		c := lo.Add(hi).Mul(0.5)
		if alongX {
			b.cylinder(sim.Vec3{lo[0], top, c[2]}, sim.Vec3{hi[0], top, c[2]}, rr, cover)
		} else {
			b.cylinder(sim.Vec3{c[0], top, lo[2]}, sim.Vec3{c[0], top, hi[2]}, rr, cover)
		}
	}
	front := -h[1] + max(0.65*H, 0.4*H+rr)
	bolster(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], h[1], -h[2] + bw}, true)
	bolster(sim.Vec3{-h[0], -h[1], h[2] - bw}, sim.Vec3{h[0], front, h[2]}, true)
	bolster(sim.Vec3{-h[0], -h[1], -h[2] + rr}, sim.Vec3{-h[0] + bw, h[1], h[2] - rr}, false)
	bolster(sim.Vec3{h[0] - bw, -h[1], -h[2] + rr}, sim.Vec3{h[0], h[1], h[2] - rr}, false)
	return b.model(dogBedKey, size, []*sim.Surface{
		{Name: "Cover", Color: col}, {Name: "Cushion", Color: dogBedCushion}})
}

// clothStripe is the colour of a cloth's woven stripes.
var clothStripe = sim.RGB{R: 0.95, G: 0.95, B: 0.93}

// clothModel returns a folded cloth in colour col filling a box of size:
// three layers, each a third of the height, joined by rounded folds at
// alternate ends (front, back), each upper layer a little shorter so the
// folds step back, and two woven stripes across the top layer near its
// ends (white, or dark on a white cloth). Until issue 52 it was two layers
// with one fold, and read as a slab.
func clothModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const cloth, stripe = 0, 1
	h := size.Mul(0.5)
	H, D := size[1], size[2]
	st := min(0.0005, 0.04*H) // the stripes' thickness
	lt := (H - st) / 3        // a layer's thickness
	rho := min(lt, 0.25*D)    // a fold's radius
	// The folds' axes: at the front between layers 0 and 1, at the back,
	// 6 % of the depth in, between layers 1 and 2.
	zf, zb := h[2]-rho, -h[2]+0.06*D+rho
	y1, y2 := -h[1]+lt, -h[1]+2*lt
	var b partsBuilder
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], y1, zf}, cloth, cloth)
	b.cylinder(sim.Vec3{-h[0], y1, zf}, sim.Vec3{h[0], y1, zf}, rho, cloth)
	b.box(sim.Vec3{-h[0], y1, zb}, sim.Vec3{h[0], y2, zf}, cloth, cloth)
	b.cylinder(sim.Vec3{-h[0], y2, zb}, sim.Vec3{h[0], y2, zb}, rho, cloth)
	zt := h[2] - 0.12*D // the top layer's front edge
	b.box(sim.Vec3{-h[0], y2, zb}, sim.Vec3{h[0], h[1] - st, zt}, cloth, cloth)
	for _, sx := range []float64{-1, 1} {
		x0, x1 := sx*0.62*h[0], sx*0.74*h[0]
		b.box(sim.Vec3{min(x0, x1), h[1] - st, zb}, sim.Vec3{max(x0, x1), h[1], zt}, stripe, stripe)
	}
	sc := clothStripe
	if col.R+col.G+col.B > 2.4 {
		sc = col.Scale(0.55)
	}
	return b.model(clothKey, size, []*sim.Surface{
		{Name: "Cloth", Color: col}, {Name: "Stripe", Color: sc}})
}
