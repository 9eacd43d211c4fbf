package simsource

import (
	"math"
	"math/rand/v2"

	"flowbench/real"
)

// applyNoise degrades the exact estimator outputs of p in place with the
// level's numbers; NoiseNone changes nothing. Each estimator draws from its
// own stream of (seed, index, level).
func applyNoise(p *real.Pair, t *Truth, np NoiseParams, seed int64, index int, level NoiseLevel) {
	if level == NoiseNone {
		return
	}
	rd := stream(seed, index, "depth", int(level))
	scale := uniform(rd, 1-np.DepthScale, 1+np.DepthScale)
	for _, f := range []*real.Frame{&p.F0, &p.F1} {
		f.Depth = noisyDepth(rd, f.Depth, p.W, p.H, scale, np)
	}
	rm := stream(seed, index, "masks", int(level))
	for _, f := range []*real.Frame{&p.F0, &p.F1} {
		f.Masks = noisyMasks(rm, f.Masks, p.W, p.H, np)
	}
	noisyTracks(stream(seed, index, "tracks", int(level)), p.Tracks, np)
}

// noisyDepth returns depth with edge bleeding, the global scale and the
// per-pixel relative noise applied.
func noisyDepth(r *rand.Rand, depth []float32, w, h int, scale float64, np NoiseParams) []float32 {
	out := bleed(depth, w, h, np.DepthBleed)
	for i, d := range out {
		v := float64(d) * scale * (1 + np.DepthRel*r.NormFloat64())
		out[i] = float32(math.Max(v, 1e-3))
	}
	return out
}

// bleed lets the nearer surface's depth leak k pixels across depth
// discontinuities: a pixel whose (2k+1)² neighbourhood holds a depth more
// than DepthBleedStep nearer takes that nearest depth.
func bleed(depth []float32, w, h, k int) []float32 {
	out := make([]float32, len(depth))
	copy(out, depth)
	if k <= 0 {
		return out
	}
	// Separable minimum filter: rows, then columns.
	rowMin := make([]float32, len(depth))
	for y := 0; y < h; y++ {
		row := depth[y*w : (y+1)*w]
		for x := 0; x < w; x++ {
			m := row[x]
			for d := max(0, x-k); d <= min(w-1, x+k); d++ {
				m = min(m, row[d])
			}
			rowMin[y*w+x] = m
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m := rowMin[y*w+x]
			for d := max(0, y-k); d <= min(h-1, y+k); d++ {
				m = min(m, rowMin[d*w+x])
			}
			if i := y*w + x; float64(m) < float64(depth[i])*(1-DepthBleedStep) {
				out[i] = m
			}
		}
	}
	return out
}

// noisyMasks drops, reshapes and relabels masks and adds spurious ones.
func noisyMasks(r *rand.Rand, masks []real.Mask, w, h int, np NoiseParams) []real.Mask {
	var out []real.Mask
	for _, m := range masks {
		miss := r.Float64() < np.MaskMiss
		rad := 0
		if np.MaskBoundary > 0 {
			rad = r.IntN(2*np.MaskBoundary+1) - np.MaskBoundary
		}
		swap := r.Float64() < np.LabelSwap
		alt := r.Float64()
		score := uniform(r, np.MinScore, 1)
		if miss {
			continue
		}
		m.Pix = morph(m.Pix, w, h, rad)
		if len(m.Pix) == 0 {
			continue
		}
		if swap {
			m.Label = swapLabel(m.Label, alt)
		}
		m.Score = score
		out = append(out, m)
	}
	n := int(np.MaskSpurious)
	if r.Float64() < np.MaskSpurious-float64(n) {
		n++
	}
	for k := 0; k < n; k++ {
		out = append(out, spurious(r, w, h))
	}
	return out
}

// swapLabel returns a similar noun for label, or a generic fallback; u in
// [0, 1) picks which.
func swapLabel(label string, u float64) string {
	sim := similarLabels[label]
	all := append(append([]string(nil), sim...), genericLabels...)
	return all[int(u*float64(len(all)))]
}

// spurious returns a mask over an ellipse of random size, place and label:
// what a segmenter finds on a stain, a shadow or a background object.
func spurious(r *rand.Rand, w, h int) real.Mask {
	area := uniform(r, SpuriousMinArea, SpuriousMaxArea)
	aspect := uniform(r, 0.5, 2)
	a := math.Sqrt(area * aspect / math.Pi)
	b := area / (math.Pi * a)
	cx, cy := uniform(r, 0, float64(w)), uniform(r, 0, float64(h))
	labels := make([]string, 0, len(extraTypes))
	for _, e := range extraTypes {
		labels = append(labels, labelOf(e.Type))
	}
	m := real.Mask{Label: labels[r.IntN(len(labels))], Score: uniform(r, 0.3, 0.9)}
	for y := max(0, int(cy-b)); y <= min(h-1, int(cy+b)); y++ {
		for x := max(0, int(cx-a)); x <= min(w-1, int(cx+a)); x++ {
			dx, dy := (float64(x)-cx)/a, (float64(y)-cy)/b
			if dx*dx+dy*dy <= 1 {
				m.Pix = append(m.Pix, int32(y*w+x))
			}
		}
	}
	return m
}

// morph dilates (rad > 0) or erodes (rad < 0) a mask by |rad| steps of a
// 3×3 square; the pixels come back in increasing order.
func morph(pix []int32, w, h, rad int) []int32 {
	if rad == 0 || len(pix) == 0 {
		return pix
	}
	x0, y0, x1, y1 := w, h, -1, -1
	for _, p := range pix {
		x, y := int(p)%w, int(p)/w
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	k := max(rad, -rad)
	x0, y0, x1, y1 = max(0, x0-k), max(0, y0-k), min(w-1, x1+k), min(h-1, y1+k)
	bw, bh := x1-x0+1, y1-y0+1
	cur := make([]bool, bw*bh)
	for _, p := range pix {
		cur[(int(p)/w-y0)*bw+int(p)%w-x0] = true
	}
	next := make([]bool, len(cur))
	dilate := rad > 0
	for step := 0; step < k; step++ {
		for y := 0; y < bh; y++ {
			for x := 0; x < bw; x++ {
				v := !dilate
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						xx, yy := x+dx, y+dy
						in := xx >= 0 && yy >= 0 && xx < bw && yy < bh && cur[yy*bw+xx]
						if dilate && in {
							v = true
						}
						if !dilate && !in {
							v = false
						}
					}
				}
				next[y*bw+x] = v
			}
		}
		cur, next = next, cur
	}
	out := make([]int32, 0, len(pix))
	for y := 0; y < bh; y++ {
		for x := 0; x < bw; x++ {
			if cur[y*bw+x] {
				out = append(out, int32((y+y0)*w+x+x0))
			}
		}
	}
	return out
}

// noisyTracks adds endpoint jitter and outliers to the known tracks.
func noisyTracks(r *rand.Rand, tracks []float32, np NoiseParams) {
	for i := 0; i < len(tracks); i += 2 {
		if math.IsNaN(float64(tracks[i])) {
			continue
		}
		if r.Float64() < np.TrackOutlier {
			tracks[i] = float32(uniform(r, -TrackOutlierRange, TrackOutlierRange))
			tracks[i+1] = float32(uniform(r, -TrackOutlierRange, TrackOutlierRange))
			continue
		}
		tracks[i] += float32(np.TrackJitter * r.NormFloat64())
		tracks[i+1] += float32(np.TrackJitter * r.NormFloat64())
	}
}
