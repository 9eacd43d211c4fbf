package sim

import "sort"

// fixtureTypes are the catalog types real rooms have that the main
// furnishing pass never draws: the fixture pass (procgen_fixtures.go) adds
// them by per-room-type rules instead. All are static, as in AI2-THOR's
// asset database (primaryProperty "Static").
// The flowbench-only types (catalog_flowbench.go) follow them.
var fixtureTypes = append([]TypeInfo{
	{Type: "Painting", Rooms: all4, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "Sink", Rooms: []RoomType{Kitchen, Bathroom}, Placement: AgainstWall, Receptacle: true, Shape: ShapeBox, Fixture: true},
	// Faucets stand on bathroom sinks and on kitchen counters beside the
	// basin (standAppliances), static as in AI2-THOR.
	{Type: "Faucet", Rooms: []RoomType{Kitchen, Bathroom}, Placement: OnSurface, Shape: ShapeBox, Fixture: true},
	{Type: "ToiletPaperHanger", Rooms: bath, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "TowelHolder", Rooms: bath, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "HandTowelHolder", Rooms: bath, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	// Towels hang from their holders (hangWithTowel): held by the holder on
	// the wall, so wall-mounted here, and static, as a hung towel does not
	// stand anywhere it could be moved to (AI2-THOR can pick them up).
	{Type: "Towel", Rooms: bath, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "HandTowel", Rooms: bath, Placement: OnWall, Shape: ShapeBox, Fixture: true},
}, flowbenchTypes...)

// pedestalSinkHeight is the least height of a free-standing (pedestal or
// cabinet) sink; lower Sink assets are basins, which kitchens stand on a
// counter.
const pedestalSinkHeight = 0.9

// pedestalSink reports whether a Sink variant stands on the floor.
func pedestalSink(v AssetVariant) bool { return v.Size[1] >= pedestalSinkHeight }

// tableVariants lists the real AI2-THOR assets of a type from the built-in
// asset table (ProcTHOR's asset database), sorted by asset id so the catalog
// does not depend on the table's order: the variants of the types that
// assetVariants leaves out. Counter tops keep only the straight ones
// (catalog_counters.go).
//
// The flowbench-only types have their variants from flowbenchVariants.
func tableVariants(typ string) []AssetVariant {
	if vs, ok := flowbenchVariants[typ]; ok {
		return vs
	}
	var out []AssetVariant
	for _, a := range BuiltinAssetDB().AssetsOf(typ) {
		if typ == "CounterTop" && !straightCounter(a.AssetID) {
			continue
		}
		out = append(out, AssetVariant{AssetID: a.AssetID, Size: a.Size})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].AssetID < out[j].AssetID })
	return out
}
