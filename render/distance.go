package render

import "math"

// distanceTransform returns, for a w×h binary mask, the squared Euclidean
// distance from every pixel centre to the nearest pixel outside the mask
// (0 outside). Pixels beyond the grid count as outside, so callers pad the
// grid when the border should not count. It uses Felzenszwalb and
// Huttenlocher's exact linear-time algorithm, rows then columns.
func distanceTransform(mask []bool, w, h int) []float64 {
	const inf = 1e20
	d := make([]float64, w*h)
	for i, m := range mask {
		if m {
			d[i] = inf
		}
	}
	n := max(w, h)
	f := make([]float64, n+2)
	out := make([]float64, n+2)
	v := make([]int, n+2)
	z := make([]float64, n+3)
	// Outside the grid counts as background: each 1-D line is padded with
	// a zero at both ends (f[0], f[m+1]).
	for y := 0; y < h; y++ {
		row := d[y*w : (y+1)*w]
		f[0], f[w+1] = 0, 0
		copy(f[1:w+1], row)
		dt1(f[:w+2], out[:w+2], v, z)
		copy(row, out[1:w+1])
	}
	for x := 0; x < w; x++ {
		f[0], f[h+1] = 0, 0
		for i := 0; i < h; i++ {
			f[i+1] = d[i*w+x]
		}
		dt1(f[:h+2], out[:h+2], v, z)
		for i := 0; i < h; i++ {
			d[i*w+x] = out[i+1]
		}
	}
	return d
}

// dt1 is the 1-D squared distance transform of sampled function f into d.
func dt1(f, d []float64, v []int, z []float64) {
	n := len(f)
	k := 0
	v[0] = 0
	z[0], z[1] = math.Inf(-1), math.Inf(1)
	for q := 1; q < n; q++ {
		s := intersect(f, q, v[k])
		for s <= z[k] { // z[0] = -inf ends the loop
			k--
			s = intersect(f, q, v[k])
		}
		k++
		v[k] = q
		z[k] = s
		z[k+1] = math.Inf(1)
	}
	k = 0
	for q := 0; q < n; q++ {
		for z[k+1] < float64(q) {
			k++
		}
		p := v[k]
		d[q] = float64((q-p)*(q-p)) + f[p]
	}
}

// intersect returns where the parabolas rooted at q and p (q > p) cross.
func intersect(f []float64, q, p int) float64 {
	return ((f[q] + float64(q*q)) - (f[p] + float64(p*p))) / float64(2*q-2*p)
}
