package assets

import (
	"math"
	"strings"

	"flowbench/sim"
)

// Parametric fixtures (procedural.go): the flowbench-only fixture types
// (sim.FlowbenchOnlyAsset) that no AI2-THOR asset and no catalog variant
// draws: a cooktop, a wall cabinet, a framed mirror, a built-in bathtub
// and a shower stall, each built from parts inside its box, its front at
// +z (away from the wall).

// Model.Key of the parametric fixtures.
const (
	stoveKey       = "flowbench:cooktop"
	wallCabinetKey = "flowbench:wall-cabinet"
	mirrorKey      = "flowbench:mirror"
	bathtubKey     = "flowbench:bathtub"
	showerKey      = "flowbench:shower"
)

// Palettes of the fixtures.
var (
	// cooktopTops are black glass and brushed steel.
	cooktopTops = []sim.RGB{{R: 0.06, G: 0.06, B: 0.07}, {R: 0.62, G: 0.63, B: 0.64}}
	// cabinetFronts are white, cream, light grey, oak and walnut.
	cabinetFronts = []sim.RGB{{R: 0.92, G: 0.92, B: 0.90}, {R: 0.88, G: 0.84, B: 0.74}, {R: 0.72, G: 0.73, B: 0.74},
		{R: 0.70, G: 0.52, B: 0.33}, {R: 0.42, G: 0.29, B: 0.19}}
	// mirrorFrames are white, black, brass and oak.
	mirrorFrames = []sim.RGB{{R: 0.92, G: 0.92, B: 0.90}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.72, G: 0.60, B: 0.32}, {R: 0.66, G: 0.50, B: 0.32}}
	// bathWhites are enamel whites.
	bathWhites = []sim.RGB{{R: 0.95, G: 0.95, B: 0.94}, {R: 0.92, G: 0.91, B: 0.88}}
	// showerFrames are chrome, black and white.
	showerFrames = []sim.RGB{{R: 0.75, G: 0.76, B: 0.78}, {R: 0.12, G: 0.12, B: 0.13}, {R: 0.93, G: 0.93, B: 0.92}}
)

// Fixed colours of the fixtures' other parts.
var (
	burnerGrey  = sim.RGB{R: 0.30, G: 0.30, B: 0.31}
	handleMetal = sim.RGB{R: 0.70, G: 0.71, B: 0.73}
	mirrorGlass = sim.RGB{R: 0.74, G: 0.80, B: 0.84}
	frostGlass  = sim.RGB{R: 0.82, G: 0.87, B: 0.89}
	chrome      = sim.RGB{R: 0.78, G: 0.79, B: 0.81}
)

// wallCabinetColour is the colour of wall cabinet o in a house dressed
// with seed: drawn per room (the number after the type in its id), so a
// kitchen's cabinets match.
func wallCabinetColour(o *sim.Object, seed int64) sim.RGB {
	room := o.ID
	if f := strings.Split(o.ID, "|"); len(f) >= 2 {
		room = f[1]
	}
	return cabinetFronts[objectHash(seed, "wall-cabinet-room", room)%uint64(len(cabinetFronts))]
}

// cooktopModel returns a cooktop in colour col filling a box of size: a
// flat top over the lower 60 % of the box and four round burners (rings
// round a centre cap) rising to the box's top, two by two, and a row of
// knobs along the front edge.
func cooktopModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const top, burner = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	yt := -h[1] + 0.6*size[1]
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], yt, h[2]}, top, top)
	r := math.Min(0.2*size[0], 0.2*size[2]) // a burner's outer radius
	for _, bx := range []float64{-0.25, 0.25} {
		for _, bz := range []float64{-0.22, 0.22} {
			cx, cz := bx*size[0], bz*size[2]
			rr := r
			if bx*bz > 0 {
				rr = 0.75 * r // a small and a large burner on each diagonal
			}
			b.tube(cx, cz, yt, h[1], 0.55*rr, rr, burner)
			b.cylinder(sim.Vec3{cx, yt, cz}, sim.Vec3{cx, h[1], cz}, 0.25*rr, burner)
		}
	}
	for _, kx := range []float64{-0.3, -0.1, 0.1, 0.3} {
		b.cylinder(sim.Vec3{kx * size[0], yt, h[2] - 0.03}, sim.Vec3{kx * size[0], h[1], h[2] - 0.03}, math.Min(0.015, 0.04*size[0]), burner)
	}
	return b.model(stoveKey, size, []*sim.Surface{{Name: "Top", Color: col}, {Name: "Burner", Color: burnerGrey}})
}

