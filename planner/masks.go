package planner

// MaskStat summarises one object's instance mask in a frame.
type MaskStat struct {
	Pixels     int     // visible pixels
	U, V       float64 // mask centroid (OpenCV pixel coordinates)
	MinU, MinV int     // bounding box, inclusive
	MaxU, MaxV int
}

// Masks maps objectId (or structure id) to its mask summary.
type Masks map[string]MaskStat

// MaskStats computes per-id pixel counts, centroids and boxes of a frame.
// A row is read as runs of one id (label frames are mostly long runs), and
// the coordinate sums are kept as integers: they stay far below 2⁵³, so the
// centroids equal those of a pixel-by-pixel floating-point sum.
func MaskStats(f *Frame) Masks {
	n := len(f.IDTable)
	type acc struct {
		cnt, su, sv            int
		minU, minV, maxU, maxV int
	}
	accs := make([]acc, n)
	for i := range accs {
		accs[i] = acc{minU: f.W, minV: f.H, maxU: -1, maxV: -1}
	}
	for j := 0; j < f.H; j++ {
		row := f.IDs[j*f.W : (j+1)*f.W]
		for i := 0; i < len(row); {
			id := row[i]
			e := i + 1
			for e < len(row) && row[e] == id {
				e++
			}
			if id != 0 && int(id) < n {
				a := &accs[id]
				k := e - i
				a.cnt += k
				a.su += (i + e - 1) * k / 2
				a.sv += j * k
				a.minU, a.maxU = min(a.minU, i), max(a.maxU, e-1)
				a.minV, a.maxV = min(a.minV, j), max(a.maxV, j)
			}
			i = e
		}
	}
	out := Masks{}
	for id := 1; id < n; id++ {
		a := &accs[id]
		if a.cnt == 0 {
			continue
		}
		c := float64(a.cnt)
		out[f.IDTable[id]] = MaskStat{Pixels: a.cnt, U: float64(a.su) / c, V: float64(a.sv) / c,
			MinU: a.minU, MinV: a.minV, MaxU: a.maxU, MaxV: a.maxV}
	}
	return out
}

// PixelCounts is MaskStats without centroids and boxes (pixel counts only).
func PixelCounts(f *Frame) Masks {
	cnt := make([]int, len(f.IDTable))
	for _, id := range f.IDs {
		if int(id) < len(cnt) {
			cnt[id]++
		}
	}
	out := Masks{}
	for id := 1; id < len(cnt); id++ {
		if cnt[id] > 0 {
			out[f.IDTable[id]] = MaskStat{Pixels: cnt[id]}
		}
	}
	return out
}

// Pixels returns the visible pixel count of an object (0 if absent).
func (m Masks) Pixels(id string) int { return m[id].Pixels }

// CoverRate is eq. 20: the share of B's mask in the before frame f0 that A
// covers in the after frame f1. Both frames must have the same size.
func CoverRate(f0, f1 *Frame, a, b string) (rate float64, coverPixels, bPixels int) {
	ib := f0.InstanceOf(b)
	ia := f1.InstanceOf(a)
	if ib == 0 {
		return 0, 0, 0
	}
	for p, id := range f0.IDs {
		if id != ib {
			continue
		}
		bPixels++
		if ia != 0 && f1.IDs[p] == ia {
			coverPixels++
		}
	}
	if bPixels == 0 {
		return 0, 0, 0
	}
	return float64(coverPixels) / float64(bPixels), coverPixels, bPixels
}

// pixelScale converts pixel constants stated for an 800-pixel-wide image
// to the frame at hand: lengths scale with the width, areas with its square.
type pixelScale struct{ lin float64 }

func scaleFor(w int) pixelScale { return pixelScale{lin: float64(w) / BaseWidth} }

func (s pixelScale) length(px float64) float64 { return px * s.lin }
func (s pixelScale) area(px float64) int {
	a := px * s.lin * s.lin
	if a < 1 {
		return 1
	}
	return int(a + 0.5)
}
