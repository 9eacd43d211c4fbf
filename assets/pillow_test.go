package assets

import (
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
	// Corner triangles lying flat in the seam have level rim normals
	// (cosine 0); none may face against them.
	checkInBox(t, m, size, -1e-9)
	l := m.Levels[0]
	h := size.Mul(0.5)
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
}
