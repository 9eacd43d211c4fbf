package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// checkRoundInBox checks that model m stays inside the box of size and
// spans it exactly along axes, by default its height and its smaller
// horizontal side (a round body in a box not square in plan), and that its
// triangles are wound with their normals (checkInBox, on the box m spans).
func checkRoundInBox(t *testing.T, m *sim.Model, size sim.Vec3, axes ...int) {
	t.Helper()
	h := size.Mul(0.5)
	lo, hi := h, h.Mul(-1)
	for _, p := range m.Levels[0].Pos {
		for k := range 3 {
			if math.Abs(p[k]) > h[k]+1e-12 {
				t.Fatalf("%s %v: vertex %v leaves the box", m.Key, size, p)
			}
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	if len(axes) == 0 {
		k := 0
		if size[2] < size[0] {
			k = 2
		}
		axes = []int{1, k}
	}
	for _, a := range axes {
		if math.Abs(lo[a]+h[a]) > 1e-12 || math.Abs(hi[a]-h[a]) > 1e-12 {
			t.Fatalf("%s %v spans %v..%v: want axis %d exactly", m.Key, size, lo, hi, a)
		}
	}
	// The winding on the box the model spans, centred: shift and check.
	c := lo.Add(hi).Mul(0.5)
	shifted := &sim.Model{Key: m.Key, Size: hi.Sub(lo), Surfaces: m.Surfaces, Levels: []sim.ModelLevel{m.Levels[0]}}
	l := &shifted.Levels[0]
	l.Pos = make([]sim.Vec3, len(m.Levels[0].Pos))
	for i, p := range m.Levels[0].Pos {
		l.Pos[i] = p.Sub(c)
	}
	checkInBox(t, shifted, hi.Sub(lo), 0.5)
}

// TestProduceModels: procedural apples, eggs and tomatoes stay inside their
// box and span its height and smaller horizontal side (an apple, its box
// square in plan, fills it), a watering can fills a box at most 0.6 times
// as wide as deep; all are wound with their normals and use all their
// surfaces, at the catalog's sizes and on 200 random boxes of 2 cm to
// 50 cm a side.
func TestProduceModels(t *testing.T) {
	sizes := testBoxes(17, 200, 0.02, 0.5, sim.Vec3{0.0625, 0.0885, 0.0625}, sim.Vec3{0.0401, 0.0552, 0.0402}, sim.Vec3{0.0931, 0.0752, 0.0957}, sim.Vec3{0.1514, 0.1939, 0.2668})
	for _, size := range sizes {
		// A watering can fills a box at most 0.6 times as wide as deep (the
		// catalog's is 0.57).
		can := sim.Vec3{min(size[0], 0.6*size[2]), size[1], size[2]}
		checkInBox(t, wateringCanModel(can, canColours[2]), can, 0.5)
		for _, m := range []*sim.Model{appleModel(size, appleSkins[1]), eggModel(size, eggShells[1]), tomatoModel(size, tomatoSkins[0]), wateringCanModel(can, canColours[2])} {
			if m.Key != wateringCanKey {
				checkRoundInBox(t, m, size)
			}
			checkSurfacesUsed(t, m)
		}
	}
	checkInBox(t, appleModel(sizes[0], appleSkins[0]), sizes[0], 0.5)
}
