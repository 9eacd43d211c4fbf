package sim

import (
	"math"
	"testing"
)

// procthorReference are the statistics of ProcTHOR's reference house
// (../shared/reference/procthor/house-procthor-train-1.json: 1 kitchen, 3
// living rooms, 3 bedrooms, 3 bathrooms) per room type, as Stats.AddScene
// measures them on the imported house: mean floor area (m²), objects per
// room (small objects on receptacles included; the lenient import drops 3
// objects of types flowbench's catalog lacks, all in bathrooms) and chairs
// per room.
// TestProcTHORReferenceStats re-measures them when the file is present.
var procthorReference = map[RoomType]struct{ area, objects, chairs float64 }{
	Kitchen:    {33.8, 23.0, 0},
	LivingRoom: {27.7, 24.0, 3.33},
	Bedroom:    {27.7, 17.3, 0.67},
	Bathroom:   {11.3, 10.0, 0}, // its faucet counts since faucets are a catalog type (0.3.10)
}

// TestRoomSizesMatchProcTHOR: procthor-style rooms have the reference
// house's floor areas (within 15 %) and object counts (within 20 %) per
// room type, and living rooms a dining set (at least 2.5 chairs per room;
// the reference has 3.3).
func TestRoomSizesMatchProcTHOR(t *testing.T) {
	st, err := GenerationStats(StyleProcTHOR, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range st.ByRoomType {
		ref := procthorReference[rt.Type]
		area, objs := rt.MeanArea(), ratio(rt.Objects, rt.Rooms)
		t.Logf("%s: %d rooms, %.1f m² (reference %.1f), %.1f objects (%.1f), %.2f chairs (%.2f)",
			rt.Type, rt.Rooms, area, ref.area, objs, ref.objects, ratio(rt.Chairs, rt.Rooms), ref.chairs)
		if math.Abs(area/ref.area-1) > 0.15 {
			t.Errorf("%s: mean area %.1f m², reference %.1f m²", rt.Type, area, ref.area)
		}
		if math.Abs(objs/ref.objects-1) > 0.20 {
			t.Errorf("%s: %.1f objects per room, reference %.1f", rt.Type, objs, ref.objects)
		}
		if rt.Type == LivingRoom && ratio(rt.Chairs, rt.Rooms) < 2.5 {
			t.Errorf("living rooms: %.2f chairs per room, reference %.2f", ratio(rt.Chairs, rt.Rooms), ref.chairs)
		}
	}
}

// TestProcTHORReferenceStats measures the reference house with the same
// code (Stats.AddScene on the imported house) and checks procthorReference.
func TestProcTHORReferenceStats(t *testing.T) {
	path := referencePath(t, "procthor/house-procthor-train-1.json")
	db := referencePath(t, "procthor/asset-database.json")
	s, _, err := LoadHouseFile(path, ImportOptions{AssetDBPath: db, Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	st := NewStats("reference", 0)
	st.AddScene(s)
	for _, rt := range st.ByRoomType {
		ref := procthorReference[rt.Type]
		got := []float64{rt.MeanArea(), ratio(rt.Objects, rt.Rooms), ratio(rt.Chairs, rt.Rooms)}
		t.Logf("%s: %d rooms, area %.2f, objects %.2f, chairs %.2f", rt.Type, rt.Rooms, got[0], got[1], got[2])
		for i, want := range []float64{ref.area, ref.objects, ref.chairs} {
			if math.Abs(got[i]-want) > 0.06 {
				t.Errorf("%s: measured %v, procthorReference has %v", rt.Type, got, ref)
				break
			}
		}
	}
}
