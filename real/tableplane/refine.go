package tableplane

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// refineIterations caps the Levenberg–Marquardt steps of Refine.
const refineIterations = 30

// Refine improves h (board → image) by Levenberg–Marquardt on the sum of
// squared image distances ‖img[i] − h(board[i])‖², the maximum-likelihood
// fit under Gaussian pixel noise, starting from h (the DLT's algebraic
// fit). It works in Hartley-normalised coordinates, where image distances
// are the pixel distances times one constant, with the last entry fixed
// to 1. It returns h unchanged when it cannot lower the cost.
func Refine(h Homography, board, img []Point) Homography {
	if len(board) < MinSampleSize || len(board) != len(img) {
		return h
	}
	ts, nb, err := normalise(board)
	if err != nil {
		return h
	}
	td, ni, err := normalise(img)
	if err != nil {
		return h
	}
	tsInv, err := ts.Inverse()
	if err != nil {
		return h
	}
	hn := mul(td, mul(h, tsInv))
	if math.Abs(hn[8]) < degenerateTol*frobenius(hn) {
		return h
	}
	hn = hn.normalised()
	cost := reprojCost(hn, nb, ni)
	if !finite(cost) {
		return h
	}
	lambda := 1e-3
	jtj := mat.NewSymDense(8, nil)
	jtr := mat.NewVecDense(8, nil)
	a := mat.NewSymDense(8, nil)
	var chol mat.Cholesky
	var step mat.VecDense
	for range refineIterations {
		jtj.Zero()
		jtr.Zero()
		for i, p := range nb {
			w := hn[6]*p.X + hn[7]*p.Y + 1
			au := hn[0]*p.X + hn[1]*p.Y + hn[2]
			av := hn[3]*p.X + hn[4]*p.Y + hn[5]
			u, v := au/w, av/w
			ju := [8]float64{p.X / w, p.Y / w, 1 / w, 0, 0, 0, -u * p.X / w, -u * p.Y / w}
			jv := [8]float64{0, 0, 0, p.X / w, p.Y / w, 1 / w, -v * p.X / w, -v * p.Y / w}
			ru, rv := ni[i].X-u, ni[i].Y-v
			for r := range 8 {
				jtr.SetVec(r, jtr.AtVec(r)+ju[r]*ru+jv[r]*rv)
				for c := r; c < 8; c++ {
					jtj.SetSym(r, c, jtj.At(r, c)+ju[r]*ju[c]+jv[r]*jv[c])
				}
			}
		}
		improved := false
		for range 10 {
			a.CopySym(jtj)
			for d := range 8 {
				a.SetSym(d, d, jtj.At(d, d)*(1+lambda))
			}
			if !chol.Factorize(a) {
				lambda *= 10
				continue
			}
			if err := chol.SolveVecTo(&step, jtr); err != nil {
				lambda *= 10
				continue
			}
			next := hn
			for r := range 8 {
				next[r] += step.AtVec(r)
			}
			if c := reprojCost(next, nb, ni); c < cost {
				small := cost-c <= 1e-12*cost
				hn, cost, improved = next, c, true
				lambda = math.Max(lambda/10, 1e-12)
				if small {
					improved = false
				}
				break
			}
			lambda *= 10
		}
		if !improved {
			break
		}
	}
	tdInv, err := td.Inverse()
	if err != nil {
		return h
	}
	out := mul(tdInv, mul(hn, ts))
	if _, err := out.Inverse(); err != nil {
		return h
	}
	return out.normalised()
}

// reprojCost is Σ‖img[i] − h(board[i])‖²; +Inf if a point maps to
// infinity or crosses the horizon from where the first point lies.
func reprojCost(h Homography, board, img []Point) float64 {
	sign := math.Copysign(1, h.w(board[0]))
	s := 0.0
	for i, b := range board {
		if h.w(b)*sign <= 0 {
			return math.Inf(1)
		}
		q, ok := h.Apply(b)
		if !ok {
			return math.Inf(1)
		}
		s += (img[i].X-q.X)*(img[i].X-q.X) + (img[i].Y-q.Y)*(img[i].Y-q.Y)
	}
	return s
}
