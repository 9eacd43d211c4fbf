package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"flowbench/export"
)

// TestGenerateTestSplitSelection: the test split keeps exactly
// min(target, candidates) questions per category, nothing of the other
// categories, records the selection in the manifest, and gives the same
// bytes with one or two workers.
func TestGenerateTestSplitSelection(t *testing.T) {
	run := func(workers string) (string, map[string][]byte) {
		dir := filepath.Join(t.TempDir(), "ds")
		out, code := genCLI(t, "generate", "--split", "test", "--scenes", "FloorPlan1,FloorPlan201,FloorPlan301,FloorPlan401",
			"--size", "64", "--assets", "none", "--questions-only", "--quiet", "--workers", workers, "--balance-houses", "2",
			"--test-counts", "near_object=3,feasibility=2,contact_wall=1", "--out", dir)
		if code != 0 {
			t.Fatalf("generate: code %d\n%s", code, out)
		}
		return dir, readTree(t, dir)
	}
	dir, files := run("2")
	var m export.Manifest
	b, err := os.ReadFile(filepath.Join(dir, export.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	sel, ok := m.Config["test"].(map[string]any)["selection"].(map[string]any)
	if !ok {
		t.Fatalf("manifest config has no selection: %v", m.Config["test"])
	}
	cands, _ := sel["candidates"].(map[string]any)
	target := map[string]float64{"near_object": 3, "feasibility": 2, "contact_wall": 1}
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for q, err := range ds.Questions("test") {
		if err != nil {
			t.Fatal(err)
		}
		got[q.Category]++
	}
	for c, n := range got {
		if _, ok := target[c]; !ok {
			t.Errorf("%v questions of %s, which has no target", n, c)
		}
	}
	for c, want := range target {
		have, _ := cands[c].(float64)
		if exp := min(want, have); got[c] != exp {
			t.Errorf("%s: %v questions from %v candidates, want %v", c, got[c], have, exp)
		}
	}
	if got["near_object"] == 0 {
		t.Error("no near_object question selected: the test does not exercise the selection")
	}
	_, one := run("1")
	sameTree(t, files, one, "selected test split with 1 vs 2 workers")
}
