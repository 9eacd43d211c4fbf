package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
)

// readerCommands are the dataset readers that must run export.CheckDataset
// before they trust a field, each on dir's split train.
func readerCommands(t *testing.T, dir string) [][]string {
	preds := filepath.Join(t.TempDir(), "preds.jsonl")
	if err := os.WriteFile(preds, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	return [][]string{
		{"validate", dir},
		{"stats", dir},
		{"audit", dir},
		{"audit", "--physics", dir},
		{"audit", "--fit", "train", "--fit-dir", dir, dir},
		{"prompts", dir, "--split", "train", "--out", filepath.Join(tmp, "p.jsonl")},
		{"score", dir, "--split", "train", "--predictions", preds, "--out", filepath.Join(tmp, "s.md")},
		{"inspect", dir, "--out", filepath.Join(tmp, "panel.png")},
		{"merge", tmp, "--out", dir},
	}
}

// editReferenceManifest returns a copy of the reference dataset whose
// manifest.json is edit's result on the decoded original.
func editReferenceManifest(t *testing.T, edit func(m map[string]any) any) string {
	t.Helper()
	dir := copyReference(t)
	editManifest(t, dir, edit)
	return dir
}

// TestReadersRefuseHostileManifests runs every dataset reader (stats,
// audit, audit --physics, audit --fit-dir, prompts, score, inspect, merge
// into the dataset) and validate over the manifests issue 54 found stats
// and audit accepting: null, null splits, null config, null schema, a
// future schema_version and a negative width. Each exits 1 naming
// manifest.json and the field.
func TestReadersRefuseHostileManifests(t *testing.T) {
	referenceRun(t)
	train := func(m map[string]any) map[string]any { return m["splits"].(map[string]any)["train"].(map[string]any) }
	for _, c := range []struct {
		name, field string
		edit        func(m map[string]any) any
	}{
		{"null manifest", "(the document)", func(map[string]any) any { return nil }},
		{"null splits", "/splits", func(m map[string]any) any { m["splits"] = nil; return m }},
		{"null config", "/config", func(m map[string]any) any { m["config"] = nil; return m }},
		{"null schema", "/schema", func(m map[string]any) any { m["schema"] = nil; return m }},
		{"future schema_version", "schema_version", func(m map[string]any) any { m["schema_version"] = "99"; return m }},
		{"negative width", "/splits/train/width", func(m map[string]any) any { train(m)["width"] = -96; return m }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := editReferenceManifest(t, c.edit)
			for _, args := range readerCommands(t, dir) {
				out, code := genCLI(t, args...)
				if code != 1 || !strings.Contains(out, export.ManifestFile) || !strings.Contains(out, c.field) || strings.Contains(out, "goroutine ") {
					t.Errorf("%s: exit code %d, want 1 with a message naming %s and %s:\n%s", strings.Join(args[:2], " "), code, export.ManifestFile, c.field, out)
				}
			}
		})
	}
}

// TestReadersRefuseAnotherSplitsShard gives the reference dataset a second
// split, val, whose shards are train's files under val's names (the
// manifest lists val like train): the footer of val's questions shard
// names split train. Every reader exits 1 naming that shard and
// flowbench.split, before reading a row.
func TestReadersRefuseAnotherSplitsShard(t *testing.T) {
	referenceRun(t)
	dir := editReferenceManifest(t, func(m map[string]any) any {
		splits := m["splits"].(map[string]any)
		splits["val"] = splits["train"]
		return m
	})
	var first string
	for _, table := range export.MotionTables {
		paths, _ := filepath.Glob(filepath.Join(dir, "data", table, "train-*.parquet"))
		if len(paths) == 0 {
			t.Fatalf("no train %s shards", table)
		}
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			q := filepath.Join(filepath.Dir(p), "val"+strings.TrimPrefix(filepath.Base(p), "train"))
			if err := os.WriteFile(q, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if first == "" {
				first = filepath.Base(q)
			}
		}
	}
	for _, args := range readerCommands(t, dir) {
		out, code := genCLI(t, args...)
		if code != 1 || !strings.Contains(out, first) || !strings.Contains(out, export.SplitKey) {
			t.Errorf("%s: exit code %d, want 1 with a message naming %s and %s:\n%s", strings.Join(args[:2], " "), code, first, export.SplitKey, out)
		}
	}
}
