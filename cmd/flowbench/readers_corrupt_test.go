package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReadersNameCorruptShard runs the dataset readers over a copy of the
// reference dataset with one damaged shard: each exits 1 with a message
// naming the shard, and none crashes.
func TestReadersNameCorruptShard(t *testing.T) {
	referenceRun(t)
	for _, c := range []struct {
		name   string
		table  string
		damage func(t *testing.T, path string)
	}{
		{"questions footer", "questions", damageFooterReadably},
		{"annotations page", "annotations", damageMidFile},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyReference(t)
			paths, _ := filepath.Glob(filepath.Join(dir, "data", c.table, "train-00000-of-*.parquet"))
			if len(paths) != 1 {
				t.Fatalf("no first %s shard: %v", c.table, paths)
			}
			c.damage(t, paths[0])
			commands := [][]string{
				{"validate", dir},
				{"inspect", dir, "--out", filepath.Join(t.TempDir(), "panel.png")},
			}
			if c.table == "questions" {
				commands = append(commands, []string{"stats", dir},
					[]string{"prompts", dir, "--split", "train", "--out", filepath.Join(t.TempDir(), "p.jsonl")})
			}
			for _, args := range commands {
				out, code := genCLI(t, args...)
				if code != 1 || !strings.Contains(out, filepath.Base(paths[0])) || strings.Contains(out, "goroutine ") {
					t.Errorf("%s: exit code %d, want 1 with a message naming %s:\n%s", args[0], code, filepath.Base(paths[0]), out)
				}
			}
		})
	}
}
