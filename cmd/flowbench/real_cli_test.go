package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/real/pairfile"
	"flowbench/real/simsource"
	"flowbench/score"
)

// writeSimPairs writes n noise-free simulated pairs into dir (one folder
// each) and one pair folder whose depth file is damaged.
func writeSimPairs(t *testing.T, dir string, n int) {
	t.Helper()
	for i := range n {
		p, _, err := simsource.Generate(3, i, simsource.NoiseNone)
		if err != nil {
			t.Fatal(err)
		}
		if err := pairfile.Write(filepath.Join(dir, p.ID), p); err != nil {
			t.Fatal(err)
		}
		if i == 0 { // a copy with a truncated depth map
			bad := filepath.Join(dir, "zz-bad")
			p.ID = "zz-bad"
			if err := pairfile.Write(bad, p); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(bad, "depth0.npy"), []byte("\x93NUMPY"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestRealBuildCLI runs real build on simulated pairs, then every reader
// command on its output: validate, stats, inspect, prompts and score with
// perfect predictions.
func TestRealBuildCLI(t *testing.T) {
	tmp := t.TempDir()
	pairs, ds := filepath.Join(tmp, "pairs"), filepath.Join(tmp, "ds")
	writeSimPairs(t, pairs, 16)
	code, out, errs := runCmd(t, "real", "build", pairs, "--out", ds, "--split", "test", "--workers", "2")
	if code != 0 {
		t.Fatalf("real build: %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "zz-bad: read: ") || !strings.Contains(out, "depth0.npy") {
		t.Errorf("real build did not report the damaged pair by file:\n%s", out)
	}
	code, out, errs = runCmd(t, "validate", ds)
	if code != 0 || !strings.Contains(out, "valid") {
		t.Fatalf("validate: %d\n%s%s", code, out, errs)
	}
	m, err := export.ReadRealManifest(ds)
	if err != nil {
		t.Fatal(err)
	}
	n := m.Splits["test"].Questions
	if n == 0 || n != m.Splits["test"].Pairs {
		t.Fatalf("test split: %d questions from %d pairs, want one per pair", n, m.Splits["test"].Pairs)
	}
	if code, out, errs = runCmd(t, "stats", ds); code != 0 || !strings.Contains(out, "FlowBench-Real") {
		t.Fatalf("stats: %d\n%s%s", code, out, errs)
	}
	if code, out, errs = runCmd(t, "stats", ds, "--json"); code != 0 || !json.Valid([]byte(out)) {
		t.Fatalf("stats --json: %d\n%s%s", code, out, errs)
	}
	panel := filepath.Join(tmp, "panel.png")
	if code, out, errs = runCmd(t, "inspect", ds, "--out", panel); code != 0 {
		t.Fatalf("inspect: %d\n%s%s", code, out, errs)
	}
	if b, err := os.ReadFile(panel); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Fatalf("inspect wrote no PNG: %v", err)
	}
	pf := filepath.Join(tmp, "prompts.jsonl")
	if code, out, errs = runCmd(t, "prompts", ds, "--shuffles", "2", "--out", pf); code != 0 {
		t.Fatalf("prompts: %d\n%s%s", code, out, errs)
	}
	lines, err := score.ReadPromptsFile(pf)
	if err != nil || len(lines) != 2*n {
		t.Fatalf("prompts: %d lines for %d questions, %v", len(lines), n, err)
	}
	var perfect strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&perfect, `{"id":%q,"shuffle":%d,"response":"The answer is %s."}`+"\n", l.ID, l.Shuffle, strings.Join(strings.Split(l.Answer, ""), ", "))
	}
	pp := filepath.Join(tmp, "perfect.jsonl")
	if err := os.WriteFile(pp, []byte(perfect.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCmd(t, "score", ds, "--predictions", pp, "--format", "json")
	if code != 0 {
		t.Fatalf("score: %d\n%s%s", code, out, errs)
	}
	var rep struct {
		Motion struct {
			Avg        struct{ Mean float64 }
			Categories []struct {
				Name         string
				Mean, Chance float64
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("score report: %v\n%s", err, out)
	}
	if rep.Motion.Avg.Mean != 1 || len(rep.Motion.Categories) == 0 {
		t.Fatalf("perfect predictions: %s", out)
	}
	for _, c := range rep.Motion.Categories {
		if c.Mean != 1 || !(c.Chance > 0 && c.Chance <= 0.5) {
			t.Errorf("category %s: accuracy %v, chance %v", c.Name, c.Mean, c.Chance)
		}
	}
	// A second build of the split is refused; --overwrite replaces it.
	if code, _, errs = runCmd(t, "real", "build", pairs, "--out", ds, "--split", "test"); code != 1 || !strings.Contains(errs, "--overwrite") {
		t.Fatalf("second build: %d %s", code, errs)
	}
}
