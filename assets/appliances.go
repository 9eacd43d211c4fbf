package assets

import (
	"flowbench/sim"
)

// Procedural appliances and devices for boxes the libraries' models do
// not fit (procedural.go): mobile phones, televisions, toasters and
// microwaves. Each fills its box exactly; the fronts (a phone's screen,
// a television's screen, a microwave's door, a toaster's lever) face +z
// or up.

// Model.Key of the procedural appliances (no catalog entry).
const (
	cellPhoneKey  = "flowbench:cell-phone"
	televisionKey = "flowbench:television"
	toasterKey    = "flowbench:toaster"
	microwaveKey  = "flowbench:microwave"
)

// Palettes: phone backs (black, white, gold, blue), television frames
// (black, dark grey, silver), toaster shells (steel, red, cream, black)
// and microwave bodies (white, black, steel).
var (
	phoneBacks       = []sim.RGB{{R: 0.08, G: 0.08, B: 0.09}, {R: 0.90, G: 0.90, B: 0.90}, {R: 0.85, G: 0.72, B: 0.55}, {R: 0.20, G: 0.30, B: 0.50}}
	tvFrames         = []sim.RGB{{R: 0.06, G: 0.06, B: 0.07}, {R: 0.22, G: 0.22, B: 0.24}, {R: 0.65, G: 0.66, B: 0.68}}
	toasterShells    = []sim.RGB{{R: 0.72, G: 0.73, B: 0.75}, {R: 0.70, G: 0.10, B: 0.10}, {R: 0.90, G: 0.86, B: 0.74}, {R: 0.10, G: 0.10, B: 0.11}}
	microwaveBodies  = []sim.RGB{{R: 0.92, G: 0.92, B: 0.91}, {R: 0.10, G: 0.10, B: 0.11}, {R: 0.70, G: 0.71, B: 0.73}}
	screenGlass      = sim.RGB{R: 0.03, G: 0.04, B: 0.06}
	darkPlastic      = sim.RGB{R: 0.12, G: 0.12, B: 0.13}
	microwaveDisplay = sim.RGB{R: 0.10, G: 0.35, B: 0.20}
)

// cellPhoneModel returns a phone lying face up in a box of size: a slab
// with back and edges in colour col, and a black glass screen over its
// top, inset by a thin bezel.
func cellPhoneModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const back, screen = 0, 1
	h := size.Mul(0.5)
	top := h[1] - min(0.0003, 0.1*size[1])
	var b partsBuilder
	b.box(h.Mul(-1), sim.Vec3{h[0], top, h[2]}, back, back)
	bx, bz := h[0]-0.06*size[0], h[2]-0.05*size[2]
	b.box(sim.Vec3{-bx, top, -bz}, sim.Vec3{bx, h[1], bz}, screen, screen)
	return b.model(cellPhoneKey, size, []*sim.Surface{
		{Name: "Back", Color: col}, {Name: "Screen", Color: screenGlass}})
}

// televisionModel returns a flat television on a stand in a box of size:
// a foot plate along the box's whole depth, a neck, and a panel across
// the width up to the box's top, its frame in colour col and a dark
// screen on its front (+z).
func televisionModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const frame, screen, stand = 0, 1, 2
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	footTop := -h[1] + min(0.02, 0.05*H)
	panelBottom := -h[1] + 0.12*H
	t := min(0.05, 0.3*D) / 2 // half the panel's thickness
	var b partsBuilder
	b.box(sim.Vec3{-0.2 * W, -h[1], -h[2]}, sim.Vec3{0.2 * W, footTop, h[2]}, stand, stand)
	b.box(sim.Vec3{-0.05 * W, footTop, -0.6 * t}, sim.Vec3{0.05 * W, panelBottom, 0.6 * t}, stand, stand)
	front := t - min(0.003, 0.2*t) // the screen is a thin layer on the frame's front
	b.box(sim.Vec3{-h[0], panelBottom, -t}, sim.Vec3{h[0], h[1], front}, frame, frame)
	bz := min(0.02, 0.04*W, 0.08*H) // the bezel
	b.box(sim.Vec3{-h[0] + bz, panelBottom + bz, front}, sim.Vec3{h[0] - bz, h[1] - bz, t}, screen, screen)
	return b.model(televisionKey, size, []*sim.Surface{
		{Name: "Frame", Color: col}, {Name: "Screen", Color: screenGlass}, {Name: "Stand", Color: col.Scale(0.8)}})
}

// toasterModel returns a two-slot toaster in shell col in a box of size,
// its slots along z: a dark base, the shell, two dark slots on its top
// and a lever on its front (+z).
func toasterModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const shell, dark = 0, 1
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	front := h[2] - min(0.015, 0.08*D) // the shell's front; the lever stands out of it
	top := h[1] - min(0.002, 0.05*H)
	baseTop := -h[1] + 0.08*H
	var b partsBuilder
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], baseTop, front}, dark, dark)
	b.box(sim.Vec3{-h[0], baseTop, -h[2]}, sim.Vec3{h[0], top, front}, shell, shell)
	for _, s := range []float64{-1, 1} {
		x := s * 0.22 * W
		b.box(sim.Vec3{x - 0.09*W, top, -0.36 * D}, sim.Vec3{x + 0.09*W, h[1], 0.36 * D}, dark, dark)
	}
	b.box(sim.Vec3{-0.08 * W, h[1] - 0.35*H, front}, sim.Vec3{0.08 * W, h[1] - 0.25*H, h[2]}, dark, dark)
	return b.model(toasterKey, size, []*sim.Surface{
		{Name: "Shell", Color: col}, {Name: "Dark", Color: darkPlastic}})
}

// microwaveModel returns a microwave oven in body col filling a box of
// size: the cabinet, and on its front (+z) a door with a dark glass
// window on the left two thirds and a control panel on the right (seen
// from the front) with a green display.
func microwaveModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const body, glass, panel, display = 0, 1, 2, 3
	h := size.Mul(0.5)
	W, H := size[0], size[1]
	front := h[2] - min(0.006, 0.03*size[2]) // the cabinet's front; the door is a layer on it
	var b partsBuilder
	b.box(sim.Vec3{-h[0], -h[1], -h[2]}, sim.Vec3{h[0], h[1], front}, body, body)
	door := h[2] - min(0.001, 0.01*size[2]) // the door's front; the display stands out of it
	m := min(0.03, 0.08*H, 0.04*W)          // margins around the door's parts
	// Seen from the front, +x is on the left: the window at +x, the
	// panel at -x.
	split := h[0] - 0.68*W
	b.box(sim.Vec3{split + 0.5*m, -h[1] + m, front}, sim.Vec3{h[0] - m, h[1] - m, door}, glass, glass)
	b.box(sim.Vec3{-h[0] + m, -h[1] + m, front}, sim.Vec3{split - 0.5*m, h[1] - m, door}, panel, panel)
	b.box(sim.Vec3{-h[0] + 2*m, h[1] - m - 0.18*H, door}, sim.Vec3{split - 1.5*m, h[1] - 2*m, h[2]}, display, display)
	return b.model(microwaveKey, size, []*sim.Surface{
		{Name: "Body", Color: col}, {Name: "Glass", Color: screenGlass}, {Name: "Panel", Color: col.Scale(0.75)}, {Name: "Display", Color: microwaveDisplay}})
}
