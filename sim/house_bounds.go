package sim

import (
	"fmt"
	"math"
)

// Bounds on a house. Every quantity of a house that sizes an allocation
// or a loop (grids over the floor plan, meshes, per-object tables, error
// paths, the re-encoded JSON) is capped, so that a hostile house is refused
// with an error naming the field instead of exhausting memory or time.
// The counts leave about ten times the headroom a real house needs: the
// reference ProcTHOR train house has 10 rooms (ProcTHOR-10K houses have at
// most 10), 62 floor polygon points in all (at most 10 in one room), 82
// walls of 4 points, 8 doors and 8 windows with 2-point holes, 11 lights
// and 177 objects nested 2 deep on a 16 m × 18 m plan. With these bounds
// the costliest accepted house imports ("scene --import") and renders in
// seconds and well under 2 GB (docs/house-format.md has the measurements).
// docs/house-format.md lists the same bounds.
const (
	// MaxHouseBytes bounds a house file or message.
	MaxHouseBytes = 32 << 20
	// MaxAssetDBBytes bounds an asset-database.json file (AI2-THOR's is 1.5 MB).
	MaxAssetDBBytes = 256 << 20
	// MaxHouseJSONDepth bounds how deep the JSON's objects and arrays nest.
	MaxHouseJSONDepth = 64
	// MaxHouseEncodedBytes bounds the house's estimated size once re-encoded
	// with indentation (EncodeHouse, as "scene --import" writes it).
	MaxHouseEncodedBytes = 256 << 20
	// MaxHouseCoordinate bounds every coordinate, in metres from the origin
	// (|x|, |y|, |z| of positions and polygon points, wall-local hole corners).
	MaxHouseCoordinate = 1000.0
	// MaxHouseSpan bounds the side of the floor plan's bounding box, in metres.
	MaxHouseSpan = 256.0
	// MaxHouseAngle bounds every rotation and the agent's horizon, in degrees.
	MaxHouseAngle = 1e6
	// MaxHouseRooms bounds the number of rooms (real houses: at most 10).
	MaxHouseRooms = 100
	// MaxHouseWalls bounds the number of wall sides (the reference house: 82).
	MaxHouseWalls = 1000
	// MaxHouseOpenings bounds the number of doors and, separately, of
	// windows (the reference house: 8 of each).
	MaxHouseOpenings = 200
	// MaxHouseLights bounds the number of lights (the reference house: 11).
	MaxHouseLights = 100
	// MaxHouseObjects bounds the number of objects, children included (the
	// reference house: 177). It is lower than ten times that because every
	// object may be drawn with a model of up to 20,000 triangles: 1,000 of
	// them in view of one camera cost "render" about 0.7 GB.
	MaxHouseObjects = 1000
	// MaxObjectNesting bounds how many levels of children an object tree
	// has (an object on the floor is level 1, its children level 2, ...).
	MaxObjectNesting = 16
	// MaxPolygonPoints bounds the points of one room's floor polygon (real
	// rooms: at most about 10).
	MaxPolygonPoints = 200
	// MaxHouseFloorPoints bounds the floor polygon points of all rooms
	// together (the reference house: 62). Every floor point costs
	// triangles in the floor and ceiling meshes and edges in the room
	// locator, so this, not the per-room bound, sizes a house's structure.
	MaxHouseFloorPoints = 2000
	// MaxWallPolygonPoints bounds the points of a wall polygon and of a
	// door's or window's hole polygon (real ones have 4 and 2).
	MaxWallPolygonPoints = 40
)

// checkHouseSize refuses a house with too many rooms, walls, openings,
// lights, objects or polygon points (per polygon or, for floors, in all),
// or objects nested too deep. It runs
// before any check that formats per-object paths, so a deep tree costs no
// more than its size.
func checkHouseSize(h *House) error {
	for _, c := range []struct {
		field string
		n     int
		max   int
	}{
		{"rooms", len(h.Rooms), MaxHouseRooms},
		{"walls", len(h.Walls), MaxHouseWalls},
		{"doors", len(h.Doors), MaxHouseOpenings},
		{"windows", len(h.Windows), MaxHouseOpenings},
		{"proceduralParameters.lights", len(h.ProceduralParameters.Lights), MaxHouseLights},
	} {
		if c.n > c.max {
			return fieldErr(c.field, "%d entries, more than the limit of %d", c.n, c.max)
		}
	}
	floorPoints := 0
	for i, r := range h.Rooms {
		if len(r.FloorPolygon) > MaxPolygonPoints {
			return fieldErr(fmt.Sprintf("rooms[%d].floorPolygon", i), "%d points, more than the limit of %d", len(r.FloorPolygon), MaxPolygonPoints)
		}
		if floorPoints += len(r.FloorPolygon); floorPoints > MaxHouseFloorPoints {
			return fieldErr(fmt.Sprintf("rooms[%d].floorPolygon", i), "the floor polygons up to this room have %d points in all, more than the limit of %d for the house", floorPoints, MaxHouseFloorPoints)
		}
	}
	for i, w := range h.Walls {
		if len(w.Polygon) > MaxWallPolygonPoints {
			return fieldErr(fmt.Sprintf("walls[%d].polygon", i), "%d points, more than the limit of %d", len(w.Polygon), MaxWallPolygonPoints)
		}
	}
	for _, g := range []struct {
		name string
		list []Door
	}{{"doors", h.Doors}, {"windows", h.Windows}} {
		for i, d := range g.list {
			if len(d.HolePolygon) > MaxWallPolygonPoints {
				return fieldErr(fmt.Sprintf("%s[%d].holePolygon", g.name, i), "%d points, more than the limit of %d", len(d.HolePolygon), MaxWallPolygonPoints)
			}
		}
	}
	return checkObjectTree(h.Objects)
}

