package assets

import (
	"math"
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
		checkInBox(t, m, size)
		used := map[uint16]bool{}
		for _, tr := range m.Levels[0].Tris {
			used[tr.Surface] = true
		}
		if len(used) != 3 || len(m.Surfaces) != 3 || m.Surfaces[0].Color != vacuumColours[0] {
			t.Errorf("%v: surfaces %v used %v", size, m.Surfaces, used)
		}
	}
	checkInBox(t, canvasPrint(sim.Vec3{0.84, 0.47, 0.02}, artwork(0, 4, 3)), sim.Vec3{0.84, 0.47, 0.02})
}

// checkInBox checks that model m's vertices span the box of size exactly
// and that no triangle is wound against its vertex normals.
func checkInBox(t *testing.T, m *sim.Model, size sim.Vec3) {
	t.Helper()
	l := m.Levels[0]
	h := size.Mul(0.5)
	lo, hi := sim.Vec3{1, 1, 1}, sim.Vec3{-1, -1, -1}
	for _, p := range l.Pos {
		for k := range 3 {
			if math.Abs(p[k]) > h[k]+1e-12 {
				t.Fatalf("%s: vertex %v leaves the box ±%v", m.Key, p, h)
			}
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	if lo.Sub(h.Mul(-1)).Len() > 1e-12 || hi.Sub(h).Len() > 1e-12 {
		t.Fatalf("%s spans %v..%v, want the box ±%v", m.Key, lo, hi, h)
	}
	for _, tr := range l.Tris {
		a, b, c := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		w := b.Sub(a).Cross(c.Sub(a))
		var nv sim.Vec3
		for _, v := range tr.V {
			nv = nv.Add(l.Normal[v])
		}
		if w.Len() < 1e-15 || w.Dot(nv) <= 0.5*w.Len()*nv.Len() {
			t.Fatalf("%s: triangle %v (%v %v %v) winding normal %v against its vertex normals %v", m.Key, tr.V, a, b, c, w, nv)
		}
	}
}
