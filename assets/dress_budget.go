package assets

import "flowbench/sim"

// MaxDressTriangles bounds the triangles (at level 0, the level datasets
// draw) of all the catalog models one house is dressed with. The renderer
// poses every model of the house and sets up its triangles, about 100
// bytes a triangle: a house within the import bounds (1,000 objects) of
// 20,000-triangle models would take over 2 GB and 14 s to render one
// 64-pixel frame. Generated houses use at most about 1 million; once a
// house's models reach the bound, the remaining objects, in scene order,
// keep their primitive shapes (DressReport.OverBudget).
const MaxDressTriangles = 8_000_000

// modelTriangles returns the triangles of m's level 0.
func modelTriangles(m *sim.Model) int {
	if m == nil || len(m.Levels) == 0 {
		return 0
	}
	return len(m.Levels[0].Tris)
}
