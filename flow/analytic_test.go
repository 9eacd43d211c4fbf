package flow

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// randomDepthFrame returns a frame whose pixels have random depths in
// [zlo, zhi] and whose ids are 1 inside a random rectangle and 2 elsewhere.
func randomDepthFrame(rng *rand.Rand, w, h int, zlo, zhi float64) Frame {
	f := Frame{W: w, H: h, Depth: make([]float32, w*h), IDs: make([]uint16, w*h), Objects: []string{"", "Mover|1", "Static|2"}}
	i0, j0 := rng.IntN(w/2), rng.IntN(h/2)
	i1, j1 := i0+1+rng.IntN(w/2), j0+1+rng.IntN(h/2)
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			p := j*w + i
			f.Depth[p] = float32(zlo + (zhi-zlo)*rng.Float64())
			f.IDs[p] = 2
			if i >= i0 && i < i1 && j >= j0 && j < j1 {
				f.IDs[p] = 1
			}
		}
	}
	return f
}

func randomCamera(rng *rand.Rand, w, h int) sim.Camera {
	return sim.Camera{Position: sim.Vec3{rng.Float64()*4 - 2, 0.5 + rng.Float64()*1.5, rng.Float64()*4 - 2},
		Yaw: rng.Float64()*360 - 180, Horizon: rng.Float64()*80 - 30, FOV: 40 + rng.Float64()*80, Width: w, Height: h}
}

// A translation by a·right + b·down keeps every point's planar depth z, so
// the flow is exactly (f·a/z, f·b/z) on the mover and 0 elsewhere.
func TestTranslationParallelToImagePlane(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var c Computer
	worst := 0.0
	for trial := 0; trial < 50; trial++ {
		w, h := 40+rng.IntN(60), 30+rng.IntN(60)
		cam := randomCamera(rng, w, h)
		f0 := randomDepthFrame(rng, w, h, 0.3, 8)
		right, down, _ := cam.Basis()
		a, b := rng.Float64()*0.6-0.3, rng.Float64()*0.6-0.3
		c0 := sim.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
		yaw := rng.Float64() * 360
		m := RigidMotion{From: Pose{c0, yaw}, To: Pose{c0.Add(right.Mul(a)).Add(down.Mul(b)), yaw}}
		fl, err := c.Forward(f0, cam, map[string]RigidMotion{"Mover|1": m})
		if err != nil {
			t.Fatal(err)
		}
		focal := cam.Focal()
		for p := 0; p < w*h; p++ {
			wantX, wantY := 0.0, 0.0
			if f0.IDs[p] == 1 {
				z := float64(f0.Depth[p])
				wantX, wantY = focal*a/z, focal*b/z
			}
			e := math.Max(math.Abs(float64(fl.D[2*p])-wantX), math.Abs(float64(fl.D[2*p+1])-wantY))
			worst = math.Max(worst, e)
			if e > 1e-4 {
				t.Fatalf("trial %d pixel %d: flow (%g, %g), want (%g, %g)", trial, p, fl.D[2*p], fl.D[2*p+1], wantX, wantY)
			}
		}
	}
	t.Logf("largest error %.2g px", worst)
}

// A level camera looking along +z at an object whose centre is on the optical
// axis at depth z0: a yaw turn of 180° maps camera coordinates (X, Y, z) to
// (−X, Y, 2·z0 − z); a turn of 90° maps them to (z − z0, Y, z0 − X).
func TestRotationAboutObjectCentre(t *testing.T) {
	const w, h, z0 = 64, 48, 3.0
	cam := sim.Camera{Position: sim.Vec3{1, 1.5, -2}, FOV: 70, Width: w, Height: h}
	rng := rand.New(rand.NewPCG(3, 4))
	f0 := randomDepthFrame(rng, w, h, z0-0.4, z0+0.4)
	for p := range f0.IDs {
		f0.IDs[p] = 1
	}
	centre := cam.Position.Add(sim.Vec3{0, -0.7, z0}) // height does not matter for a turn about +y
	focal := cam.Focal()
	cx, cy := cam.Principal()
	cases := []struct {
		yaw  float64
		want func(x, y, z float64) (float64, float64, float64)
	}{
		{180, func(x, y, z float64) (float64, float64, float64) { return -x, y, 2*z0 - z }},
		{90, func(x, y, z float64) (float64, float64, float64) { return z - z0, y, z0 - x }},
		{-90, func(x, y, z float64) (float64, float64, float64) { return z0 - z, y, z0 + x }},
	}
	for _, tc := range cases {
		for _, yaw0 := range []float64{0, 37, -120} {
			m := RigidMotion{From: Pose{centre, yaw0}, To: Pose{centre, yaw0 + tc.yaw}}
			fl, err := Forward(f0, cam, map[string]RigidMotion{"Mover|1": m})
			if err != nil {
				t.Fatal(err)
			}
			for j := 0; j < h; j++ {
				for i := 0; i < w; i++ {
					p := j*w + i
					z := float64(f0.Depth[p])
					x, y := z*(float64(i)-cx)/focal, z*(float64(j)-cy)/focal
					X, Y, Z := tc.want(x, y, z)
					if Z <= 1e-3 {
						if Known(fl.At(i, j)) {
							t.Fatalf("turn %g, pixel (%d,%d) goes behind the camera but has known flow", tc.yaw, i, j)
						}
						continue
					}
					wx, wy := cx+focal*X/Z-float64(i), cy+focal*Y/Z-float64(j)
					if e := math.Hypot(float64(fl.D[2*p])-wx, float64(fl.D[2*p+1])-wy); e > 1e-4*math.Max(1, math.Hypot(wx, wy)/100) {
						t.Fatalf("turn %g from %g, pixel (%d,%d): flow (%g, %g), want (%g, %g)", tc.yaw, yaw0, i, j, fl.D[2*p], fl.D[2*p+1], wx, wy)
					}
				}
			}
		}
	}
}