// wallCabinetModel returns a wall cabinet in colour col filling a box of
// size: a carcass, one door (two when wider than 0.5 m) proud of its front
// with a gap between doors, and a bar handle near each door's lower
// opening edge.
func wallCabinetModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const body, handle = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	const door, gap = 0.018, 0.004
	zf := h[2] - door // the carcass's front
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], h[1], zf}, body, body)
	n := 1
	if size[0] > 0.5 {
		n = 2
	}
	w := size[0] / float64(n)
	for i := 0; i < n; i++ {
		x0, x1 := -h[0]+float64(i)*w+gap/2, -h[0]+float64(i+1)*w-gap/2
		b.box(sim.Vec3{x0, -h[1] + gap, zf}, sim.Vec3{x1, h[1] - gap, h[2] - 0.006}, body, body)
		// The handle: a vertical bar near the door's opening edge.
		hx := x1 - 0.04
		if n == 2 && i == 1 || n == 1 {
			hx = x0 + 0.04
		}
		if n == 2 && i == 0 {
			hx = x1 - 0.04
		}
		b.box(sim.Vec3{hx - 0.006, -h[1] + 0.04, h[2] - 0.006}, sim.Vec3{hx + 0.006, -h[1] + 0.04 + math.Min(0.14, 0.3*size[1]), h[2]}, handle, handle)
	}
	return b.model(wallCabinetKey, size, []*sim.Surface{{Name: "Cabinet", Color: col}, {Name: "Handle", Color: handleMetal}})
}

// mirrorModel returns a framed mirror in frame colour col filling a box
// of size: a back board, a glass pane over it and a frame round the pane.
func mirrorModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const frame, glass = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	f := math.Min(0.05, 0.1*math.Min(size[0], size[1])) // the frame's width
	zb := -h[2] + 0.4*size[2]                           // the board's front
	b.box(sim.Vec3{-h[0] + f, -h[1] + f, -h[2]}, sim.Vec3{h[0] - f, h[1] - f, zb}, frame, frame)
	b.box(sim.Vec3{-h[0] + f, -h[1] + f, zb}, sim.Vec3{h[0] - f, h[1] - f, zb + 0.2*size[2]}, glass, frame)
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], -h[1] + f, h[2]}, frame, frame)
	b.box(sim.Vec3{-h[0], h[1] - f, -h[2]}, sim.Vec3{h[0], h[1], h[2]}, frame, frame)
	b.box(sim.Vec3{-h[0], -h[1] + f, -h[2]}, sim.Vec3{-h[0] + f, h[1] - f, h[2]}, frame, frame)
	b.box(sim.Vec3{h[0] - f, -h[1] + f, -h[2]}, sim.Vec3{h[0], h[1] - f, h[2]}, frame, frame)
	return b.model(mirrorKey, size, []*sim.Surface{{Name: "Frame", Color: col}, {Name: "Glass", Color: mirrorGlass}})
}

