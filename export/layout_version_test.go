package export

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// toOldLayout rewrites a dataset written by this version as the layout of
// schema version 2: data/<split>/<table>-NNNNN-of-NNNNN.parquet, with the
// manifest's schema_version "2" (or no manifest when keepManifest is false).
func toOldLayout(t *testing.T, dir string, keepManifest bool) {
	t.Helper()
	shards, _ := filepath.Glob(filepath.Join(dir, "data", "*", "*-of-*.parquet"))
	if len(shards) == 0 {
		t.Fatal("no shards to move")
	}
	for _, p := range shards {
		split, idx, n, ok := parseFinalShard(filepath.Base(p))
		if !ok {
			t.Fatalf("%s: not a shard name", p)
		}
		table := filepath.Base(filepath.Dir(p))
		os.MkdirAll(filepath.Join(dir, "data", split), 0o755)
		if err := os.Rename(p, filepath.Join(dir, "data", split, FinalShardName(table, idx, n))); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Dir(p))
	}
	mp := filepath.Join(dir, ManifestFile)
	if !keepManifest {
		os.Remove(mp)
		return
	}
	m, _ := os.ReadFile(mp)
	os.WriteFile(mp, []byte(strings.Replace(string(m), `"schema_version": "3"`, `"schema_version": "2"`, 1)), 0o644)
}

// TestOldLayoutNamed: every reader and writer given a dataset of the old
// layout says so, naming the directory and the layout (before the new
// layout, Open would have found "no finished shards"), with or without the
// manifest's schema_version to tell.
func TestOldLayoutNamed(t *testing.T) {
	for _, keep := range []bool{true, false} {
		dir := t.TempDir()
		writeSynth(t, dir, 3, 8, 8, 2, Options{})
		toOldLayout(t, dir, keep)
		check := func(what string, err error) {
			t.Helper()
			var old *OldLayoutError
			if !errors.As(err, &old) || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "old layout") ||
				!strings.Contains(err.Error(), "data/<split>/<table>-NNNNN-of-NNNNN.parquet") {
				t.Errorf("manifest kept %v: %s: %v; want the old layout named", keep, what, err)
			}
			if keep && !strings.Contains(err.Error(), "schema version 2") {
				t.Errorf("%s: %v does not give the schema version", what, err)
			}
		}
		_, err := Open(dir)
		check("Open", err)
		_, err = Validate(dir)
		check("Validate", err)
		_, err = ComputeStats(dir)
		check("ComputeStats", err)
		_, err = Create(dir, Options{Mode: Resume})
		check("Create (resume)", err)
		_, err = NewViewpointWriter(dir, "train", 1)
		check("NewViewpointWriter", err)
		_, err = ViewpointShards(dir, "train", ViewpointQuestionsTable)
		check("ViewpointShards", err)
	}
	if err := CheckLayout(t.TempDir()); err != nil {
		t.Errorf("an empty directory: %v", err)
	}
}

// Final shard names parse back to their split, index and count for counts
// with every digit (0.4.0's parser read the zero-padded numbers as octal).
func TestFinalShardNameRoundTrip(t *testing.T) {
	for _, count := range []int{1, 7, 8, 9, 10, 13, 19, 80, 99, 100, 1000, 12345, 99999} {
		for _, index := range []int{0, count / 2, count - 1} {
			name := FinalShardName("train", index, count)
			split, i, n, ok := parseFinalShard(name)
			if !ok || split != "train" || i != index || n != count {
				t.Errorf("%s parses as (%q, %d, %d, %v), want (train, %d, %d, true)", name, split, i, n, ok, index, count)
			}
		}
	}
}
