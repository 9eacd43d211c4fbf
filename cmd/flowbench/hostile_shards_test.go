package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileShards puts each shard of testdata/hostile/shards in place of
// the first shard of its table (the name's prefix) in a copy of the
// reference dataset and runs the readers over it (validate; for questions
// shards also inspect, stats and prompts): each must exit 1 with the case's
// .want and the shard's file name in its message, without a panic.
func TestHostileShards(t *testing.T) {
	referenceRun(t)
	for _, c := range hostileCorpus(t, "shards", "parquet") {
		t.Run(c.name, func(t *testing.T) {
			table, _, _ := strings.Cut(c.name, "-")
			dir := copyReference(t)
			paths, _ := filepath.Glob(filepath.Join(dir, "data", table, "train-00000-of-*.parquet"))
			if len(paths) != 1 {
				t.Fatalf("reference dataset has no first %s shard", table)
			}
			data, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(paths[0], data, 0o644); err != nil {
				t.Fatal(err)
			}
			// The question readers all read the first questions shard; an
			// annotations shard from another dataset holds none of the
			// reference ids, so only validate reads it whole.
			commands := [][]string{{"validate", dir}}
			if table == "questions" {
				commands = append(commands, []string{"inspect", dir, "--out", filepath.Join(t.TempDir(), "panel.png")},
					[]string{"stats", dir},
					[]string{"prompts", dir, "--split", "train", "--out", filepath.Join(t.TempDir(), "p.jsonl")})
			}
			for _, args := range commands {
				out, code := genCLI(t, args...)
				if os.Getenv("HOSTILE_SHOW") != "" {
					t.Logf("%s: %d %s", args[0], code, out)
				}
				if code != 1 || !strings.Contains(out, c.want) || !strings.Contains(out, filepath.Base(paths[0])) ||
					strings.Contains(out, "goroutine ") || strings.Contains(out, "panic:") {
					t.Errorf("%s: exit code %d, want 1 with %q and the shard's name:\n%s", args[0], code, c.want, out)
				}
			}
		})
	}
}
