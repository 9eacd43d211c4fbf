package simsource

import (
	"math"
	"testing"

	"flowbench/sim"
)

// cubeModel returns a model of size (1, 1, 1) whose only mesh is the box
// [lo, hi] (local frame, inside [-0.5, 0.5]³).
func cubeModel(key string, lo, hi sim.Vec3) *sim.Model {
	var l sim.ModelLevel
	for i := 0; i < 8; i++ {
		v := lo
		if i&1 != 0 {
			v[0] = hi[0]
		}
		if i&2 != 0 {
			v[1] = hi[1]
		}
		if i&4 != 0 {
			v[2] = hi[2]
		}
		l.Pos = append(l.Pos, v)
	}
	for _, f := range [6][4]uint32{{0, 2, 6, 4}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 5, 7, 6}} {
		l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{f[0], f[1], f[2]}}, sim.ModelTri{V: [3]uint32{f[0], f[2], f[3]}})
	}
	return &sim.Model{Key: key, Size: sim.Vec3{1, 1, 1}, Levels: []sim.ModelLevel{l}}
}

func near(a, b sim.Vec3, tol float64) bool { return a.Sub(b).Len() <= tol }

func TestDrawnBoxFollowsTheModel(t *testing.T) {
	// A model that fills only the back half (local −z) of its object's box:
	// the drawn box is that half, and the hull distance is measured from it.
	o := &sim.Object{ID: "Box|1", Type: "Box", Position: sim.Vec3{1, 0.5, 2}, Yaw: 30, Size: sim.Vec3{0.2, 0.1, 0.4},
		Model: cubeModel("test:back", sim.Vec3{-0.5, -0.5, -0.5}, sim.Vec3{0.5, 0.5, 0})}
	pts := meshPoints(o)
	b := drawnBox(o, pts)
	_, az := o.Axes()
	if want := o.Position.Sub(az.Mul(0.1)); !near(b.Center, want, 1e-12) || !near(b.Half, sim.Vec3{0.1, 0.05, 0.1}, 1e-12) {
		t.Errorf("drawn box %+v, want centre %v half (0.1, 0.05, 0.1)", b, want)
	}
	// A point 0.3 m in front of the object's centre is 0.3 − 0 from the
	// drawn front face (local z = 0), not 0.3 − 0.2 from the box's.
	front := []sim.Vec3{o.Position.Add(az.Mul(0.3))}
	if d := hullDistance(pts, front); math.Abs(d-0.3) > 1e-9 {
		t.Errorf("hull distance %g, want 0.3", d)
	}
	if d := boxDistance(b, sim.OBB{Center: front[0], AxisX: b.AxisX, AxisZ: b.AxisZ}); math.Abs(d-0.3) > 1e-9 {
		t.Errorf("drawn-box distance %g, want 0.3", d)
	}
	// A primitive shape's drawn box is its own.
	p := &sim.Object{ID: "Apple|1", Type: "Apple", Position: o.Position, Yaw: 30, Size: o.Size, Shape: sim.ShapeSphere}
	if got := drawnBox(p, meshPoints(p)); got != p.OBB() {
		t.Errorf("primitive drawn box %+v, want %+v", got, p.OBB())
	}
}

func TestSupportMeshHolds(t *testing.T) {
	// A table drawn with a top over its left half only (local x < 0).
	table := &sim.Object{ID: "DiningTable|1", Type: "DiningTable", Position: sim.Vec3{0, 0.4, 0}, Size: sim.Vec3{1, 0.8, 0.6},
		Model: cubeModel("test:half", sim.Vec3{-0.5, 0.4, -0.5}, sim.Vec3{0, 0.5, 0.5})}
	sm := newSupportMesh(table)
	if sm == nil || sm.top != 0.8 {
		t.Fatalf("support mesh %+v", sm)
	}
	box := func(x float64) sim.OBB { return boxAt(sim.Vec3{x, 0.85, 0}, sim.Vec3{0.05, 0.05, 0.05}, 20) }
	for _, c := range []struct {
		x    float64
		want bool
	}{{-0.25, true}, {-0.06, true}, {-0.02, false}, {0.25, false}} {
		if got := sm.holds(box(c.x)); got != c.want {
			t.Errorf("box at x = %g: holds %v, want %v", c.x, got, c.want)
		}
	}
	// A top lower than the box top does not carry anything.
	low := *table
	low.Model = cubeModel("test:low", sim.Vec3{-0.5, 0.3, -0.5}, sim.Vec3{0.5, 0.45, 0.5})
	if newSupportMesh(&low).holds(box(-0.25)) {
		t.Error("a top 4 cm below the box top carries a box")
	}
	// Primitive surfaces carry everything.
	prim := *table
	prim.Model = nil
	if sm := newSupportMesh(&prim); sm != nil || !sm.holds(box(0.25)) {
		t.Error("primitive surface: want a nil support mesh that holds everything")
	}
}
