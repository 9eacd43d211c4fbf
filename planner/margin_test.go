package planner

import (
	"math"
	"testing"
)

// The margin rules at their edges: 10 cm and 10 % for distances, 24 px at
// 800 px (12 px at 400 px) for left/right, 0.08 for the cover rate.
func TestDecisionMarginRules(t *testing.T) {
	for _, c := range []struct {
		m    DecisionMargin
		want bool
	}{
		{ThresholdMargin("tau", 0.60, 0.50), true},    // 10 cm, 20 %
		{ThresholdMargin("tau", 0.59, 0.50), false},   // 9 cm
		{ThresholdMargin("tau", 1.40, 1.25), true},    // 15 cm, 12 %
		{ThresholdMargin("tau", 1.36, 1.25), false},   // 11 cm but 8.8 %
		{ThresholdMargin("tau", 0.20, 0.35), true},    // 15 cm below
		{PairMargin("third_fourth", 1.0, 1.12), true}, // 12 cm, 10.7 % of 1.12
		{PairMargin("third_fourth", 1.0, 1.10), false},
		{PairMargin("nearest_second", 0, 0.10), true}, // touching vs 10 cm
		{DecisionMargin{Kind: MarginPixels, Gap: 24, Width: 800}, true},
		{DecisionMargin{Kind: MarginPixels, Gap: 23.9, Width: 800}, false},
		{DecisionMargin{Kind: MarginPixels, Gap: 12, Width: 400}, true},
		{DecisionMargin{Kind: MarginPixels, Gap: 12, Width: 0}, false},
		{DecisionMargin{Kind: MarginCoverRate, Gap: 0.08}, true},
		{DecisionMargin{Kind: MarginCoverRate, Gap: 0.079}, false},
		{DecisionMargin{Kind: "other", Gap: 9}, false},
	} {
		if got := c.m.OK(); got != c.want {
			t.Errorf("%+v: OK %v, want %v", c.m, got, c.want)
		}
	}
}

// The smallest threshold margin over many distances is the one nearest τ,
// and the pair margin is symmetric.
func TestMarginHelpers(t *testing.T) {
	rng := newRNG(3)
	for k := 0; k < 500; k++ {
		tau := TauGrid[rng.IntN(len(TauGrid))]
		ds := make([]float64, 6)
		best := math.Inf(1)
		for i := range ds {
			ds[i] = 2 * rng.Float64()
			best = math.Min(best, math.Abs(ds[i]-tau))
		}
		if m := minThresholdMargin("tau", ds, tau); math.Abs(m.Gap-best) > 1e-6 || math.Abs(m.Relative-best/tau) > 1e-6 {
			t.Fatalf("min margin %+v, want gap %g", m, best)
		}
		a, b := ds[0], ds[1]
		if PairMargin("x", a, b) != PairMargin("x", b, a) {
			t.Fatal("pair margin not symmetric")
		}
	}
}

// A controlled non-flip approaches the landmark and stops short; a move
// away from it is not one. Every flip moves toward the landmark.
func TestTowardLandmark(t *testing.T) {
	rng := newRNG(4)
	for k := 0; k < 1000; k++ {
		u0, u1, uL := 800*rng.Float64(), 800*rng.Float64(), 800*rng.Float64()
		flip := (u0 < uL) != (u1 < uL)
		if flip && !towardLandmark(u0, u1, uL) {
			t.Fatalf("flip %v→%v across %v not toward the landmark", u0, u1, uL)
		}
		// "ends on the side it moved toward" holds iff the move flips,
		// for moves toward the landmark.
		if towardLandmark(u0, u1, uL) {
			movedLeft, endsLeft := u1 < u0, u1 < uL
			if (movedLeft == endsLeft) != flip {
				t.Fatalf("u0 %v u1 %v uL %v: side rule %v, flip %v", u0, u1, uL, movedLeft == endsLeft, flip)
			}
		}
	}
}

// Count-near stages: the flip wish first, then the answer's rank in the
// preference, widened answers (1 or 6) last.
func TestCountStageOrder(t *testing.T) {
	pref := []int{4, 2, 5, 3}
	var got []int
	for _, c := range []struct {
		n    int
		miss bool
	}{{4, false}, {2, false}, {3, false}, {4, true}, {3, true}, {6, false}, {1, true}} {
		got = append(got, countStage(c.n, pref, c.miss))
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("stages %v not increasing", got)
		}
	}
	if got[0] != 0 {
		t.Errorf("the preferred answer with the flip wish met is stage %d, want 0", got[0])
	}
}
