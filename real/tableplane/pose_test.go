package tableplane

import (
	"math"
	"math/rand/v2"
	"testing"
)

// homographyOf builds H = K [r₁ r₂ t] for a camera looking at the board
// from a pose: pitch about x, yaw about the normal, the board origin at t.
func homographyOf(f, cx, cy, pitch, yaw float64, t [3]float64) (Homography, Pose) {
	cp, sp, cyw, syw := math.Cos(pitch), math.Sin(pitch), math.Cos(yaw), math.Sin(yaw)
	// Board axes before the pitch: x right, y toward the camera's -z
	// (away), normal up (camera -y); then the pitch tilts the board.
	x := [3]float64{cyw, 0, syw}
	y := [3]float64{-syw, 0, cyw}
	rot := func(v [3]float64) [3]float64 { return [3]float64{v[0], cp*v[1] - sp*v[2], sp*v[1] + cp*v[2]} }
	x, y = rot(x), rot(y)
	k := func(v [3]float64) [3]float64 { return [3]float64{f*v[0] + cx*v[2], f*v[1] + cy*v[2], v[2]} }
	c1, c2, c3 := k(x), k(y), k(t)
	h := Homography{c1[0], c2[0], c3[0], c1[1], c2[1], c3[1], c1[2], c2[2], c3[2]}
	return h, Pose{X: x, Y: y, N: cross(x, y), Origin: t}
}

// TestPoseRecovers checks the decomposition against known poses at any
// homography scale and sign: the axes, normal and origin come back within
// 1e-9; with a focal length 10 % off, the pose is still rigid (orthonormal
// axes) and board distances are kept exactly.
func TestPoseRecovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 200 {
		pitch, yaw := -0.3-1.0*rng.Float64(), (rng.Float64()-0.5)*1.5
		origin := [3]float64{(rng.Float64() - 0.5) * 0.4, 0.1 + 0.3*rng.Float64(), 0.6 + rng.Float64()}
		h, want := homographyOf(610, 320, 240, pitch, yaw, origin)
		s := (rng.Float64() + 0.1) * 1e3
		if i%2 == 1 {
			s = -s
		}
		for k := range h {
			h[k] *= s
		}
		inv, err := h.Inverse()
		if err != nil {
			t.Fatal(err)
		}
		pl := &Plane{H: h, Inv: inv}
		got, err := pl.Pose(610, 610, 320, 240)
		if err != nil {
			t.Fatalf("pose %d: %v", i, err)
		}
		for _, c := range []struct {
			name      string
			got, want [3]float64
		}{{"x axis", got.X, want.X}, {"y axis", got.Y, want.Y}, {"normal", got.N, want.N}, {"origin", got.Origin, want.Origin}} {
			if norm(sub(c.got, c.want)) > 1e-9 {
				t.Fatalf("pose %d: %s %v, want %v", i, c.name, c.got, c.want)
			}
		}
		// A board point maps back to its pixel through the pose and K.
		bx, by := rng.Float64()*0.5, rng.Float64()*0.5
		p := got.Camera(bx, by)
		u, v, _ := pl.ToImage(bx, by)
		if math.Hypot(610*p[0]/p[2]+320-u, 610*p[1]/p[2]+240-v) > 1e-6 {
			t.Fatalf("pose %d: board (%v, %v) projects off its pixel", i, bx, by)
		}
		// Wrong focal length: rigid, and board distances kept.
		off, err := pl.Pose(671, 671, 320, 240)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(norm(off.X)-1) > 1e-12 || math.Abs(norm(off.Y)-1) > 1e-12 || math.Abs(dot(off.X, off.Y)) > 1e-12 {
			t.Fatalf("pose %d with f off by 10 %%: axes %v %v not orthonormal", i, off.X, off.Y)
		}
		a, b := off.Camera(0, 0), off.Camera(bx, by)
		if math.Abs(norm(sub(a, b))-math.Hypot(bx, by)) > 1e-12 {
			t.Fatalf("pose %d: a board distance changed", i)
		}
	}
	if _, err := (&Plane{}).Pose(610, 610, 320, 240); err == nil {
		t.Error("a zero homography gave a pose")
	}
	if _, err := (&Plane{H: Homography{1, 0, 0, 0, 1, 0, 0, 0, 1}}).Pose(0, 610, 320, 240); err == nil {
		t.Error("a zero focal length gave a pose")
	}
}
