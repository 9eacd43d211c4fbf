package marks

import "math"

// Anchor returns where to put an object's mark: the pixel of the mask
// nearest the median pixel (the median x and the median y of the mask's
// pixels, each the element at n/2 of the sorted values), so the mark lies
// on the object even when the mask is concave (an L, a ring) and its
// centroid is not. pix holds the mask's row-major pixel indices y*w+x (ascending,
// though the order matters only for ties); ties in distance go to the
// earliest index in pix (topmost, then leftmost when sorted). Negative
// indices are not allowed. An empty mask gives (NaN, NaN).
func Anchor(pix []int32, w int) (x, y float64) {
	n := len(pix)
	if n == 0 || w <= 0 {
		return math.NaN(), math.NaN()
	}
	h := 0
	for _, p := range pix {
		h = max(h, int(p)/w+1)
	}
	cols, rows := make([]int, w), make([]int, h)
	for _, p := range pix {
		cols[int(p)%w]++
		rows[int(p)/w]++
	}
	mx, my := medianOf(cols, n), medianOf(rows, n)
	best, bx, by := math.MaxInt, 0, 0
	for _, p := range pix {
		px, py := int(p)%w, int(p)/w
		if d := (px-mx)*(px-mx) + (py-my)*(py-my); d < best {
			best, bx, by = d, px, py
		}
	}
	return float64(bx), float64(by)
}

// medianOf returns the value at position n/2 of the sorted values whose
// histogram is count (n values in all).
func medianOf(count []int, n int) int {
	seen := 0
	for v, k := range count {
		if seen += k; seen > n/2 {
			return v
		}
	}
	return len(count) - 1
}
