package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutTouchesOnlyOwnFiles: a run never deletes or replaces a file it did
// not write. --overwrite into a directory that is not a flowbench dataset
// but has data/<split>/ (before: the user's files there were deleted and
// their README.md replaced), --resume into a directory with someone else's
// README.md or manifest.json, and a split folder holding a foreign file are
// all refused, every file left as it was.
func TestOutTouchesOnlyOwnFiles(t *testing.T) {
	gen := []string{"generate", "--split", "train", "--houses", "1", "--size", "32", "--views", "1", "--assets", "none", "--questions-only", "--quiet", "--allow-empty"}
	ds := filepath.Join(t.TempDir(), "ds")
	if code, _, e := runCmd(t, append(gen, "--out", ds)...); code != 0 {
		t.Fatalf("generate: %d %s", code, e)
	}
	cases := []struct {
		name  string
		setup func(dir string) // makes the directory
		flag  string
		want  string
	}{
		{"overwrite a user's folder with data/train", func(d string) {
			os.MkdirAll(filepath.Join(d, "data", "train"), 0o755)
			os.WriteFile(filepath.Join(d, "data", "train", "notes.txt"), []byte("mine"), 0o644)
			os.WriteFile(filepath.Join(d, "README.md"), []byte("# my project\n"), 0o644)
		}, "--overwrite", "README.md is not a file flowbench wrote"},
		{"overwrite a user's folder without a README", func(d string) {
			os.MkdirAll(filepath.Join(d, "data", "train"), 0o755)
			os.WriteFile(filepath.Join(d, "data", "train", "notes.txt"), []byte("mine"), 0o644)
		}, "--overwrite", "holds no flowbench dataset"},
		{"overwrite a user's non-empty folder", func(d string) {
			os.WriteFile(filepath.Join(d, "notes.txt"), []byte("mine"), 0o644)
		}, "--overwrite", "holds no flowbench dataset"},
		{"resume with a foreign README", func(d string) {
			copyInto(t, ds, d)
			os.WriteFile(filepath.Join(d, "README.md"), []byte("# my notes\n"), 0o644)
		}, "--resume", "README.md is not a file flowbench wrote"},
		{"resume with a foreign manifest", func(d string) {
			copyInto(t, ds, d)
			os.WriteFile(filepath.Join(d, "manifest.json"), []byte(`{"name": "my manifest"}`), 0o644)
		}, "--resume", "manifest.json is not a file flowbench wrote"},
		{"overwrite a split with a foreign file", func(d string) {
			copyInto(t, ds, d)
			os.WriteFile(filepath.Join(d, "data", "questions", "keep.csv"), []byte("a,b\n"), 0o644)
		}, "--overwrite", "holds files flowbench did not write (data/questions/keep.csv)"},
	}
	for _, c := range cases {
		dir := filepath.Join(t.TempDir(), "out")
		os.MkdirAll(dir, 0o755)
		c.setup(dir)
		before := tree(t, dir)
		code, _, e := runCmd(t, append(gen, "--out", dir, c.flag)...)
		if code != exitFailure || !strings.Contains(e, c.want) {
			t.Errorf("%s: exit %d, stderr %.600q lacks %q", c.name, code, e, c.want)
		}
		after := tree(t, dir)
		if len(after) != len(before) {
			t.Errorf("%s: %d files before, %d after", c.name, len(before), len(after))
		}
		for name, b := range before {
			if string(after[name]) != string(b) {
				t.Errorf("%s: %s changed or removed", c.name, name)
			}
		}
	}
	// A flowbench dataset is still overwritten and resumed.
	for _, flag := range []string{"--overwrite", "--resume"} {
		d := filepath.Join(t.TempDir(), "again")
		copyInto(t, ds, d)
		if code, _, e := runCmd(t, append(gen, "--out", d, flag)...); code != 0 {
			t.Errorf("%s on a flowbench dataset: %d %s", flag, code, e)
		}
	}
}

// TestOutputsRefuseDatasetFiles: prompts, inspect, scene, score and eval
// refuse an --out that is one of a dataset's own files (before: prompts
// --out DS/manifest.json replaced the manifest, exit 0).
func TestOutputsRefuseDatasetFiles(t *testing.T) {
	ds := writeTestDataset(t)
	shard, _ := filepath.Glob(filepath.Join(ds, "data", "questions", "test-*.parquet"))
	preds := filepath.Join(t.TempDir(), "p.jsonl")
	os.WriteFile(preds, []byte(`{"id":"test_house/v0/occlusion","response":"A"}`+"\n"), 0o644)
	prompts := filepath.Join(t.TempDir(), "prompts.jsonl")
	if code, _, e := runCmd(t, "prompts", ds, "--split", "test", "--out", prompts); code != 0 {
		t.Fatalf("prompts: %d %s", code, e)
	}
	for _, target := range []string{filepath.Join(ds, "manifest.json"), filepath.Join(ds, "README.md"), shard[0]} {
		before, _ := os.ReadFile(target)
		for _, args := range [][]string{
			{"prompts", ds, "--split", "test", "--out", target},
			{"inspect", ds, "--out", target},
			{"scene", "--style", "procthor", "--seed", "1", "--out", target},
			{"score", ds, "--split", "test", "--predictions", preds, "--out", target},
			{"eval", "--prompts", prompts, "--model", "m", "--endpoint", "http://127.0.0.1:1/v1", "--quiet", "--out", target},
		} {
			code, _, e := runCmd(t, args...)
			if code != exitFailure || !strings.Contains(e, "is a file of the flowbench dataset "+ds) {
				t.Errorf("%v: exit %d, stderr %.400q", args, code, e)
			}
		}
		if after, _ := os.ReadFile(target); string(after) != string(before) {
			t.Errorf("%s was changed", target)
		}
	}
}

// copyInto copies the tree src to dst.
func copyInto(t *testing.T, src, dst string) {
	t.Helper()
	os.RemoveAll(dst)
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

// tree returns every regular file under dir by relative path.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[rel] = b
		}
		return nil
	})
	return out
}
