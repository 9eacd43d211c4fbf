package sim

import "sort"

// fixtureTypes are the catalog types real rooms have that the main
// furnishing pass never draws: the fixture pass (procgen_fixtures.go) adds
// them by per-room-type rules instead. All are static, as in AI2-THOR's
// asset database (primaryProperty "Static").
var fixtureTypes = []TypeInfo{
	{Type: "Painting", Rooms: all4, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "Sink", Rooms: bath, Placement: AgainstWall, Receptacle: true, Shape: ShapeBox, Fixture: true},
	{Type: "ToiletPaperHanger", Rooms: bath, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "TowelHolder", Rooms: bath, Placement: OnWall, Shape: ShapeBox, Fixture: true},
}

// pedestalSinkHeight is the least height of a free-standing (pedestal or
// cabinet) sink; lower Sink assets are basins set into counters.
const pedestalSinkHeight = 0.9

// tableVariants lists the real AI2-THOR assets of a type from the built-in
// asset table (ProcTHOR's asset database), sorted by asset id so the catalog
// does not depend on the table's order: the variants of the types that
// assetVariants leaves out. Sinks keep only the free-standing ones, which
// the generator stands against a wall; counter tops only the straight ones
// (catalog_counters.go).
func tableVariants(typ string) []AssetVariant {
	var out []AssetVariant
	for _, a := range BuiltinAssetDB().AssetsOf(typ) {
		if typ == "Sink" && a.Size[1] < pedestalSinkHeight || typ == "CounterTop" && !straightCounter(a.AssetID) {
			continue
		}
		out = append(out, AssetVariant{AssetID: a.AssetID, Size: a.Size})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].AssetID < out[j].AssetID })
	return out
}
