package sim

import (
	"math"
	"testing"
)

// TestObjectMeshesFillTheirBoxes checks, for every shape and a rotated pose,
// that the mesh lies inside the object's oriented box, touches its top and
// bottom, and that every triangle faces away from the part it belongs to
// (closed outward meshes: the signed volume is positive).
func TestObjectMeshesFillTheirBoxes(t *testing.T) {
	for s := ShapeKind(0); s < numShapes; s++ {
		for _, yaw := range []float64{0, 30, 90} {
			o := &Object{ID: "X|1", Position: Vec3{1, 0.5, 2}, Yaw: yaw, Size: Vec3{0.6, 1, 0.4}, Shape: s}
			m := ObjectMesh(o)
			ax, az := o.Axes()
			vol := 0.0
			for _, tr := range m.Tris {
				for _, v := range tr.V {
					d := v.Sub(o.Position)
					lx, ly, lz := d.Dot(ax), d[1], d.Dot(az)
					if math.Abs(lx) > 0.3+1e-9 || math.Abs(ly) > 0.5+1e-9 || math.Abs(lz) > 0.2+1e-9 {
						t.Fatalf("%v yaw %v: vertex %v outside the box", s, yaw, v)
					}
				}
				vol += tr.V[0].Sub(o.Position).Dot(tr.V[1].Sub(o.Position).Cross(tr.V[2].Sub(o.Position))) / 6
			}
			if math.Abs(m.Bounds.Min[1]) > 1e-9 || math.Abs(m.Bounds.Max[1]-1) > 1e-9 {
				t.Errorf("%v: mesh spans y %v..%v, want 0..1", s, m.Bounds.Min[1], m.Bounds.Max[1])
			}
			if vol <= 0 || vol > 0.6*1*0.4+1e-9 {
				t.Errorf("%v yaw %v: signed volume %v, want in (0, box volume]", s, yaw, vol)
			}
		}
	}
}

func TestBoxMeshVolumeIsExact(t *testing.T) {
	o := &Object{ID: "B|1", Position: Vec3{0, 1, 0}, Yaw: 37, Size: Vec3{0.5, 2, 0.3}, Shape: ShapeBox}
	vol := 0.0
	for _, tr := range ObjectMesh(o).Tris {
		vol += tr.V[0].Dot(tr.V[1].Cross(tr.V[2])) / 6
	}
	if math.Abs(vol-0.3) > 1e-9 {
		t.Fatalf("box volume %v, want 0.3", vol)
	}
}

func TestWallPanelsCutHoles(t *testing.T) {
	w := WallShape{A: [2]float64{0, 0}, B: [2]float64{4, 0}, Height: 2.5,
		Holes: []Hole{{U0: 1, U1: 2, Y0: 0, Y1: 2.1, Door: true}, {U0: 2.5, U1: 3.5, Y0: 0.9, Y1: 1.9}}}
	area := 0.0
	for _, p := range WallPanels(w) {
		area += (p[1] - p[0]) * (p[3] - p[2])
	}
	want := 4*2.5 - 1*2.1 - 1*1.0
	if math.Abs(area-want) > 1e-9 {
		t.Fatalf("panel area %v, want %v", area, want)
	}
}

func TestTriangulateLShape(t *testing.T) {
	l := [][2]float64{{0, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 4}, {0, 4}}
	for _, poly := range [][][2]float64{l, reverse(l)} {
		tris := TriangulatePolygon(poly)
		area := 0.0
		for _, tr := range tris {
			a, b, c := poly[tr[0]], poly[tr[1]], poly[tr[2]]
			area += math.Abs((b[0]-a[0])*(c[1]-a[1])-(b[1]-a[1])*(c[0]-a[0])) / 2
		}
		if len(tris) != 4 || math.Abs(area-12) > 1e-9 {
			t.Fatalf("L-shape: %d triangles with area %v, want 4 and 12", len(tris), area)
		}
	}
}

func reverse(p [][2]float64) [][2]float64 {
	out := make([][2]float64, len(p))
	for i := range p {
		out[i] = p[len(p)-1-i]
	}
	return out
}
