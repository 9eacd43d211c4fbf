package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural potatoes, lettuces and loaves for boxes the libraries' models
// do not fit or that they lack (procedural.go). Each lies along z, turned
// about that axis (partsBuilder.lyingLathe) with a section as wide and as
// tall as its box, and fills its box exactly.

// Model.Key of procedural potatoes, lettuces and loaves (no catalog entry).
const (
	potatoKey  = "flowbench:potato"
	lettuceKey = "flowbench:lettuce"
	breadKey   = "flowbench:bread"
)

// Palettes: potato skins (russet, yellow, red), lettuce greens (the outer
// leaves; the tips are lighter) and bread crusts (golden, brown, dark rye).
var (
	potatoSkins   = []sim.RGB{{R: 0.55, G: 0.40, B: 0.24}, {R: 0.78, G: 0.64, B: 0.38}, {R: 0.55, G: 0.22, B: 0.18}}
	lettuceGreens = []sim.RGB{{R: 0.30, G: 0.55, B: 0.18}, {R: 0.45, G: 0.65, B: 0.25}}
	breadCrusts   = []sim.RGB{{R: 0.78, G: 0.52, B: 0.25}, {R: 0.60, G: 0.36, B: 0.17}, {R: 0.38, G: 0.24, B: 0.14}}
	potatoEye     = sim.RGB{R: 0.25, G: 0.17, B: 0.10}
	lettuceStalk  = sim.RGB{R: 0.85, G: 0.88, B: 0.70}
	breadBase     = sim.RGB{R: 0.88, G: 0.74, B: 0.50}
)

// potatoProfile is a potato from its back end to its front (z share of
// the box's length from -1 to 1, radius share): lumpy, fuller at the back.
var potatoProfile = [][2]float64{
	{-1, 0}, {-0.93, 0.45}, {-0.75, 0.8}, {-0.45, 0.97}, {-0.15, 1}, {0.2, 0.93}, {0.45, 0.9}, {0.7, 0.75}, {0.9, 0.45}, {1, 0},
}

// potatoModel returns a potato in skin col filling a box of size: a lumpy
// body turned about z (potatoProfile) and a few dark eyes sunk in its
// upper side, just standing out of it.
func potatoModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const skin, eye = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	b.lyingLathe(zProfile(potatoProfile, h[2]), h[0], h[1], skin)
	// Eyes: small dark boxes at the upper surface (the body's section at
	// z is the ellipse of radius share rs there).
	for _, e := range [][2]float64{{-0.5, 0.3}, {0.15, -0.35}, {0.55, 0.2}} {
		z := e[0] * h[2]
		rs := polyline(potatoProfile, e[0])
		x := e[1] * rs * h[0]
		y := rs * h[1] * math.Sqrt(1-e[1]*e[1]) // on the ellipse above x
		d := 0.05 * min(h[0], h[1], h[2])
		b.box(sim.Vec3{x - d, y - 2*d, z - d}, sim.Vec3{x + d, y + 0.3*d, z + d}, eye, eye)
	}
	return b.model(potatoKey, size, []*sim.Surface{
		{Name: "Skin", Color: col}, {Name: "Eye", Color: potatoEye}})
}

// lettuceProfile is a lettuce head from its cut stalk (back) to its leaf
// tips (front), in z shares from -1 to 1 and radius shares: leaves
// wrapping it, a fold where the outer leaves end; lettuceTips is where the lighter tips begin.
var (
	lettuceProfile = [][2]float64{
		{-0.96, 0.42}, {-0.85, 0.72}, {-0.65, 0.9}, {-0.45, 0.97}, {-0.2, 1}, {0.05, 0.96}, {0.2, 0.98}, {0.4, 0.93},
		{0.55, 0.86}, {0.62, 0.9}, {0.75, 0.78}, {0.85, 0.66}, {0.93, 0.45}, {1, 0},
	}
	lettuceTips = 8 // the ring of lettuceProfile where the tips begin
)

// lettuceModel returns a head of lettuce in green col filling a box of
// size: a ridged body turned about z (lettuceProfile), lighter at its
// leaf tips in front, and a pale cut stalk at its back end.
func lettuceModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const leaf, tips, stalk = 0, 1, 2
	h := size.Mul(0.5)
	var b partsBuilder
	p := zProfile(lettuceProfile, h[2])
	b.lyingLathe(p[:lettuceTips+1], h[0], h[1], leaf)
	b.lyingLathe(p[lettuceTips:], h[0], h[1], tips)
	r := 0.3 * min(h[0], h[1])
	b.cylinder(sim.Vec3{0, 0, -h[2]}, sim.Vec3{0, 0, p[0][0]}, r, stalk)
	return b.model(lettuceKey, size, []*sim.Surface{
		{Name: "Leaves", Color: col}, {Name: "Tips", Color: col.Scale(1.3)}, {Name: "Stalk", Color: lettuceStalk}})
}

// breadProfile is a loaf from its back end to its front (z shares from -1
// to 1, radius shares): rounded ends and a long even middle.
var breadProfile = [][2]float64{{-1, 0}, {-0.97, 0.55}, {-0.88, 0.85}, {-0.75, 1}, {0.75, 1}, {0.88, 0.85}, {0.97, 0.55}, {1, 0}}

// breadModel returns a loaf with crust col filling a box of size: a body
// turned about z (breadProfile) with an oval section, and a paler flat
// bottom under its lower half on which it stands.
func breadModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const crust, base = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	b.lyingLathe(zProfile(breadProfile, h[2]), h[0], h[1], crust)
	// The bottom: a slab from the box's floor to half way down the body,
	// as wide as the oval section there and as long as its even middle.
	const k = 0.5 // the slab's top, as a share of the half height below the centre
	w := h[0] * math.Sqrt(1-k*k)
	b.box(sim.Vec3{-w, -h[1], -0.75 * h[2]}, sim.Vec3{w, -k * h[1], 0.75 * h[2]}, base, base)
	return b.model(breadKey, size, []*sim.Surface{
		{Name: "Crust", Color: col}, {Name: "Base", Color: breadBase}})
}
