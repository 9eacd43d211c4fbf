package pipeline

import (
	"flowbench/real"
	"flowbench/real/marks"
)

// RealCandidate is one candidate question of a Real run before the split
// selection: the question, the measurement of its pair, the pair's index
// in the run's order, and what the run prepared for its row (dot colours,
// JSON).
type RealCandidate struct {
	Pair        int
	Measurement *real.Measurement
	Question    real.Question
	Colors      []marks.Color
	metrics     string
	spec        string
	texts       real.Texts
}

// selectReal is the split selection (B.6, B.7): it returns the kept
// candidates in candidate order. The one call to swap for real.Select
// once it lands; until then the train split keeps every candidate and
// every other split (test) the first question of each pair, by question
// id.
func selectReal(split string, cands []RealCandidate, _ RealOptions) []RealCandidate {
	if split == "train" {
		return cands
	}
	var out []RealCandidate
	last := -1
	for _, c := range cands { // candidates come sorted by pair, then question id
		if c.Pair != last {
			out = append(out, c)
			last = c.Pair
		}
	}
	return out
}
