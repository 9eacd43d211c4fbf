package simsource

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

func boxAt(c sim.Vec3, half sim.Vec3, yaw float64) sim.OBB {
	x, z := sim.YawAxes(yaw)
	return sim.OBB{Center: c, Half: half, AxisX: x, AxisZ: z}
}

func cornerPts(b sim.OBB) []sim.Vec3 { c := b.Corners(); return c[:] }

func TestDistancesKnown(t *testing.T) {
	u := sim.Vec3{0.5, 0.5, 0.5}
	for _, c := range []struct {
		name string
		a, b sim.OBB
		want float64
	}{
		{"apart on x", boxAt(sim.Vec3{0, 0, 0}, u, 0), boxAt(sim.Vec3{3, 0, 0}, u, 0), 2},
		{"touching", boxAt(sim.Vec3{0, 0, 0}, u, 0), boxAt(sim.Vec3{1, 0, 0}, u, 0), 0},
		{"overlapping", boxAt(sim.Vec3{0, 0, 0}, u, 0), boxAt(sim.Vec3{0.5, 0.2, 0}, u, 30), 0},
		{"diagonal", boxAt(sim.Vec3{0, 0, 0}, u, 0), boxAt(sim.Vec3{2, 0, 2}, u, 0), math.Sqrt2},
		{"above", boxAt(sim.Vec3{0, 0, 0}, u, 0), boxAt(sim.Vec3{0, 1.5, 0}, u, 10), 0.5},
		{"turned 45°", boxAt(sim.Vec3{0, 0, 0}, u, 0), boxAt(sim.Vec3{2, 0, 0}, u, 45), 1.5 - math.Sqrt2/2},
	} {
		if d := boxDistance(c.a, c.b); math.Abs(d-c.want) > 1e-9 {
			t.Errorf("%s: boxDistance %g, want %g", c.name, d, c.want)
		}
		if d := hullDistance(cornerPts(c.a), cornerPts(c.b)); math.Abs(d-c.want) > 1e-6 {
			t.Errorf("%s: hullDistance %g, want %g", c.name, d, c.want)
		}
	}
}

func TestHullDistanceMatchesBoxes(t *testing.T) {
	// On boxes the two measures agree; on random point clouds GJK matches
	// a brute-force lower bound from the clouds' points.
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 300; k++ {
		h := func() sim.Vec3 { return sim.Vec3{uniform(r, 0.02, 0.2), uniform(r, 0.02, 0.2), uniform(r, 0.02, 0.2)} }
		a := boxAt(sim.Vec3{uniform(r, -0.3, 0.3), uniform(r, 0, 0.1), uniform(r, -0.3, 0.3)}, h(), uniform(r, 0, 360))
		b := boxAt(sim.Vec3{uniform(r, -0.3, 0.3), uniform(r, 0, 0.1), uniform(r, -0.3, 0.3)}, h(), uniform(r, 0, 360))
		db, dh := boxDistance(a, b), hullDistance(cornerPts(a), cornerPts(b))
		if math.Abs(db-dh) > 1e-6 {
			t.Fatalf("boxes %v %v: box %g, hull %g", a, b, db, dh)
		}
	}
}

func TestMeshHullWithinBox(t *testing.T) {
	// A sphere's hull is farther than its box from a box beside it.
	apple := &sim.Object{ID: "Apple|1", Type: "Apple", Position: sim.Vec3{0, 0.05, 0}, Size: sim.Vec3{0.1, 0.1, 0.1}, Shape: sim.ShapeSphere}
	cube := boxAt(sim.Vec3{0.2, 0.05, 0.2}, sim.Vec3{0.05, 0.05, 0.05}, 0)
	dh := hullDistance(meshPoints(apple), cornerPts(cube))
	db := boxDistance(apple.OBB(), cube)
	// Box gap √(0.1²+0.1²) = 0.141; the sphere's surface is about 0.05·(√2−1)·… farther.
	if !(dh > db+0.01) || math.Abs(db-math.Sqrt(0.02)) > 1e-9 {
		t.Errorf("sphere to box: hull %g, box %g", dh, db)
	}
}
