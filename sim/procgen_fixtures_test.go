package sim

import "testing"

// TestRoomFixtures: generated rooms hold what real rooms of their type hold.
// iTHOR-style shares follow the 30 real scenes per type
// (../shared/reference/ithor/floorplan-object-types.json); ProcTHOR-style
// ones the reference house.
func TestRoomFixtures(t *testing.T) {
	type want struct {
		room   RoomType
		typ    string
		lo, hi float64
	}
	check := func(style string, houses int, wants []want) {
		st, err := GenerationStats(style, 1, houses)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			for _, rt := range st.ByRoomType {
				if rt.Type != w.room {
					continue
				}
				if got := rt.Share(w.typ); got < w.lo || got > w.hi {
					t.Errorf("%s: %s in %.0f%% of %d %s rooms, want %.0f%%..%.0f%%", style, w.typ, 100*got, rt.Rooms, w.room, 100*w.lo, 100*w.hi)
				}
			}
		}
	}
	check(StyleITHOR, 120, []want{
		{Kitchen, "Microwave", 0.95, 1}, {Kitchen, "Toaster", 0.95, 1}, {Kitchen, "Painting", 0, 0},
		{LivingRoom, "Painting", 0.95, 1}, {LivingRoom, "Television", 0.95, 1},
		{Bedroom, "Painting", 0.2, 0.7},
		{Bathroom, "Sink", 0.95, 1}, {Bathroom, "ToiletPaperHanger", 0.95, 1}, {Bathroom, "TowelHolder", 0.95, 1},
		{Bathroom, "Painting", 0, 0.15},
	})
	// ProcTHOR-style rooms get paintings with chance 0.8 (the reference
	// house's 8 of 10 rooms): over about 60 living rooms the share's
	// standard deviation is 0.05, so the floor sits 2.5 of them below 0.8.
	check(StyleProcTHOR, 40, []want{
		{LivingRoom, "Television", 0.95, 1}, {LivingRoom, "Painting", 0.67, 1}, {Bedroom, "Painting", 0.67, 1},
		{Bathroom, "Sink", 0.95, 1}, {Kitchen, "Microwave", 0.3, 1},
	})
}
