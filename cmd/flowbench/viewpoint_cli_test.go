package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/score"
)

// TestViewpointFamilyCLI runs the viewpoint family through the CLI:
// generate, validate, and score with replies equal to the truth (F1 1,
// every scene realizable) and with replies that ignore the rotation (lower
// F1); motion-only flags are usage errors and the motion readers refuse
// the dataset with a clear message.
func TestViewpointFamilyCLI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "vp")
	if out, code := genCLI(t, "generate", "--family", "viewpoint", "--split", "train", "--houses", "1", "--size", "96",
		"--views", "3", "--assets", "none", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, out)
	}
	if out, code := genCLI(t, "validate", dir); code != 0 || !strings.Contains(out, "valid") {
		t.Fatalf("validate: exit %d\n%s", code, out)
	}
	panel := filepath.Join(t.TempDir(), "panel.png")
	if out, code := genCLI(t, "inspect", dir, "--out", panel); code != 0 || !strings.Contains(out, "9 target views") {
		t.Fatalf("inspect: exit %d\n%s", code, out)
	}
	qs, err := export.ViewpointQuestions(dir, "train")
	if err != nil || len(qs) == 0 {
		t.Fatalf("%d questions, %v", len(qs), err)
	}
	var truth, frozen strings.Builder
	for _, q := range qs {
		js, _ := json.Marshal(map[string]any{"id": q.ID, "response": "[" + strings.Join(q.Answer, ", ") + "]"})
		truth.Write(append(js, '\n'))
		js, _ = json.Marshal(map[string]any{"id": q.ID, "response": fmt.Sprintf("%v", qs[0].Answer)})
		frozen.Write(append(js, '\n'))
	}
	run := func(preds string) score.ViewpointResult {
		t.Helper()
		p := filepath.Join(t.TempDir(), "p.jsonl")
		os.WriteFile(p, []byte(preds), 0o644)
		code, out, errOut := runCmd(t, "score", "--family", "viewpoint", "--data", dir, "--split", "train", "--predictions", p, "--format", "json")
		if code != 0 {
			t.Fatalf("score: exit %d %s", code, errOut)
		}
		var r score.ViewpointResult
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := run(truth.String()); r.F1 != 1 || r.Realizable != 1 || r.Cycle != 1 || r.Questions != len(qs) {
		t.Errorf("true replies: %+v", r)
	}
	if r := run(frozen.String()); r.F1 >= 0.9 {
		t.Errorf("replies ignoring the rotation score F1 %.2f", r.F1)
	}
	if code, _, errOut := runCmd(t, "score", "--family", "viewpoint", "--data", dir, "--split", "train", "--predictions", "p", "--rationales"); code != 2 || !strings.Contains(errOut, "--family viewpoint takes") {
		t.Errorf("score --family viewpoint --rationales: exit %d %s", code, errOut)
	}
	if out, code := genCLI(t, "stats", dir); code != 1 || !strings.Contains(out, "viewpoint-family dataset") {
		t.Errorf("stats on a viewpoint dataset: exit %d %s", code, out)
	}
	if out, code := genCLI(t, "generate", "--family", "viewpoint", "--split", "train", "--houses", "1", "--questions-only", "--out", t.TempDir()); code != 2 || !strings.Contains(out, "target views") {
		t.Errorf("--questions-only: exit %d %s", code, out)
	}
}
