package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural desk and bedside things for boxes the libraries' models do
// not fit (procedural.go): alarm clocks, books, pencils and desk lamps.
// Clocks, books and pencils fill their box exactly; a desk lamp, round,
// spans its box's height and smaller horizontal side.

// Model.Key of the procedural desk items (no catalog entry).
const (
	alarmClockKey = "flowbench:alarm-clock"
	bookKey       = "flowbench:book"
	pencilKey     = "flowbench:pencil"
	deskLampKey   = "flowbench:desk-lamp"
)

// Palettes: clock cases (black, white, red, wood), book covers (red,
// blue, green, black, ochre, grey), pencil paints (yellow, red, green,
// blue) and lamp shades (white, cream, black, green).
var (
	clockCases   = []sim.RGB{{R: 0.10, G: 0.10, B: 0.11}, {R: 0.92, G: 0.92, B: 0.90}, {R: 0.70, G: 0.12, B: 0.12}, {R: 0.45, G: 0.30, B: 0.18}}
	bookCovers   = []sim.RGB{{R: 0.60, G: 0.12, B: 0.12}, {R: 0.15, G: 0.25, B: 0.55}, {R: 0.15, G: 0.40, B: 0.25}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.80, G: 0.60, B: 0.20}, {R: 0.50, G: 0.50, B: 0.52}}
	pencilPaints = []sim.RGB{{R: 0.95, G: 0.75, B: 0.10}, {R: 0.75, G: 0.12, B: 0.10}, {R: 0.20, G: 0.50, B: 0.25}, {R: 0.20, G: 0.30, B: 0.65}}
	lampShades   = []sim.RGB{{R: 0.95, G: 0.94, B: 0.90}, {R: 0.92, G: 0.85, B: 0.70}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.15, G: 0.40, B: 0.25}}
	dialWhite    = sim.RGB{R: 0.96, G: 0.96, B: 0.94}
	handBlack    = sim.RGB{R: 0.05, G: 0.05, B: 0.05}
	pageWhite    = sim.RGB{R: 0.93, G: 0.91, B: 0.85}
	titleGold    = sim.RGB{R: 0.85, G: 0.72, B: 0.35}
	pencilWood   = sim.RGB{R: 0.85, G: 0.68, B: 0.45}
	graphite     = sim.RGB{R: 0.15, G: 0.15, B: 0.16}
	ferruleMetal = sim.RGB{R: 0.72, G: 0.72, B: 0.70}
	eraserPink   = sim.RGB{R: 0.92, G: 0.55, B: 0.58}
	lampMetal    = sim.RGB{R: 0.40, G: 0.40, B: 0.42}
)

// alarmClockModel returns an alarm clock in case colour col filling a box
// of size: a case, and on its front (+z) a round white dial as wide as
// 80 % of the front's smaller side with twelve hour marks and two hands.
func alarmClockModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const cs, dial, hand = 0, 1, 2
	h := size.Mul(0.5)
	d := min(0.002, 0.05*size[2]) // the dial's and the hands' thickness
	front := h[2] - 2*d
	var b partsBuilder
	b.box(h.Mul(-1), sim.Vec3{h[0], h[1], front}, cs, cs)
	r := 0.4 * min(size[0], size[1])
	b.cylinder(sim.Vec3{0, 0, front}, sim.Vec3{0, 0, front + d}, r, dial)
	z0, z1 := front+d, h[2]
	for k := range 12 {
		sn, cn := math.Sincos(float64(k) * math.Pi / 6)
		c := sim.Vec3{0.85 * r * sn, 0.85 * r * cn, 0}
		m := 0.04 * r
		b.box(sim.Vec3{c[0] - m, c[1] - m, z0}, sim.Vec3{c[0] + m, c[1] + m, z1}, hand, hand)
	}
	w := 0.03 * r
	b.box(sim.Vec3{-w, -w, z0}, sim.Vec3{w, 0.7 * r, z1}, hand, hand)  // minute hand, at twelve
	b.box(sim.Vec3{-w, -w, z0}, sim.Vec3{0.45 * r, w, z1}, hand, hand) // hour hand, at three
	return b.model(alarmClockKey, size, []*sim.Surface{
		{Name: "Case", Color: col}, {Name: "Dial", Color: dialWhite}, {Name: "Hands", Color: handBlack}})
}

