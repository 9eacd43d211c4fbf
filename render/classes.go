package render

import "flowbench/sim"

// Fixed class ids of the structure meshes. Object classes are 1 + the index of
// the object's type in the catalog's sorted type list, so they stay below these.
const (
	ClassNone    uint8 = 0
	ClassFloor   uint8 = 253
	ClassWall    uint8 = 254
	ClassCeiling uint8 = 255
)

// ClassNames returns the name of every class id used with the catalog:
// index 0 is "", 1..N the catalog's sorted types, and the structure classes
// "Floor", "Wall" and "Ceiling" at their fixed ids. Other entries are "".
func ClassNames(cat *sim.Catalog) []string {
	names := make([]string, 256)
	for i, t := range cat.Types() {
		if i+1 < int(ClassFloor) {
			names[i+1] = t
		}
	}
	names[ClassFloor], names[ClassWall], names[ClassCeiling] = "Floor", "Wall", "Ceiling"
	return names
}

// classOf returns the class id of a mesh.
func classOf(m *sim.Mesh, objType string, typeIndex map[string]int) uint8 {
	switch m.Kind {
	case sim.MeshFloor:
		return ClassFloor
	case sim.MeshWall:
		return ClassWall
	case sim.MeshCeiling:
		return ClassCeiling
	}
	if i, ok := typeIndex[objType]; ok && i+1 < int(ClassFloor) {
		return uint8(i + 1)
	}
	return ClassNone
}
