package sim

import (
	"fmt"
	"math"
)

// ValidateHouse checks a house's structure before it is built into a Scene.
// Errors name the offending field, e.g. "rooms[2].floorPolygon: 2 points, need at least 3".
func ValidateHouse(h *House) error {
	if h == nil {
		return fmt.Errorf("house is nil")
	}
	if h.Metadata.Schema != "" && h.Metadata.Schema != SchemaVersion {
		return fmt.Errorf("metadata.schema: version %q is not supported (want %q)", h.Metadata.Schema, SchemaVersion)
	}
	if len(h.Rooms) == 0 {
		return fmt.Errorf("rooms: the house has no rooms")
	}
	for i, r := range h.Rooms {
		f := fmt.Sprintf("rooms[%d] (%s).floorPolygon", i, r.ID)
		if len(r.FloorPolygon) < 3 {
			return fmt.Errorf("%s: %d points, need at least 3", f, len(r.FloorPolygon))
		}
		for j, p := range r.FloorPolygon {
			if err := checkFinite(p); err != nil {
				return fmt.Errorf("%s[%d]: %v", f, j, err)
			}
		}
		if polygonArea(r.FloorPolygon) < 1e-6 {
			return fmt.Errorf("%s: polygon has zero area", f)
		}
	}
	for i, w := range h.Walls {
		for j, p := range w.Polygon {
			if err := checkFinite(p); err != nil {
				return fmt.Errorf("walls[%d] (%s).polygon[%d]: %v", i, w.ID, j, err)
			}
		}
	}
	var walk func(list []HouseObject, path string) error
	walk = func(list []HouseObject, path string) error {
		for i, o := range list {
			p := fmt.Sprintf("%s[%d] (%s)", path, i, o.ID)
			if o.ID == "" {
				return fmt.Errorf("%s.id: empty objectId", p)
			}
			if err := checkFinite(o.Position); err != nil {
				return fmt.Errorf("%s.position: %v", p, err)
			}
			if err := checkFinite(o.Rotation); err != nil {
				return fmt.Errorf("%s.rotation: %v", p, err)
			}
			if err := walk(o.Children, p+".children"); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(h.Objects, "objects")
}

func checkFinite(p XYZ) error {
	for _, v := range []float64{p.X, p.Y, p.Z} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("coordinate (%v, %v, %v) is not a finite number", p.X, p.Y, p.Z)
		}
	}
	return nil
}

func polygonArea(p []XYZ) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Z - p[j].X*p[i].Z
	}
	return math.Abs(a) / 2
}
