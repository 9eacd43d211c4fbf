package tableplane

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Point is a 2-D point: an image pixel (u, v) or a board position (x, y)
// in metres, by context.
type Point struct{ X, Y float64 }

// Homography is a 3×3 projective map in row-major order: a point p maps to
// (h0 p.X + h1 p.Y + h2, h3 p.X + h4 p.Y + h5) / (h6 p.X + h7 p.Y + h8).
type Homography [9]float64

// Errors of the estimation.
var (
	// ErrTooFew is returned for fewer correspondences than a fit needs.
	ErrTooFew = errors.New("tableplane: too few correspondences")
	// ErrNotFinite is returned when a coordinate is NaN or infinite.
	ErrNotFinite = errors.New("tableplane: coordinate not finite")
	// ErrDegenerate is returned when the points do not fix a homography:
	// all collinear, three of four collinear, or a singular result.
	ErrDegenerate = errors.New("tableplane: degenerate configuration")
)

// degenerateTol is the relative size below which a singular value, a
// spread or an area counts as zero in normalised coordinates.
const degenerateTol = 1e-9

// Apply maps p through h. ok is false when p maps to infinity (the
// homogeneous coordinate is zero) or the result is not finite.
func (h Homography) Apply(p Point) (q Point, ok bool) {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	if w == 0 {
		return Point{}, false
	}
	q = Point{(h[0]*p.X + h[1]*p.Y + h[2]) / w, (h[3]*p.X + h[4]*p.Y + h[5]) / w}
	return q, finite(q.X) && finite(q.Y)
}

// w is the homogeneous coordinate p gets under h; its sign tells on which
// side of the plane's horizon p lies.
func (h Homography) w(p Point) float64 { return h[6]*p.X + h[7]*p.Y + h[8] }

// Inverse returns h⁻¹, scaled so that its last entry is 1 where it can be.
func (h Homography) Inverse() (Homography, error) {
	a, b, c, d, e, f, g, k, i := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	inv := Homography{
		e*i - f*k, c*k - b*i, b*f - c*e,
		f*g - d*i, a*i - c*g, c*d - a*f,
		d*k - e*g, b*g - a*k, a*e - b*d,
	}
	det := a*inv[0] + b*inv[3] + c*inv[6]
	if !finite(det) || math.Abs(det) <= degenerateTol*math.Pow(frobenius(h), 3) {
		return Homography{}, fmt.Errorf("%w: singular homography", ErrDegenerate)
	}
	return inv.normalised(), nil
}

// normalised scales h so that h8 = 1, or to unit Frobenius norm with
// h8 ≥ 0 when h8 is (near) zero.
func (h Homography) normalised() Homography {
	n := frobenius(h)
	if n == 0 {
		return h
	}
	s := 1 / n
	if math.Abs(h[8]) > degenerateTol*n {
		s = 1 / h[8]
	} else if h[8] < 0 {
		s = -s
	}
	for j := range h {
		h[j] *= s
	}
	return h
}

