package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"flowbench/internal/cardcheck"
)

// mergeConfig is a small split: 7 houses in 7 balance blocks of 1, one
// block per shard (7 shards), 64 px, questions only.
func mergeConfig() Config {
	c := DefaultConfig()
	c.Houses, c.Size, c.Views, c.QuestionsOnly, c.Assets = 7, 64, 2, true, "none"
	c.BalanceHouses, c.BlocksPerShard = 1, 1
	return c
}

// tree returns every regular file under dir by relative path.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameFiles fails unless a and b hold the same files with the same bytes.
func sameFiles(t *testing.T, a, b map[string][]byte, what string) {
	t.Helper()
	for name, x := range a {
		if y, ok := b[name]; !ok {
			t.Errorf("%s: %s missing", what, name)
		} else if !bytes.Equal(x, y) {
			t.Errorf("%s: %s differs (%d vs %d bytes)", what, name, len(x), len(y))
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s: extra file %s", what, name)
		}
	}
}

// runParts runs cfg as n parts into dir/part-K (with resume, so that a part
// interrupted before is finished) and returns their directories.
func runParts(t *testing.T, cfg Config, n int, dir string) []string {
	t.Helper()
	var dirs []string
	for k := range n {
		d := filepath.Join(dir, fmt.Sprintf("part-%d", k))
		if _, err := Run(context.Background(), cfg, Options{Out: d, Workers: 2, Part: Part{Index: k, Count: n}, Resume: true}); err != nil {
			t.Fatalf("part %d/%d: %v", k, n, err)
		}
		dirs = append(dirs, d)
	}
	return dirs
}

// A split generated as N parts and merged is byte-identical to the same
// split generated whole: every shard, the manifest and the card.
func TestMergedPartsEqualWholeRun(t *testing.T) {
	cfg := mergeConfig()
	whole := filepath.Join(t.TempDir(), "whole")
	res, err := Run(context.Background(), cfg, Options{Out: whole, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Layout.Shards != 7 || res.Questions == 0 {
		t.Fatalf("whole run: %d shards, %d questions; want 7 shards and some questions", res.Layout.Shards, res.Questions)
	}
	want := tree(t, whole)
	for _, err := range cardcheck.Check(whole) {
		t.Errorf("whole run: card: %v", err)
	}
	counts := []int{1, 3, 7}
	if testing.Short() {
		counts = counts[1:] // one part, merged, is the whole run's own files: make test-long
	}
	for _, n := range counts {
		t.Run(fmt.Sprintf("N=%d", n), func(t *testing.T) {
			dir := t.TempDir()
			if n == 3 {
				interruptPart(t, cfg, Part{Index: 1, Count: 3}, filepath.Join(dir, "part-1"))
			}
			parts := runParts(t, cfg, n, dir)
			slices.Reverse(parts) // the order of the part directories does not matter
			out := filepath.Join(dir, "merged")
			if err := Merge(context.Background(), parts, out); err != nil {
				t.Fatal(err)
			}
			sameFiles(t, want, tree(t, out), fmt.Sprintf("merged %d parts vs whole run", n))
			for _, err := range cardcheck.Check(out) {
				t.Errorf("merged %d parts: card: %v", n, err)
			}
		})
	}
}

// interruptPart runs a part and cancels it once its first shard is
// complete: one shard stays staged, and a resumed run redoes only the rest.
func interruptPart(t *testing.T, cfg Config, p Part, dir string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := func(ev Event) {
		if ev.Kind == EventHouse && ev.ShardsDone >= 1 {
			cancel()
		}
	}
	_, err := Run(ctx, cfg, Options{Out: dir, Workers: 2, Part: p, Progress: progress})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("interrupted part: %v, want a cancellation suggesting --resume", err)
	}
	staged, _ := filepath.Glob(filepath.Join(dir, "data", ".staging", cfg.Split, "*.parquet"))
	if len(staged) != 1 {
		t.Fatalf("after the interrupt %d shards are staged (%v), want 1", len(staged), staged)
	}
	res, err := Run(context.Background(), cfg, Options{Out: dir, Workers: 2, Part: p, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Kept) != 1 || res.Houses != 1 {
		t.Fatalf("resumed part kept %d shards and generated %d houses; want 1 and 1", len(res.Kept), res.Houses)
	}
}

// More parts than shards: the extra parts hold no shard, and the merge is
// still the whole split.
func TestMergeMorePartsThanShards(t *testing.T) {
	cfg := mergeConfig()
	cfg.Houses = 2 // 2 shards
	whole := filepath.Join(t.TempDir(), "whole")
	if _, err := Run(context.Background(), cfg, Options{Out: whole, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "merged")
	if err := Merge(context.Background(), runParts(t, cfg, 3, dir), out); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, tree(t, whole), tree(t, out), "3 parts of a 2-shard split vs whole run")
}

// Merge refuses, naming the problem: a missing part, a part given twice,
// parts of different configurations, a damaged shard, an unfinished part;
// and it leaves no half-merged split behind.
func TestMergeRefusesBadParts(t *testing.T) {
	cfg := mergeConfig()
	cfg.Houses = 3 // 3 shards
	dir := t.TempDir()
	parts := runParts(t, cfg, 3, dir)
	other := cfg
	other.Seed = 2
	otherParts := runParts(t, other, 3, filepath.Join(dir, "other"))

	damaged := filepath.Join(dir, "damaged")
	if err := os.CopyFS(damaged, os.DirFS(parts[1])); err != nil {
		t.Fatal(err)
	}
	shards, _ := filepath.Glob(filepath.Join(damaged, "data", "*", "train-*.parquet"))
	b, _ := os.ReadFile(shards[0])
	b[len(b)/2] ^= 0xff
	os.WriteFile(shards[0], b, 0o644)

	// Every part's record edited the same way: equal configurations, so only
	// the records' digests show the edit.
	var edited []string
	for k, p := range parts {
		d := filepath.Join(dir, fmt.Sprintf("edited-%d", k))
		if err := os.CopyFS(d, os.DirFS(p)); err != nil {
			t.Fatal(err)
		}
		rec := filepath.Join(d, PartFile)
		b, _ := os.ReadFile(rec)
		e := strings.Replace(string(b), `"seed": 1,`, `"seed": 99,`, 1)
		if e == string(b) {
			t.Fatalf("%s has no seed 1 to edit", rec)
		}
		os.Chmod(rec, 0o644)
		os.WriteFile(rec, []byte(e), 0o644)
		edited = append(edited, d)
	}

	unfinished := filepath.Join(dir, "unfinished")
	if err := os.CopyFS(unfinished, os.DirFS(parts[2])); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(unfinished, "data", ".staging", "train"), 0o755)

	for _, c := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"missing part", parts[:2], "parts 2 of 3 are missing"},
		{"duplicated part", []string{parts[0], parts[1], parts[1], parts[2]}, "part 1/3 is given twice"},
		{"different configs", []string{parts[0], otherParts[1], parts[2]}, "parts of different runs"},
		{"damaged shard", []string{parts[0], damaged, parts[2]}, "is damaged"},
		{"unfinished part", []string{parts[0], parts[1], unfinished}, "not finished"},
		{"not a part", []string{parts[0], parts[1], dir}, "holds no part.json"},
		{"edited configs", edited, "was edited after the part was written"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "merged")
			err := Merge(context.Background(), c.parts, out)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("merge: %v; want an error containing %q", err, c.want)
			}
			left, _ := filepath.Glob(filepath.Join(out, "data", "*", "train*"))
			if len(left) > 0 {
				t.Errorf("a refused merge left %v", left)
			}
		})
	}
}

