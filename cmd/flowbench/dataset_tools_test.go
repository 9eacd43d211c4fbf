package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/planner"
)

// copyReference writes the reference dataset into a fresh directory.
func copyReference(t *testing.T) string {
	t.Helper()
	return copyFiles(t, referenceRun(t))
}

// copyPlainReference writes the plain reference dataset into a fresh directory.
func copyPlainReference(t *testing.T) string {
	t.Helper()
	return copyFiles(t, plainReference(t))
}

// copyFiles writes files (by relative path) into a fresh directory.
func copyFiles(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, b := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestValidateAcceptsGeneratedDataset(t *testing.T) {
	referenceRun(t)
	out, code := genCLI(t, "validate", generateOnce.dir)
	if code != 0 || !strings.Contains(out, "valid") {
		t.Fatalf("validate: code %d\n%s", code, out)
	}
}

// A question whose answer letter is not among its choices, written into the
// second shard at row 1, must be reported with that shard and row.
func TestValidateNamesShardAndRow(t *testing.T) {
	dir := copyReference(t)
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	shard := ds.Shards("train", export.QuestionsTable)[1]
	var rows []export.QuestionRow
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, q)
	}
	m, err := readStagedMeta(shard)
	if err != nil {
		t.Fatal(err)
	}
	start := 0
	for i, q := range rows {
		if q.ID == m.firstID {
			start = i
		}
	}
	bad := rows[start : start+m.rows]
	bad[1].Answer = "Z"
	w, err := export.NewShardWriter(shard, export.QuestionsTable, export.ShardOptions{Metadata: keptFooterKeys(t, shard)})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range bad {
		if err := w.WriteQuestion(q); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out, code := genCLI(t, "validate", dir)
	if code != 1 || !strings.Contains(out, filepath.Base(shard)) || !strings.Contains(out, "row 1") || !strings.Contains(out, bad[1].ID) {
		t.Fatalf("validate of a bad answer: code %d\n%s", code, out)
	}
}

func TestStatsMatchesRowsReadBack(t *testing.T) {
	referenceRun(t)
	out, code := genCLI(t, "stats", "--json", generateOnce.dir)
	if code != 0 {
		t.Fatalf("stats: code %d\n%s", code, out)
	}
	var reps map[string]planner.StatsReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("stats --json: %v\n%s", err, out)
	}
	ds, _ := export.Open(generateOnce.dir)
	count := map[string]int{}
	no := map[string]int{}
	total := 0
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		total++
		count[q.Category]++
		if q.Answer != "" && int(q.Answer[0]-'A') < len(q.Choices) && q.Choices[q.Answer[0]-'A'] == "no" {
			no[q.Category]++
		}
	}
	rep := reps["train"]
	if rep.Total != total || total == 0 {
		t.Fatalf("stats total %d, rows %d", rep.Total, total)
	}
	if m := ds.Manifest; m == nil || m.Splits["train"].Questions != total {
		t.Errorf("manifest questions disagree with the rows (%d)", total)
	}
	for _, c := range rep.Categories {
		if c.Count != count[c.Category] {
			t.Errorf("%s: stats count %d, rows %d", c.Category, c.Count, count[c.Category])
		}
		if c.NoRate != nil {
			if want := float64(no[c.Category]) / float64(count[c.Category]); *c.NoRate != want {
				t.Errorf("%s: no rate %g, rows give %g", c.Category, *c.NoRate, want)
			}
		}
	}
	if text, code := genCLI(t, "stats", generateOnce.dir); code != 0 || !strings.Contains(text, "chance overall") {
		t.Errorf("stats table: code %d\n%s", code, text)
	}
}

func TestInspectDrawsPanel(t *testing.T) {
	referenceRun(t)
	ds, _ := export.Open(generateOnce.dir)
	var id string
	for q := range ds.Questions("train") {
		id = q.ID // the last question
	}
	panel := filepath.Join(t.TempDir(), "panel.png")
	out, code := genCLI(t, "inspect", generateOnce.dir, "--id", id, "--out", panel)
	if code != 0 || !strings.Contains(out, id) {
		t.Fatalf("inspect: code %d\n%s", code, out)
	}
	// The causal chain is printed, ending in the answer.
	if !strings.Contains(out, "causal graph (") || !strings.Contains(out, " → answer [") {
		t.Errorf("inspect prints no causal chain:\n%s", out)
	}
	f, err := os.Open(panel)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 3*panelTile+4*panelGap || cfg.Height != 3*(panelTile+panelCaption+panelGap)+panelGap {
		t.Errorf("panel is %dx%d", cfg.Width, cfg.Height)
	}
	if out, code := genCLI(t, "inspect", generateOnce.dir, "--id", "no/such/id", "--out", panel); code != 1 || !strings.Contains(out, "no/such/id") {
		t.Errorf("inspect of an unknown id: code %d\n%s", code, out)
	}
}
