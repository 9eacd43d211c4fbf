package assets

import (
	"testing"

	"flowbench/sim"
)

// TestSmallObjectModels: procedural tissue boxes, credit cards and key
// chains fill their box on every axis without leaving it and are wound
// with their normals, at their catalog sizes and 200 random boxes of
// 5 mm to 50 cm a side, each using all its surfaces.
func TestSmallObjectModels(t *testing.T) {
	sizes := testBoxes(5, 200, 0.005, 0.505, sim.Vec3{0.1988, 0.15, 0.1015}, sim.Vec3{0.0862, 0.0045, 0.054}, sim.Vec3{0.1287, 0.007, 0.0727}, sim.Vec3{0.1314, 0.0149, 0.0397})
	for _, size := range sizes {
		for _, m := range []*sim.Model{tissueBoxModel(size, tissueBoxColours[1]), creditCardModel(size, cardColours[2]), keyChainModel(size)} {
			checkInBox(t, m, size, 0.5)
			checkSurfacesUsed(t, m)
		}
	}
	if tissueBoxModel(sizes[0], tissueBoxColours[1]).Surfaces[0].Color != tissueBoxColours[1] || creditCardModel(sizes[1], cardColours[2]).Surfaces[0].Color != cardColours[2] {
		t.Error("the colour argument is not the body's colour")
	}
}
