package export

import (
	"math/rand/v2"
	"slices"
)

// SampleQuestions returns n questions of a split drawn uniformly without
// replacement (reservoir sampling with a PCG stream seeded by seed), in
// the order they appear in the split; all of them when the split holds at
// most n. The sample is a function of the split's rows and the seed only.
func SampleQuestions(d *Dataset, split string, n int, seed uint64) ([]QuestionRow, error) {
	if n <= 0 {
		return nil, nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x5a3b1e))
	type kept struct {
		row QuestionRow
		at  int
	}
	var res []kept
	i := 0
	for q, err := range d.Questions(split) {
		if err != nil {
			return nil, err
		}
		if len(res) < n {
			res = append(res, kept{q, i})
		} else if k := rng.IntN(i + 1); k < n {
			res[k] = kept{q, i}
		}
		i++
	}
	// Back into split order.
	slices.SortFunc(res, func(a, b kept) int { return a.at - b.at })
	out := make([]QuestionRow, len(res))
	for k, r := range res {
		out[k] = r.row
	}
	return out, nil
}
