package real

import (
	"image"
	"math"
	"slices"
)

// rgbOf returns img as packed 8-bit RGB, row-major, 3 bytes a pixel.
func rgbOf(img image.Image) []uint8 {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := make([]uint8, 3*w*h)
	switch m := img.(type) {
	case *image.NRGBA:
		for y := range h {
			row := m.Pix[y*m.Stride : y*m.Stride+4*w]
			for x := range w {
				copy(out[3*(y*w+x):], row[4*x:4*x+3])
			}
		}
	case *image.RGBA:
		for y := range h {
			row := m.Pix[y*m.Stride : y*m.Stride+4*w]
			for x := range w {
				copy(out[3*(y*w+x):], row[4*x:4*x+3])
			}
		}
	default:
		for y := range h {
			for x := range w {
				r, g, bb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				i := 3 * (y*w + x)
				out[i], out[i+1], out[i+2] = uint8(r>>8), uint8(g>>8), uint8(bb>>8)
			}
		}
	}
	return out
}

// maskStats are the per-mask quantities of eq. 48 and 52: the median
// pixel, the median depth, the box and the area.
type maskStats struct {
	u, v float64
	z    float64 // median raw depth (before g)
	box  image.Rectangle
	area int
}

// statsOf computes a mask's median pixel (component-wise), median depth
// and bounding box. Pix is sorted row-major, so y is sorted.
func statsOf(pix []int32, w int, depth []float32, buf []float32, xcount []int32) (maskStats, []float32) {
	n := len(pix)
	st := maskStats{area: n}
	if n == 0 {
		return st, buf
	}
	clear(xcount)
	x0, x1 := w, -1
	buf = buf[:0]
	for _, p := range pix {
		x := int(p) % w
		xcount[x]++
		x0, x1 = min(x0, x), max(x1, x)
		buf = append(buf, depth[p])
	}
	y0, y1 := int(pix[0])/w, int(pix[n-1])/w
	st.box = image.Rect(x0, y0, x1+1, y1+1)
	st.v = medianSorted(n, func(k int) float64 { return float64(int(pix[k]) / w) })
	st.u = medianCounts(xcount[x0:x1+1], n) + float64(x0)
	st.z = medianFloat32(buf)
	return st, buf
}

// medianSorted returns the median of n sorted values given by at.
func medianSorted(n int, at func(int) float64) float64 {
	if n%2 == 1 {
		return at(n / 2)
	}
	return (at(n/2-1) + at(n/2)) / 2
}

// medianCounts returns the median of n values given as a histogram of
// consecutive integers starting at 0.
func medianCounts(counts []int32, n int) float64 {
	kth := func(k int) float64 {
		acc := 0
		for i, c := range counts {
			acc += int(c)
			if acc > k {
				return float64(i)
			}
		}
		return float64(len(counts) - 1)
	}
	if n%2 == 1 {
		return kth(n / 2)
	}
	return (kth(n/2-1) + kth(n/2)) / 2
}

// medianFloat32 returns the median of v, reordering it.
func medianFloat32(v []float32) float64 {
	n := len(v)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return float64(selectK(v, n/2))
	}
	a := selectK(v, n/2)
	b := slices.Max(v[:n/2])
	return (float64(a) + float64(b)) / 2
}