// TestMergeCopiesLinkedShards: a part shard that is a symbolic link is
// merged as a regular file holding its contents (before: link(2) copied
// the link itself, pointing outside the dataset), and the merged split is
// byte-identical to one from plain parts.
func TestMergeCopiesLinkedShards(t *testing.T) {
	cfg := mergeConfig()
	cfg.Houses = 2
	dir := t.TempDir()
	parts := runParts(t, cfg, 2, dir)
	linked := filepath.Join(dir, "linked")
	if err := os.CopyFS(linked, os.DirFS(parts[1])); err != nil {
		t.Fatal(err)
	}
	shards, _ := filepath.Glob(filepath.Join(linked, "data", "*", "train-*.parquet"))
	orig, _ := filepath.Glob(filepath.Join(parts[1], "data", "*", "train-*.parquet"))
	if len(shards) == 0 || len(shards) != len(orig) {
		t.Fatalf("shards %v, originals %v", shards, orig)
	}
	abs, _ := filepath.Abs(orig[0])
	os.Remove(shards[0])
	if err := os.Symlink(abs, shards[0]); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(t.TempDir(), "plain")
	if err := Merge(context.Background(), parts, want); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "merged")
	if err := Merge(context.Background(), []string{parts[0], linked}, out); err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(out, "data", filepath.Base(filepath.Dir(shards[0])), filepath.Base(shards[0]))
	if st, err := os.Lstat(got); err != nil || !st.Mode().IsRegular() {
		t.Fatalf("merged %s: %v, mode %v; want a regular file", got, err, st.Mode())
	}
	sameFiles(t, tree(t, want), tree(t, out), "merge of a linked shard")
}
