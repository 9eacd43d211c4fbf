package planner

import (
	"os"
	"path/filepath"
	"testing"

	"flowbench/sim"
)

// ProcTHOR's reference house (10 rooms) loads from its JSON alone and camera
// selection gives a view in every room: its doors are cut where ProcTHOR
// cuts them, so every room is reachable, and y = min(10, 3·10) views cover
// the rooms first (eq. 14).
func TestReferenceHouseViewsInEveryRoom(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "reference", "procthor", "house-procthor-train-1.json")
	if env := os.Getenv("FLOWBENCH_SHARED"); env != "" {
		path = filepath.Join(env, "reference", "procthor", "house-procthor-train-1.json")
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("reference house not available (%v): set FLOWBENCH_SHARED or check out ../shared next to the repository", err)
	}
	h, err := sim.ReadHouseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l := loaded(t, h)
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	views, err := SelectViews(l, st, testCfg(), newRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, v := range views {
		seen[v.Room]++
	}
	for _, r := range h.Rooms {
		if seen[r.ID] == 0 {
			t.Errorf("no view in %s (%s); views per room %v", r.ID, r.RoomType, seen)
		}
	}
	if len(h.Rooms) != 10 {
		t.Errorf("the reference house has %d rooms, want 10", len(h.Rooms))
	}
}
