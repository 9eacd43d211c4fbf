package real

import (
	"math"
	"strings"
	"testing"

	"flowbench/real/tableplane"
)

// testBoard is a board seen from above at an angle: its x axis along the
// camera's, its y axis receding up the image, its origin 70 cm away;
// H = K [x y origin] with the default intrinsics.
func testBoard(t *testing.T) *BoardFrame {
	k := DefaultIntrinsics
	pose := tableplane.Pose{X: [3]float64{1, 0, 0}, Y: [3]float64{0, -0.6, 0.8}, N: [3]float64{0, -0.8, -0.6}, Origin: [3]float64{-0.2, 0.1, 0.7}}
	col := func(v [3]float64) [3]float64 { return [3]float64{k.Fx*v[0] + k.Cx*v[2], k.Fy*v[1] + k.Cy*v[2], v[2]} }
	c1, c2, c3 := col(pose.X), col(pose.Y), col(pose.Origin)
	h := tableplane.Homography{c1[0], c2[0], c3[0], c1[1], c2[1], c3[1], c1[2], c2[2], c3[2]}
	inv, err := h.Inverse()
	if err != nil {
		t.Fatal(err)
	}
	pl := &tableplane.Plane{H: h, Inv: inv}
	got, err := pl.Pose(k.Fx, k.Fy, k.Cx, k.Cy)
	if err != nil {
		t.Fatal(err)
	}
	return &BoardFrame{Setup: "test", Plane: pl, Pose: got}
}

// TestMeasureOnBoard checks B.3's placement in measurement: with a table
// plane every object lies on the board at its contact pixel (the bottom
// centre raised by a quarter of the box height), its motion has no
// component along the board's normal, its radius is half its footprint
// width, and the move text states the board motion seen from the camera.
func TestMeasureOnBoard(t *testing.T) {
	p := synthPair("board", tableScene(-150))
	p.Plane = testBoard(t)
	m, err := Measure(p, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	n := Vec3(p.Plane.Pose.N)
	dot := func(a, b Vec3) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	d := dot(n, Vec3(p.Plane.Pose.Origin))
	for _, o := range m.Objects {
		for t0, x := range []Vec3{o.X0, o.X1} {
			if math.Abs(dot(n, x)-d) > 1e-9 {
				t.Errorf("%s frame %d: %v is %g m off the board", o.Label, t0, x, dot(n, x)-d)
			}
		}
		c := tableplane.ContactPixel(o.Box0)
		bx, by, _ := p.Plane.Plane.ToBoard(c.X, c.Y)
		if want := Vec3(p.Plane.Pose.Camera(bx, by)); o.X0.Sub(want).Len() > 1e-12 {
			t.Errorf("%s: X0 %v, want the contact pixel's board point %v", o.Label, o.X0, want)
		}
		w, _ := p.Plane.Plane.FootprintWidth(o.Box0)
		if math.Abs(o.R0-w/2) > 1e-12 || o.Z0 != o.X0[2] {
			t.Errorf("%s: radius %v, want %v; z %v", o.Label, o.R0, w/2, o.Z0)
		}
		if perp := dot(n, o.Delta()); math.Abs(perp) > 1e-12 {
			t.Errorf("%s: motion %g m along the normal", o.Label, perp)
		}
	}
	a := m.Objects[m.Mover]
	// 150 px to the left on the contact row at the cup's depth.
	if dx := a.Delta()[0]; !(dx < -0.1) {
		t.Errorf("mover's x motion %v m, want a move to the left", dx)
	}
	qs := Questions(p, m, Options{Seed: 1})
	if len(qs) == 0 || !strings.Contains(qs[0].MotionText, "to the left") {
		t.Fatalf("questions on the board: %d", len(qs))
	}
}
