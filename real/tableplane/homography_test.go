package tableplane

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestDLTScaledSquare: the unit square onto a square of side 2 shifted by
// (3, −1) is exactly [[2 0 3] [0 2 −1] [0 0 1]].
func TestDLTScaledSquare(t *testing.T) {
	src := []Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	dst := []Point{{3, -1}, {5, -1}, {5, 1}, {3, 1}}
	h, err := EstimateDLT(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	want := Homography{2, 0, 3, 0, 2, -1, 0, 0, 1}
	for i := range h {
		if math.Abs(h[i]-want[i]) > 1e-12 {
			t.Fatalf("H = %v, want %v", h, want)
		}
	}
}

// TestDLTExactFourPoints: four points through a known projective map give
// that map back (to scale) and map all four exactly, over many maps.
func TestDLTExactFourPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		want := Homography{2 + rng.Float64(), 0.3 * rng.NormFloat64(), 10 * rng.NormFloat64(),
			0.3 * rng.NormFloat64(), 2 + rng.Float64(), 10 * rng.NormFloat64(),
			0.01 * rng.NormFloat64(), 0.01 * rng.NormFloat64(), 1}
		src := []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
		for i := range src {
			src[i].X += rng.Float64()
			src[i].Y += rng.Float64()
		}
		dst := make([]Point, 4)
		for i, p := range src {
			dst[i], _ = want.Apply(p)
		}
		h, err := EstimateDLT(src, dst)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		for i := range h {
			if math.Abs(h[i]-want[i]) > 1e-8*math.Max(1, math.Abs(want[i])) {
				t.Fatalf("trial %d: H = %v, want %v", trial, h, want)
			}
		}
		for i, p := range src {
			q, _ := h.Apply(p)
			if math.Hypot(q.X-dst[i].X, q.Y-dst[i].Y) > 1e-8 {
				t.Fatalf("trial %d: point %d maps to %v, want %v", trial, i, q, dst[i])
			}
		}
	}
}

// TestDLTCameraPlane: a pinhole camera's plane homography is recovered
// from many exact correspondences, and Inverse undoes it.
func TestDLTCameraPlane(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 3))
		want := randomCamera(rng).homography()
		c, _ := synth(rng, want, 50, 0, 0)
		src, dst := make([]Point, len(c)), make([]Point, len(c))
		for i, x := range c {
			src[i], dst[i] = Point{x.X, x.Y}, Point{x.U, x.V}
		}
		h, err := EstimateDLT(src, dst)
		if err != nil {
			t.Fatal(err)
		}
		if e := maxMapError(t, h, want); e > 1e-6 {
			t.Fatalf("seed %d: exact data, map error %g px", seed, e)
		}
		inv, err := h.Inverse()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range dst {
			b, _ := inv.Apply(p)
			q, _ := h.Apply(b)
			if math.Hypot(q.X-p.X, q.Y-p.Y) > 1e-8 {
				t.Fatalf("seed %d: H(H⁻¹(%v)) = %v", seed, p, q)
			}
		}
	}
}

// TestDLTRefusals: too few points, non-finite coordinates, collinear and
// coincident sets and three collinear of four are errors.
func TestDLTRefusals(t *testing.T) {
	sq := []Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	for _, c := range []struct {
		name     string
		src, dst []Point
		want     error
	}{
		{"three points", sq[:3], sq[:3], ErrTooFew},
		{"NaN", []Point{{0, 0}, {1, 0}, {1, math.NaN()}, {0, 1}}, sq, ErrNotFinite},
		{"Inf", sq, []Point{{0, 0}, {math.Inf(1), 0}, {1, 1}, {0, 1}}, ErrNotFinite},
		{"collinear source", []Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {5, 5}}, append(sq, Point{2, 3}), ErrDegenerate},
		{"collinear destination", append(sq, Point{2, 3}), []Point{{0, 0}, {1, 2}, {2, 4}, {3, 6}, {4, 8}}, ErrDegenerate},
		{"coincident", []Point{{1, 1}, {1, 1}, {1, 1}, {1, 1}}, sq, ErrDegenerate},
		{"three of four collinear", []Point{{0, 0}, {1, 0}, {2, 0}, {0, 1}}, sq, ErrDegenerate},
		{"three of four collinear in the image", sq, []Point{{0, 0}, {1, 1}, {2, 2}, {0, 1}}, ErrDegenerate},
	} {
		if _, err := EstimateDLT(c.src, c.dst); !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := EstimateDLT(sq, sq[:3]); err == nil {
		t.Error("mismatched lengths accepted")
	}
}

// TestInverseSingular: a rank-deficient matrix has no inverse.
func TestInverseSingular(t *testing.T) {
	if _, err := (Homography{1, 2, 3, 2, 4, 6, 0, 0, 1}).Inverse(); !errors.Is(err, ErrDegenerate) {
		t.Fatalf("error %v, want ErrDegenerate", err)
	}
}
