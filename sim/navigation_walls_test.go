package sim

import (
	"fmt"
	"math"
	"testing"
)

// diagonalWallsHouse is one square room of the given side crossed by n
// diagonal walls, each with a doorway, the worst case for a wall index by
// bounding boxes: every wall's box covers most of the plan.
func diagonalWallsHouse(side float64, n int) *House {
	h := costlyHouse(costlyHouseSpec{rooms: 1, points: 4, side: side})
	for k := 0; k < n; k++ {
		// Irregular offsets and slopes, so that the walls pass at every
		// distance from the 0.25 m grid points and the 1 m cells.
		off := side*float64(k+1)/float64(n+2) + 0.137*float64(k%7)
		a, b := [2]float64{off, 0.5 + 0.071*float64(k%5)}, [2]float64{side - 0.5 - 0.093*float64(k%3), side - 0.61*off}
		id := fmt.Sprintf("wall|diag|%d", k)
		h.Walls = append(h.Walls, Wall{ID: id, RoomID: "room|0",
			Polygon: []XYZ{{a[0], 0, a[1]}, {b[0], 0, b[1]}, {b[0], 2.5, b[1]}, {a[0], 2.5, a[1]}}})
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		h.Doors = append(h.Doors, Door{ID: fmt.Sprintf("door|diag|%d", k), AssetID: "Doorway_1", Room0: "room|0", Room1: "room|0",
			Wall0: id, HolePolygon: []XYZ{{l/2 - 0.5, 0, 0}, {l/2 + 0.5, 2.1, 0}}, AssetPosition: XYZ{l / 2, 1.05, 0}})
	}
	return h
}

// TestNavIndexWallCells: the navigation index lists a wall in a band of
// cells along it, not in its whole bounding box (30 diagonal walls across
// a 40 m room took every cell of the plan, 1000 such walls across a 256 m
// plan tens of millions of entries and a test of every wall at every grid
// point), and still in every cell where it can block: the indexed disc and
// step tests agree with AgentFits and StepCrossesWall, which test every
// wall, at every grid point and step of the room and of generated houses.
func TestNavIndexWallCells(t *testing.T) {
	houses := map[string]*House{"diagonal walls": diagonalWallsHouse(40, 30)}
	for name, s := range withGeneratedScenes(t, houses, 2, 1) {
		nav := s.navIndex()
		entries, bound := 0, 0
		for _, l := range nav.wallAt {
			entries += len(l)
		}
		for _, w := range nav.walls {
			// Rows of the band times at most four cells a row, plus the ends.
			bound += 4 * (int(w.length/navCell) + 3)
		}
		if entries > bound {
			t.Errorf("%s: %d wall entries in the index, more than %d for bands along the walls", name, entries, bound)
		}
		x0, z0, x1, z1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, r := range s.Rooms {
			a, b, c, d := PolygonBounds(r.Polygon)
			x0, z0, x1, z1 = math.Min(x0, a), math.Min(z0, b), math.Max(x1, c), math.Max(z1, d)
		}
		bad := 0
		for x := math.Ceil(x0 / GridSize); x <= x1/GridSize && bad < 5; x++ {
			for z := math.Ceil(z0 / GridSize); z <= z1/GridSize && bad < 5; z++ {
				p := [2]float64{x * GridSize, z * GridSize}
				fits := nav.fits(s, p)
				if fits != s.AgentFits(p[0], p[1]) {
					bad++
					t.Errorf("%s: at %v the index says fits=%v, AgentFits the opposite", name, p, fits)
				}
				for _, q := range [][2]float64{{p[0] + GridSize, p[1]}, {p[0], p[1] + GridSize}} {
					if ok := nav.stepOK(p, q); ok == s.StepCrossesWall(Vec3{p[0], 0, p[1]}, Vec3{q[0], 0, q[1]}) {
						bad++
						t.Errorf("%s: step %v→%v: the index says ok=%v, StepCrossesWall agrees it crosses", name, p, q, ok)
					}
				}
			}
		}
	}
}
