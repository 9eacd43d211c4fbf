package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural household objects whose boxes the libraries' variants do not
// fit or that the libraries lack (procedural.go): vases turned on a lathe,
// plungers, pens and spray bottles.

// Model.Key of procedural vases, plungers and pens (no catalog entry).
const (
	vaseKey    = "flowbench:vase"
	plungerKey = "flowbench:plunger"
	penKey     = "flowbench:pen"
	sprayKey   = "flowbench:spray-bottle"
)

// Palettes: vase glazes (white, blue, terracotta, green, black), plunger
// cups (red, black, orange) and pen bodies (blue, black, red, white).
var (
	vaseGlazes = []sim.RGB{
		{R: 0.92, G: 0.91, B: 0.88}, {R: 0.15, G: 0.30, B: 0.60}, {R: 0.70, G: 0.38, B: 0.22}, {R: 0.35, G: 0.55, B: 0.40}, {R: 0.12, G: 0.12, B: 0.13},
	}
	plungerCups = []sim.RGB{{R: 0.70, G: 0.10, B: 0.10}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.90, G: 0.45, B: 0.10}}
	penBodies   = []sim.RGB{{R: 0.15, G: 0.25, B: 0.70}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.75, G: 0.12, B: 0.12}, {R: 0.92, G: 0.92, B: 0.90}}
	vaseInside  = sim.RGB{R: 0.08, G: 0.07, B: 0.07}
	woodenStick = sim.RGB{R: 0.62, G: 0.45, B: 0.28}
	penMetal    = sim.RGB{R: 0.75, G: 0.75, B: 0.77}
	// sprayBodies are spray-bottle bodies (blue, green, white, yellow);
	// sprayHeads their trigger heads (white, black).
	sprayBodies = []sim.RGB{{R: 0.30, G: 0.55, B: 0.85}, {R: 0.35, G: 0.70, B: 0.40}, {R: 0.92, G: 0.92, B: 0.92}, {R: 0.92, G: 0.82, B: 0.30}}
	sprayHead   = sim.RGB{R: 0.93, G: 0.93, B: 0.93}
)

// vaseProfile is a vase from the bottom up (height share of the box,
// radius share): a foot, a round body, a neck, a lip, and the mouth's
// floor just below the lip.
var vaseProfile = [][2]float64{
	{0, 0.6}, {0.05, 0.75}, {0.3, 1}, {0.55, 0.9}, {0.75, 0.6}, {0.88, 0.45}, {0.95, 0.5}, {1, 0.55}, {1, 0.45}, {0.95, 0.4},
}

// vaseModel returns a vase in glaze col in a box of size: a lathe body
// (vaseProfile) as wide as the box's smaller horizontal side, and a dark
// disc in its mouth, below the lip.
func vaseModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const glaze, inside = 0, 1
	b, h, r := lathedBody(size, vaseProfile, glaze)
	y := -h[1] + 0.95*size[1]
	b.cylinder(sim.Vec3{0, y, 0}, sim.Vec3{0, y + 0.01*size[1], 0}, 0.38*r, inside)
	return b.model(vaseKey, size, []*sim.Surface{
		{Name: "Glaze", Color: col}, {Name: "Inside", Color: vaseInside}})
}

// plungerProfile is a plunger's rubber cup from the floor up (height
// share of the box, radius share): a rim and a dome.
var plungerProfile = [][2]float64{{0, 0.95}, {0.02, 1}, {0.1, 0.92}, {0.17, 0.6}, {0.21, 0.2}, {0.21, 0}}

// plungerModel returns a plunger in a box of size: a rubber cup in colour
// col (plungerProfile) as wide as the box's smaller horizontal side, and a
// wooden stick from the cup to the box's top.
func plungerModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const rubber, stick = 0, 1
	b, h, r := lathedBody(size, plungerProfile, rubber)
	b.cylinder(sim.Vec3{0, -h[1] + 0.18*size[1], 0}, sim.Vec3{0, h[1], 0}, math.Min(0.013, 0.12*r), stick)
	return b.model(plungerKey, size, []*sim.Surface{
		{Name: "Rubber", Color: col}, {Name: "Stick", Color: woodenStick}})
}

