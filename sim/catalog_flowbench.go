package sim

import "strings"

// Flowbench-only fixtures. Real rooms have fixtures that AI2-THOR builds
// into its scenes as structure (stove burners, wall cabinets, mirrors,
// bathtubs, shower stalls) and that ProcTHOR's asset database has no asset
// for. flowbench adds them as catalog types of their own with asset ids
// that no AI2-THOR build knows: every such id starts with
// FlowbenchAssetPrefix ("flowbench_"), then names the model and its size
// in centimetres (flowbench_Cooktop_60, flowbench_WallCabinet_60x70,
// flowbench_Mirror_60x80, flowbench_Bathtub_160, flowbench_Shower_90).
// The in-process renderer draws them with parametric models (assets);
// a websocket backend that cannot create them gets houses without them
// (FlowbenchOnlyAsset tells which objects those are).

// FlowbenchAssetPrefix starts every flowbench-only asset id.
const FlowbenchAssetPrefix = "flowbench_"

// FlowbenchOnlyAsset reports whether an asset id names a flowbench-only
// fixture (a stove, a wall cabinet, a mirror, a bathtub or a shower) that
// no AI2-THOR asset database holds.
func FlowbenchOnlyAsset(id string) bool { return strings.HasPrefix(id, FlowbenchAssetPrefix) }

// flowbenchVariants are the flowbench-only types' assets: id and box
// (width along the wall, height, depth from the wall; metres).
var flowbenchVariants = map[string][]AssetVariant{
	// A cooktop set on a counter: four burners under a glass or steel top,
	// 2 cm proud of the counter, as deep as a counter's front part.
	"Stove": {
		{AssetID: "flowbench_Cooktop_60", Size: Vec3{0.58, 0.02, 0.50}},
		{AssetID: "flowbench_Cooktop_75", Size: Vec3{0.74, 0.02, 0.50}},
	},
	// Wall (upper) cabinets hung over a counter run, 33 cm deep.
	"Cabinet": {
		{AssetID: "flowbench_WallCabinet_40x70", Size: Vec3{0.40, 0.70, 0.33}},
		{AssetID: "flowbench_WallCabinet_60x70", Size: Vec3{0.60, 0.70, 0.33}},
		{AssetID: "flowbench_WallCabinet_80x70", Size: Vec3{0.80, 0.70, 0.33}},
	},
	// Framed wall mirrors, 3 cm deep.
	"Mirror": {
		{AssetID: "flowbench_Mirror_50x70", Size: Vec3{0.50, 0.70, 0.03}},
		{AssetID: "flowbench_Mirror_60x80", Size: Vec3{0.60, 0.80, 0.03}},
		{AssetID: "flowbench_Mirror_80x60", Size: Vec3{0.80, 0.60, 0.03}},
	},
	// Built-in bathtubs, long side against a wall.
	"Bathtub": {
		{AssetID: "flowbench_Bathtub_150", Size: Vec3{1.50, 0.56, 0.72}},
		{AssetID: "flowbench_Bathtub_160", Size: Vec3{1.60, 0.58, 0.75}},
		{AssetID: "flowbench_Bathtub_170", Size: Vec3{1.70, 0.58, 0.75}},
	},
	// Square shower stalls: a tray, glass walls and a shower head.
	"Shower": {
		{AssetID: "flowbench_Shower_80", Size: Vec3{0.80, 2.00, 0.80}},
		{AssetID: "flowbench_Shower_90", Size: Vec3{0.90, 2.00, 0.90}},
	},
}

// flowbenchTypes are the flowbench-only fixture types. All are static and
// placed by the fixture rules: the stove on a kitchen counter
// (standAppliances), wall cabinets over counter runs and mirrors over
// sinks (addFixtures), bathtubs and showers as a bathroom's first wall
// furniture (furnishWalls).
var flowbenchTypes = []TypeInfo{
	{Type: "Stove", Rooms: kit, Placement: OnSurface, Receptacle: true, Shape: ShapeBox, Fixture: true},
	{Type: "Cabinet", Rooms: kit, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "Mirror", Rooms: all4, Placement: OnWall, Shape: ShapeBox, Fixture: true},
	{Type: "Bathtub", Rooms: bath, Placement: AgainstWall, Shape: ShapeBox, Fixture: true},
	{Type: "Shower", Rooms: bath, Placement: AgainstWall, Shape: ShapeBox, Fixture: true},
}

// flowbenchType reports whether a type is a flowbench-only fixture type.
// An imported house keeps objects of such a type only with a flowbench
// asset id: a real house's mirror or bathtub (an AI2-THOR asset flowbench
// has no size for) stays unknown decor, as before these types existed.
func flowbenchType(typ string) bool {
	_, ok := flowbenchVariants[typ]
	return ok
}

// ithorCounterpart names, for a flowbench type compared under another
// name with the real iTHOR scenes, that name: a room with a stove is an
// iTHOR room with stove burners; a shower stall is counted against the
// real bathrooms with a shower and no bathtub (ithorDerivedPresence).
var ithorCounterpart = map[string]string{"Stove": "StoveBurner", "Shower": "ShowerStall"}

// ithorDerivedPresence adds to ithorPresence the presence of types the
// reference does not list under one name, counted from the same per-scene
// type lists (../shared/reference/ithor/floorplan-object-types.json):
// ShowerStall is a bathroom with a ShowerDoor, ShowerGlass or ShowerHead
// and no Bathtub (FloorPlan409, 412, 416, 417, 418, 421, 424, 425, 428);
// the other 21 bathrooms have a Bathtub, so every real bathroom has one
// or the other.
var ithorDerivedPresence = map[RoomType]map[string]int{
	Bathroom: {"ShowerStall": 9},
}
