package assets

import (
	"slices"

	"flowbench/sim"
)

// Tiled fits. An AI2-THOR counter top is a whole run of kitchen base units
// in one box, often two or three metres long, while the catalogs hold single
// base cabinets 45–100 cm wide, so no variant fits it. Such an object is
// drawn as a row of n copies of one base cabinet side by side along its
// width (x, the front still facing +z), each copy fitting one n-th of the
// box within MaxDistortion: a run of cabinets, as kitchens are built. Only
// plain base cabinets tile (tileEntries: no sinks, corner units, islands or
// tall units), and a tiled fit is used only when no variant fits directly.
// Every copy is a direct fit, so the run's top is the cabinets' flat top,
// where the simulation rests objects (receptacles may tile).

// tileEntries lists, per type, the catalog entries that may be tiled.
var tileEntries = map[string][]string{
	"CounterTop": {
		"Default:eTeks#kitchenCabinet",                              // Kitchen cabinet 60 × 64 × 85
		"BlendSwap-CC-0:Blend Swap CC-0#lowerCabinet",               // Lower cabinet 60 × 61.2 × 88.5
		"BlendSwap-CC-0:Blend Swap CC-0#drawersCabinet",             // Drawers cabinet 60 × 61.2 × 88.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenLowerCabinet",      // Lower cabinet 97.6 × 61.6 × 87.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenSmallLowerCabinet", // Small lower cabinet 48.7 × 61.6 × 87.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenDrawersCabinet",    // Drawers cabinet 44.2 × 61.2 × 87.8
	},
}

// MaxTiles is the most copies a tiled fit lays side by side.
const MaxTiles = 8

// tileFits returns the tiled fits of an object among its type's tileable
// variants: per variant, the number of copies (2 to MaxTiles) whose share
// of the box it fits with the least distortion, when within MaxDistortion.
func (d *dresser) tileFits(o *sim.Object, cands []*Entry) []pick {
	allowed := tileEntries[o.Type]
	var fit []pick
	for _, e := range cands {
		if !slices.Contains(allowed, e.Key) {
			continue
		}
		best := pick{e: e, d: MaxDistortion + 1e-9}
		for n := 2; n <= MaxTiles; n++ {
			tile := sim.Vec3{o.Size[0] / float64(n), o.Size[1], o.Size[2]}
			if dd := Distortion(tile, e.Size); dd <= best.d {
				best.d, best.tiles = dd, n
			}
		}
		if best.tiles > 0 {
			fit = append(fit, best)
		}
	}
	return fit
}

// tiledModel returns n copies of m side by side along x, centred: a model
// of size (n·width, height, depth) whose every level holds n copies of m's
// level (surfaces shared, the support height m's).
func tiledModel(m *sim.Model, n int) *sim.Model {
	return runModel(m, make([]*sim.Model, n))
}
