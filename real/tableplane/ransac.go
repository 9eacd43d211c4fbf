package tableplane

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Correspondence pairs an image pixel (U, V) with a board position (X, Y)
// in metres: in B.3 the bottom-centre pixel of the arm mask in an
// episode's first frame and the recorded end-effector position.
type Correspondence struct {
	U, V float64
	X, Y float64
}

// Options configure Fit. The zero value is B.3's fit with seed 0.
type Options struct {
	// Seed seeds RANSAC's sampling; a fit is a function of the seed and
	// the correspondences in their order.
	Seed uint64
	// ThresholdPx is the inlier threshold, pixels; 0 means
	// InlierThresholdPx (B.3).
	ThresholdPx float64
	// MinCorrespondences is the fewest correspondences accepted; 0 means
	// MinCorrespondences (B.3). It may not be below MinSampleSize.
	MinCorrespondences int
	// MaxIterations caps the adaptive iteration count; 0 means
	// DefaultMaxIterations.
	MaxIterations int
	// Confidence is the probability the adaptive count aims for of
	// drawing one all-inlier sample; 0 means DefaultConfidence.
	Confidence float64
}

func (o Options) withDefaults() (Options, error) {
	if o.ThresholdPx == 0 {
		o.ThresholdPx = InlierThresholdPx
	}
	if o.MinCorrespondences == 0 {
		o.MinCorrespondences = MinCorrespondences
	}
	if o.MaxIterations == 0 {
		o.MaxIterations = DefaultMaxIterations
	}
	if o.Confidence == 0 {
		o.Confidence = DefaultConfidence
	}
	switch {
	case !(o.ThresholdPx > 0) || math.IsInf(o.ThresholdPx, 0):
		return o, fmt.Errorf("tableplane: inlier threshold %v px", o.ThresholdPx)
	case o.MinCorrespondences < MinSampleSize:
		return o, fmt.Errorf("tableplane: minimum of %d correspondences is below %d", o.MinCorrespondences, MinSampleSize)
	case o.MaxIterations < 1:
		return o, fmt.Errorf("tableplane: %d iterations", o.MaxIterations)
	case !(o.Confidence > 0 && o.Confidence < 1):
		return o, fmt.Errorf("tableplane: confidence %v not in (0, 1)", o.Confidence)
	}
	return o, nil
}

// Stats summarises a fit's residuals, pixels. Percentiles interpolate
// linearly between order statistics.
type Stats struct {
	// N is the number of correspondences, Inliers how many are inliers.
	N, Inliers int
	// Median and P90 are over the inliers.
	Median, P90 float64
	// MedianAll and P90All are over all correspondences (a correspondence
	// whose board point maps to infinity counts as +Inf).
	MedianAll, P90All float64
}

// Plane is a fitted table plane. A Plane built by hand from H and Inv
// takes the camera to see the board points where H's homogeneous
// coordinate is positive (Fit records the side its inliers lie on).
type Plane struct {
	// H maps a board position to an image pixel; Inv is its inverse.
	H, Inv Homography
	// Inliers marks the correspondences within the threshold of the final
	// fit, in input order.
	Inliers []bool
	// Residuals are ‖(u, v) − H(x, y)‖ per correspondence, pixels.
	Residuals []float64
	// Stats summarises Residuals.
	Stats Stats
	// Iterations is the number of RANSAC samples drawn.
	Iterations int
	// sign is the sign of H's homogeneous coordinate at the inliers'
	// board positions: the side of the horizon the camera sees.
	sign float64
}

// ErrNoConsensus is returned when RANSAC finds no model with enough
// inliers to refit.
var ErrNoConsensus = errors.New("tableplane: no consensus")