// bathtubModel returns a built-in bathtub in enamel col filling a box of
// size: an apron round a basin (four rim walls and a floor a fifth of the
// height up), with a drain and a spout on the rim at the +x end.
func bathtubModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const enamel, metal = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	t := math.Min(0.08, 0.12*size[2]) // the rim's width
	yf := -h[1] + 0.2*size[1]         // the basin's floor
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], yf, h[2]}, enamel, enamel)
	b.box(sim.Vec3{-h[0], yf, -h[2]}, sim.Vec3{h[0], h[1], -h[2] + t}, enamel, enamel)
	b.box(sim.Vec3{-h[0], yf, h[2] - t}, sim.Vec3{h[0], h[1], h[2]}, enamel, enamel)
	b.box(sim.Vec3{-h[0], yf, -h[2] + t}, sim.Vec3{-h[0] + 1.5*t, h[1], h[2] - t}, enamel, enamel)
	b.box(sim.Vec3{h[0] - 1.5*t, yf, -h[2] + t}, sim.Vec3{h[0], h[1], h[2] - t}, enamel, enamel)
	b.cylinder(sim.Vec3{h[0] - 1.5*t - 0.08, yf, 0}, sim.Vec3{h[0] - 1.5*t - 0.08, yf + 0.003, 0}, 0.025, metal)
	// The spout: a short bent pipe on the +x rim.
	ys := h[1] - 0.02
	b.cylinder(sim.Vec3{h[0] - 0.75*t, h[1] - 0.045, 0}, sim.Vec3{h[0] - 0.75*t, ys, 0}, 0.015, metal)
	b.cylinder(sim.Vec3{h[0] - 0.75*t, ys, 0}, sim.Vec3{h[0] - 1.5*t - 0.06, ys, 0}, 0.015, metal)
	return b.model(bathtubKey, size, []*sim.Surface{{Name: "Enamel", Color: col}, {Name: "Metal", Color: chrome}})
}

// showerModel returns a shower stall with a frame in colour col filling a
// box of size: a white tray on the floor, corner posts and top rails, a
// frosted fixed pane over half of the front and the open side's lower
// half (the door stands open), a riser on the back wall with a round
// head reaching forward, and a drain.
func showerModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const tray, frame, glass, metal = 0, 1, 2, 3
	h := size.Mul(0.5)
	var b partsBuilder
	yt := -h[1] + math.Min(0.06, 0.05*size[1]) // the tray's top
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], yt, h[2]}, tray, tray)
	b.cylinder(sim.Vec3{0, yt, 0}, sim.Vec3{0, yt + 0.003, 0}, 0.04, metal)
	const p = 0.025 // a post's side
	for _, x := range []float64{-h[0], h[0] - p} {
		b.box(sim.Vec3{x, yt, h[2] - p}, sim.Vec3{x + p, h[1], h[2]}, frame, frame)
		b.box(sim.Vec3{x, h[1] - p, -h[2]}, sim.Vec3{x + p, h[1], h[2] - p}, frame, frame)
	}
	b.box(sim.Vec3{-h[0] + p, h[1] - p, h[2] - p}, sim.Vec3{h[0] - p, h[1], h[2]}, frame, frame)
	// The fixed pane: the front's +x half, full height.
	b.box(sim.Vec3{0, yt, h[2] - 0.6*p}, sim.Vec3{h[0] - p, h[1] - p, h[2] - 0.4*p}, glass, glass)
	// The side panes at +x: a full-height fixed pane over the front half.
	b.box(sim.Vec3{h[0] - 0.6*p, yt, 0}, sim.Vec3{h[0] - 0.4*p, h[1] - p, h[2] - p}, glass, glass)
	// The riser and the head, at the back wall.
	zr := -h[2] + 0.04
	yh := h[1] - 0.15
	b.cylinder(sim.Vec3{0, yt + 0.9, zr}, sim.Vec3{0, yh, zr}, 0.012, metal)
	b.cylinder(sim.Vec3{0, yh, zr}, sim.Vec3{0, yh, zr + 0.18}, 0.01, metal)
	b.cylinder(sim.Vec3{0, yh - 0.03, zr + 0.2}, sim.Vec3{0, yh, zr + 0.2}, 0.08, metal)
	b.cylinder(sim.Vec3{0.05, yt + 1.0, zr}, sim.Vec3{0.05, yt + 1.0, zr + 0.05}, 0.025, metal)
	return b.model(showerKey, size, []*sim.Surface{{Name: "Tray", Color: bathWhites[0]}, {Name: "Frame", Color: col},
		{Name: "Glass", Color: frostGlass}, {Name: "Metal", Color: chrome}})
}
