package marks

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// maskOf returns the sorted indices y*w+x of the pixels of a w×h grid
// where in is true.
func maskOf(w, h int, in func(x, y int) bool) []int32 {
	var out []int32
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if in(x, y) {
				out = append(out, int32(y*w+x))
			}
		}
	}
	return out
}

func TestAnchor(t *testing.T) {
	const w, h = 100, 80
	cases := []struct {
		name string
		in   func(x, y int) bool
	}{
		{"rectangle", func(x, y int) bool { return x >= 10 && x < 31 && y >= 20 && y < 41 }},
		{"L", func(x, y int) bool {
			return (x >= 10 && x < 20 && y >= 10 && y < 70) || (x >= 10 && x < 90 && y >= 60 && y < 70)
		}},
		{"ring", func(x, y int) bool {
			d := math.Hypot(float64(x)-50, float64(y)-40)
			return d >= 25 && d < 30
		}},
		{"C", func(x, y int) bool {
			d := math.Hypot(float64(x)-50, float64(y)-40)
			return d >= 20 && d < 35 && x < 65
		}},
		{"two blobs", func(x, y int) bool {
			return math.Hypot(float64(x)-15, float64(y)-15) < 6 || math.Hypot(float64(x)-80, float64(y)-60) < 9
		}},
		{"one pixel", func(x, y int) bool { return x == 99 && y == 79 }},
	}
	for _, c := range cases {
		pix := maskOf(w, h, c.in)
		x, y := Anchor(pix, w)
		if x != math.Trunc(x) || y != math.Trunc(y) || !c.in(int(x), int(y)) {
			t.Errorf("%s: anchor (%v, %v) is not on the mask", c.name, x, y)
		}
		// It is the mask pixel nearest the median pixel.
		xs, ys := make([]int, len(pix)), make([]int, len(pix))
		for i, p := range pix {
			xs[i], ys[i] = int(p)%w, int(p)/w
		}
		slices.Sort(xs)
		slices.Sort(ys)
		mx, my := xs[len(xs)/2], ys[len(ys)/2]
		best := math.Inf(1)
		for _, p := range pix {
			best = min(best, math.Hypot(float64(int(p)%w-mx), float64(int(p)/w-my)))
		}
		if d := math.Hypot(x-float64(mx), y-float64(my)); d != best {
			t.Errorf("%s: anchor %.1f from the median (%d, %d), nearest mask pixel %.1f", c.name, d, mx, my, best)
		}
	}
	if x, y := Anchor(maskOf(w, h, cases[0].in), w); x != 20 || y != 30 {
		t.Errorf("rectangle anchor (%v, %v), want its centre (20, 30)", x, y)
	}
	if x, y := Anchor(nil, w); !math.IsNaN(x) || !math.IsNaN(y) {
		t.Errorf("empty mask anchor (%v, %v), want NaN", x, y)
	}
}

// TestAnchorRandom: random blobby masks, the anchor is always on the mask.
func TestAnchorRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	const w, h = 60, 50
	for trial := range 300 {
		type disc struct{ x, y, r float64 }
		var ds []disc
		for range 1 + rng.IntN(4) {
			ds = append(ds, disc{rng.Float64() * w, rng.Float64() * h, 1 + rng.Float64()*12})
		}
		in := func(x, y int) bool {
			for _, d := range ds {
				if math.Hypot(float64(x)-d.x, float64(y)-d.y) < d.r {
					return true
				}
			}
			return false
		}
		pix := maskOf(w, h, in)
		if len(pix) == 0 {
			continue
		}
		if x, y := Anchor(pix, w); !in(int(x), int(y)) {
			t.Fatalf("trial %d: anchor (%v, %v) off the mask", trial, x, y)
		}
	}
}
