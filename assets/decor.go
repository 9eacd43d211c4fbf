package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural decorations for statues and tall floor decorations whose
// boxes the libraries' one variant each does not fit (procedural.go).

// Model.Key of procedural decorations (no catalog entry).
const (
	statueKey    = "flowbench:statue"
	floorVaseKey = "flowbench:floor-vase"
)

// statueMaterials are the materials of procedural statues (bronze, white
// marble, dark stone, terracotta); floorVaseColours the glazes of
// procedural floor vases.
var (
	statueMaterials = []sim.RGB{
		{R: 0.55, G: 0.38, B: 0.20}, {R: 0.90, G: 0.89, B: 0.86}, {R: 0.30, G: 0.30, B: 0.32}, {R: 0.72, G: 0.42, B: 0.28},
	}
	floorVaseColours = []sim.RGB{
		{R: 0.85, G: 0.83, B: 0.78}, {R: 0.20, G: 0.30, B: 0.45}, {R: 0.55, G: 0.30, B: 0.22}, {R: 0.25, G: 0.25, B: 0.27}, {R: 0.45, G: 0.55, B: 0.45},
	}
	plinthStone = sim.RGB{R: 0.22, G: 0.22, B: 0.23}
	twigBrown   = sim.RGB{R: 0.35, G: 0.25, B: 0.16}
)

// statueProfile is a statue's figure from its plinth up, a surface of
// revolution: per ring, its height as a share of the figure's and its
// radius as a share of half the footprint's smaller side (an abstract
// standing figure: a foot, a swelling body, a waist, shoulders, a neck and
// a round head).
var statueProfile = [][2]float64{
	{0, 0.5}, {0.05, 0.55}, {0.15, 0.5}, {0.3, 0.62}, {0.45, 0.5}, {0.55, 0.42}, {0.65, 0.58}, {0.72, 0.6},
	{0.76, 0.32}, {0.8, 0.22}, {0.84, 0.34}, {0.88, 0.42}, {0.92, 0.42}, {0.96, 0.33}, {0.99, 0.15}, {1, 0},
}

// statueModel returns a statue filling a box of size: a dark stone plinth
// across the footprint and, on it, an abstract figure turned on a lathe
// (statueProfile) in material col, its head at the box's top.
func statueModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const stone, figure = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	py := -h[1] + 0.12*size[1]
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], py, h[2]}, stone, stone)
	r0 := 0.5 * math.Min(size[0], size[2])
	b.lathe(0, 0, scaledProfile(statueProfile, py, h[1], r0), figure)
	return b.model(statueKey, size, []*sim.Surface{
		{Name: "Plinth", Color: plinthStone}, {Name: "Figure", Color: col}})
}

// floorVaseProfile is a floor vase's body from the floor up, a surface of
// revolution: per ring, its height as a share of the body's and its
// radius as a share of the widest (a foot, a round belly, a narrow neck
// and a flared lip).
var floorVaseProfile = [][2]float64{
	{0, 0.55}, {0.03, 0.7}, {0.15, 0.92}, {0.3, 1}, {0.45, 0.95}, {0.6, 0.78}, {0.75, 0.55}, {0.85, 0.42}, {0.93, 0.4}, {0.98, 0.47}, {1, 0.5},
}

// floorVaseModel returns a tall floor vase with decorative twigs in a box
// of size: a body turned on a lathe (floorVaseProfile) in glaze col, as
// wide as the box's smaller horizontal side, up to 45 % of the height, and
// five straight twigs rising from its mouth, the tallest to the box's top.
// It spans the box's height and its smaller horizontal side and stays
// inside it.
func floorVaseModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const glaze, twig = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	rw := 0.5 * math.Min(size[0], size[2])
	top := -h[1] + 0.45*size[1]
	b.lathe(0, 0, scaledProfile(floorVaseProfile, -h[1], top, rw), glaze)
	tr := math.Min(0.006, 0.05*rw) // the twigs' radius
	for k := range 5 {
		sn, cs := math.Sincos(2 * math.Pi * float64(k) / 5)
		x, z := 0.25*rw*cs, 0.25*rw*sn
		y1 := h[1] - float64(k%3)*0.08*size[1]
		b.cylinder(sim.Vec3{x, top - 0.05*size[1], z}, sim.Vec3{x, y1, z}, tr, twig)
	}
	return b.model(floorVaseKey, size, []*sim.Surface{
		{Name: "Glaze", Color: col}, {Name: "Twig", Color: twigBrown}})
}
