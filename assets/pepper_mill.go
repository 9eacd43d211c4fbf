package assets

import (
	"flowbench/sim"
)

// Pepper mills. The libraries hold one shaker, which drew salt and pepper
// alike until issue 52; it stays the salt shaker (typemap.go) and pepper
// shakers are drawn as pepper mills built in code, so the two read apart:
// a grey glass shaker with a metal top beside a dark turned mill.

// pepperMillKey is Model.Key of procedural pepper mills.
const pepperMillKey = "flowbench:pepper-mill"

// pepperMillWoods are the mills' finishes: dark walnut, black lacquer,
// natural beech and a deep red lacquer; millSteel is the band under the
// crown.
var (
	pepperMillWoods = []sim.RGB{{R: 0.30, G: 0.18, B: 0.10}, {R: 0.08, G: 0.08, B: 0.09}, {R: 0.72, G: 0.55, B: 0.36}, {R: 0.50, G: 0.08, B: 0.08}}
	millSteel       = sim.RGB{R: 0.78, G: 0.79, B: 0.81}
)

// Profiles from the bottom up (height share of the mill, radius share):
// the body, a foot swelling out, a waist and a shoulder up to the steel
// band; the crown above the band, rounding in to a small knob.
var (
	millBodyProfile  = [][2]float64{{0, 0.92}, {0.02, 1}, {0.12, 1}, {0.18, 0.86}, {0.42, 0.66}, {0.6, 0.72}, {0.7, 0.86}, {0.72, 0.86}}
	millCrownProfile = [][2]float64{{0.76, 0.9}, {0.8, 0.92}, {0.86, 0.82}, {0.9, 0.55}, {0.93, 0.3}, {0.95, 0.3}, {0.97, 0.26}, {1, 0}}
)

// pepperMillModel returns a pepper mill in finish col in a box of size: a
// turned body (millBodyProfile) as wide as the box's smaller horizontal
// side, a steel band and a crown with a knob to the box's top
// (millCrownProfile). It spans the box's height and its smaller side.
func pepperMillModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const wood, steel = 0, 1
	h := size.Mul(0.5)
	H := size[1]
	r := 0.5 * min(size[0], size[2])
	var b partsBuilder
	b.lathe(0, 0, scaledProfile(millBodyProfile, -h[1], h[1], r), wood)
	y0, y1 := -h[1]+0.72*H, -h[1]+0.76*H
	b.cylinder(sim.Vec3{0, y0 - 0.005*H, 0}, sim.Vec3{0, y1 + 0.005*H, 0}, 0.84*r, steel)
	b.lathe(0, 0, scaledProfile(millCrownProfile, -h[1], h[1], r), wood)
	return b.model(pepperMillKey, size, []*sim.Surface{
		{Name: "Wood", Color: col}, {Name: "Steel", Color: millSteel}})
}

// Bowls no catalog variant fits. Issue 52 took the Kator Legaz bowl out of
// the type map (it has a mug's handle); the Scopia bowl fits most bowls,
// and the flatter ones get a plain round bowl built in code.

// bowlKey is Model.Key of procedural bowls.
const bowlKey = "flowbench:bowl"

// bowlGlazes are the bowls' glazes: white, cream, pale blue, terracotta
// and sage green; bowlProfile is a bowl from the bottom up (height share,
// radius share): a foot ring, a rounded wall out to the rim and the inside
// down to a floor at 12 % of the height, so what fits in it is lowered
// onto its floor (sim.ReseatChildren), as in the catalogs' bowls.
var (
	bowlGlazes  = []sim.RGB{{R: 0.93, G: 0.93, B: 0.91}, {R: 0.92, G: 0.88, B: 0.78}, {R: 0.65, G: 0.78, B: 0.90}, {R: 0.72, G: 0.42, B: 0.28}, {R: 0.62, G: 0.72, B: 0.58}}
	bowlProfile = [][2]float64{{0, 0.45}, {0.06, 0.5}, {0.08, 0.55}, {0.3, 0.8}, {0.6, 0.95}, {1, 1}, {1, 0.93}, {0.6, 0.86}, {0.3, 0.68}, {0.12, 0.45}, {0.12, 0}}
)

// bowlModel returns an open bowl in glaze col in a box of size
// (bowlProfile), as wide as the box's smaller horizontal side.
func bowlModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const glaze = 0
	b, _, _ := lathedBody(size, bowlProfile, glaze)
	return b.model(bowlKey, size, []*sim.Surface{{Name: "Glaze", Color: col}})
}
