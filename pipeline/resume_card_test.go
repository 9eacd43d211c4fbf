package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/internal/cardcheck"
)

// TestResumedRunEqualsWholeRun: a whole run interrupted after its first
// shard and resumed writes the same files, byte for byte, as an
// uninterrupted run, in the schema version 3 layout, and its card agrees
// with its shards (cardcheck). The interrupted run leaves its shards in
// data/.staging/<split>/ only: no finished shard of the split, no card.
func TestResumedRunEqualsWholeRun(t *testing.T) {
	cfg := mergeConfig()
	cfg.Houses, cfg.QuestionsOnly = 3, false
	whole := filepath.Join(t.TempDir(), "whole")
	if _, err := Run(context.Background(), cfg, Options{Out: whole, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	for _, table := range export.MotionTables {
		if got, _ := filepath.Glob(filepath.Join(whole, "data", table, cfg.Split+"-*-of-00003.parquet")); len(got) != 3 {
			t.Errorf("data/%s holds %v, want 3 shards named %s-NNNNN-of-00003.parquet", table, got, cfg.Split)
		}
	}
	for _, err := range cardcheck.Check(whole) {
		t.Errorf("whole run: card: %v", err)
	}

	resumed := filepath.Join(t.TempDir(), "resumed")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := func(ev Event) {
		if ev.Kind == EventHouse && ev.ShardsDone >= 1 {
			cancel()
		}
	}
	if _, err := Run(ctx, cfg, Options{Out: resumed, Workers: 2, Progress: progress}); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	if finished, _ := filepath.Glob(filepath.Join(resumed, "data", "*", cfg.Split+"-*.parquet")); len(finished) > 0 {
		t.Errorf("the interrupted run left finished shards %v", finished)
	}
	if staged, _ := filepath.Glob(filepath.Join(export.StagingDir(resumed, cfg.Split), "*.parquet")); len(staged) == 0 {
		t.Error("the interrupted run staged no shard")
	}
	res, err := Run(context.Background(), cfg, Options{Out: resumed, Workers: 2, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Kept) == 0 {
		t.Error("the resumed run kept no shard")
	}
	sameFiles(t, tree(t, whole), tree(t, resumed), "resumed vs whole run")
	for _, err := range cardcheck.Check(resumed) {
		t.Errorf("resumed run: card: %v", err)
	}
}

// TestOldLayoutRefused: --resume, --overwrite or a new split into a
// directory of the schema version 2 layout is refused, naming the
// directory and the layout, and nothing in it is touched.
func TestOldLayoutRefused(t *testing.T) {
	cfg := mergeConfig()
	cfg.Houses = 1
	dir := filepath.Join(t.TempDir(), "v2")
	if _, err := Run(context.Background(), cfg, Options{Out: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	// Rewrite it as the old layout: data/<split>/<table>-NNNNN-of-NNNNN.parquet, schema_version "2".
	shards, _ := filepath.Glob(filepath.Join(dir, "data", "*", cfg.Split+"-*.parquet"))
	os.MkdirAll(filepath.Join(dir, "data", cfg.Split), 0o755)
	for _, p := range shards {
		table := filepath.Base(filepath.Dir(p))
		old := filepath.Join(dir, "data", cfg.Split, table+strings.TrimPrefix(filepath.Base(p), cfg.Split))
		if err := os.Rename(p, old); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Dir(p))
	}
	m, _ := os.ReadFile(filepath.Join(dir, export.ManifestFile))
	os.WriteFile(filepath.Join(dir, export.ManifestFile), []byte(strings.Replace(string(m), `"schema_version": "3"`, `"schema_version": "2"`, 1)), 0o644)
	before := tree(t, dir)
	for _, opt := range []Options{{Resume: true}, {Overwrite: true}, {}} {
		opt.Out, opt.Workers = dir, 1
		c := cfg
		if !opt.Resume && !opt.Overwrite {
			c.Split = "val"
		}
		_, err := Run(context.Background(), c, opt)
		var old *export.OldLayoutError
		if !errors.As(err, &old) || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "old layout") ||
			!strings.Contains(err.Error(), "schema version 2") {
			t.Errorf("resume %v overwrite %v split %s: %v; want the old layout named", opt.Resume, opt.Overwrite, c.Split, err)
		}
	}
	sameFiles(t, before, tree(t, dir), "old-layout directory after refused runs")
}
