package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// TestDecorModels: a procedural statue fills its box on every axis without
// leaving it; a floor vase stays inside its box and spans its height and
// its smaller horizontal side; both are wound with their normals and use
// their surfaces, at the catalog's sizes and on 200 random boxes of 5 cm to
// 2 m a side.
func TestDecorModels(t *testing.T) {
	sizes := testBoxes(7, 200, 0.05, 2, sim.Vec3{0.2693, 0.21, 0.1297}, sim.Vec3{0.1498, 0.5858, 0.135}, sim.Vec3{0.3755, 0.1453, 0.2148},
		sim.Vec3{0.2764, 1.2282, 0.3372}, sim.Vec3{0.3261, 1.4493, 0.3979})
	for _, size := range sizes {
		st := statueModel(size, statueMaterials[2])
		checkInBox(t, st, size, 0.5)
		fv := floorVaseModel(size, floorVaseColours[1])
		h := size.Mul(0.5)
		lo, hi := h, h.Mul(-1)
		for _, p := range fv.Levels[0].Pos {
			for k := range 3 {
				if math.Abs(p[k]) > h[k]+1e-12 {
					t.Fatalf("floor vase %v: vertex %v leaves the box", size, p)
				}
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
		k := 0 // the smaller horizontal side
		if size[2] < size[0] {
			k = 2
		}
		if math.Abs(lo[1]+h[1]) > 1e-12 || math.Abs(hi[1]-h[1]) > 1e-12 || math.Abs(lo[k]+h[k]) > 1e-12 || math.Abs(hi[k]-h[k]) > 1e-12 {
			t.Fatalf("floor vase %v spans %v..%v: want the height and axis %d exactly", size, lo, hi, k)
		}
		checkSurfacesUsed(t, st)
		checkSurfacesUsed(t, fv)
	}
	// The floor vase's winding, with checkInBox's test on a box it fills:
	// a square footprint.
	checkInBox(t, floorVaseModel(sim.Vec3{0.3, 1.2, 0.3}, floorVaseColours[0]), sim.Vec3{0.3, 1.2, 0.3}, 0.5)
}
