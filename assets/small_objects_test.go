package assets

import (
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// TestSmallObjectModels: procedural tissue boxes, credit cards and key
// chains fill their box on every axis without leaving it and are wound
// with their normals, at their catalog sizes and 200 random boxes of
// 5 mm to 50 cm a side, each using all its surfaces.
func TestSmallObjectModels(t *testing.T) {
	sizes := []sim.Vec3{{0.1988, 0.15, 0.1015}, {0.0862, 0.0045, 0.054}, {0.1287, 0.007, 0.0727}, {0.1314, 0.0149, 0.0397}}
	rng := rand.New(rand.NewPCG(5, 11))
	for range 200 {
		sizes = append(sizes, sim.Vec3{0.005 + 0.5*rng.Float64(), 0.005 + 0.5*rng.Float64(), 0.005 + 0.5*rng.Float64()})
	}
	for _, size := range sizes {
		for _, m := range []*sim.Model{tissueBoxModel(size, tissueBoxColours[1]), creditCardModel(size, cardColours[2]), keyChainModel(size)} {
			checkInBox(t, m, size, 0.5)
			used := map[uint16]bool{}
			for _, tr := range m.Levels[0].Tris {
				used[tr.Surface] = true
			}
			if len(used) != len(m.Surfaces) {
				t.Fatalf("%s %v: surfaces %d, used %v", m.Key, size, len(m.Surfaces), used)
			}
		}
	}
	if tissueBoxModel(sizes[0], tissueBoxColours[1]).Surfaces[0].Color != tissueBoxColours[1] || creditCardModel(sizes[1], cardColours[2]).Surfaces[0].Color != cardColours[2] {
		t.Error("the colour argument is not the body's colour")
	}
}