// The kernel's camera-frame affine map agrees with the independent path
// Camera.Ray → RigidMotion.Apply → Camera.Project for random cameras, motions
// and depths.
func TestForwardMatchesRayApplyProject(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var c Computer
	for trial := 0; trial < 40; trial++ {
		w, h := 30+rng.IntN(40), 30+rng.IntN(40)
		cam := randomCamera(rng, w, h)
		f0 := randomDepthFrame(rng, w, h, 0.5, 6)
		_, _, fwd := cam.Basis()
		c0 := cam.Position.Add(fwd.Mul(3))
		m := RigidMotion{From: Pose{c0, rng.Float64() * 360},
			To: Pose{c0.Add(sim.Vec3{rng.Float64() - 0.5, rng.Float64()*0.2 - 0.1, rng.Float64() - 0.5}), rng.Float64() * 360}}
		fl, err := c.Forward(f0, cam, map[string]RigidMotion{"Mover|1": m})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < h; j++ {
			for i := 0; i < w; i++ {
				p := j*w + i
				dx, dy := fl.At(i, j)
				if f0.IDs[p] != 1 {
					if dx != 0 || dy != 0 {
						t.Fatalf("static pixel (%d,%d) has flow (%g, %g)", i, j, dx, dy)
					}
					continue
				}
				o, dir := cam.Ray(float64(i), float64(j))
				_, _, fw := cam.Basis()
				pt := o.Add(dir.Mul(float64(f0.Depth[p]) / dir.Dot(fw)))
				u, v, _, ok := cam.Project(m.Apply(pt))
				if !ok {
					if Known(dx, dy) {
						t.Fatalf("pixel (%d,%d) moves behind the camera but has flow (%g, %g)", i, j, dx, dy)
					}
					continue
				}
				wx, wy := u-float64(i), v-float64(j)
				if e := math.Hypot(float64(dx)-wx, float64(dy)-wy); e > 1e-4*math.Max(1, math.Hypot(wx, wy)/100) {
					t.Fatalf("trial %d pixel (%d,%d): flow (%g, %g), independent path (%g, %g)", trial, i, j, dx, dy, wx, wy)
				}
			}
		}
	}
}

func TestRigidMotionApplyAndInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for k := 0; k < 200; k++ {
		m := RigidMotion{From: Pose{sim.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, rng.Float64()*720 - 360},
			To: Pose{sim.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, rng.Float64()*720 - 360}}
		// The object's own axes move with it: c0 + ax0 ↦ c1 + ax1.
		ax0, az0 := sim.YawAxes(m.From.Yaw)
		ax1, az1 := sim.YawAxes(m.To.Yaw)
		if got := m.Apply(m.From.Position.Add(ax0)); got.Sub(m.To.Position.Add(ax1)).Len() > 1e-12 {
			t.Fatalf("local +x goes to %v, want %v", got, m.To.Position.Add(ax1))
		}
		if got := m.Apply(m.From.Position.Add(az0).Add(sim.Vec3{0, 1, 0})); got.Sub(m.To.Position.Add(az1).Add(sim.Vec3{0, 1, 0})).Len() > 1e-12 {
			t.Fatalf("local +z+y goes to %v", got)
		}
		p := sim.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if back := m.Inverse().Apply(m.Apply(p)); back.Sub(p).Len() > 1e-12 {
			t.Fatalf("inverse does not undo: %v → %v", p, back)
		}
	}
}
