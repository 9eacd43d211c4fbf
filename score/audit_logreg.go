package score

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// logReg is an L2-regularised logistic regression over the text features
// (the text_logreg baseline): bag of words plus standardised numbers. It
// predicts P(label) of a sample from its dense feature vector.
type logReg struct {
	cols []logRegCol
	w    []float64 // one weight per column
	bias float64
}

// logRegCol is one design column, computed from one feature.
type logRegCol struct {
	feature int
	kind    logRegKind
	mean    float64 // logRegScaled: subtracted, then divided by scale
	scale   float64
	level   float64 // logRegLevel: the value the indicator tests
}

// logRegKind is how a column reads its feature.
type logRegKind int

const (
	logRegBinary  logRegKind = iota // a 0/1 word feature, as is
	logRegScaled                    // a number, standardised; absent numbers read 0 (the mean)
	logRegPresent                   // 1 when a number feature is present
	logRegLevel                     // 1 when the feature equals level (the choice's letter index)
)

// value returns the column's value for feature value x.
func (c logRegCol) value(x float64) float64 {
	switch c.kind {
	case logRegScaled:
		if x == missingValue {
			return 0
		}
		return (x - c.mean) / c.scale
	case logRegPresent:
		if x == missingValue {
			return 0
		}
		return 1
	case logRegLevel:
		if x == c.level {
			return 1
		}
		return 0
	}
	return x
}

// logRegDesign chooses the design columns from the training samples:
//   - word features (values 0 and 1) as they are, when at least minCount
//     training samples have the word and at least minCount lack it;
//   - number features (missingValue when absent: the stem's numbers, the
//     choice's number) as a presence indicator (when some samples lack the
//     number) and the value standardised over the samples that have it;
//   - other numbers (parsed motion, letter index) standardised;
//   - the letter index c:idx also as one indicator per letter.
//
// Constant columns are left out. Columns follow the feature order.
func logRegDesign(names []string, X [][]float64, train []int, minCount int) []logRegCol {
	var cols []logRegCol
	for f, name := range names {
		var present, ones int
		binary := true
		var sum, sum2 float64
		levels := map[float64]bool{}
		for _, i := range train {
			x := X[i][f]
			if x == missingValue {
				continue
			}
			present++
			sum += x
			sum2 += x * x
			if x == 1 {
				ones++
			} else if x != 0 {
				binary = false
			}
			if name == "c:idx" {
				levels[x] = true
			}
		}
		if present == 0 {
			continue
		}
		if defaultOf(name) == missingValue && present < len(train) {
			cols = append(cols, logRegCol{feature: f, kind: logRegPresent})
		}
		if binary && defaultOf(name) != missingValue {
			if ones >= minCount && len(train)-ones >= minCount {
				cols = append(cols, logRegCol{feature: f, kind: logRegBinary})
			}
			continue
		}
		mean := sum / float64(present)
		if v := sum2/float64(present) - mean*mean; v > 1e-12*max(1, mean*mean) {
			cols = append(cols, logRegCol{feature: f, kind: logRegScaled, mean: mean, scale: math.Sqrt(v)})
		}
		if len(levels) > 1 {
			var ls []float64
			for l := range levels {
				ls = append(ls, l)
			}
			sort.Float64s(ls)
			for _, l := range ls {
				cols = append(cols, logRegCol{feature: f, kind: logRegLevel, level: l})
			}
		}
	}
	return cols
}

// logRegSample is a sample's nonzero design entries.
type logRegSample struct {
	idx []int
	val []float64
}

func (m *logReg) sparse(x []float64) logRegSample {
	var s logRegSample
	for j, c := range m.cols {
		if v := c.value(x[c.feature]); v != 0 {
			s.idx = append(s.idx, j)
			s.val = append(s.val, v)
		}
	}
	return s
}

func (m *logReg) margin(s logRegSample, w []float64, bias float64) float64 {
	z := bias
	for k, j := range s.idx {
		z += w[j] * s.val[k]
	}
	return z
}

