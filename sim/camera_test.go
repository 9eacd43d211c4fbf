package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestCameraCentreProjectsToPrincipalPoint(t *testing.T) {
	for _, yaw := range []float64{0, 45, 90, 180, 270, 315} {
		for _, hz := range []float64{-30, 0, 30, 60} {
			c := NewCamera(Vec3{1, CameraHeight, 2}, yaw, hz)
			_, _, f := c.Basis()
			u, v, z, ok := c.Project(c.Position.Add(f.Mul(3)))
			cx, cy := c.Principal()
			if !ok || !near(u, cx, 1e-9) || !near(v, cy, 1e-9) || !near(z, 3, 1e-12) {
				t.Fatalf("yaw %v horizon %v: got (%v,%v,z=%v,%v), want (%v,%v,3)", yaw, hz, u, v, z, ok, cx, cy)
			}
		}
	}
	c := NewCamera(Vec3{}, 0, 0)
	if cx, cy := c.Principal(); cx != 399.5 || cy != 399.5 {
		t.Fatalf("800×800 principal point = (%v,%v), want (399.5,399.5)", cx, cy)
	}
}

func TestCameraAxesFollowUnityConventions(t *testing.T) {
	c := NewCamera(Vec3{0, 1.5, 0}, 0, 0)
	cx, cy := c.Principal()
	// Yaw 0 looks along +z: a point at +x is to the right, a higher point is up (smaller v).
	if u, _, _, _ := c.Project(Vec3{1, 1.5, 3}); u <= cx {
		t.Errorf("yaw 0: +x world projects to u=%v, want right of %v", u, cx)
	}
	if _, v, _, _ := c.Project(Vec3{0, 2.5, 3}); v >= cy {
		t.Errorf("yaw 0: higher point projects to v=%v, want above %v", v, cy)
	}
	if _, _, _, ok := c.Project(Vec3{0, 1.5, -3}); ok {
		t.Errorf("yaw 0: a point behind (-z) must not project")
	}
	// Yaw 90 looks along +x; world -z is then to the right (left-handed frame).
	c90 := NewCamera(Vec3{0, 1.5, 0}, 90, 0)
	if u, v, z, ok := c90.Project(Vec3{3, 1.5, 0}); !ok || !near(u, cx, 1e-9) || !near(v, cy, 1e-9) || !near(z, 3, 1e-12) {
		t.Errorf("yaw 90: point on +x axis projects to (%v,%v,%v)", u, v, z)
	}
	if u, _, _, _ := c90.Project(Vec3{3, 1.5, -1}); u <= cx {
		t.Errorf("yaw 90: -z world projects to u=%v, want right of centre", u)
	}
	// Positive horizon looks down: a point straight ahead at eye height appears above centre.
	cd := NewCamera(Vec3{0, 1.5, 0}, 0, 30)
	if _, v, _, _ := cd.Project(Vec3{0, 1.5, 3}); v >= cy {
		t.Errorf("horizon 30: eye-level point at v=%v, want above centre %v", v, cy)
	}
	// 90° vertical FOV: a point 45° above the axis lands on the top edge (v = -0.5).
	if _, v, _, _ := c.Project(Vec3{0, 1.5 + 3, 3}); !near(v, -0.5, 1e-9) {
		t.Errorf("45° up projects to v=%v, want -0.5 (top edge)", v)
	}
}

func TestCameraMatricesAgreeWithProject(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		c := NewCamera(Vec3{r.Float64() * 5, 1 + r.Float64(), r.Float64() * 5}, r.Float64()*360, r.Float64()*90-30)
		p := Vec3{r.Float64()*10 - 5, r.Float64() * 3, r.Float64()*10 - 5}
		m := c.WorldToCamera()
		var q [3]float64
		for k := 0; k < 3; k++ {
			q[k] = m[k][0]*p[0] + m[k][1]*p[1] + m[k][2]*p[2] + m[k][3]
		}
		u, v, z, ok := c.Project(p)
		if !ok {
			continue
		}
		K := c.K()
		uk := (K[0][0]*q[0] + K[0][2]*q[2]) / q[2]
		vk := (K[1][1]*q[1] + K[1][2]*q[2]) / q[2]
		if !near(uk, u, 1e-6) || !near(vk, v, 1e-6) || !near(q[2], z, 1e-9) {
			t.Fatalf("K·[R|t] gives (%v,%v,%v), Project (%v,%v,%v)", uk, vk, q[2], u, v, z)
		}
		// The ray through (u,v) passes through p, and RayCamera's parameter is planar depth.
		d := c.RayCamera(u, v)
		back := c.Position.Add(d.Mul(z))
		if back.Sub(p).Len() > 1e-6 {
			t.Fatalf("RayCamera(%v,%v)·z = %v, want %v", u, v, back, p)
		}
		o, dir := c.Ray(u, v)
		if dist := p.Sub(o).Cross(dir).Len(); dist > 1e-6 {
			t.Fatalf("Ray misses the projected point by %v", dist)
		}
	}
}

func TestCameraViewportAndValidate(t *testing.T) {
	c := NewCamera(Vec3{}, 0, 0)
	if u, v := c.ViewportToPixel(0.5, 0.5); u != 399.5 || v != 399.5 {
		t.Errorf("viewport centre → (%v,%v)", u, v)
	}
	if u, v := c.ViewportToPixel(0, 0); u != -0.5 || v != -0.5 {
		t.Errorf("viewport top-left corner → (%v,%v), want the image corner (-0.5,-0.5)", u, v)
	}
	bad := map[string]Camera{
		"size":          {FOV: 90, Width: 0, Height: 10},
		"field of view": {FOV: 180, Width: 10, Height: 10},
		"finite":        {FOV: 90, Width: 10, Height: 10, Position: Vec3{math.NaN(), 0, 0}},
		"horizon":       {FOV: 90, Width: 10, Height: 10, Horizon: 95},
	}
	for want, cam := range bad {
		if err := cam.Validate(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate(%+v) = %v, want an error mentioning %q", cam, err, want)
		}
	}
	if err := c.Validate(); err != nil {
		t.Errorf("default camera invalid: %v", err)
	}
	if f := c.Focal(); !near(f, 400, 1e-9) {
		t.Errorf("focal for 90° over 800 px = %v, want 400", f)
	}
}
