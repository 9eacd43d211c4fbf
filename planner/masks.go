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
func MaskStats(f *Frame) Masks {
	n := len(f.IDTable)
	cnt := make([]int, n)
	su := make([]float64, n)
	sv := make([]float64, n)
	minU := make([]int, n)
	minV := make([]int, n)
	maxU := make([]int, n)
	maxV := make([]int, n)
	for i := range minU {
		minU[i], minV[i], maxU[i], maxV[i] = f.W, f.H, -1, -1
	}
	for j := 0; j < f.H; j++ {
		row := f.IDs[j*f.W : (j+1)*f.W]
		for i, id := range row {
			if id == 0 || int(id) >= n {
				continue
			}
			cnt[id]++
			su[id] += float64(i)
			sv[id] += float64(j)
			minU[id] = min(minU[id], i)
			maxU[id] = max(maxU[id], i)
			minV[id] = min(minV[id], j)
			maxV[id] = max(maxV[id], j)
		}
	}
	out := Masks{}
	for id := 1; id < n; id++ {
		if cnt[id] == 0 {
			continue
		}
		c := float64(cnt[id])
		out[f.IDTable[id]] = MaskStat{Pixels: cnt[id], U: su[id] / c, V: sv[id] / c,
			MinU: minU[id], MinV: minV[id], MaxU: maxU[id], MaxV: maxV[id]}
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
