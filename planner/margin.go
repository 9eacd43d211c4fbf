package planner

import "math"

// Margin rules (our choice, issue 13): every deciding comparison of an
// answer keeps a gap a person can see in the image.
const (
	// MarginMinGap is the smallest gap in metres between a deciding
	// distance and its threshold, or between the two distances a
	// comparison decides on (3rd vs 4th nearest, nearest vs second).
	MarginMinGap = 0.10
	// MarginMinRelative is the smallest gap relative to the threshold, or
	// to the larger of the two compared distances.
	MarginMinRelative = 0.10
	// MarginLRPixels is the smallest |u(A) − u(L)| after the move for
	// left/right, in pixels at 800 px width (scaled with the image).
	MarginLRPixels = 24.0
	// MarginCover is the smallest |cover − τ_occ| for occlusion.
	MarginCover = 0.08
)

// MarginKind names the unit of a decision margin.
type MarginKind string

// The three kinds of deciding comparison.
const (
	MarginDistance  MarginKind = "distance"   // metres, with a relative gap
	MarginPixels    MarginKind = "pixels"     // image columns, scaled to 800 px
	MarginCoverRate MarginKind = "cover_rate" // cover-rate units
)

// DecisionMargin is the gap of an answer's deciding comparison, recorded in
// an example's metrics under "decision_margin".
type DecisionMargin struct {
	Kind MarginKind `json:"kind"`
	// What names the comparison: "tau" (distance vs the stated
	// threshold), "tau_wall", "third_fourth", "nearest_second",
	// "landmark_u" or "tau_occ".
	What string  `json:"what"`
	Gap  float64 `json:"gap"` // metres, pixels or cover-rate units
	// Relative is Gap over the threshold, or over the larger compared
	// distance (distance kind only).
	Relative float64 `json:"relative,omitempty"`
	// Width is the image width the pixel gap was measured at.
	Width int `json:"width,omitempty"`
}

// OK reports whether the margin meets the rule of its kind.
func (m DecisionMargin) OK() bool {
	const eps = 1e-9
	switch m.Kind {
	case MarginDistance:
		return m.Gap >= MarginMinGap-eps && m.Relative >= MarginMinRelative-eps
	case MarginPixels:
		if m.Width <= 0 {
			return false
		}
		return m.Gap*BaseWidth/float64(m.Width) >= MarginLRPixels-eps
	case MarginCoverRate:
		return m.Gap >= MarginCover-eps
	}
	return false
}

// ThresholdMargin is the margin of a distance d against a threshold tau.
func ThresholdMargin(what string, d, tau float64) DecisionMargin {
	gap := math.Abs(d - tau)
	return DecisionMargin{Kind: MarginDistance, What: what, Gap: round6(gap), Relative: round6(gap / tau)}
}

// PairMargin is the margin between two compared distances a and b.
func PairMargin(what string, a, b float64) DecisionMargin {
	gap := math.Abs(a - b)
	rel := 0.0
	if big := math.Max(a, b); big > 0 {
		rel = gap / big
	}
	return DecisionMargin{Kind: MarginDistance, What: what, Gap: round6(gap), Relative: round6(rel)}
}

// minThresholdMargin is the smallest ThresholdMargin over ds.
func minThresholdMargin(what string, ds []float64, tau float64) DecisionMargin {
	best := DecisionMargin{Kind: MarginDistance, What: what, Gap: math.Inf(1)}
	for _, d := range ds {
		if m := ThresholdMargin(what, d, tau); m.Gap < best.Gap {
			best = m
		}
	}
	return best
}