// Fit fits the table plane of B.3 to corrs: RANSAC over minimal samples of
// four correspondences, inliers within Options.ThresholdPx (8 px) of the
// board position mapped into the image, an adaptive iteration count
// log(1 − confidence)/log(1 − w⁴) for the best inlier share w so far,
// capped at Options.MaxIterations, then a normalised-DLT refit on all
// inliers polished by Refine (least squares in pixels), repeated until the
// inlier set is stable. Fewer than
// Options.MinCorrespondences correspondences (30, B.3) is ErrTooFew.
func Fit(corrs []Correspondence, opt Options) (*Plane, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	n := len(corrs)
	if n < opt.MinCorrespondences {
		return nil, fmt.Errorf("%w: %d, a camera setup needs at least %d (B.3)", ErrTooFew, n, opt.MinCorrespondences)
	}
	board := make([]Point, n)
	img := make([]Point, n)
	for i, c := range corrs {
		if !finite(c.U) || !finite(c.V) || !finite(c.X) || !finite(c.Y) {
			return nil, fmt.Errorf("%w: correspondence %d", ErrNotFinite, i)
		}
		board[i] = Point{c.X, c.Y}
		img[i] = Point{c.U, c.V}
	}
	if _, _, err := normalise(board); err != nil {
		return nil, fmt.Errorf("board positions: %w", err)
	}
	if _, _, err := normalise(img); err != nil {
		return nil, fmt.Errorf("image pixels: %w", err)
	}

	rng := rand.New(rand.NewPCG(opt.Seed, 0x7461626c65706c61)) // "tablepla"
	res := make([]float64, n)
	var (
		best      Homography
		bestCount = -1
		bestCost  = math.Inf(1)
		iters     int
		need      = opt.MaxIterations
		idx       [MinSampleSize]int
		sb, si    = make([]Point, MinSampleSize), make([]Point, MinSampleSize)
	)
	thr2 := opt.ThresholdPx * opt.ThresholdPx
	for iters < need {
		iters++
		sample(rng, n, idx[:])
		for k, j := range idx {
			sb[k], si[k] = board[j], img[j]
		}
		h, err := EstimateDLT(sb, si)
		if err != nil {
			continue
		}
		sign := math.Copysign(1, h.w(sb[0]))
		if !sameSide(h, sb, sign) {
			continue
		}
		residuals(h, board, img, sign, res)
		count, cost := 0, 0.0
		for _, r := range res {
			if r <= opt.ThresholdPx {
				count++
				cost += r * r
			} else {
				cost += thr2
			}
		}
		if count > bestCount || (count == bestCount && cost < bestCost) {
			best, bestCount, bestCost = h, count, cost
			need = adaptive(float64(count)/float64(n), opt.Confidence, opt.MaxIterations)
		}
	}
	if bestCount < MinSampleSize {
		return nil, fmt.Errorf("%w: no sample in %d fixed a homography", ErrNoConsensus, iters)
	}

	// Refit on all inliers until the inlier set stops changing.
	h := best
	sign := majoritySign(h, board)
	residuals(h, board, img, sign, res)
	in := inlierMask(res, opt.ThresholdPx)
	for range 20 {
		var fb, fi []Point
		for i, ok := range in {
			if ok {
				fb = append(fb, board[i])
				fi = append(fi, img[i])
			}
		}
		if len(fb) < MinSampleSize {
			return nil, fmt.Errorf("%w: %d inliers", ErrNoConsensus, len(fb))
		}
		refit, err := EstimateDLT(fb, fi)
		if err != nil {
			return nil, fmt.Errorf("refit on %d inliers: %w", len(fb), err)
		}
		h = Refine(refit, fb, fi)
		sign = majoritySign(h, fb)
		residuals(h, board, img, sign, res)
		next := inlierMask(res, opt.ThresholdPx)
		if equalMasks(in, next) {
			break
		}
		in = next
	}
	in = inlierMask(res, opt.ThresholdPx)
	inv, err := h.Inverse()
	if err != nil {
		return nil, err
	}
	p := &Plane{H: h, Inv: inv, Inliers: in, Residuals: res, Iterations: iters, sign: sign}
	p.Stats = summarise(res, in)
	if p.Stats.Inliers < MinSampleSize {
		return nil, fmt.Errorf("%w: %d inliers after the refit", ErrNoConsensus, p.Stats.Inliers)
	}
	return p, nil
}

// ToImage maps a board position (metres) to its image pixel through H.
// ok is false for a position on the image's line at infinity.
func (p *Plane) ToImage(x, y float64) (u, v float64, ok bool) {
	q, ok := p.H.Apply(Point{x, y})
	return q.X, q.Y, ok
}

// ToBoard maps an image pixel to its board position (metres) through H⁻¹.
// ok is false for a pixel on the board's horizon.
func (p *Plane) ToBoard(u, v float64) (x, y float64, ok bool) {
	q, ok := p.Inv.Apply(Point{u, v})
	return q.X, q.Y, ok
}

// sample fills idx with distinct indices below n, drawn uniformly.
func sample(rng *rand.Rand, n int, idx []int) {
	for k := range idx {
	draw:
		for {
			j := rng.IntN(n)
			for _, prev := range idx[:k] {
				if prev == j {
					continue draw
				}
			}
			idx[k] = j
			break
		}
	}
}

// sameSide reports whether every point of p has a homogeneous coordinate
// of the given sign under h: a camera sees all board points in front of
// it, so a sample that splits them is no camera.
func sameSide(h Homography, p []Point, sign float64) bool {
	for _, q := range p {
		if h.w(q)*sign <= 0 {
			return false
		}
	}
	return true
}

// majoritySign is the sign most of p's homogeneous coordinates have.
func majoritySign(h Homography, p []Point) float64 {
	pos := 0
	for _, q := range p {
		if h.w(q) > 0 {
			pos++
		}
	}
	if 2*pos >= len(p) {
		return 1
	}
	return -1
}

// residuals writes ‖img[i] − h(board[i])‖ to res; a board point on the
// other side of the horizon from sign, or mapped to infinity, gets +Inf.
func residuals(h Homography, board, img []Point, sign float64, res []float64) {
	for i, b := range board {
		q, ok := h.Apply(b)
		if !ok || h.w(b)*sign <= 0 {
			res[i] = math.Inf(1)
			continue
		}
		res[i] = math.Hypot(img[i].X-q.X, img[i].Y-q.Y)
	}
}

func inlierMask(res []float64, thr float64) []bool {
	m := make([]bool, len(res))
	for i, r := range res {
		m[i] = r <= thr
	}
	return m
}

func equalMasks(a, b []bool) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// adaptive is the number of samples that draws an all-inlier sample with
// probability conf when a share w of the data are inliers, capped at max.
func adaptive(w, conf float64, max int) int {
	p := math.Pow(w, MinSampleSize)
	if p >= 1 {
		return 1
	}
	if p <= 0 {
		return max
	}
	k := math.Ceil(math.Log(1-conf) / math.Log(1-p))
	if !(k < float64(max)) {
		return max
	}
	return int(k)
}
