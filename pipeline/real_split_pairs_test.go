package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"flowbench/export"
)

// TestRealSplitsShareNoPair builds a test split, then a training split of
// the same pairs: the training split leaves out every test pair (B.7), and
// rebuilding the test split over the training pairs is refused without
// touching the dataset (B.6).
func TestRealSplitsShareNoPair(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ds")
	pairs := realTestPairs(5)
	test := buildReal(t, dir, pairs, func(o *RealOptions) { o.Split = "test" })
	if test.Questions == 0 {
		t.Fatal("empty test split")
	}
	buildReal(t, dir, pairs, nil)
	used := map[string]map[string]bool{}
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"test", "train"} {
		used[s] = map[string]bool{}
		for q, err := range ds.Questions(s) {
			if err != nil {
				t.Fatal(err)
			}
			used[s][q.HouseID] = true
		}
	}
	for id := range used["train"] {
		if used["test"][id] {
			t.Errorf("pair %s is in both splits", id)
		}
	}
	m, err := export.ReadRealManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Splits["train"].Run.SkippedByStage["split"]; got != len(used["test"]) {
		t.Errorf("train's report leaves out %d pairs for the test split, want %d", got, len(used["test"]))
	}
	before := treeBytes(t, dir)
	_, err = RunReal(context.Background(), RealOptions{Pairs: pairs, Out: dir, Split: "test", Seed: 7, Workers: 2,
		PairsPerShard: 2, Input: "synthetic", Overwrite: true})
	if !errors.Is(err, ErrConfig) {
		t.Fatalf("rebuilding the test split over the training pairs: %v, want a configuration error", err)
	}
	sameTrees(t, "a refused --overwrite", before, treeBytes(t, dir))
	if _, err := export.ValidateReal(dir); err != nil {
		t.Fatalf("the dataset no longer validates: %v", err)
	}
}

// TestRealMergeKeepsSplitsApart merges training parts into a dataset that
// holds a test split: parts built without SplitsFrom, which could not see
// the test split, are refused and leave the dataset as it was; parts built
// with it merge and share no pair with the test split.
func TestRealMergeKeepsSplitsApart(t *testing.T) {
	pairs := realTestPairs(5)
	dir := filepath.Join(t.TempDir(), "ds")
	buildReal(t, dir, pairs, func(o *RealOptions) { o.Split = "test" })
	build := func(from string) []string {
		var parts []string
		for k := range 2 {
			d := filepath.Join(t.TempDir(), "part")
			buildReal(t, d, pairs, func(o *RealOptions) { o.Part, o.SplitsFrom = Part{Index: k, Count: 2}, from })
			parts = append(parts, d)
		}
		return parts
	}
	before := treeBytes(t, dir)
	if err := Merge(context.Background(), build(""), dir); !errors.Is(err, ErrConfig) {
		t.Fatalf("merging parts blind to the test split: %v, want a configuration error", err)
	}
	sameTrees(t, "a refused merge", before, treeBytes(t, dir))
	if err := Merge(context.Background(), build(dir), dir); err != nil {
		t.Fatalf("merging parts built with SplitsFrom: %v", err)
	}
	if _, err := export.ValidateReal(dir); err != nil {
		t.Fatal(err)
	}
	if err := checkMergedRealPairs(dir, "train"); err != nil {
		t.Fatal(err)
	}
}
