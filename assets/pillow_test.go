package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// TestPillowModel: a procedural pillow fills its box on every axis (rim at
// the sides, top at the centre, flat bottom on the box's bottom) without
// leaving it, its two faces meet along the rim seam, and every triangle is
// wound counter-clockwise seen from outside (its winding normal agrees
// with its vertex normals, or is perpendicular to them in the seam).
func TestPillowModel(t *testing.T) {
	size := sim.Vec3{0.4422, 0.1492, 0.3518}
	m := pillowModel(size, pillowColours[0])
	if m.Size != size || len(m.Levels) != 1 || len(m.Surfaces) != 1 {
		t.Fatalf("pillow %+v", m)
	}
	l := m.Levels[0]
	h := size.Mul(0.5)
	lo, hi := sim.Vec3{1, 1, 1}, sim.Vec3{-1, -1, -1}
	for _, p := range l.Pos {
		for k := range 3 {
			if math.Abs(p[k]) > h[k]+1e-12 {
				t.Fatalf("vertex %v leaves the box ±%v", p, h)
			}
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	if lo.Sub(h.Mul(-1)).Len() > 1e-12 || hi.Sub(h).Len() > 1e-12 {
		t.Fatalf("pillow spans %v..%v, want the box ±%v", lo, hi, h)
	}
	flat := 0
	for i, p := range l.Pos {
		if i >= len(l.Pos)/2 && p[1] == -h[1] {
			flat++
		}
	}
	if flat < len(l.Pos)/4 {
		t.Errorf("only %d of %d bottom vertices rest on the box's bottom", flat, len(l.Pos)/2)
	}
	n := pillowGrid + 1
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			if i != 0 && j != 0 && i != n-1 && j != n-1 {
				continue
			}
			if a, b := l.Pos[j*n+i], l.Pos[n*n+j*n+i]; a != b {
				t.Fatalf("rim vertex (%d, %d): top %v, bottom %v", i, j, a, b)
			}
		}
	}
	for _, tr := range l.Tris {
		a, b, c := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		w := b.Sub(a).Cross(c.Sub(a))
		if w.Len() < 1e-15 {
			continue
		}
		var nv sim.Vec3
		for _, v := range tr.V {
			nv = nv.Add(l.Normal[v])
		}
		// Corner triangles lying flat in the seam have level rim normals
		// (dot 0); none may face against them.
		if w.Dot(nv) < -1e-9*w.Len()*nv.Len() {
			t.Fatalf("triangle %v (%v %v %v) wound against its normals %v", tr.V, a, b, c, nv)
		}
	}
}
