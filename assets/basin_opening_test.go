package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// TestCutPrism: cutting the opening [-0.5, 0.5] × [-0.25, 0.25] out of a
// 2 × 2 m top leaves 4 − 0.5 m² with no part inside the opening, keeps a
// triangle clear of it unchanged, and carries normals and UVs along.
func TestCutPrism(t *testing.T) {
	var b partsBuilder
	up := sim.Vec3{0, 1, 0}
	n4 := [4]sim.Vec3{up, up, up, up}
	b.quad(0, [4]sim.Vec3{{-1, 0, 1}, {1, 0, 1}, {1, 0, -1}, {-1, 0, -1}}, n4, [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}})
	b.tri(1, sim.Vec3{2, 0, 2}, sim.Vec3{3, 0, 2}, sim.Vec3{2, 0, 1}, up)
	r := [5]float64{-0.5, 0.5, -0.25, 0.25, -0.1}
	l := cutPrism(b.l, r)
	area := 0.0
	kept := 0
	for _, tr := range l.Tris {
		a, c, d := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		ar := c.Sub(a).Cross(d.Sub(a)).Len() / 2
		if tr.Surface == 1 {
			kept++
			continue
		}
		area += ar
		cx, cz := (a[0]+c[0]+d[0])/3, (a[2]+c[2]+d[2])/3
		if ar > 1e-12 && cx > r[0] && cx < r[1] && cz > r[2] && cz < r[3] {
			t.Errorf("a triangle with centroid (%.3f, %.3f) is left inside the opening", cx, cz)
		}
		for _, v := range tr.V {
			if l.Normal[v] != up {
				t.Fatalf("normal %v, want %v", l.Normal[v], up)
			}
			u := l.UV[v]
			if math.Abs(float64(u[0])-(l.Pos[v][0]+1)/2) > 1e-6 {
				t.Fatalf("uv %v at %v not interpolated", u, l.Pos[v])
			}
		}
	}
	if math.Abs(area-3.5) > 1e-9 {
		t.Errorf("area left %.6f, want 3.5", area)
	}
	if kept != 1 {
		t.Errorf("the triangle clear of the opening became %d", kept)
	}
}

// TestCutPrismKeepsBelow: a face below the basin's bottom (a cabinet's
// shelf under the bowl) keeps its whole area.
func TestCutPrismKeepsBelow(t *testing.T) {
	var b partsBuilder
	up := sim.Vec3{0, 1, 0}
	b.quad(0, [4]sim.Vec3{{-1, -0.2, 1}, {1, -0.2, 1}, {1, -0.2, -1}, {-1, -0.2, -1}}, [4]sim.Vec3{up, up, up, up}, [4][2]float32{})
	l := cutPrism(b.l, [5]float64{-0.5, 0.5, -0.25, 0.25, -0.1})
	area := 0.0
	for _, tr := range l.Tris {
		a, c, d := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		area += c.Sub(a).Cross(d.Sub(a)).Len() / 2
	}
	if math.Abs(area-4) > 1e-9 || len(l.Tris) != 2 {
		t.Errorf("area %.6f in %d triangles, want 4 in 2", area, len(l.Tris))
	}
}
