package render

import (
	"math"
	"math/rand/v2"
	"testing"
)

// stripRangeAllPairs is stripRange computed without a hull: the points in
// the strip and the strip lines' crossings of the segments between every
// two points (the hull's edges are among them; other segments lie inside).
func stripRangeAllPairs(pts [][2]float64, ya, yb float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i, p := range pts {
		if p[1] >= ya && p[1] <= yb {
			lo, hi = min(lo, p[0]), max(hi, p[0])
		}
		for _, q := range pts[i+1:] {
			for _, y := range [2]float64{ya, yb} {
				if (p[1] < y) != (q[1] < y) {
					u := p[0] + (q[0]-p[0])*(y-p[1])/(q[1]-p[1])
					lo, hi = min(lo, u), max(hi, u)
				}
			}
		}
	}
	return lo, hi, lo <= hi
}

// TestStripRangeMatchesAllPairs checks the hull-based strip ranges against
// the all-pairs ones over random point sets (with repeated and collinear
// points) and strips.
func TestStripRangeMatchesAllPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(36)
		pts := make([][2]float64, n)
		for i := range pts {
			switch {
			case i > 0 && rng.IntN(6) == 0:
				pts[i] = pts[rng.IntN(i)] // a repeated point
			case i > 1 && rng.IntN(6) == 0: // on the line through two earlier points
				a, b, k := pts[rng.IntN(i)], pts[rng.IntN(i)], 2*rng.Float64()-0.5
				pts[i] = [2]float64{a[0] + k*(b[0]-a[0]), a[1] + k*(b[1]-a[1])}
			default:
				pts[i] = [2]float64{400*rng.Float64() - 100, 400*rng.Float64() - 100}
			}
		}
		all := append([][2]float64(nil), pts...)
		hull := convexHull2(pts)
		for s := 0; s < 10; s++ {
			ya := 400*rng.Float64() - 120
			yb := ya + 40*rng.Float64()
			lo, hi, ok := stripRange(hull, ya, yb)
			wlo, whi, wok := stripRangeAllPairs(all, ya, yb)
			if ok != wok || ok && (math.Abs(lo-wlo) > 1e-9*(1+math.Abs(wlo)) || math.Abs(hi-whi) > 1e-9*(1+math.Abs(whi))) {
				t.Fatalf("trial %d strip [%g, %g]: hull range %v [%g, %g], all pairs %v [%g, %g]; points %v", trial, ya, yb, ok, lo, hi, wok, wlo, whi, all)
			}
		}
	}
}