// selectK partially sorts v so that v[k] is its k-th smallest value, the
// values before it no larger, and returns v[k] (Hoare's quickselect with a
// median-of-three pivot).
func selectK(v []float32, k int) float32 {
	lo, hi := 0, len(v)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		if v[mid] < v[lo] {
			v[mid], v[lo] = v[lo], v[mid]
		}
		if v[hi] < v[lo] {
			v[hi], v[lo] = v[lo], v[hi]
		}
		if v[hi] < v[mid] {
			v[hi], v[mid] = v[mid], v[hi]
		}
		pivot := v[mid]
		i, j := lo, hi
		for i <= j {
			for v[i] < pivot {
				i++
			}
			for v[j] > pivot {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		if k <= j {
			hi = j
		} else if k >= i {
			lo = i
		} else {
			break
		}
	}
	return v[k]
}

// hsvHist is a normalised hue–saturation histogram of a mask's pixels
// (16 hue × 8 saturation bins; value is left out so that lighting changes
// between the frames matter less), the colour descriptor of B.2's
// matching.
type hsvHist [histBins]float64

const (
	histHue  = 16
	histSat  = 8
	histBins = histHue * histSat
)

// histOf computes a mask's hue–saturation histogram from packed RGB.
func histOf(pix []int32, rgb []uint8) hsvHist {
	var h hsvHist
	for _, p := range pix {
		r, g, b := float64(rgb[3*p]), float64(rgb[3*p+1]), float64(rgb[3*p+2])
		mx, mn := max(r, g, b), min(r, g, b)
		s := 0.0
		if mx > 0 {
			s = (mx - mn) / mx
		}
		hue := 0.0
		if d := mx - mn; d > 0 {
			switch mx {
			case r:
				hue = math.Mod((g-b)/d, 6)
			case g:
				hue = (b-r)/d + 2
			default:
				hue = (r-g)/d + 4
			}
			if hue < 0 {
				hue += 6
			}
		}
		hb := min(int(hue/6*histHue), histHue-1)
		sb := min(int(s*histSat), histSat-1)
		h[hb*histSat+sb]++
	}
	return h
}

// correl is the Pearson correlation of two histograms (OpenCV's
// HISTCMP_CORREL), 1 for identical shapes; two flat histograms give 1.
func correl(a, b *hsvHist) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= histBins
	mb /= histBins
	var sab, saa, sbb float64
	for i := range a {
		da, db := a[i]-ma, b[i]-mb
		sab += da * db
		saa += da * da
		sbb += db * db
	}
	if saa == 0 || sbb == 0 {
		if saa == sbb {
			return 1
		}
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}

// dilate returns, for every pixel, whether it lies within r pixels
// (Euclidean) of an arm pixel: the arm mask dilated by a disc of radius r.
func dilate(mask []bool, w, h int, r int) []bool {
	if mask == nil {
		return nil
	}
	d2 := sqDistanceTransform(mask, w, h)
	out := make([]bool, len(mask))
	lim := float64(r * r)
	for i, d := range d2 {
		out[i] = d <= lim
	}
	return out
}

// sqDistanceTransform returns the squared Euclidean distance of every pixel
// to the nearest set pixel (Felzenszwalb and Huttenlocher's two-pass
// lower-envelope transform).
func sqDistanceTransform(mask []bool, w, h int) []float64 {
	const inf = 1e20
	f := make([]float64, w*h)
	for i, m := range mask {
		if !m {
			f[i] = inf
		}
	}
	n := max(w, h)
	buf := make([]float64, n)
	out := make([]float64, n)
	v := make([]int, n)
	z := make([]float64, n+1)
	dt1 := func(get func(int) float64, set func(int, float64), n int) {
		for i := range n {
			buf[i] = get(i)
		}
		k := 0
		v[0] = 0
		z[0], z[1] = -inf, inf
		for q := 1; q < n; q++ {
			s := ((buf[q] + float64(q*q)) - (buf[v[k]] + float64(v[k]*v[k]))) / float64(2*q-2*v[k])
			for s <= z[k] {
				k--
				s = ((buf[q] + float64(q*q)) - (buf[v[k]] + float64(v[k]*v[k]))) / float64(2*q-2*v[k])
			}
			k++
			v[k] = q
			z[k], z[k+1] = s, inf
		}
		k = 0
		for q := range n {
			for z[k+1] < float64(q) {
				k++
			}
			d := float64(q - v[k])
			out[q] = d*d + buf[v[k]]
		}
		for i := range n {
			set(i, out[i])
		}
	}
	for x := range w {
		dt1(func(i int) float64 { return f[i*w+x] }, func(i int, d float64) { f[i*w+x] = d }, h)
	}
	for y := range h {
		row := f[y*w : (y+1)*w]
		dt1(func(i int) float64 { return row[i] }, func(i int, d float64) { row[i] = d }, w)
	}
	return f
}
