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
	mjson       string // the measurement the question was asked on ("": the pair's)
	texts       real.Texts
}

// selectReal is the split selection: real.Select over every candidate of
// the run (B.6 for the test split, B.7 for any other), returning the kept
// candidates in candidate order. textOnly holds the questions the
// text-only model solved (B.6's ordering check; nil when not run): the
// test selection takes them only after all others of their category.
func selectReal(split string, cands []RealCandidate, textOnly map[string]bool, opt RealOptions) []RealCandidate {
	qs := make([]real.Question, len(cands))
	for i := range cands {
		qs[i] = cands[i].Question
	}
	kept := map[string]bool{}
	for _, q := range real.Select(qs, real.SelectOptions{Test: split == "test", Seed: opt.Seed, Extended: opt.Extended,
		PerCategory: opt.PerCategory, TextOnly: textOnly}) {
		kept[q.ID] = true
	}
	var out []RealCandidate
	for _, c := range cands {
		if kept[c.Question.ID] {
			out = append(out, c)
		}
	}
	return out
}
