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
// F1); prompts in the three representations; motion-only flags are usage
// errors and the motion readers refuse the dataset with a clear message.
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
		code, out, errOut := runCmd(t, "score", "--family", "viewpoint", dir, "--split", "train", "--predictions", p, "--format", "json")
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
	// prompts --family viewpoint: one request per question in each
	// representation, the image with the image representation only, the
	// stored scene block and the question in the text; replies equal to the
	// prompts' answers score F1 1.
	for _, rep := range []string{"image", "text_bbox", "scene_graph"} {
		p := filepath.Join(t.TempDir(), "prompts.jsonl")
		if code, _, errOut := runCmd(t, "prompts", "--family", "viewpoint", "--context", rep, dir, "--split", "train", "--out", p); code != 0 {
			t.Fatalf("prompts --context %s: exit %d %s", rep, code, errOut)
		}
		lines, err := score.ReadPromptsFile(p)
		if err != nil || len(lines) != len(qs) {
			t.Fatalf("prompts --context %s: %d lines for %d questions, %v", rep, len(lines), len(qs), err)
		}
		var replies strings.Builder
		for i, l := range lines {
			q := qs[i]
			block := map[string]string{"image": q.ContextImage, "text_bbox": q.ContextBBox, "scene_graph": q.ContextSceneGraph}[rep]
			parts := l.Body.Messages[0].Content
			text := parts[len(parts)-1].Text
			if l.ID != q.ID || l.CustomID != q.ID+"#0" || (len(parts) == 2) != (rep == "image") ||
				!strings.HasPrefix(text, block) || !strings.Contains(text, q.Question) {
				t.Fatalf("prompts --context %s line %d: %+v", rep, i, l)
			}
			js, _ := json.Marshal(map[string]any{"id": l.ID, "response": "Relations: " + l.Answer})
			replies.Write(append(js, '\n'))
		}
		if r := run(replies.String()); r.F1 != 1 {
			t.Errorf("replies equal to the %s prompts' answers: F1 %.3f", rep, r.F1)
		}
	}
	for _, args := range [][]string{{"--context", "bogus"}, {"--mode", "1B"}, {"--shuffles", "2"}} {
		a := append([]string{"prompts", "--family", "viewpoint", dir, "--split", "train", "--out", filepath.Join(t.TempDir(), "x.jsonl")}, args...)
		if code, _, errOut := runCmd(t, a...); code != 2 {
			t.Errorf("prompts %v: exit %d %s, want a usage error", args, code, errOut)
		}
	}
	if code, _, errOut := runCmd(t, "score", "--family", "viewpoint", dir, "--split", "train", "--predictions", "p", "--rationales"); code != 2 || !strings.Contains(errOut, "--family viewpoint takes") {
		t.Errorf("score --family viewpoint --rationales: exit %d %s", code, errOut)
	}
	// The viewpoint readers check the manifest against its schema too.
	bad := filepath.Join(t.TempDir(), "bad")
	if err := os.CopyFS(bad, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(bad, "manifest.json"))
	var m map[string]any
	json.Unmarshal(raw, &m)
	m["config"] = nil
	raw, _ = json.Marshal(m)
	os.WriteFile(filepath.Join(bad, "manifest.json"), raw, 0o644)
	for _, args := range [][]string{
		{"prompts", "--family", "viewpoint", bad, "--split", "train", "--out", filepath.Join(t.TempDir(), "x.jsonl")},
		{"score", "--family", "viewpoint", bad, "--split", "train", "--predictions", "p"},
		{"inspect", bad, "--out", filepath.Join(t.TempDir(), "x.png")},
	} {
		if code, _, errOut := runCmd(t, args...); code != 1 || !strings.Contains(errOut, "manifest.json") || !strings.Contains(errOut, "/config") {
			t.Errorf("%s on a viewpoint manifest with null config: exit %d %q", args[0], code, errOut)
		}
	}
	if out, code := genCLI(t, "stats", dir); code != 1 || !strings.Contains(out, "viewpoint-family dataset") {
		t.Errorf("stats on a viewpoint dataset: exit %d %s", code, out)
	}
	if out, code := genCLI(t, "generate", "--family", "viewpoint", "--split", "train", "--houses", "1", "--questions-only", "--out", t.TempDir()); code != 2 || !strings.Contains(out, "target views") {
		t.Errorf("--questions-only: exit %d %s", code, out)
	}
}
