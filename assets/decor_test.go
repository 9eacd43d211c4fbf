package assets

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// TestDecorModels: a procedural statue fills its box on every axis without
// leaving it; a floor vase stays inside its box and spans its height and
// its smaller horizontal side; both are wound with their normals and use
// their surfaces, at the catalog's sizes and on 200 random boxes of 5 cm to
// 2 m a side.
func TestDecorModels(t *testing.T) {
	sizes := []sim.Vec3{{0.2693, 0.21, 0.1297}, {0.1498, 0.5858, 0.135}, {0.3755, 0.1453, 0.2148}, {0.2764, 1.2282, 0.3372}, {0.3261, 1.4493, 0.3979}}
	rng := rand.New(rand.NewPCG(7, 13))
	for range 200 {
		sizes = append(sizes, sim.Vec3{0.05 + 1.95*rng.Float64(), 0.05 + 1.95*rng.Float64(), 0.05 + 1.95*rng.Float64()})
	}
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
		for _, m := range []*sim.Model{st, fv} {
			used := map[uint16]bool{}
			for _, tr := range m.Levels[0].Tris {
				used[tr.Surface] = true
			}
			if len(used) != len(m.Surfaces) || len(used) != 2 {
				t.Fatalf("%s %v: surfaces %d, used %v", m.Key, size, len(m.Surfaces), used)
			}
		}
	}
	// The floor vase's winding, with checkInBox's test on a box it fills:
	// a square footprint.
	checkInBox(t, floorVaseModel(sim.Vec3{0.3, 1.2, 0.3}, floorVaseColours[0]), sim.Vec3{0.3, 1.2, 0.3}, 0.5)
}
