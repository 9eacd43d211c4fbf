package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// checkInBox checks that model m's vertices span the box of size exactly
// and that every triangle is wound with its vertex normals: the cosine
// between its winding normal and their sum is at least minCos (triangles
// of no area are skipped).
func checkInBox(t *testing.T, m *sim.Model, size sim.Vec3, minCos float64) {
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
		if w.Len() < 1e-15 {
			continue
		}
		if w.Dot(nv) < minCos*w.Len()*nv.Len() {
			t.Fatalf("%s: triangle %v (%v %v %v) winding normal %v against its vertex normals %v", m.Key, tr.V, a, b, c, w, nv)
		}
	}
}
