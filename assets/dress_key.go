package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"sort"

	"flowbench/sim"
)

// DressKey identifies the dressing rules compiled into this binary: the
// reviewed type table (typeMap), the set of types that may be turned and
// the fit limits (MaxDistortion, the inset fits of inset.go and the tiled
// fits of tile.go, with the appliances of kitchen_run.go), the canvases
// and their artworks (artwork.go), the procedural fallbacks (procedural.go;
// their geometry by proceduralHash) and the rule that seats objects on the
// models (sim.ReseatVersion).
// Two binaries with the same DressKey and the same Library.Hash dress every
// house alike, so a run's resume fingerprint includes both: resuming a split
// with a binary whose table changed would otherwise mix two looks in one
// split.
func DressKey() string {
	h := sha256.New()
	types := make([]string, 0, len(typeMap))
	for t := range typeMap {
		types = append(types, t)
	}
	sort.Strings(types)
	for _, t := range types {
		fmt.Fprintf(h, "type %q\n", t)
		for _, k := range typeMap[t] {
			fmt.Fprintf(h, "  %q\n", k)
		}
	}
	turn := make([]string, 0, len(turnableTypes))
	for t, ok := range turnableTypes {
		if ok {
			turn = append(turn, t)
		}
	}
	slices.Sort(turn)
	for _, t := range turn {
		fmt.Fprintf(h, "turn %q\n", t)
	}
	for _, k := range slices.Sorted(maps.Keys(canvasSurfaces)) {
		fmt.Fprintf(h, "canvas %q %q\n", k, canvasSurfaces[k])
	}
	fmt.Fprintf(h, "artworks %s\n", artworksHash())
	fmt.Fprintf(h, "rugs %s %v %v %v %v %v on the largest floor rectangle\n", rugsHash(), RugChance, RugMargin, RugMaxLong, RugMaxShort, RugMinSide)
	for _, t := range slices.Sorted(maps.Keys(proceduralTypes)) {
		fmt.Fprintf(h, "procedural %q %d\n", t, proceduralTypes[t])
	}
	fmt.Fprintf(h, "procedural geometry %s furniture %v %v\n", proceduralHash(), furnitureFinishes, worktops)
	for _, k := range slices.Sorted(maps.Keys(colouredModels)) {
		if cm := colouredModels[k]; cm.palette != nil {
			fmt.Fprintf(h, "palette %d %q %v\n", k, cm.salt, *cm.palette)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(seeThroughSurfaces)) {
		fmt.Fprintf(h, "see-through %q %q\n", k, seeThroughSurfaces[k])
	}
	for _, t := range slices.Sorted(maps.Keys(rollableTypes)) {
		if rollableTypes[t] {
			fmt.Fprintf(h, "roll %q\n", t)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(tileEntries)) {
		fmt.Fprintf(h, "tile %q %q\n", t, tileEntries[t])
	}
	fmt.Fprintf(h, "tiles %d\n", MaxTiles)
	fmt.Fprintf(h, "kitchen run %q %d %q %d inner cooker, first run per room\n", runCookerKey, runCookerTiles, runDishwasherKey, runDishwasherTiles)
	fmt.Fprintf(h, "fit %g inset %g %g reseat %d %g\n", MaxDistortion, InsetMaxShare, InsetMaxGap, sim.ReseatVersion, sim.ReseatMeshTol)
	return hex.EncodeToString(h.Sum(nil))[:16]
}
