package assets

import (
	"math"
	"math/rand/v2"
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

// checkSurfacesUsed checks that every surface of model m has triangles.
func checkSurfacesUsed(t *testing.T, m *sim.Model) {
	t.Helper()
	used := map[uint16]bool{}
	for _, tr := range m.Levels[0].Tris {
		used[tr.Surface] = true
	}
	if len(used) != len(m.Surfaces) {
		t.Fatalf("%s %v: surfaces %d, used %v", m.Key, m.Size, len(m.Surfaces), used)
	}
}

// testBoxes returns the boxes fixed followed by n random boxes with sides
// uniform in [lo, hi), drawn from the generator seeded with seed.
func testBoxes(seed uint64, n int, lo, hi float64, fixed ...sim.Vec3) []sim.Vec3 {
	rng := rand.New(rand.NewPCG(seed, 1))
	sizes := append([]sim.Vec3(nil), fixed...)
	for range n {
		sizes = append(sizes, sim.Vec3{lo + (hi-lo)*rng.Float64(), lo + (hi-lo)*rng.Float64(), lo + (hi-lo)*rng.Float64()})
	}
	return sizes
}
