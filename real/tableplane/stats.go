package tableplane

import (
	"math"
	"slices"
)

// Percentile returns the q-th quantile (0 ≤ q ≤ 1) of v, interpolating
// linearly between order statistics (the p = (n − 1)q rule); NaN for an
// empty v. v is not modified.
func Percentile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return percentileSorted(s, q)
}

func percentileSorted(s []float64, q float64) float64 {
	pos := q * float64(len(s)-1)
	lo := int(math.Floor(pos))
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	f := pos - float64(lo)
	switch {
	case f == 0:
		return s[lo]
	case math.IsInf(s[lo+1], 1):
		return math.Inf(1)
	}
	return s[lo] + f*(s[lo+1]-s[lo])
}

// summarise computes Stats from per-correspondence residuals and the
// inlier mask.
func summarise(res []float64, in []bool) Stats {
	st := Stats{N: len(res)}
	var inl []float64
	for i, r := range res {
		if in[i] {
			inl = append(inl, r)
		}
	}
	st.Inliers = len(inl)
	st.Median, st.P90 = Percentile(inl, 0.5), Percentile(inl, 0.9)
	st.MedianAll, st.P90All = Percentile(res, 0.5), Percentile(res, 0.9)
	return st
}
