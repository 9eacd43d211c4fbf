package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// roomAtLinear is RoomAt as it was before the room locator: every room's
// polygon, in order.
func roomAtLinear(polys [][][2]float64, x, z float64) int {
	for k, p := range polys {
		if PointInPolygon(p, x, z) {
			return k
		}
	}
	return -1
}

// locatorTestHouses returns houses of every kind the locator must answer
// exactly as the linear scan: generated ones of both styles, the real
// reference house when ../shared is present, the generator's costliest
// accepted houses, and overlapping, self-intersecting random polygons.
func locatorTestHouses(t *testing.T) map[string][][][2]float64 {
	out := map[string][][][2]float64{}
	addHouse := func(name string, h *House) {
		out[name] = roomPolygons(h)
	}
	for seed := int64(1); seed <= 4; seed++ {
		for _, style := range []string{StyleProcTHOR, StyleITHOR} {
			h, err := Generate(style, seed, int(seed)*3)
			if err != nil {
				t.Fatal(err)
			}
			addHouse(fmt.Sprintf("%s seed %d", style, seed), h)
		}
	}
	// The real house when ../shared is there (referencePath would skip the
	// whole test without it).
	root := filepath.Join("..", "..", "shared")
	if env := os.Getenv("FLOWBENCH_SHARED"); env != "" {
		root = env
	}
	if h, err := ReadHouseFile(filepath.Join(root, "reference", "procthor", "house-procthor-train-1.json")); err == nil {
		addHouse("reference ProcTHOR house", h)
	}
	addHouse("10 rooms of 200 points", costlyHouse(costlyHouseSpec{rooms: 10, points: MaxPolygonPoints}))
	addHouse("100 rooms of 20 points", costlyHouse(costlyHouseSpec{rooms: MaxHouseRooms, points: MaxHouseFloorPoints / MaxHouseRooms}))
	rng := rand.New(rand.NewPCG(7, 38))
	var polys [][][2]float64
	for k := 0; k < 12; k++ {
		n := 3 + rng.IntN(40)
		p := make([][2]float64, n)
		for i := range p {
			// Coordinates on the 0.25 m grid half of the time, so that
			// vertices and edges lie exactly on grid rows and columns.
			x, z := rng.Float64()*8, rng.Float64()*8
			if rng.IntN(2) == 0 {
				x, z = math.Round(x*4)/4, math.Round(z*4)/4
			}
			p[i] = [2]float64{x, z}
		}
		polys = append(polys, p)
	}
	out["random overlapping polygons"] = polys
	return out
}

// TestRoomLocatorMatchesLinearScan requires the room locator to give the
// room the old linear scan gives, at every 0.25 m grid point (as
// ReachablePositions nudges them and exactly on the grid), at every vertex
// and edge midpoint, and at random points, on every kind of house.
func TestRoomLocatorMatchesLinearScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 3))
	for name, polys := range locatorTestHouses(t) {
		l := newRoomLocator(polys)
		var pts [][2]float64
		x0, z0, x1, z1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range polys {
			a, b, c, d := PolygonBounds(p)
			x0, z0, x1, z1 = math.Min(x0, a), math.Min(z0, b), math.Max(x1, c), math.Max(z1, d)
			for i := range p {
				q := p[(i+1)%len(p)]
				pts = append(pts, p[i], [2]float64{(p[i][0] + q[0]) / 2, (p[i][1] + q[1]) / 2})
			}
		}
		for i := math.Floor(x0/GridSize) - 1; i <= math.Ceil(x1/GridSize)+1; i++ {
			for j := math.Floor(z0/GridSize) - 1; j <= math.Ceil(z1/GridSize)+1; j++ {
				x, z := i*GridSize, j*GridSize
				pts = append(pts, [2]float64{x, z}, [2]float64{x + 1.3e-7, z + 1.7e-7})
			}
		}
		for range 2000 {
			pts = append(pts, [2]float64{x0 - 1 + rng.Float64()*(x1-x0+2), z0 - 1 + rng.Float64()*(z1-z0+2)})
		}
		bad := 0
		for _, p := range pts {
			got, _ := l.locate(p[0], p[1])
			if want := roomAtLinear(polys, p[0], p[1]); got != want && bad < 5 {
				bad++
				t.Errorf("%s: point (%v, %v): locator says room %d, linear scan %d", name, p[0], p[1], got, want)
			}
		}
	}
}

// TestReachablePositionsSameWithLocator compares ReachablePositions with
// the room locator and without it (the linear scan RoomAt falls back to)
// on generated houses and the costliest accepted houses: the same points
// in the same order.
func TestReachablePositionsSameWithLocator(t *testing.T) {
	houses := map[string]*House{
		"10 rooms of 200 points": costlyHouse(costlyHouseSpec{rooms: 10, points: MaxPolygonPoints, objects: 40}),
		"100 rooms of 20 points": costlyHouse(costlyHouseSpec{rooms: MaxHouseRooms, points: MaxHouseFloorPoints / MaxHouseRooms, objects: 200}),
	}
	for name, s := range withGeneratedScenes(t, houses, 3, 0) {
		got := s.ReachablePositions()
		s.locator = nil
		want := s.ReachablePositions()
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s: %d reachable positions with the locator, %d without, or they differ", name, len(got), len(want))
		}
	}
}

// TestReachablePositionsEdgeTestsPerPoint bounds the room polygon edges
// ReachablePositions tests per grid point on the costliest accepted
// houses. Before the room locator every point tested the polygons of the
// rooms before its own, edge by edge: thousands of edges per point.
func TestReachablePositionsEdgeTestsPerPoint(t *testing.T) {
	for _, sp := range []costlyHouseSpec{
		{rooms: MaxHouseFloorPoints / MaxPolygonPoints, points: MaxPolygonPoints},
		{rooms: MaxHouseRooms, points: MaxHouseFloorPoints / MaxHouseRooms},
	} {
		s, err := NewScene(costlyHouse(sp))
		if err != nil {
			t.Fatal(err)
		}
		reach, nav := s.reachablePositions()
		if len(reach) == 0 || nav.pointTests == 0 {
			t.Fatalf("%d rooms of %d points: nothing reachable", sp.rooms, sp.points)
		}
		if per := float64(nav.edgeTests) / float64(nav.pointTests); per > 8 {
			t.Errorf("%d rooms of %d points: %d edge tests for %d grid points, %.1f per point (want at most 8)",
				sp.rooms, sp.points, nav.edgeTests, nav.pointTests, per)
		}
	}
}

// withGeneratedScenes adds the ProcTHOR houses of seeds 1..seeds (stream
// index) to houses and returns the scenes of them all by name.
func withGeneratedScenes(t *testing.T, houses map[string]*House, seeds int64, index int) map[string]*Scene {
	t.Helper()
	for seed := int64(1); seed <= seeds; seed++ {
		h, err := Generate(StyleProcTHOR, seed, index)
		if err != nil {
			t.Fatal(err)
		}
		houses[fmt.Sprintf("procthor seed %d", seed)] = h
	}
	scenes := map[string]*Scene{}
	for name, h := range houses {
		s, err := NewScene(h)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		scenes[name] = s
	}
	return scenes
}
