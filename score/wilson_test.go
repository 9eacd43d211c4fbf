package score

import (
	"math"
	"testing"
)

func TestWilsonKnownValues(t *testing.T) {
	cases := []struct {
		k, n   float64
		lo, hi float64
	}{
		{8, 10, 0.4902, 0.9433},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{5, 10, 0.2366, 0.7634},
		// the paper's human Sim figure: 64.2% of 120 answers → 55.3–72.2%
		{77, 120, 0.553, 0.722},
	}
	for _, c := range cases {
		got := Wilson(c.k, c.n)
		tol := 5e-5
		if c.n == 120 {
			tol = 5e-4
		}
		if math.Abs(got.Lo-c.lo) > tol || math.Abs(got.Hi-c.hi) > tol {
			t.Errorf("Wilson(%v, %v) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, got.Lo, got.Hi, c.lo, c.hi)
		}
	}
	if got := Wilson(0, 0); got.Lo != 0 || got.Hi != 1 {
		t.Errorf("Wilson(0,0) = %v", got)
	}
}