func frobenius(h Homography) float64 {
	s := 0.0
	for _, v := range h {
		s += v * v
	}
	return math.Sqrt(s)
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// EstimateDLT returns the homography H with dst[i] ∼ H src[i], by the
// normalised direct linear transform (Hartley): each point set is moved
// to its centroid and scaled to a mean distance of √2, the 2n×9 system is
// solved by SVD (the right singular vector of the least singular value)
// and the result is denormalised. It needs at least four pairs, finite
// coordinates, and points that fix a homography: neither set collinear,
// no three of exactly four points collinear, and a non-singular result.
func EstimateDLT(src, dst []Point) (Homography, error) {
	n := len(src)
	if n != len(dst) {
		return Homography{}, fmt.Errorf("tableplane: %d source points but %d destination points", n, len(dst))
	}
	if n < MinSampleSize {
		return Homography{}, fmt.Errorf("%w: %d, a homography needs %d", ErrTooFew, n, MinSampleSize)
	}
	for i := range n {
		if !finite(src[i].X) || !finite(src[i].Y) || !finite(dst[i].X) || !finite(dst[i].Y) {
			return Homography{}, fmt.Errorf("%w: correspondence %d", ErrNotFinite, i)
		}
	}
	ts, ns, err := normalise(src)
	if err != nil {
		return Homography{}, err
	}
	td, nd, err := normalise(dst)
	if err != nil {
		return Homography{}, err
	}
	if n == MinSampleSize && (threeCollinear(ns) || threeCollinear(nd)) {
		return Homography{}, fmt.Errorf("%w: three of the four points are collinear", ErrDegenerate)
	}
	a := mat.NewDense(2*n, 9, nil)
	for i := range n {
		x, y := ns[i].X, ns[i].Y
		u, v := nd[i].X, nd[i].Y
		a.SetRow(2*i, []float64{-x, -y, -1, 0, 0, 0, u * x, u * y, u})
		a.SetRow(2*i+1, []float64{0, 0, 0, -x, -y, -1, v * x, v * y, v})
	}
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDFullV) {
		return Homography{}, fmt.Errorf("%w: SVD did not converge", ErrDegenerate)
	}
	sv := svd.Values(nil)
	// A homography has 8 degrees of freedom: the system must have rank 8.
	// With n = 4 the matrix has only 8 rows, so sv has 8 entries.
	if sv[7] <= degenerateTol*sv[0] {
		return Homography{}, fmt.Errorf("%w: the points leave the homography undetermined", ErrDegenerate)
	}
	var vm mat.Dense
	svd.VTo(&vm)
	var hn Homography
	for j := range 9 {
		hn[j] = vm.At(j, 8)
	}
	// H = Td⁻¹ · Ĥ · Ts.
	tdInv := Homography{1 / td[0], 0, -td[2] / td[0], 0, 1 / td[0], -td[5] / td[0], 0, 0, 1}
	h := mul(tdInv, mul(hn, ts))
	if _, err := h.Inverse(); err != nil {
		return Homography{}, err
	}
	return h.normalised(), nil
}

// normalise returns Hartley's similarity T (centroid to the origin, mean
// distance √2) and the moved points. All points coinciding or lying on one
// line is an error.
func normalise(p []Point) (Homography, []Point, error) {
	var cx, cy float64
	for _, q := range p {
		cx += q.X
		cy += q.Y
	}
	cx /= float64(len(p))
	cy /= float64(len(p))
	var mean, sxx, syy, sxy float64
	for _, q := range p {
		dx, dy := q.X-cx, q.Y-cy
		mean += math.Hypot(dx, dy)
		sxx += dx * dx
		syy += dy * dy
		sxy += dx * dy
	}
	mean /= float64(len(p))
	if mean == 0 || !finite(mean) {
		return Homography{}, nil, fmt.Errorf("%w: the points coincide", ErrDegenerate)
	}
	// The least eigenvalue of the scatter matrix is zero for collinear
	// points; compare it with the largest.
	tr, det := sxx+syy, sxx*syy-sxy*sxy
	disc := math.Sqrt(math.Max(0, tr*tr/4-det))
	lmax, lmin := tr/2+disc, tr/2-disc
	if lmin <= degenerateTol*lmax {
		return Homography{}, nil, fmt.Errorf("%w: the points are collinear", ErrDegenerate)
	}
	s := math.Sqrt2 / mean
	out := make([]Point, len(p))
	for i, q := range p {
		out[i] = Point{(q.X - cx) * s, (q.Y - cy) * s}
	}
	return Homography{s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1}, out, nil
}

// threeCollinear reports whether any three of p (normalised, so of unit
// scale) are collinear.
func threeCollinear(p []Point) bool {
	for i := 0; i < len(p); i++ {
		for j := i + 1; j < len(p); j++ {
			for k := j + 1; k < len(p); k++ {
				area := (p[j].X-p[i].X)*(p[k].Y-p[i].Y) - (p[j].Y-p[i].Y)*(p[k].X-p[i].X)
				if math.Abs(area) <= 1e-6 {
					return true
				}
			}
		}
	}
	return false
}

// mul returns a·b.
func mul(a, b Homography) Homography {
	var c Homography
	for r := range 3 {
		for k := range 3 {
			s := 0.0
			for j := range 3 {
				s += a[3*r+j] * b[3*j+k]
			}
			c[3*r+k] = s
		}
	}
	return c
}