// penModel returns a pen lying along z in a box of size: a metal tip at
// the back end, a body in colour col and a cap in a darker shade to the
// front end, as thick as the box's smaller side across.
func penModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const body, tipS, capS = 0, 1, 2
	h := size.Mul(0.5)
	r := 0.5 * math.Min(size[0], size[1])
	z0, z1 := -h[2]+0.06*size[2], h[2]-0.28*size[2]
	var b partsBuilder
	b.cylinder(sim.Vec3{0, 0, -h[2]}, sim.Vec3{0, 0, z0}, 0.35*r, tipS)
	b.cylinder(sim.Vec3{0, 0, z0}, sim.Vec3{0, 0, z1}, r, body)
	b.cylinder(sim.Vec3{0, 0, z1}, sim.Vec3{0, 0, h[2]}, r, capS)
	return b.model(penKey, size, []*sim.Surface{
		{Name: "Body", Color: col}, {Name: "Tip", Color: penMetal}, {Name: "Cap", Color: col.Scale(0.5)}})
}

// sprayProfile is a spray bottle's body from the bottom up (height share
// of the body, radius share): a round shoulder narrowing to the neck.
var sprayProfile = [][2]float64{{0, 0.95}, {0.03, 1}, {0.7, 1}, {0.85, 0.8}, {0.95, 0.45}, {1, 0.4}}

// sprayTrigger is the colour of a spray head's trigger and nozzle.
var sprayTrigger = sim.RGB{R: 0.15, G: 0.15, B: 0.16}

// sprayBottleModel returns a spray bottle in colour col filling a box of
// size, its nozzle to the front (+z): a body (sprayProfile) with an oval
// section as wide as the box and 0.6 of its depth, at the back, up to 70 %
// of the height, a neck, and a white trigger head from above the neck to
// the box's top: a housing narrowing forward into an arm, a dark nozzle
// to the box's front and a dark trigger hanging under the arm. Until
// issue 52 the body was round, as thin as the box's 3 cm width, and read
// as a stick.
func sprayBottleModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const body, head, trigger = 0, 1, 2
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	rx, rz := 0.5*W, 0.3*D
	cz := -h[2] + rz
	bodyTop, neckTop := -h[1]+0.7*H, -h[1]+0.8*H
	var b partsBuilder
	from := len(b.l.Pos)
	b.lathe(0, 0, scaledProfile(sprayProfile, -h[1], bodyTop, 1), body)
	b.stretchFrom(from, sim.Vec3{rx, 1, rz}, sim.Vec3{0, 0, cz})
	toolFlatten(&b, 0)      // a body squashed hard shades flat
	rn := 0.4 * min(rx, rz) // the neck's radius
	b.cylinder(sim.Vec3{0, bodyTop - 0.02*H, cz}, sim.Vec3{0, neckTop, cz}, rn, head)
	// The head: a collar on the neck, a housing over it to the box's top
	// that narrows and drops forward into the arm (a lofted bar), a dark
	// nozzle from the arm to the box's front, and the dark trigger hanging
	// under the arm.
	reach := h[2] - cz
	hh := h[1] - neckTop     // the head's height
	sx := min(0.5*W, 1.6*rn) // the housing's half width
	b.cylinder(sim.Vec3{0, neckTop, cz}, sim.Vec3{0, neckTop + 0.3*hh, cz}, min(sx, 1.3*rn), head)
	sf := h[2] - 0.12*reach // the arm's front
	zr := min(sx, 0.4*reach)
	toolLoft(&b, []toolSection{
		{cz - zr, -sx, sx, neckTop + 0.25*hh, h[1] - 0.05*hh},
		{cz - 0.6*zr, -sx, sx, neckTop + 0.2*hh, h[1]},
		{cz + zr, -sx, sx, neckTop + 0.2*hh, h[1]},
		{sf, -0.7 * sx, 0.7 * sx, h[1] - 0.45*hh, h[1] - 0.05*hh}}, head)
	ny := h[1] - 0.25*hh // the nozzle's axis
	nr := min(0.4*sx, 0.1*hh)
	b.cylinder(sim.Vec3{0, ny, sf - 0.01*reach}, sim.Vec3{0, ny, h[2]}, nr, trigger)
	// The trigger: a curved finger grip under the arm, leaning forward
	// as it hangs (a lofted bar whose sections drop and thin to the front).
	tz := cz + zr + 0.2*(sf-cz-zr)
	ty := h[1] - 0.4*hh // its top, under the arm
	toolLoft(&b, []toolSection{
		{tz, -0.45 * sx, 0.45 * sx, neckTop - 0.05*hh, ty},
		{tz + 0.08*reach, -0.45 * sx, 0.45 * sx, neckTop - 0.2*hh, neckTop + 0.15*hh},
		{tz + 0.14*reach, -0.4 * sx, 0.4 * sx, neckTop - 0.35*hh, neckTop - 0.1*hh}}, trigger)
	return b.model(sprayKey, size, []*sim.Surface{
		{Name: "Body", Color: col}, {Name: "Head", Color: sprayHead}, {Name: "Trigger", Color: sprayTrigger}})
}
