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