// softplus is log(1 + e^z), computed without overflow.
func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// Newton's method settings of fitLogReg: the bias's (nearly absent)
// penalty, the iteration cap and the stopping Newton decrement.
const (
	logRegBiasL2     = 1e-6
	logRegMaxNewton  = 100
	logRegDecrement  = 1e-10
	logRegArmijo     = 1e-4
	logRegMinStepLen = 1e-10
)

// fitLogReg fits the model on the samples train of X, y by minimising
// Σ log(1 + e^z) − y z + λ/2 ‖w‖² (z = w·x + b, the bias nearly
// unpenalised) with Newton's method and a backtracking line search: the
// objective is strictly convex, so the fit is the unique optimum,
// deterministic and independent of the order of samples up to rounding.
// With no training sample it predicts 1/2.
func fitLogReg(names []string, X [][]float64, y []bool, train []int, lambda float64, minCount int) (*logReg, error) {
	m := &logReg{}
	if len(train) == 0 {
		return m, nil
	}
	train = append([]int(nil), train...)
	sort.Ints(train)
	m.cols = logRegDesign(names, X, train, minCount)
	d := len(m.cols)
	m.w = make([]float64, d)
	S := make([]logRegSample, len(train))
	Y := make([]float64, len(train))
	for k, i := range train {
		S[k] = m.sparse(X[i])
		if y[i] {
			Y[k] = 1
		}
	}
	objective := func(w []float64, b float64) float64 {
		o := 0.0
		for k, s := range S {
			z := m.margin(s, w, b)
			o += softplus(z) - Y[k]*z
		}
		for _, v := range w {
			o += lambda / 2 * v * v
		}
		return o + logRegBiasL2/2*b*b
	}
	obj := objective(m.w, m.bias)
	n := d + 1                // the bias is the last coordinate
	h := make([]float64, n*n) // upper triangle of the Hessian, row-major
	gv := make([]float64, n)
	var step mat.VecDense
	var chol mat.Cholesky
	w := make([]float64, d)
	for it := 0; it < logRegMaxNewton; it++ {
		clear(h)
		for j := 0; j < d; j++ {
			h[j*n+j] = lambda
			gv[j] = lambda * m.w[j]
		}
		h[d*n+d] = logRegBiasL2
		gv[d] = logRegBiasL2 * m.bias
		for k, s := range S {
			p := sigmoid(m.margin(s, m.w, m.bias))
			r, c := p-Y[k], p*(1-p)
			for a, ja := range s.idx { // idx ascending: ja ≤ jb
				va := s.val[a]
				gv[ja] += r * va
				row := h[ja*n:]
				for b := a; b < len(s.idx); b++ {
					row[s.idx[b]] += c * va * s.val[b]
				}
				row[d] += c * va
			}
			gv[d] += r
			h[d*n+d] += c
		}
		H := mat.NewSymDense(n, h)
		g := mat.NewVecDense(n, gv)
		if ok := chol.Factorize(H); !ok {
			return nil, fmt.Errorf("text_logreg: Hessian not positive definite (%d columns)", d)
		}
		if err := chol.SolveVecTo(&step, g); err != nil {
			return nil, fmt.Errorf("text_logreg: %w", err)
		}
		dec := mat.Dot(g, &step) // Newton decrement squared
		if dec/2 < logRegDecrement {
			break
		}
		t := 1.0
		for ; t > logRegMinStepLen; t /= 2 {
			for j := range w {
				w[j] = m.w[j] - t*step.AtVec(j)
			}
			b := m.bias - t*step.AtVec(d)
			if o := objective(w, b); o <= obj-logRegArmijo*t*dec {
				copy(m.w, w)
				m.bias, obj = b, o
				break
			}
		}
		if t <= logRegMinStepLen {
			break
		}
	}
	return m, nil
}

// predict returns P(label) for the dense feature vector x.
func (m *logReg) predict(x []float64) float64 {
	if m == nil {
		return 0.5
	}
	return sigmoid(m.margin(m.sparse(x), m.w, m.bias))
}
