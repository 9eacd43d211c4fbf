package render

import (
	"math/rand/v2"
	"testing"
)

// TestDistanceTransformBruteForce compares distanceTransform on random
// masks (blobs and noise, several shapes) with the squared distance to the
// nearest pixel outside the mask found by trying every pixel, pixels beyond
// the grid counting as outside.
func TestDistanceTransformBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 60; trial++ {
		w, h := 1+rng.IntN(40), 1+rng.IntN(40)
		mask := make([]bool, w*h)
		fill := rng.Float64()
		cx, cy, rad := rng.Float64()*float64(w), rng.Float64()*float64(h), rng.Float64()*20
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				dx, dy := float64(x)-cx, float64(y)-cy
				mask[y*w+x] = dx*dx+dy*dy < rad*rad || rng.Float64() < fill*0.3
			}
		}
		got := distanceTransform(mask, w, h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				want := 0
				if mask[y*w+x] {
					want = min((x+1)*(x+1), (w-x)*(w-x), (y+1)*(y+1), (h-y)*(h-y))
					for v := 0; v < h; v++ {
						for u := 0; u < w; u++ {
							if !mask[v*w+u] {
								want = min(want, (u-x)*(u-x)+(v-y)*(v-y))
							}
						}
					}
				}
				if got[y*w+x] != float64(want) {
					t.Fatalf("trial %d (%d×%d): pixel (%d,%d) distance² %v, brute force %d", trial, w, h, x, y, got[y*w+x], want)
				}
			}
		}
	}
}
