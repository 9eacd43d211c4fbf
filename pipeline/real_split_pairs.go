package pipeline

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"flowbench/export"
)

// realTestSplit is the split whose pairs no other split may use (B.6:
// "Test and training share no image pair").
const realTestSplit = "test"

// realSplitPairs returns the pair ids of each other split that dir already
// holds (a question row's house_id is its pair id).
func realSplitPairs(dir, split string) (map[string]map[string]bool, error) {
	ds, err := export.Open(dir)
	if err != nil {
		return nil, nil // no dataset yet
	}
	out := map[string]map[string]bool{}
	for _, s := range ds.Splits() {
		if s == split {
			continue
		}
		ids := map[string]bool{}
		for q, err := range ds.Questions(s) {
			if err != nil {
				return nil, fmt.Errorf("reading split %s of %s for its pairs: %w", s, dir, err)
			}
			ids[q.HouseID] = true
		}
		out[s] = ids
	}
	return out, nil
}

// separateRealSplits keeps the test split's pairs out of every other split
// (B.7: the training split is built from the pairs not used for testing):
// building another split drops the candidates of test pairs and records
// them as skipped; building the test split over pairs another split
// already uses is refused.
func separateRealSplits(dir, split string, cands []RealCandidate, run *export.RealRunReport) ([]RealCandidate, error) {
	others, err := realSplitPairs(dir, split)
	if err != nil {
		return nil, err
	}
	if split == realTestSplit {
		for _, s := range slices.Sorted(maps.Keys(others)) {
			for _, c := range cands {
				if others[s][c.Question.PairID] {
					return nil, fmt.Errorf("%w: split %s of %s already uses pair %s: build the test split first, then the other splits, which leave its pairs out (B.6, B.7)",
						ErrConfig, s, dir, c.Question.PairID)
				}
			}
		}
		return cands, nil
	}
	test := others[realTestSplit]
	if len(test) == 0 {
		return cands, nil
	}
	var kept []RealCandidate
	dropped := map[string]bool{}
	for _, c := range cands {
		if test[c.Question.PairID] {
			dropped[c.Question.PairID] = true
			continue
		}
		kept = append(kept, c)
	}
	for _, id := range slices.Sorted(maps.Keys(dropped)) {
		run.Skipped = append(run.Skipped, export.RealSkip{PairID: id, Stage: "split",
			Reason: "the pair is in the test split (B.6: test and training share no pair)"})
		run.SkippedByStage["split"]++
	}
	sort.SliceStable(run.Skipped, func(i, j int) bool {
		a, b := run.Skipped[i], run.Skipped[j]
		if a.PairID != b.PairID {
			return a.PairID < b.PairID
		}
		return a.QuestionID < b.QuestionID
	})
	return kept, nil
}

// checkMergedRealPairs refuses a merged split that shares a pair with the
// test split (or, for the test split, with any other split) of the dataset
// it was merged into: parts built without --splits-from could not see
// that dataset's test split (B.6, B.7).
func checkMergedRealPairs(out, split string) error {
	others, err := realSplitPairs(out, split)
	if err != nil {
		return err
	}
	ds, err := export.Open(out)
	if err != nil {
		return err
	}
	for q, err := range ds.Questions(split) {
		if err != nil {
			return err
		}
		for _, s := range slices.Sorted(maps.Keys(others)) {
			if (split == realTestSplit || s == realTestSplit) && others[s][q.HouseID] {
				return fmt.Errorf("%w: the merged split %s uses pair %s, which split %s of %s uses too (test and training share no pair, B.6): "+
					"build the parts with --splits-from %s", ErrConfig, split, q.HouseID, s, out, out)
			}
		}
	}
	return nil
}
