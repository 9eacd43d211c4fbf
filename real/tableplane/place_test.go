package tableplane

import (
	"errors"
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

// TestContactPixel: B.3's contact point is the bottom centre raised by a
// quarter of the box height.
func TestContactPixel(t *testing.T) {
	box := image.Rect(100, 200, 141, 280)
	if got, want := ContactPixel(box), (Point{120.5, 260}); got != want {
		t.Errorf("ContactPixel(%v) = %v, want %v", box, got, want)
	}
	if got, want := BottomCentre(box), (Point{120.5, 280}); got != want {
		t.Errorf("BottomCentre(%v) = %v, want %v", box, got, want)
	}
}

// scalePlane is the analytic plane u = 100 x + 50, v = 100 y + 20 (1 cm =
// 1 px), with the camera on the positive side.
func scalePlane(t *testing.T) *Plane {
	t.Helper()
	h := Homography{100, 0, 50, 0, 100, 20, 0, 0, 1}
	inv, err := h.Inverse()
	if err != nil {
		t.Fatal(err)
	}
	return &Plane{H: h, Inv: inv, sign: 1}
}

// TestPlaceAnalytic: on a scaled plane the board position, footprint and
// displacement follow by hand.
func TestPlaceAnalytic(t *testing.T) {
	p := scalePlane(t)
	box0 := image.Rect(90, 100, 130, 140) // contact (110, 130) → (0.6, 1.1)
	box1 := image.Rect(150, 60, 190, 80)  // contact (170, 75) → (1.2, 0.55)
	pos, err := p.Place(box0)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(pos.X-0.6) > 1e-12 || math.Abs(pos.Y-1.1) > 1e-12 {
		t.Errorf("Place = %v, want (0.6, 1.1)", pos)
	}
	w, err := p.FootprintWidth(box0)
	if err != nil || math.Abs(w-0.4) > 1e-12 {
		t.Errorf("FootprintWidth = %v, %v; want 0.4", w, err)
	}
	m, err := p.Displacement(box0, box1)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(m.DX-0.6) > 1e-12 || math.Abs(m.DY+0.55) > 1e-12 || m.DZ != 0 {
		t.Errorf("Displacement = %+v, want {0.6 −0.55 0}", m)
	}
	if _, err := p.Place(image.Rectangle{}); err == nil {
		t.Error("empty box placed")
	}
}

// TestPlaceBeyondHorizon: with u = x/(0.01 y + 1), v = y/(0.01 y + 1) the
// board's horizon is the image row v = 100; a contact pixel below it is
// placed, one above it (a board point behind the camera) is refused.
func TestPlaceBeyondHorizon(t *testing.T) {
	h := Homography{1, 0, 0, 0, 1, 0, 0, 0.01, 1}
	inv, err := h.Inverse()
	if err != nil {
		t.Fatal(err)
	}
	p := &Plane{H: h, Inv: inv, sign: 1}
	if _, err := p.Place(image.Rect(0, 40, 10, 60)); err != nil { // contact v = 55
		t.Errorf("pixel on the board's side refused: %v", err)
	}
	if _, err := p.Place(image.Rect(0, 140, 10, 160)); !errors.Is(err, ErrOffBoard) { // contact v = 155
		t.Errorf("pixel beyond the horizon: error %v, want ErrOffBoard", err)
	}
	if _, err := p.Displacement(image.Rect(0, 40, 10, 60), image.Rect(0, 140, 10, 160)); !errors.Is(err, ErrOffBoard) {
		t.Errorf("displacement to beyond the horizon: error %v", err)
	}
}

// TestDisplacementOnFittedPlane: on planes fitted to noise-free synthetic
// data, objects whose contact pixels are the images of known board points
// are placed at those points, and their displacement is the difference,
// with zero perpendicular motion (B.3).
func TestDisplacementOnFittedPlane(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 29))
		truth := randomCamera(rng).homography()
		c, _ := synth(rng, truth, 40, 0, 0.3)
		p, err := Fit(c, Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		box := func(b Point) image.Rectangle {
			q, _ := truth.Apply(b)
			// A 20 × 16 box whose contact pixel is (nearly) q: integer
			// corners, so q is rounded first.
			u, v := int(math.Round(q.X)), int(math.Round(q.Y))
			return image.Rect(u-10, v-12, u+10, v+4)
		}
		b0 := Point{0.3 + 0.1*rng.Float64(), -0.05 + 0.1*rng.Float64()}
		b1 := Point{0.3 + 0.1*rng.Float64(), -0.05 + 0.1*rng.Float64()}
		m, err := p.Displacement(box(b0), box(b1))
		if err != nil {
			t.Fatal(err)
		}
		// The rounding to whole pixels moves the contact by ≤ 0.71 px; at
		// these distances a pixel is under 2 mm on the board.
		c0 := ContactPixel(box(b0))
		x0, y0, _ := p.ToBoard(c0.X, c0.Y)
		c1 := ContactPixel(box(b1))
		x1, y1, _ := p.ToBoard(c1.X, c1.Y)
		if math.Abs(m.DX-(x1-x0)) > 1e-9 || math.Abs(m.DY-(y1-y0)) > 1e-9 || m.DZ != 0 {
			t.Fatalf("seed %d: displacement %+v, contact points give (%g, %g)", seed, m, x1-x0, y1-y0)
		}
		if math.Hypot(m.DX-(b1.X-b0.X), m.DY-(b1.Y-b0.Y)) > 0.004 {
			t.Fatalf("seed %d: displacement %+v, truth (%g, %g)", seed, m, b1.X-b0.X, b1.Y-b0.Y)
		}
		// ToImage inverts ToBoard.
		u, v, _ := p.ToImage(x0, y0)
		if math.Hypot(u-c0.X, v-c0.Y) > 1e-6 {
			t.Fatalf("seed %d: ToImage(ToBoard(%v)) = (%g, %g)", seed, c0, u, v)
		}
	}
}
