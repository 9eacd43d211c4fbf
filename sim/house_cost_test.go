package sim

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// worstAcceptedHouses are the costliest houses the bounds accept, as
// measured in docs/house-format.md ("Cost of the worst accepted houses"):
// the most rooms and floor points on the widest plan with the most objects
// (each a 20,000-triangle model when dressed), the largest rooms, and the
// most walls, all diagonal across the plan.
func worstAcceptedHouses() map[string]*House {
	h3 := diagonalWallsHouse(250, MaxHouseWalls-9) // + 4 room and 4 exterior walls
	h3.Doors = h3.Doors[:MaxHouseOpenings]
	// The agent starts on a wall, so ReachablePositions looks for the
	// nearest point that fits over the whole grid.
	w := h3.Walls[len(h3.Walls)-1].Polygon
	h3.Metadata.Agent.Position = XYZ{(w[0].X + w[1].X) / 2, 0.9, (w[0].Z + w[1].Z) / 2}
	return map[string]*House{
		"100 rooms of 20 points, 1000 objects": costlyHouse(costlyHouseSpec{rooms: MaxHouseRooms, points: MaxHouseFloorPoints / MaxHouseRooms,
			side: 25, objects: MaxHouseObjects, asset: "Teddy_Bear_1"}),
		"10 rooms of 200 points, 1000 objects": costlyHouse(costlyHouseSpec{rooms: MaxHouseFloorPoints / MaxPolygonPoints, points: MaxPolygonPoints,
			side: 25, objects: MaxHouseObjects, asset: "Teddy_Bear_1"}),
		"991 diagonal walls": h3,
	}
}

// TestWorstAcceptedHouses: the houses measured as the worst accepted are
// accepted (so the measurements are of houses a user may load), and one
// more room, floor point or object past them is refused. With
// FLOWBENCH_WORST_HOUSES=dir it also writes them there as JSON, for
// measuring the built binary on them.
func TestWorstAcceptedHouses(t *testing.T) {
	dir := os.Getenv("FLOWBENCH_WORST_HOUSES")
	for name, h := range worstAcceptedHouses() {
		if _, err := NewScene(h); err != nil {
			t.Errorf("%s: refused: %v", name, err)
		}
		if dir != "" {
			b, err := EncodeHouse(h)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, strings.NewReplacer(" ", "_", ",", "").Replace(name)+".json"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	over := []struct {
		name string
		spec costlyHouseSpec
		want string
	}{
		{"101 rooms", costlyHouseSpec{rooms: MaxHouseRooms + 1, points: 4, skipWallsOf: 1}, "rooms: 101 entries, more than the limit of 100"},
		{"2001 floor points", costlyHouseSpec{rooms: 23, points: 87, skipWallsOf: 1}, "rooms[22].floorPolygon: the floor polygons up to this room have 2001 points in all, more than the limit of 2000"},
		{"1001 objects", costlyHouseSpec{rooms: 10, points: 4, objects: 1001}, "objects[1000]: the house has more than 1000 objects"},
	}
	for _, c := range over {
		h := costlyHouse(c.spec)
		err := ValidateHouse(h)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}
