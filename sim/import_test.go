package sim

import (
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func housePath(name string) string { return filepath.Join("..", "testdata", "houses", name) }

var smallDB = housePath("asset-db-small.json")

func mustLoad(t *testing.T, path string, opts ImportOptions) (*Scene, *ImportReport) {
	t.Helper()
	s, rep, err := LoadHouseFile(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, rep
}

func notesOf(rep *ImportReport, a ImportAction) map[string]ImportNote {
	out := map[string]ImportNote{}
	for _, n := range rep.Notes {
		if n.Action == a {
			out[n.ObjectID] = n
		}
	}
	return out
}

func sameVec(a, b Vec3, tol float64) bool {
	return math.Abs(a[0]-b[0]) <= tol && math.Abs(a[1]-b[1]) <= tol && math.Abs(a[2]-b[2]) <= tol
}

func TestImportTwoRoomsWithDoor(t *testing.T) {
	s, rep := mustLoad(t, housePath("two_rooms_door.json"), ImportOptions{NoBuiltinAssetDB: true})
	if len(rep.Warnings) != 0 || rep.ObjectsIn != 4 || rep.ObjectsKept != 4 {
		t.Fatalf("report %+v, want 4 objects in and kept, no warnings", rep)
	}
	if len(s.Rooms) != 2 || len(s.Walls) != 14 {
		t.Fatalf("%d rooms, %d walls; want 2 and 14 (4+4 sides, 6 exterior)", len(s.Rooms), len(s.Walls))
	}
	// The door is cut into both sides of the shared wall, 1.5–2.5 m from the
	// id's first endpoint (4, 0), 2.1 m high.
	for _, id := range []string{"wall|1|4.00|0.00|4.00|4.00", "wall|2|4.00|0.00|4.00|4.00"} {
		var w *WallShape
		for i := range s.Walls {
			if s.Walls[i].ID == id {
				w = &s.Walls[i]
			}
		}
		if w == nil || len(w.Holes) != 1 {
			t.Fatalf("wall %s missing or without its door hole: %+v", id, w)
		}
		h := w.Holes[0]
		if !h.Door || h.U0 != 1.5 || h.U1 != 2.5 || h.Y0 != 0 || h.Y1 != 2.1 || w.A != [2]float64{4, 0} {
			t.Errorf("wall %s hole %+v from %v", id, h, w.A)
		}
	}
	mug := s.Object("Mug|surface|1|1")
	if mug == nil || mug.Parent != "DiningTable|1|0" || mug.Position != (Vec3{1.8, 0.73, 2.0}) {
		t.Fatalf("mug %+v: want on the table at its file position", mug)
	}
	_, size, _ := DefaultCatalog().Asset("Mug_2")
	if mug.Size != size || !mug.Pickupable || mug.Type != "Mug" {
		t.Errorf("mug size %v flags %v/%v, want catalog size %v, pickupable", mug.Size, mug.Pickupable, mug.Type, size)
	}
	if r := s.RoomAt(s.Object("Sofa|2|0").Position[0], s.Object("Sofa|2|0").Position[2]); r != "room|2" {
		t.Errorf("sofa in %q, want room|2", r)
	}
}

func TestImportLShapedRoom(t *testing.T) {
	s, rep := mustLoad(t, housePath("l_shaped.json"), ImportOptions{NoBuiltinAssetDB: true})
	if len(rep.Warnings) != 0 || rep.ObjectsKept != 3 {
		t.Fatalf("warnings %v, %d objects kept", rep.Warnings, rep.ObjectsKept)
	}
	cases := []struct {
		x, z float64
		want string
	}{{1, 5, "room|1"}, {5, 1, "room|1"}, {2.9, 2.9, "room|1"}, {4.5, 4.5, ""}, {3.1, 3.1, ""}, {-0.1, 1, ""}}
	for _, c := range cases {
		if got := s.RoomAt(c.x, c.z); got != c.want {
			t.Errorf("RoomAt(%g, %g) = %q, want %q", c.x, c.z, got, c.want)
		}
	}
	if len(s.Walls) != 12 {
		t.Errorf("%d walls, want 6 sides + 6 exterior faces", len(s.Walls))
	}
	// Moving the dresser into the notch of the L makes the house invalid.
	h := s.HouseJSON()
	h.Objects[1].Position = XYZ{4.5, 0.35, 4.5}
	if _, _, err := ImportHouse(h, ImportOptions{NoBuiltinAssetDB: true}); err == nil || !strings.Contains(err.Error(), "objects[1].position") {
		t.Errorf("dresser in the notch: error %v", err)
	}
}

func TestImportUnknownDecorWithoutAssetDB(t *testing.T) {
	s, rep := mustLoad(t, housePath("unknown_decor.json"), ImportOptions{NoBuiltinAssetDB: true})
	dropped := notesOf(rep, ActionDropped)
	// The faucet is a catalog type since 0.3.10 (faucets stand on sinks):
	// kept, on the counter where its sink was.
	want := []string{"BaseballBat|1|3", "Bathtub|1|0|0", "LightSwitch|1|2", "Mirror|1|1"}
	if got := slices.Sorted(maps.Keys(dropped)); !reflect.DeepEqual(got, want) {
		t.Fatalf("dropped %v, want %v", got, want)
	}
	if dropped["Bathtub|1|0|0"].Field != "objects[0].children[0]" {
		t.Errorf("bathtub note field %q", dropped["Bathtub|1|0|0"].Field)
	}
	// The soap rested on the dropped sink: it now rests on the counter, where it was.
	soap := s.Object("SoapBar|surface|1|2")
	if soap == nil || soap.Parent != "CounterTop|1|0" || soap.Position != (Vec3{1.2, 0.95, 0.35}) {
		t.Fatalf("soap %+v, want re-parented to the counter at its file position", soap)
	}
	if n := notesOf(rep, ActionReparented)["SoapBar|surface|1|2"]; !strings.Contains(n.Detail, "was on Bathtub|1|0|0, now on CounterTop|1|0") {
		t.Errorf("re-parent note %+v", n)
	}
	if n := notesOf(rep, ActionReparented)["Faucet|1|0|1"]; !strings.Contains(n.Detail, "was on Bathtub|1|0|0, now on CounterTop|1|0") {
		t.Errorf("faucet re-parent note %+v", n)
	}
	if rep.ObjectsIn != 8 || rep.ObjectsKept != 4 || len(s.Objects) != 4 {
		t.Errorf("objects in %d kept %d scene %d, want 8, 4, 4", rep.ObjectsIn, rep.ObjectsKept, len(s.Objects))
	}
	if len(rep.Warnings) != 2 {
		t.Errorf("warnings %q, want one line for the dropped decor and one for the re-parented soap and faucet", rep.Warnings)
	}
	if !strings.Contains(strings.Join(rep.Warnings, "\n"), "dropped 4 object(s) (1 BaseballBat, 1 Bathtub, 1 LightSwitch, 1 Mirror)") {
		t.Errorf("warnings %q", rep.Warnings)
	}
}

func TestImportUnknownDecorWithAssetDB(t *testing.T) {
	db, err := LoadAssetDB(smallDB)
	if err != nil {
		t.Fatal(err)
	}
	s, rep := mustLoad(t, housePath("unknown_decor.json"), ImportOptions{AssetDB: db})
	// Faucets are a catalog type since 0.3.10 (they stand on sinks), so the
	// database's faucet is kept.
	want := []string{"LightSwitch|1|2", "Mirror|1|1"}
	if got := slices.Sorted(maps.Keys(notesOf(rep, ActionDropped))); !reflect.DeepEqual(got, want) {
		t.Fatalf("dropped %v, want %v (static decor only)", got, want)
	}
	if f := s.Object("Faucet|1|0|1"); f == nil || f.Movable() {
		t.Fatalf("faucet %+v: want the static catalog faucet", f)
	}
	sink := s.Object("Bathtub|1|0|0")
	if sink == nil || sink.Movable() || !sink.Receptacle || sink.Size != db.Asset("Bathtub_1").Size || sink.Shape != ShapeBox {
		t.Fatalf("sink %+v: want a static receptacle box with the database size", sink)
	}
	if soap := s.Object("SoapBar|surface|1|2"); soap == nil || soap.Parent != "Bathtub|1|0|0" {
		t.Fatalf("soap %+v, want still on the sink", soap)
	}
	bat := s.Object("BaseballBat|1|3")
	if bat == nil || !bat.Pickupable || !bat.Moveable || bat.Receptacle || bat.Size != (Vec3{0.07, 0.07, 0.85}) {
		t.Fatalf("bat %+v: want kept, pickupable, with the database size", bat)
	}
	// Sizes come from the database before the catalog.
	if c := s.Object("CounterTop|1|0"); c.Size != (Vec3{0.61, 0.94, 0.61}) || c.Movable() {
		t.Errorf("counter size %v, want the database's (0.61, 0.94, 0.61)", c.Size)
	}
	if rep.SizesFromAssetDB != 6 || rep.SizesFromCatalogAsset != 0 || rep.SizesFromCatalogType != 0 {
		t.Errorf("size sources %d/%d/%d, want 6/0/0 (the faucet is kept)", rep.SizesFromAssetDB, rep.SizesFromCatalogAsset, rep.SizesFromCatalogType)
	}
	if kept := notesOf(rep, ActionKeptUnknownType); len(kept) != 2 {
		t.Errorf("kept-unknown-type notes %v, want the sink and the bat", slices.Sorted(maps.Keys(kept)))
	}
}

func TestImportUnknownAssetOfKnownType(t *testing.T) {
	s, rep := mustLoad(t, housePath("unknown_asset.json"), ImportOptions{NoBuiltinAssetDB: true})
	mug := s.Object("Mug|surface|1|1")
	mugs := DefaultCatalog().Type("Mug")
	med := medianVariant(mugs)
	if mug == nil || mug.Size != med.Size || mug.Type != "Mug" || !mug.Pickupable {
		t.Fatalf("mug %+v: want the median catalog mug size %v", mug, med.Size)
	}
	// The median is the middle variant by volume.
	smaller, larger := 0, 0
	vol := func(v Vec3) float64 { return v[0] * v[1] * v[2] }
	for _, v := range mugs.Variants {
		if vol(v.Size) < vol(med.Size) {
			smaller++
		} else if vol(v.Size) > vol(med.Size) {
			larger++
		}
	}
	if d := larger - smaller; d < 0 || d > 1 {
		t.Errorf("median variant %v: %d smaller and %d larger variants", med, smaller, larger)
	}
	if n, ok := notesOf(rep, ActionSizeFromType)["Mug|surface|1|1"]; !ok || n.Detail != "size of "+med.AssetID {
		t.Errorf("size-from-type note %+v", n)
	}
	cup := s.Object("Cup|surface|1|2")
	_, mugSize, _ := DefaultCatalog().Asset("Mug_2")
	if cup.Type != "Cup" || cup.Size != mugSize {
		t.Errorf("cup %+v: want type Cup from the id with the Mug_2 asset size", cup)
	}
	if n, ok := notesOf(rep, ActionTypeMismatch)["Cup|surface|1|2"]; !ok || n.Detail != "asset Mug_2 is a Mug" {
		t.Errorf("type-mismatch note %+v", n)
	}
	if rep.SizesFromCatalogAsset != 2 || rep.SizesFromCatalogType != 1 || len(rep.Warnings) != 2 {
		t.Errorf("report %+v", rep)
	}
}

func TestImportUnknownTypeAndAsset(t *testing.T) {
	p := housePath("unknown_gizmo.json")
	// Without a database the gizmo is static decor: dropped with a warning.
	s, rep := mustLoad(t, p, ImportOptions{NoBuiltinAssetDB: true})
	if s.Object("Gizmo|1|0") != nil || len(rep.Dropped()) != 1 || !strings.Contains(rep.Warnings[0], "no asset database given") {
		t.Fatalf("without a database: warnings %q", rep.Warnings)
	}
	// With a database that does not list it either, it is an error naming
	// the file, the object, the asset and the database.
	_, _, err := LoadHouseFile(p, ImportOptions{AssetDBPath: smallDB})
	for _, w := range []string{p + ": objects[0].assetId", `"Gizmo|1|0"`, `assetId "Gizmo_1"`, smallDB, `objectType "Gizmo"`, "lenient"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v does not contain %q", err, w)
		}
	}
	// Lenient mode drops it.
	s, rep = mustLoad(t, p, ImportOptions{AssetDBPath: smallDB, Lenient: true})
	if s.Object("Gizmo|1|0") != nil || s.Object("Stool|1|1") == nil || !strings.Contains(rep.Warnings[0], "(lenient)") {
		t.Fatalf("lenient: warnings %q", rep.Warnings)
	}
}

// checkReload writes the scene's normalised house, loads it again and checks
// that the second scene equals the first.
func checkReload(t *testing.T, name string, s *Scene, opts ImportOptions) {
	t.Helper()
	b, err := EncodeHouse(s.HouseJSON())
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "normalised.json")
	if err := WriteFileAtomic(p, b); err != nil {
		t.Fatal(err)
	}
	s2, rep2, err := LoadHouseFile(p, opts)
	if err != nil {
		t.Fatalf("%s: normalised house does not re-load: %v", name, err)
	}
	if len(rep2.Dropped()) != 0 {
		t.Errorf("%s: re-load dropped %v", name, rep2.Dropped())
	}
	if len(s2.Objects) != len(s.Objects) || len(s2.Walls) != len(s.Walls) || len(s2.Rooms) != len(s.Rooms) {
		t.Fatalf("%s: re-load has %d objects, %d walls, %d rooms; want %d, %d, %d", name,
			len(s2.Objects), len(s2.Walls), len(s2.Rooms), len(s.Objects), len(s.Walls), len(s.Rooms))
	}
	for i, o := range s.Objects {
		o2 := s2.Objects[i]
		if o2.ID != o.ID || o2.Parent != o.Parent || o2.Type != o.Type || o2.AssetID != o.AssetID ||
			!sameVec(o2.Position, o.Position, 1e-9) || math.Abs(o2.Yaw-o.Yaw) > 1e-9 || !sameVec(o2.Size, o.Size, 1e-12) ||
			o2.Pickupable != o.Pickupable || o2.Moveable != o.Moveable || o2.Receptacle != o.Receptacle || o2.Color != o.Color {
			t.Errorf("%s: object %d differs after re-load:\n %+v\n %+v", name, i, o, o2)
		}
	}
	if !reflect.DeepEqual(s.Walls, s2.Walls) || !reflect.DeepEqual(s.Rooms, s2.Rooms) {
		t.Errorf("%s: walls or rooms differ after re-load", name)
	}
	b2, _ := EncodeHouse(s2.HouseJSON())
	if string(b) != string(b2) {
		t.Errorf("%s: normalising twice changes the bytes", name)
	}
}

