package assets

import (
	"testing"

	"flowbench/sim"
)

// TestVacuumModel: a procedural vacuum cleaner fills its box on every axis
// without leaving it (for the catalog's box and a squat one), every
// triangle is wound counter-clockwise seen from outside (its winding
// normal agrees with its vertex normals), and it uses its three surfaces.
func TestVacuumModel(t *testing.T) {
	for _, size := range []sim.Vec3{{0.359, 1.008, 0.312}, {0.5, 0.6, 0.4}} {
		m := vacuumModel(size, vacuumColours[0])
		checkInBox(t, m, size, 0.5)
		used := map[uint16]bool{}
		for _, tr := range m.Levels[0].Tris {
			used[tr.Surface] = true
		}
		if len(used) != 3 || len(m.Surfaces) != 3 || m.Surfaces[0].Color != vacuumColours[0] {
			t.Errorf("%v: surfaces %v used %v", size, m.Surfaces, used)
		}
	}
	checkInBox(t, canvasPrint(sim.Vec3{0.84, 0.47, 0.02}, artwork(0, false)), sim.Vec3{0.84, 0.47, 0.02}, 0.5)
}
