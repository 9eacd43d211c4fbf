package sim

import (
	"fmt"
	"math"
)

// FieldError is a house validation error: the JSON field path at fault, e.g.
// "rooms[2].floorPolygon", and the reason. Loading from a file prefixes the
// file name.
type FieldError struct {
	Field  string
	Reason string
}

// Error returns "field: reason".
func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

func fieldErr(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// ValidateHouse checks a house's structure before it is built into a Scene:
// the size bounds (counts, polygon points, nesting: see MaxHouseObjects and
// the other limits), finite coordinates everywhere within MaxHouseCoordinate
// and a floor plan within MaxHouseSpan, schema version, room polygons with at least
// 3 points and positive area, unique room/wall/object ids, walls that span
// two floor points with a positive height, doors and windows that reference
// existing walls and rooms, and objects whose centres lie inside a room.
// The first problem is returned as a *FieldError.
func ValidateHouse(h *House) error {
	if err := validateStructure(h); err != nil {
		return err
	}
	return validateContainment(h)
}

// validateStructure is ValidateHouse without the object-inside-a-room check.
func validateStructure(h *House) error {
	if h == nil {
		return fieldErr("house", "is nil")
	}
	if err := checkHouseSize(h); err != nil {
		return err
	}
	if err := checkHouseFinite(h); err != nil {
		return err
	}
	if err := checkHouseExtent(h); err != nil {
		return err
	}
	if h.Metadata.Schema != "" && h.Metadata.Schema != SchemaVersion {
		return fieldErr("metadata.schema", "version %q is not supported (flowbench reads %q)", h.Metadata.Schema, SchemaVersion)
	}
	if len(h.Rooms) == 0 {
		return fieldErr("rooms", "the house has no rooms")
	}
	rooms := map[string]int{}
	for i, r := range h.Rooms {
		f := fmt.Sprintf("rooms[%d]", i)
		if r.ID == "" {
			return fieldErr(f+".id", "empty room id")
		}
		if j, dup := rooms[r.ID]; dup {
			return fieldErr(f+".id", "duplicate room id %q (also rooms[%d])", r.ID, j)
		}
		rooms[r.ID] = i
		if len(r.FloorPolygon) < 3 {
			return fieldErr(f+".floorPolygon", "room %q has %d points, need at least 3", r.ID, len(r.FloorPolygon))
		}
		if polygonArea(r.FloorPolygon) < 1e-6 {
			return fieldErr(f+".floorPolygon", "room %q has zero area", r.ID)
		}
		if why := polygonNotSimple(r.FloorPolygon); why != "" {
			return fieldErr(f+".floorPolygon", "room %q is not a simple polygon: %s", r.ID, why)
		}
	}
	walls := map[string]int{}
	wallSize := map[string][2]float64{} // length, height
	for i, w := range h.Walls {
		f := fmt.Sprintf("walls[%d]", i)
		if w.ID == "" {
			return fieldErr(f+".id", "empty wall id")
		}
		if j, dup := walls[w.ID]; dup {
			return fieldErr(f+".id", "duplicate wall id %q (also walls[%d])", w.ID, j)
		}
		walls[w.ID] = i
		if _, ok := rooms[w.RoomID]; !ok && w.RoomID != "exterior" {
			return fieldErr(f+".roomId", "wall %q names room %q, which is not in rooms", w.ID, w.RoomID)
		}
		length, height, err := checkWallPolygon(w)
		if err != "" {
			return fieldErr(f+".polygon", "wall %q: %s", w.ID, err)
		}
		wallSize[w.ID] = [2]float64{length, height}
	}
	openings := map[string]string{} // door and window ids, each with its field
	for _, g := range []struct {
		name string
		list []Door
	}{{"doors", h.Doors}, {"windows", h.Windows}} {
		for i, d := range g.list {
			f := fmt.Sprintf("%s[%d]", g.name, i)
			if d.ID == "" {
				return fieldErr(f+".id", "empty id")
			}
			if prev, dup := openings[d.ID]; dup {
				return fieldErr(f+".id", "duplicate id %q (also %s)", d.ID, prev)
			}
			openings[d.ID] = f
			if !(d.Openness >= 0 && d.Openness <= 1) {
				return fieldErr(f+".openness", "%q: openness %g is outside [0, 1]", d.ID, d.Openness)
			}
			for _, ref := range []struct{ field, id string }{{"wall0", d.Wall0}, {"wall1", d.Wall1}} {
				if _, ok := walls[ref.id]; ref.id != "" && !ok {
					return fieldErr(f+"."+ref.field, "%q references wall %q, which is not in walls", d.ID, ref.id)
				}
			}
			if d.Wall0 == "" && d.Wall1 == "" {
				return fieldErr(f+".wall0", "%q names no wall", d.ID)
			}
			for _, ref := range []struct{ field, id string }{{"room0", d.Room0}, {"room1", d.Room1}} {
				if _, ok := rooms[ref.id]; ref.id != "" && !ok {
					return fieldErr(f+"."+ref.field, "%q references room %q, which is not in rooms", d.ID, ref.id)
				}
			}
			if len(d.HolePolygon) < 2 {
				return fieldErr(f+".holePolygon", "%q has %d point(s), need 2 corners (min, max)", d.ID, len(d.HolePolygon))
			}
			a, b := d.HolePolygon[0], d.HolePolygon[1]
			x0, x1, y0, y1 := math.Min(a.X, b.X), math.Max(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.Y, b.Y)
			if x1-x0 <= 0 || y1-y0 <= 0 {
				return fieldErr(f+".holePolygon", "%q: the hole (x %g–%g, y %g–%g) has no area", d.ID, x0, x1, y0, y1)
			}
			const tol = 0.01 // 1 cm
			for _, wid := range []string{d.Wall0, d.Wall1} {
				sz, ok := wallSize[wid]
				if !ok {
					continue
				}
				if x0 < -tol || x1 > sz[0]+tol || y0 < -tol || y1 > sz[1]+tol {
					return fieldErr(f+".holePolygon", "%q: the hole (x %.3f–%.3f, y %.3f–%.3f, wall-local) does not fit wall %q (%.3f m long, %.3f m high)",
						d.ID, x0, x1, y0, y1, wid, sz[0], sz[1])
				}
			}
		}
	}
	reserved, err := structureIDs(h)
	if err != nil {
		return err
	}
	ids := map[string]string{}
	var walk func(list []HouseObject, path string) error
	walk = func(list []HouseObject, path string) error {
		for i, o := range list {
			p := fmt.Sprintf("%s[%d]", path, i)
			if o.ID == "" {
				return fieldErr(p+".id", "empty objectId")
			}
			if prev, dup := ids[o.ID]; dup {
				return fieldErr(p+".id", "duplicate objectId %q (also %s)", o.ID, prev)
			}
			if o.Openness != nil && !(*o.Openness >= 0 && *o.Openness <= 1) {
				return fieldErr(p+".openness", "object %q: openness %g is outside [0, 1]", o.ID, *o.Openness)
			}
			if what, ok := reserved[o.ID]; ok {
				return fieldErr(p+".id", "objectId %q is also the id of %s; the scene names that mesh so, rename the object", o.ID, what)
			}
			ids[o.ID] = p
			if err := walk(o.Children, p+".children"); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(h.Objects, "objects")
}

// structureIDs returns the ids the scene gives to the house's structure,
// each with what it names: the floor and ceiling meshes of every room
// ("floor|<room id>", "ceiling|<room id>"), the walls' and the doors' and
// windows' ids. An object may not take one (the renderer would meet two
// meshes of one id), nor may a wall take a floor's or a ceiling's.
func structureIDs(h *House) (map[string]string, error) {
	reserved := map[string]string{}
	for i, r := range h.Rooms {
		reserved["floor|"+r.ID] = fmt.Sprintf("the floor of rooms[%d] (%q)", i, r.ID)
		reserved["ceiling|"+r.ID] = fmt.Sprintf("the ceiling of rooms[%d] (%q)", i, r.ID)
	}
	for i, w := range h.Walls {
		if what, ok := reserved[w.ID]; ok {
			return nil, fieldErr(fmt.Sprintf("walls[%d].id", i), "wall id %q is also the id of %s; the scene names that mesh so, rename the wall", w.ID, what)
		}
	}
	for i, w := range h.Walls {
		reserved[w.ID] = fmt.Sprintf("walls[%d]", i)
	}
	for _, g := range []struct {
		name string
		list []Door
	}{{"doors", h.Doors}, {"windows", h.Windows}} {
		for i, d := range g.list {
			if _, ok := reserved[d.ID]; !ok && d.ID != "" {
				reserved[d.ID] = fmt.Sprintf("%s[%d]", g.name, i)
			}
		}
	}
	return reserved, nil
}

// validateContainment checks that every object's centre lies inside a room.
func validateContainment(h *House) error {
	rooms := newRoomLocator(roomPolygons(h))
	var walk func(list []HouseObject, path string) error
	walk = func(list []HouseObject, path string) error {
		for i, o := range list {
			p := fmt.Sprintf("%s[%d]", path, i)
			if err := checkInsideRooms(rooms, o, p); err != nil {
				return err
			}
			if err := walk(o.Children, p+".children"); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(h.Objects, "objects")
}

func roomPolygons(h *House) [][][2]float64 {
	polys := make([][][2]float64, len(h.Rooms))
	for i, r := range h.Rooms {
		for _, p := range r.FloorPolygon {
			polys[i] = append(polys[i], [2]float64{p.X, p.Z})
		}
	}
	return polys
}

func checkInsideRooms(rooms *roomLocator, o HouseObject, path string) error {
	if k, _ := rooms.locate(o.Position.X, o.Position.Z); k >= 0 {
		return nil
	}
	return fieldErr(path+".position", "object %q at (x %.3f, z %.3f) lies outside every room", o.ID, o.Position.X, o.Position.Z)
}

// checkWallPolygon returns the wall's length and height, or why its polygon
// is unusable.
func checkWallPolygon(w Wall) (length, height float64, why string) {
	if len(w.Polygon) < 3 {
		return 0, 0, fmt.Sprintf("%d points, need at least 3", len(w.Polygon))
	}
	pts, height := wallBase(w)
	if len(pts) != 2 {
		return 0, 0, fmt.Sprintf("must span exactly two floor points, found %d", len(pts))
	}
	if height <= 0 {
		return 0, 0, fmt.Sprintf("height %g must be positive", height)
	}
	return math.Hypot(pts[1][0]-pts[0][0], pts[1][1]-pts[0][1]), height, ""
}

// checkHouseFinite returns a *FieldError for the first NaN or infinite number
// of the house, or nil.
func checkHouseFinite(h *House) error {
	return eachHouseNumber(h, func(name func() string, v float64, _ bool) *FieldError {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fieldErr(name(), "%v is not a finite number", v)
		}
		return nil
	})
}

func polygonArea(p []XYZ) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Z - p[j].X*p[i].Z
	}
	return math.Abs(a) / 2
}

// wallBase returns the distinct (x, z) floor points of a wall polygon (two
// for a valid wall) and its height, the largest y.
func wallBase(w Wall) (pts [][2]float64, height float64) {
	for _, p := range w.Polygon {
		height = math.Max(height, p.Y)
		q := [2]float64{p.X, p.Z}
		dup := false
		for _, e := range pts {
			if math.Abs(e[0]-q[0]) < 1e-6 && math.Abs(e[1]-q[1]) < 1e-6 {
				dup = true
			}
		}
		if !dup {
			pts = append(pts, q)
		}
	}
	return pts, height
}
