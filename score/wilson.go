package score

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a confidence interval for a proportion.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// z95 is the two-sided 95% normal quantile, 1.959964….
var z95 = distuv.UnitNormal.Quantile(0.975)

// Wilson returns the Wilson score interval at 95% for k successes in n
// trials; k may be fractional (a mean accuracy times n). n = 0 gives [0, 1].
func Wilson(k, n float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	p := k / n
	z2 := z95 * z95
	den := 1 + z2/n
	centre := (p + z2/(2*n)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return Interval{max(0, centre-half), min(1, centre+half)}
}
