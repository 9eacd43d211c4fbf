package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileKinds are the file kinds every reading command must refuse before
// reading: an endless device (a link to /dev/zero), a FIFO nobody writes
// (opening it would block forever) and a sparse file claiming 2 TiB, more
// than every bound (the largest, a prompts file's, is 1 TiB).
var hostileKinds = []struct{ name, want string }{
	{"devzero", "a character device, not "},
	{"fifo", "a named pipe (FIFO), not "},
	{"sparse", "more than the "},
}

// makeHostile replaces path with a file of kind.
func makeHostile(t *testing.T, kind, path string) {
	t.Helper()
	os.RemoveAll(path)
	var err error
	switch kind {
	case "devzero":
		err = os.Symlink("/dev/zero", path)
	case "fifo":
		err = syscall.Mkfifo(path, 0o644)
	case "sparse":
		var f *os.File
		if f, err = os.Create(path); err == nil {
			err = f.Truncate(2 << 40)
			f.Close()
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}

// copyTree copies dir into a new temp directory.
func copyTree(t *testing.T, dir string) string {
	t.Helper()
	d := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.CopyFS(d, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	return d
}

// runBounded runs the command line, failing the test if it has not
// returned within a minute (a FIFO blocks a reader forever).
func runBounded(t *testing.T, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, _, e := runCmd(t, args...)
		done <- result{code, e}
	}()
	select {
	case r := <-done:
		return r.code, r.stderr
	case <-time.After(time.Minute):
		t.Fatalf("%v: still running after a minute (blocked on a FIFO or reading an endless file?)", args)
		return 0, ""
	}
}

// TestHostileFilesEveryReader drives every command that reads a file with
// /dev/zero, a FIFO and a sparse 2 TiB file in place of that file: each
// exits 1 within a minute naming the file and why, having read none of it
// (before: Go's "out of memory" crash for manifests, part records and eval
// outputs; a hang for FIFOs).
func TestHostileFilesEveryReader(t *testing.T) {
	tmp := t.TempDir()
	ds := filepath.Join(tmp, "ds")
	gen := []string{"--split", "train", "--houses", "2", "--size", "32", "--views", "1", "--assets", "none", "--questions-only", "--balance-houses", "1", "--allow-empty"}
	if code, _, e := runCmd(t, append([]string{"generate", "--out", ds, "--quiet"}, gen...)...); code != 0 {
		t.Fatalf("generate: %d %s", code, e)
	}
	var parts []string
	for k := range 2 {
		p := filepath.Join(tmp, fmt.Sprintf("part%d", k))
		if code, _, e := runCmd(t, append([]string{"generate", "--out", p, "--quiet", "--part", fmt.Sprintf("%d/2", k)}, gen...)...); code != 0 {
			t.Fatalf("generate part %d: %d %s", k, code, e)
		}
		parts = append(parts, p)
	}
	prompts := filepath.Join(tmp, "prompts.jsonl")
	if code, _, e := runCmd(t, "prompts", ds, "--split", "train", "--out", prompts); code != 0 {
		t.Fatalf("prompts: %d %s", code, e)
	}
	shard0, _ := filepath.Glob(filepath.Join(ds, "data", "questions", "train-*.parquet"))
	partShard, _ := filepath.Glob(filepath.Join(parts[1], "data", "questions", "train-*.parquet"))
	if len(shard0) == 0 || len(partShard) == 0 {
		t.Fatalf("no shards: %v %v", shard0, partShard)
	}
	rel := func(base, p string) string { r, _ := filepath.Rel(base, p); return r }

	// Each case names the tree it copies (ds, a part, or nothing), the file
	// inside it that becomes hostile, and the command line (TREE and FILE
	// stand for the copy and the hostile file).
	cases := []struct {
		name, tree, file string
		args             []string
		alt              string // another accepted reason, for some kinds
	}{
		{"validate manifest", ds, "manifest.json", []string{"validate", "TREE"}, ""},
		{"stats manifest", ds, "manifest.json", []string{"stats", "TREE"}, ""},
		{"resume manifest", ds, "manifest.json", append([]string{"generate", "--out", "TREE", "--quiet", "--resume"}, gen...), "resolves to /dev/zero, outside --out"},
		{"validate shard", ds, rel(ds, shard0[0]), []string{"validate", "TREE"}, ""},
		{"prompts shard", ds, rel(ds, shard0[0]), []string{"prompts", "TREE", "--split", "train", "--out", filepath.Join(tmp, "p-out.jsonl")}, ""},
		{"merge part record", parts[1], "part.json", []string{"merge", parts[0], "TREE", "--out", "OUT"}, ""},
		{"merge part shard", parts[1], rel(parts[1], partShard[0]), []string{"merge", parts[0], "TREE", "--out", "OUT"}, ""},
		{"eval out", "", "preds.jsonl", []string{"eval", "--prompts", prompts, "--model", "m", "--endpoint", "http://127.0.0.1:1/v1", "--quiet", "--out", "FILE"}, "not a regular file: refusing to write it"},
		{"eval prompts", "", "prompts.jsonl", []string{"eval", "--prompts", "FILE", "--model", "m", "--endpoint", "http://127.0.0.1:1/v1", "--quiet", "--out", "OUT"}, ""},
		{"score predictions", "", "preds.jsonl", []string{"score", ds, "--split", "train", "--predictions", "FILE"}, ""},
		{"scene import", "", "house.json", []string{"scene", "--import", "FILE", "--out", "OUT"}, ""},
		{"render scene", "", "house.json", []string{"render", "--scene", "FILE", "--camera", "2,1.576,1.6,0,40", "--size", "32", "--assets", "none", "--out", "OUT"}, ""},
		{"generate import", "", "houses/h.json", []string{"generate", "--import", "DIR", "--split", "train", "--size", "32", "--assets", "none", "--quiet", "--out", "OUT"}, ""},
		{"score-flow npy", "", "flows/test_house__v0__occlusion.npy", []string{"score-flow", writeTestDataset(t), "--split", "test", "--pred-flow", "DIR", "--out", "OUT"}, ""},
		{"score-flow flo", "", "flows/test_house__v0__occlusion.flo", []string{"score-flow", writeTestDataset(t), "--split", "test", "--pred-flow", "DIR", "--out", "OUT"}, ""},
		{"score-flow png", "", "frames/test_house__v0__occlusion.png", []string{"score-flow", writeTestDataset(t), "--split", "test", "--pred-frames", "DIR", "--out", "OUT"}, ""},
	}
	n := 0
	for _, c := range cases {
		for _, k := range hostileKinds {
			root := t.TempDir()
			if c.tree != "" {
				root = copyTree(t, c.tree)
			}
			file := filepath.Join(root, c.file)
			os.MkdirAll(filepath.Dir(file), 0o755)
			makeHostile(t, k.name, file)
			out := filepath.Join(t.TempDir(), "out")
			var args []string
			for _, a := range c.args {
				a = strings.NewReplacer("TREE", root, "FILE", file, "DIR", filepath.Dir(file), "OUT", out).Replace(a)
				args = append(args, a)
			}
			code, stderr := runBounded(t, args...)
			n++
			reason := strings.Contains(stderr, k.want) || (c.alt != "" && strings.Contains(stderr, c.alt))
			if code != exitFailure || !strings.Contains(stderr, file) || !reason {
				t.Errorf("%s, %s: %v: exit %d (want %d), stderr %.1200q lacks %q or %q", c.name, k.name, args, code, exitFailure, stderr, file, k.want)
			}
			if c.name != "eval out" && c.name != "eval prompts" && c.name != "score predictions" {
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%s, %s: %s was written", c.name, k.name, out)
				}
			}
		}
	}
	t.Logf("%d hostile file cases", n)
}