func TestImportNormalisedHouseReloadsToSameScene(t *testing.T) {
	for _, f := range goodHouses(t) {
		for _, opts := range []ImportOptions{{NoBuiltinAssetDB: true}, {AssetDBPath: smallDB, Lenient: true}} {
			s, _ := mustLoad(t, f, opts)
			checkReload(t, f, s, opts)
		}
	}
}

func TestImportWarnsAboutAgentOutsideRooms(t *testing.T) {
	h, err := ReadHouseFile(housePath("two_rooms_door.json"))
	if err != nil {
		t.Fatal(err)
	}
	h.Metadata.Agent.Position = XYZ{9, 0.95, 1}
	_, rep, err := ImportHouse(h, ImportOptions{NoBuiltinAssetDB: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "metadata.agent.position: the agent start (x 9.000, z 1.000) lies outside every room") {
		t.Errorf("warnings %q", rep.Warnings)
	}
}

func TestImportReportIsDeterministic(t *testing.T) {
	_, a := mustLoad(t, housePath("unknown_decor.json"), ImportOptions{NoBuiltinAssetDB: true})
	_, b := mustLoad(t, housePath("unknown_decor.json"), ImportOptions{NoBuiltinAssetDB: true})
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two imports of the same house gave different reports")
	}
}

func TestEmptyWallsBuildNoGeometryButSurvive(t *testing.T) {
	h, err := ReadHouseFile(housePath("two_rooms_door.json"))
	if err != nil {
		t.Fatal(err)
	}
	h.Doors = nil
	n := 0
	for i := range h.Walls {
		if strings.HasSuffix(h.Walls[i].ID, "|4.00|0.00|4.00|4.00") && h.Walls[i].RoomID != "exterior" {
			h.Walls[i].Empty = true
			n++
		}
	}
	if n != 2 {
		t.Fatalf("marked %d walls empty, want the 2 sides of the shared wall", n)
	}
	s, _, err := ImportHouse(h, ImportOptions{NoBuiltinAssetDB: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Walls) != 12 {
		t.Errorf("%d wall shapes, want 12 (the open boundary builds none)", len(s.Walls))
	}
	out := s.HouseJSON()
	kept := 0
	for _, w := range out.Walls {
		if w.Empty {
			kept++
		}
	}
	if len(out.Walls) != 14 || kept != 2 {
		t.Errorf("normalised house has %d walls, %d empty; want 14 and 2", len(out.Walls), kept)
	}
}

func TestHouseJSONKeepsObjectStates(t *testing.T) {
	h, err := ReadHouseFile(housePath("one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	on, open := true, 0.5
	h.Objects[0].Children[0].IsOn = &on
	h.Objects[0].Children[0].Color = &RGB{0.1, 0.2, 0.3}
	h.Objects[1].Openness = &open
	s, err := NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	s.Object("Chair|1|2").Position[0] += 0.25
	out := s.HouseJSON()
	c := out.Objects[0].Children[0]
	if c.IsOn == nil || !*c.IsOn || c.Color == nil || *c.Color != (RGB{0.1, 0.2, 0.3}) {
		t.Errorf("mug states lost: %+v", c)
	}
	if o := out.Objects[1]; o.Openness == nil || *o.Openness != 0.5 || o.Position.X != 3.45 {
		t.Errorf("chair %+v: want openness kept and the new position written", o)
	}
}

func TestLoadAssetDBSmall(t *testing.T) {
	db, err := LoadAssetDB(smallDB)
	if err != nil {
		t.Fatal(err)
	}
	if db.Len() != 10 || len(db.Types()) != 10 || db.Path != smallDB {
		t.Fatalf("%d assets, types %v", db.Len(), db.Types())
	}
	df := db.Asset("Doorframe_1")
	if df == nil || !df.Static() || df.Moveable() || df.Receptacle() || df.PrimaryProperty != "" {
		t.Errorf("doorframe without primaryProperty: %+v, want static", df)
	}
	if m := db.Asset("Mug_2"); !m.Pickupable() || !m.Receptacle() || m.Size != (Vec3{0.12, 0.11, 0.09}) {
		t.Errorf("mug %+v", m)
	}
	if st := db.Asset("Stool_1_2"); st.Pickupable() || !st.Moveable() {
		t.Errorf("stool %+v: want moveable, not pickupable", st)
	}
	typ, size, ok := db.SizeResolver()("Bathtub_1")
	if !ok || typ != "Bathtub" || size != (Vec3{0.55, 0.2, 0.45}) {
		t.Errorf("resolver: %v %v %v", typ, size, ok)
	}
	if _, _, ok := db.SizeResolver()("Nope_1"); ok || db.Asset("Nope_1") != nil {
		t.Error("unknown asset resolved")
	}
	if got := db.AssetsOf("Faucet"); len(got) != 1 || got[0].AssetID != "Bathroom_Faucet_14" {
		t.Errorf("AssetsOf(Faucet) = %v", got)
	}
}

func TestDecodeAssetDBErrors(t *testing.T) {
	cases := []struct{ json, want string }{
		{`[]`, "want an object mapping objectType to a list of assets"},
		{`{"Mug": [{"assetId": "Mug_1", "objectType": "Mug"}]}`, `Mug[0].boundingBox: asset "Mug_1" has no bounding box`},
		{`{"Mug": [{"assetId": "Mug_1", "boundingBox": {"x": 0.1, "y": 0, "z": 0.1}}]}`, "Mug[0].boundingBox"},
		{`{"Mug": [{"boundingBox": {"x": 1, "y": 1, "z": 1}}]}`, "Mug[0].assetId: missing asset id"},
		{`{"Mug": [{"assetId": "X", "objectType": "Cup", "boundingBox": {"x": 1, "y": 1, "z": 1}}]}`, `Mug[0].objectType: asset "X" has objectType "Cup"`},
		{`{"Cup": [{"assetId": "X", "boundingBox": {"x": 1, "y": 1, "z": 1}}], "Mug": [{"assetId": "X", "boundingBox": {"x": 1, "y": 1, "z": 1}}]}`, `Mug[0].assetId: asset "X" is listed twice (also under "Cup")`},
		{`{"Mug": [{"assetId": "X", "boundingBox": {"x": NaN}}]}`, "Mug[0].boundingBox.x"},
	}
	for _, c := range cases {
		_, err := DecodeAssetDB([]byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeAssetDB(%s) error %v, want %q", c.json, err, c.want)
		}
	}
	p := filepath.Join(t.TempDir(), "db.json")
	os.WriteFile(p, []byte(`{"Mug": 3}`), 0o644)
	if _, err := LoadAssetDB(p); err == nil || !strings.Contains(err.Error(), "asset database "+p+": ") {
		t.Errorf("LoadAssetDB error %v does not name the file", err)
	}
}

// TestImportReferenceHouse loads AI2-THOR's ProcTHOR reference house with
// and without the real asset database.
func TestImportReferenceHouse(t *testing.T) {
	house := referencePath(t, "procthor/house-procthor-train-1.json")
	dbPath := referencePath(t, "procthor/asset-database.json")
	db, err := LoadAssetDB(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("asset database: %d assets of %d types", db.Len(), len(db.Types()))
	raw, err := ReadHouseFile(house)
	if err != nil {
		t.Fatal(err)
	}
	empty := 0
	for _, w := range raw.Walls {
		if w.Empty {
			empty++
		}
	}
	for _, withDB := range []bool{false, true} {
		opts := ImportOptions{NoBuiltinAssetDB: true}
		if withDB {
			opts.AssetDB = db
		}
		s, rep := mustLoad(t, house, opts)
		t.Logf("asset DB %v: %d objects in file, %d kept, %d dropped, %d re-parented; sizes: %d asset DB, %d catalog asset, %d catalog type; %d warning lines:",
			withDB, rep.ObjectsIn, rep.ObjectsKept, len(rep.Dropped()), len(notesOf(rep, ActionReparented)),
			rep.SizesFromAssetDB, rep.SizesFromCatalogAsset, rep.SizesFromCatalogType, len(rep.Warnings))
		for _, w := range rep.Warnings {
			t.Log("  " + w)
		}
		if rep.ObjectsIn != 177 || rep.ObjectsKept+len(rep.Dropped()) != rep.ObjectsIn {
			t.Errorf("objects: %d in, %d kept, %d dropped", rep.ObjectsIn, rep.ObjectsKept, len(rep.Dropped()))
		}
		if len(rep.Warnings) > 5 {
			t.Errorf("%d warning lines, want a short list", len(rep.Warnings))
		}
		if len(s.Walls) != len(raw.Walls)-empty || len(s.Rooms) != len(raw.Rooms) {
			t.Errorf("%d wall shapes for %d walls (%d empty), %d rooms", len(s.Walls), len(raw.Walls), empty, len(s.Rooms))
		}
		for _, o := range s.Objects {
			if s.RoomAt(o.Position[0], o.Position[2]) == "" {
				t.Errorf("kept object %s lies outside every room", o.ID)
			}
			if o.Size[0] <= 0 || o.Size[1] <= 0 || o.Size[2] <= 0 {
				t.Errorf("object %s has size %v", o.ID, o.Size)
			}
		}
		// Every object of a catalog type is kept; only types outside the
		// catalog are dropped, and with the database only static ones.
		for _, n := range rep.Dropped() {
			if DefaultCatalog().Type(n.Type) != nil && !strings.Contains(n.Reason, "receptacle was dropped") {
				t.Errorf("catalog-type object %s dropped: %s", n.ObjectID, n.Reason)
			}
			if withDB {
				if a := db.Asset(n.AssetID); a == nil || !a.Static() {
					t.Errorf("with the database, non-static %s (%s) dropped", n.ObjectID, n.AssetID)
				}
			}
		}
		if withDB {
			if rep.SizesFromAssetDB != rep.ObjectsKept {
				t.Errorf("%d of %d sizes from the asset database", rep.SizesFromAssetDB, rep.ObjectsKept)
			}
			for _, o := range s.Objects {
				if a := db.Asset(o.AssetID); a == nil || o.Size != a.Size {
					t.Errorf("object %s size %v, database bounding box %v", o.ID, o.Size, a)
				}
			}
			// A few spot checks against the database.
			for _, id := range []string{"CounterTop|2|0", "Fridge|2|1", "Bed|6|0|0", "Laptop|surface|5|44"} {
				o := s.Object(id)
				if o == nil {
					t.Fatalf("%s missing", id)
				}
				bb := db.Asset(o.AssetID).Size
				if o.Size != bb {
					t.Errorf("%s size %v, want the database's %v", id, o.Size, bb)
				}
			}
			if bat := s.Object("BaseballBat|surface|8|74"); bat == nil || !bat.Moveable {
				t.Errorf("baseball bat %+v: want kept as moveable (asset database)", bat)
			}
		}
		// Children keep their file positions (bounding-box centres).
		for _, c := range raw.Objects[0].Children {
			if o := s.Object(c.ID); o != nil && o.Position != c.Position.Vec() {
				t.Errorf("%s at %v, file says %v", c.ID, o.Position, c.Position)
			}
		}
		checkReload(t, house, s, opts)
	}
}

func TestLoadReferenceAssetDB(t *testing.T) {
	db, err := LoadAssetDB(referencePath(t, "procthor/asset-database.json"))
	if err != nil {
		t.Fatal(err)
	}
	if db.Len() < 1000 || len(db.Types()) < 90 {
		t.Fatalf("%d assets, %d types", db.Len(), len(db.Types()))
	}
	// Every catalog type exists in the database, except the flowbench-only
	// fixtures (all of whose variants have flowbench_ ids, which the
	// database must not hold); the catalog's sizes agree with the
	// database's bounding boxes to half a millimetre.
	cat := DefaultCatalog()
	for _, typ := range cat.Types() {
		own := true
		for _, v := range cat.Type(typ).Variants {
			own = own && FlowbenchOnlyAsset(v.AssetID)
			if FlowbenchOnlyAsset(v.AssetID) && db.Asset(v.AssetID) != nil {
				t.Errorf("%s: flowbench-only asset id in the asset database", v.AssetID)
			}
		}
		if own {
			continue
		}
		if len(db.AssetsOf(typ)) == 0 {
			t.Errorf("catalog type %s not in the asset database", typ)
		}
		for _, v := range cat.Type(typ).Variants {
			if a := db.Asset(v.AssetID); a != nil && !sameVec(a.Size, v.Size, 5e-4) {
				t.Errorf("%s: catalog size %v, database %v", v.AssetID, v.Size, a.Size)
			}
		}
	}
}

func BenchmarkImportReferenceHouse(b *testing.B) {
	house := referencePath(b, "procthor/house-procthor-train-1.json")
	db, err := LoadAssetDB(referencePath(b, "procthor/asset-database.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := LoadHouseFile(house, ImportOptions{AssetDB: db}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadReferenceAssetDB(b *testing.B) {
	p := referencePath(b, "procthor/asset-database.json")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadAssetDB(p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImportTwoRooms(b *testing.B) {
	p := housePath("two_rooms_door.json")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := LoadHouseFile(p, ImportOptions{NoBuiltinAssetDB: true}); err != nil {
			b.Fatal(err)
		}
	}
}
