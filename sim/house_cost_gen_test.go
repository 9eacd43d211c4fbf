package sim

import (
	"fmt"
	"math"
)

// costlyHouseSpec sizes a generated house at or near the cost bounds: a grid
// of square rooms, each floor polygon subdivided into points along its
// sides, every room side a wall (exterior sides with an outside face too),
// a doorway in every side shared by two rooms so that every room is
// reachable, and objects spread over the rooms, some with children.
type costlyHouseSpec struct {
	rooms       int     // number of rooms, laid out in a near-square grid
	points      int     // floor polygon points per room (at least 4)
	side        float64 // room side in metres
	objects     int     // objects on the floor, spread over the rooms
	children    int     // children per floor object (a mug on it)
	skipWallsOf int     // rooms with index >= this get no walls (to stay under a wall bound)
	asset       string  // the floor objects' asset (Chair_002_1 when empty); their type is the asset's catalog type
}

// costlyHouse builds the house costlyHouseSpec describes. It is the worst
// accepted house's generator (no 13 MB test file): the tests check that it
// passes the bounds at the bounds and fails them past the bounds.
func costlyHouse(sp costlyHouseSpec) *House {
	if sp.side == 0 {
		sp.side = 5
	}
	if sp.skipWallsOf == 0 {
		sp.skipWallsOf = sp.rooms
	}
	cols := int(math.Ceil(math.Sqrt(float64(sp.rooms))))
	h := &House{Metadata: HouseMetadata{Schema: SchemaVersion}}
	origin := func(k int) (float64, float64) { return float64(k%cols) * sp.side, float64(k/cols) * sp.side }
	for k := 0; k < sp.rooms; k++ {
		x0, z0 := origin(k)
		corners := [4][2]float64{{x0, z0}, {x0, z0 + sp.side}, {x0 + sp.side, z0 + sp.side}, {x0 + sp.side, z0}}
		var poly []XYZ
		for s := 0; s < 4; s++ {
			n := sp.points / 4
			if s < sp.points%4 {
				n++
			}
			a, b := corners[s], corners[(s+1)%4]
			for i := 0; i < n; i++ {
				t := float64(i) / float64(n)
				poly = append(poly, XYZ{a[0] + t*(b[0]-a[0]), 0, a[1] + t*(b[1]-a[1])})
			}
		}
		h.Rooms = append(h.Rooms, Room{ID: fmt.Sprintf("room|%d", k), RoomType: "LivingRoom", FloorPolygon: poly})
	}
	wallID := func(room string, a, b [2]float64) string {
		return fmt.Sprintf("wall|%s|%.2f|%.2f|%.2f|%.2f", room, a[0], a[1], b[0], b[1])
	}
	wall := func(room, id string, a, b [2]float64) Wall {
		return Wall{ID: id, RoomID: room, Polygon: []XYZ{{a[0], 0, a[1]}, {b[0], 0, b[1]}, {b[0], 2.5, b[1]}, {a[0], 2.5, a[1]}}}
	}
	roomOf := func(c, r int) int {
		if c < 0 || r < 0 || c >= cols {
			return -1
		}
		if k := r*cols + c; k < sp.rooms {
			return k
		}
		return -1
	}
	for k := 0; k < sp.rooms && k < sp.skipWallsOf; k++ {
		c, r := k%cols, k/cols
		x0, z0 := origin(k)
		s := sp.side
		// The four sides, each from its lower to its higher coordinate, with
		// the neighbour across it.
		sides := []struct {
			a, b [2]float64
			nb   int
		}{
			{[2]float64{x0, z0}, [2]float64{x0 + s, z0}, roomOf(c, r-1)},
			{[2]float64{x0, z0 + s}, [2]float64{x0 + s, z0 + s}, roomOf(c, r+1)},
			{[2]float64{x0, z0}, [2]float64{x0, z0 + s}, roomOf(c-1, r)},
			{[2]float64{x0 + s, z0}, [2]float64{x0 + s, z0 + s}, roomOf(c+1, r)},
		}
		room := fmt.Sprintf("room|%d", k)
		for _, sd := range sides {
			id := wallID(fmt.Sprint(k), sd.a, sd.b)
			h.Walls = append(h.Walls, wall(room, id, sd.a, sd.b))
			if sd.nb < 0 {
				h.Walls = append(h.Walls, wall("exterior", wallID("exterior", sd.a, sd.b), sd.a, sd.b))
				continue
			}
			if sd.nb < k || sd.nb >= sp.skipWallsOf {
				continue
			}
			other := wallID(fmt.Sprint(sd.nb), sd.a, sd.b)
			open := true
			h.Doors = append(h.Doors, Door{
				ID: fmt.Sprintf("door|%d|%d", k, sd.nb), AssetID: "Doorway_1", Openable: &open, Openness: 1,
				Room0: room, Room1: fmt.Sprintf("room|%d", sd.nb), Wall0: id, Wall1: other,
				HolePolygon:   []XYZ{{s/2 - 0.5, 0, 0}, {s/2 + 0.5, 2.1, 0}},
				AssetPosition: XYZ{s / 2, 1.05, 0},
			})
		}
	}
	for i := 0; i < sp.objects; i++ {
		k := i % sp.rooms
		slot := i / sp.rooms
		x0, z0 := origin(k)
		// Chairs on a 0.6 m lattice inside the room, clear of the walls.
		per := int((sp.side - 1) / 0.6)
		x := x0 + 0.6 + 0.6*float64(slot%per)
		z := z0 + 0.6 + 0.6*float64((slot/per)%per)
		asset, typ, y := "Chair_002_1", "Chair", 0.4828
		if sp.asset != "" {
			t, size, _ := DefaultCatalog().Asset(sp.asset)
			asset, typ, y = sp.asset, t, size[1]/2
		}
		o := HouseObject{AssetID: asset, ID: fmt.Sprintf("%s|%d|%d", typ, k, slot), Kinematic: true, Position: XYZ{x, y, z}}
		for c := 0; c < sp.children; c++ {
			o.Children = append(o.Children, HouseObject{AssetID: "Mug_2", ID: fmt.Sprintf("Mug|%d|%d|%d", k, slot, c), Position: XYZ{x, 0.73, z}})
		}
		h.Objects = append(h.Objects, o)
	}
	h.Metadata.Agent.Position = XYZ{sp.side / 2, 0.95, sp.side / 2}
	return h
}