// bookModel returns a closed book lying flat in a box of size, its spine
// at the left (−x): covers in colour col over the footprint at the bottom
// and the top, the spine joining them, a block of pages set in from the
// other three edges, and a gold title label printed on the top cover.
func bookModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const cover, pages, title = 0, 1, 2
	h := size.Mul(0.5)
	c := min(0.003, 0.15*size[1], 0.1*size[0]) // a cover's thickness
	in := min(0.003, 0.05*min(size[0], size[2]))
	label := min(0.0002, 0.2*c)
	var b partsBuilder
	b.box(h.Mul(-1), sim.Vec3{h[0], -h[1] + c, h[2]}, cover, cover)
	b.box(sim.Vec3{-h[0], h[1] - c, -h[2]}, sim.Vec3{h[0], h[1] - label, h[2]}, cover, cover)
	b.box(sim.Vec3{-h[0], -h[1] + c, -h[2]}, sim.Vec3{-h[0] + c, h[1] - c, h[2]}, cover, cover)
	b.box(sim.Vec3{-h[0] + c, -h[1] + c, -h[2] + in}, sim.Vec3{h[0] - in, h[1] - c, h[2] - in}, pages, pages)
	b.box(sim.Vec3{-0.2 * size[0], h[1] - label, -0.3 * size[2]}, sim.Vec3{0.35 * size[0], h[1], -0.15 * size[2]}, title, title)
	return b.model(bookKey, size, []*sim.Surface{
		{Name: "Cover", Color: col}, {Name: "Pages", Color: pageWhite}, {Name: "Title", Color: titleGold}})
}

// pencilModel returns a pencil painted col lying along z and filling a box
// of size, its point to the back: a graphite point and a sharpened wooden
// cone, the painted body, a metal ferrule and a pink eraser at the front,
// each turned about z with the box's section (partsBuilder.lyingLathe).
func pencilModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const paint, wood, lead, ferrule, eraser = 0, 1, 2, 3, 4
	h := size.Mul(0.5)
	L := size[2]
	cone := min(0.025, 0.15*L)
	tip := 0.25 * cone
	z := func(s float64) float64 { return -h[2] + s } // from the back end
	var b partsBuilder
	b.lyingLathe([][2]float64{{z(0), 0}, {z(tip), 0.3}}, h[0], h[1], lead)
	b.lyingLathe([][2]float64{{z(tip), 0.3}, {z(cone), 1}}, h[0], h[1], wood)
	fe, er := min(0.008, 0.06*L), min(0.006, 0.05*L)
	b.lyingLathe([][2]float64{{z(cone), 1}, {h[2] - fe - er, 1}}, h[0], h[1], paint)
	b.lyingLathe([][2]float64{{h[2] - fe - er, 1}, {h[2] - er, 1}}, h[0], h[1], ferrule)
	b.lyingLathe([][2]float64{{h[2] - er, 0.95}, {h[2] - 0.2*er, 0.95}, {h[2], 0.7}}, h[0], h[1], eraser)
	return b.model(pencilKey, size, []*sim.Surface{
		{Name: "Paint", Color: col}, {Name: "Wood", Color: pencilWood}, {Name: "Lead", Color: graphite},
		{Name: "Ferrule", Color: ferruleMetal}, {Name: "Eraser", Color: eraserPink}})
}

// lampShadeProfile is a desk lamp's shade from its rim up (height share
// of the shade, radius share): a flared cone closed at the top.
var lampShadeProfile = [][2]float64{{0, 1}, {0.7, 0.6}, {1, 0.45}, {1, 0}}

// deskLampModel returns a desk lamp with a shade in colour col in a box of
// size: a round metal base, a stem, and a shade (lampShadeProfile) from
// 55 % of the height to the top, as wide as the box's smaller horizontal
// side.
func deskLampModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const shade, metal = 0, 1
	h := size.Mul(0.5)
	H := size[1]
	r := 0.5 * min(size[0], size[2])
	var b partsBuilder
	b.lathe(0, 0, scaledProfile([][2]float64{{0, 0.7}, {0.04, 0.68}, {0.06, 0.3}, {0.06, 0}}, -h[1], h[1], r), metal)
	b.cylinder(sim.Vec3{0, -h[1] + 0.05*H, 0}, sim.Vec3{0, h[1] - 0.1*H, 0}, min(0.008, 0.06*r), metal)
	b.lathe(0, 0, scaledProfile(lampShadeProfile, -h[1]+0.55*H, h[1], r), shade)
	return b.model(deskLampKey, size, []*sim.Surface{
		{Name: "Shade", Color: col}, {Name: "Metal", Color: lampMetal}})
}