// checkObjectTree counts the objects and measures their nesting without
// building any path until it has found a problem.
func checkObjectTree(objs []HouseObject) error {
	total := 0
	// route holds the child index taken at each level of the current descent,
	// so the path is built only for the error.
	var route []int
	var walk func(list []HouseObject) error
	walk = func(list []HouseObject) error {
		for i := range list {
			total++
			route = append(route, i)
			if total > MaxHouseObjects {
				return fieldErr(objectPath(route), "the house has more than %d objects (children included)", MaxHouseObjects)
			}
			if len(route) > MaxObjectNesting {
				return fieldErr(objectPath(route), "objects nest more than %d levels deep (children of children ...)", MaxObjectNesting)
			}
			if err := walk(list[i].Children); err != nil {
				return err
			}
			route = route[:len(route)-1]
		}
		return nil
	}
	return walk(objs)
}

// objectPath formats the field path of the object reached by taking child
// route[0] of objects, then child route[1] of its children, and so on.
func objectPath(route []int) string {
	p := ""
	for k, i := range route {
		if k == 0 {
			p = fmt.Sprintf("objects[%d]", i)
		} else {
			p += fmt.Sprintf(".children[%d]", i)
		}
	}
	return p
}

// checkHouseExtent refuses coordinates beyond MaxHouseCoordinate, angles
// beyond MaxHouseAngle and a floor plan wider or deeper than MaxHouseSpan.
// The numbers are already known to be finite.
func checkHouseExtent(h *House) error {
	err := eachHouseNumber(h, func(name func() string, v float64, angle bool) *FieldError {
		switch {
		case angle && math.Abs(v) > MaxHouseAngle:
			return fieldErr(name(), "angle %g is beyond ±%g degrees", v, MaxHouseAngle)
		case !angle && math.Abs(v) > MaxHouseCoordinate:
			return fieldErr(name(), "coordinate %g lies more than %g m from the origin", v, MaxHouseCoordinate)
		}
		return nil
	})
	if err != nil {
		return err
	}
	lo := [2]float64{math.Inf(1), math.Inf(1)}
	hi := [2]float64{math.Inf(-1), math.Inf(-1)}
	for i, r := range h.Rooms {
		for _, p := range r.FloorPolygon {
			lo[0], lo[1] = math.Min(lo[0], p.X), math.Min(lo[1], p.Z)
			hi[0], hi[1] = math.Max(hi[0], p.X), math.Max(hi[1], p.Z)
		}
		if hi[0]-lo[0] > MaxHouseSpan || hi[1]-lo[1] > MaxHouseSpan {
			return fieldErr(fmt.Sprintf("rooms[%d].floorPolygon", i),
				"the floor plan up to this room spans %.1f m × %.1f m (x %g..%g, z %g..%g), more than the %g m limit per side",
				hi[0]-lo[0], hi[1]-lo[1], lo[0], hi[0], lo[1], hi[1], MaxHouseSpan)
		}
	}
	return nil
}

// eachHouseNumber calls check for every coordinate and angle of the house
// that the Scene reads, in a fixed order, with a function that formats the
// number's field path (only called on failure). angle marks rotations and
// the agent's horizon. It returns check's first non-nil result.
func eachHouseNumber(h *House, check func(name func() string, v float64, angle bool) *FieldError) error {
	var bad *FieldError
	xyz := func(field func() string, p XYZ, angle bool) {
		for i, v := range []float64{p.X, p.Y, p.Z} {
			if bad != nil {
				return
			}
			bad = check(func() string { return field() + "." + "xyz"[i:i+1] }, v, angle)
		}
	}
	scalar := func(field func() string, v float64, angle bool) {
		if bad == nil {
			bad = check(field, v, angle)
		}
	}
	named := func(format string, a ...any) func() string {
		return func() string { return fmt.Sprintf(format, a...) }
	}
	a := h.Metadata.Agent
	xyz(named("metadata.agent.position"), a.Position, false)
	xyz(named("metadata.agent.rotation"), a.Rotation, true)
	scalar(named("metadata.agent.horizon"), a.Horizon, true)
	for i, r := range h.Rooms {
		for j, p := range r.FloorPolygon {
			xyz(named("rooms[%d].floorPolygon[%d]", i, j), p, false)
		}
	}
	for i, w := range h.Walls {
		for j, p := range w.Polygon {
			xyz(named("walls[%d].polygon[%d]", i, j), p, false)
		}
	}
	for _, g := range []struct {
		name string
		list []Door
	}{{"doors", h.Doors}, {"windows", h.Windows}} {
		for i, d := range g.list {
			for j, p := range d.HolePolygon {
				xyz(named("%s[%d].holePolygon[%d]", g.name, i, j), p, false)
			}
			xyz(named("%s[%d].assetPosition", g.name, i), d.AssetPosition, false)
			scalar(named("%s[%d].openness", g.name, i), d.Openness, false)
		}
	}
	for i, l := range h.ProceduralParameters.Lights {
		xyz(named("proceduralParameters.lights[%d].position", i), l.Position, false)
	}
	var route []int
	var walk func(list []HouseObject)
	walk = func(list []HouseObject) {
		for i, o := range list {
			if bad != nil {
				return
			}
			route = append(route, i)
			path := objectPath(route)
			xyz(func() string { return path + ".position" }, o.Position, false)
			xyz(func() string { return path + ".rotation" }, o.Rotation, true)
			walk(o.Children)
			route = route[:len(route)-1]
		}
	}
	walk(h.Objects)
	if bad != nil {
		return bad
	}
	return nil
}
