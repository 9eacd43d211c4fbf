package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// generate --part K/N for every K, then flowbench merge, gives the files of
// the single-machine reference run (tinyRun: 3 houses, 2 shards; with 3
// parts one part holds no shard). Flags may follow the part directories.
func TestGeneratePartsAndMerge(t *testing.T) {
	ref := referenceRun(t)
	dir := t.TempDir()
	var parts []string
	for k := range 3 {
		p := filepath.Join(dir, fmt.Sprintf("part%d", k))
		out, code := genCLI(t, append([]string{"generate"}, tinyRun(p, "--part", fmt.Sprintf("%d/3", k))...)...)
		if code != 0 || !strings.Contains(out, "join the parts with flowbench merge") {
			t.Fatalf("generate --part %d/3: exit %d\n%s", k, code, out)
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged")
	out, code := genCLI(t, append(append([]string{"merge"}, parts...), "--out", merged)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, out)
	}
	sameTree(t, ref, readTree(t, merged), "3 merged parts vs the single-machine run")

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"merge", parts[0]}, 2, "--out is required"},
		{[]string{"merge", "--out", filepath.Join(dir, "x")}, 2, "name the part directories"},
		{[]string{"merge", parts[0], parts[2], "--out", filepath.Join(dir, "y")}, 1, "parts 1 of 3 are missing"},
		{[]string{"merge", parts[0], parts[1], parts[2], "--out", merged}, 1, "already holds split \"train\": use --overwrite to replace it"},
		{[]string{"merge", parts[0], parts[1], parts[2], "--out", merged, "--resume"}, 2, "unknown flag: --resume"},
		{[]string{"merge", parts[0], "--overwrite", "--out", "s3://bucket/x"}, 2, "--overwrite needs a local --out"},
	} {
		if out, code := genCLI(t, c.args...); code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, output %q; want exit %d mentioning %q", c.args, code, out, c.code, c.want)
		}
	}
	// --overwrite replaces the split with the same files.
	if out, code := genCLI(t, append(append([]string{"merge", "--overwrite"}, parts...), "--out", merged)...); code != 0 {
		t.Fatalf("merge --overwrite: exit %d\n%s", code, out)
	}
	sameTree(t, ref, readTree(t, merged), "merge --overwrite vs the single-machine run")
}

// merge --wait starts before the parts are done and merges once every part
// record exists; a part that never finishes ends the wait with exit 1
// naming it.
func TestMergeWaitsForParts(t *testing.T) {
	ref := plainReference(t)
	dir := t.TempDir()
	var parts []string
	for k := range 2 {
		p := filepath.Join(dir, fmt.Sprintf("part%d", k))
		if out, code := genCLI(t, append([]string{"generate"}, plainRun(p, "--part", fmt.Sprintf("%d/2", k))...)...); code != 0 {
			t.Fatalf("generate --part %d/2: exit %d\n%s", k, code, out)
		}
		parts = append(parts, p)
	}
	record := filepath.Join(parts[1], "part.json")
	held := record + ".held"
	if err := os.Rename(record, held); err != nil {
		t.Fatal(err)
	}
	out, code := genCLI(t, "merge", parts[0], parts[1], "--out", filepath.Join(dir, "never"), "--wait", "1s")
	if code != exitFailure || !strings.Contains(out, "have no part.json yet (not finished, or not started): "+parts[1]) {
		t.Errorf("merge --wait 1s with part 1 unfinished: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "never")); err == nil {
		t.Error("a merge that timed out wrote its output directory")
	}
	go func() {
		time.Sleep(1500 * time.Millisecond)
		os.Rename(held, record)
	}()
	merged := filepath.Join(dir, "merged")
	out, code = genCLI(t, "merge", parts[0], parts[1], "--out", merged, "--wait", "30s")
	if code != 0 {
		t.Fatalf("merge --wait 30s: exit %d\n%s", code, out)
	}
	sameTree(t, ref, readTree(t, merged), "merge --wait vs the single-machine run")
}
