package assets

import (
	"testing"

	"flowbench/sim"
)

// TestHouseholdModels: procedural vases and plungers stay inside their box
// and span its height and smaller horizontal side; a pen, lying along z,
// spans the box's length and its smaller side across; all are wound with
// their normals and use all their surfaces, at the catalog's sizes and on
// 200 random boxes of 1 cm to 60 cm a side.
func TestHouseholdModels(t *testing.T) {
	sizes := testBoxes(23, 200, 0.01, 0.6, sim.Vec3{0.151, 0.0702, 0.151}, sim.Vec3{0.1483, 0.2885, 0.1483}, sim.Vec3{0.1477, 0.0155, 0.1878},
		sim.Vec3{0.1483, 0.5393, 0.148}, sim.Vec3{0.0105, 0.0159, 0.1415}, sim.Vec3{0.0113, 0.0113, 0.1998})
	for _, size := range sizes {
		across := 0
		if size[1] < size[0] {
			across = 1
		}
		checkRoundInBox(t, vaseModel(size, vaseGlazes[1]), size)
		checkRoundInBox(t, plungerModel(size, plungerCups[2]), size)
		checkRoundInBox(t, penModel(size, penBodies[0]), size, 2, across)
		for _, m := range []*sim.Model{vaseModel(size, vaseGlazes[1]), plungerModel(size, plungerCups[2]), penModel(size, penBodies[0])} {
			checkSurfacesUsed(t, m)
		}
	}
	pen := sim.Vec3{0.0113, 0.0113, 0.1998} // round across: fills its box
	checkInBox(t, penModel(pen, penBodies[3]), pen, 0.5)
}
