package tableplane

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRefineConvergesToTruth: from a perturbed start, exact data pull
// Refine back to the true homography.
func TestRefineConvergesToTruth(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 13))
		truth := randomCamera(rng).homography()
		c, _ := synth(rng, truth, 40, 0, 0)
		board, img := split(c)
		start := truth
		for i := range 8 {
			start[i] *= 1 + 0.01*rng.NormFloat64()
		}
		if maxMapError(t, start, truth) < 1 {
			t.Fatalf("seed %d: perturbation too small to test", seed)
		}
		got := Refine(start, board, img)
		if e := maxMapError(t, got, truth); e > 1e-6 {
			t.Fatalf("seed %d: refined map error %g px", seed, e)
		}
	}
}

// TestRefineNeverWorse: on noisy data Refine's pixel cost is at most the
// DLT's.
func TestRefineNeverWorse(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 17))
		c, _ := synth(rng, randomCamera(rng).homography(), 40, 2, 0)
		board, img := split(c)
		h, err := EstimateDLT(board, img)
		if err != nil {
			t.Fatal(err)
		}
		before := reprojCost(h, board, img)
		after := reprojCost(Refine(h, board, img), board, img)
		if !(after <= before*(1+1e-12)) || math.IsNaN(after) {
			t.Fatalf("seed %d: cost %g after Refine, %g before", seed, after, before)
		}
	}
}

func split(c []Correspondence) (board, img []Point) {
	for _, x := range c {
		board = append(board, Point{x.X, x.Y})
		img = append(img, Point{x.U, x.V})
	}
	return board, img
}
