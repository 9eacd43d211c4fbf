package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
)

func TestTensorTypeFlag(t *testing.T) {
	g, err := parseGenerate(plainRun(t.TempDir()), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if g.tensorType != export.TensorPlain || g.cfg.TensorType != "plain" {
		t.Errorf("default --tensor-type is %s (config %q), want plain", g.tensorType, g.cfg.TensorType)
	}
	ext, err := parseGenerate(plainRun(t.TempDir(), "--tensor-type", "extension"), io.Discard)
	if err != nil || ext.tensorType != export.TensorExtension || ext.cfg.TensorType != "extension" {
		t.Fatalf("--tensor-type extension: %v, %v", ext, err)
	}
	// That the resume fingerprint depends on it is checked end to end by
	// TestGenerateTensorTypes (a resume with the other type is refused).
	out, code := genCLI(t, append([]string{"generate"}, plainRun(t.TempDir(), "--tensor-type", "tensor")...)...)
	if code != 2 || !strings.Contains(out, "-tensor-type") || !strings.Contains(out, `"tensor"`) {
		t.Errorf("--tensor-type tensor: exit %d, output %q", code, out)
	}
}

// TestGenerateTensorTypes checks the tensor type end to end: the reference
// run (plain, the default) records it in its manifest and refuses a resume
// with extension tensors and a new split with extension tensors; a run with
// --tensor-type extension writes extension tensors that validate, and
// records them in the manifest and the card.
func TestGenerateTensorTypes(t *testing.T) {
	ref := plainReference(t)
	var m export.Manifest
	if err := json.Unmarshal(ref[export.ManifestFile], &m); err != nil {
		t.Fatal(err)
	}
	if got := m.Config["train"].(map[string]any)[export.TensorTypeKey]; got != "plain" {
		t.Errorf("reference manifest: %s = %v, want plain", export.TensorTypeKey, got)
	}

	dir := copyPlainReference(t)
	out, code := genCLI(t, append([]string{"generate"}, plainRun(dir, "--resume", "--tensor-type", "extension")...)...)
	if code != 1 || !strings.Contains(out, "different configuration") {
		t.Errorf("resume with extension tensors: exit %d, output %q", code, out)
	}
	// The refused resume left the train shards staged; a new split of
	// another tensor type is refused all the same.
	out, code = genCLI(t, append([]string{"generate"},
		"--split", "val", "--houses", "1", "--size", "96", "--views", "2", "--assets", "none", "--quiet", "--out", dir, "--tensor-type", "extension")...)
	if code != 1 || !strings.Contains(out, "mix") || !strings.Contains(out, "plain") {
		t.Errorf("new split with extension tensors in a plain dataset: exit %d, output %q", code, out)
	}
	if started, _ := filepath.Glob(filepath.Join(dir, "data", "*", "val*")); len(started) > 0 {
		t.Errorf("the refused split was started: %v", started)
	}

	ext := t.TempDir()
	if out, code := genCLI(t, append([]string{"generate"}, "--split", "train", "--houses", "1", "--size", "96", "--views", "2",
		"--assets", "none", "--quiet", "--out", ext, "--tensor-type", "extension")...); code != 0 {
		t.Fatalf("generate --tensor-type extension: exit %d\n%s", code, out)
	}
	if _, err := export.Validate(ext); err != nil {
		t.Fatal(err)
	}
	ds, err := export.Open(ext)
	if err != nil {
		t.Fatal(err)
	}
	shards := ds.Shards("train", export.AnnotationsTable)
	if len(shards) == 0 {
		t.Fatal("no annotations shards")
	}
	if got, err := export.ShardTensorType(shards[0]); err != nil || got != export.TensorExtension {
		t.Errorf("annotations shard: %s tensors (%v), want extension", got, err)
	}
	if got := ds.Manifest.Config["train"].(map[string]any)[export.TensorTypeKey]; got != "extension" {
		t.Errorf("manifest: %s = %v, want extension", export.TensorTypeKey, got)
	}
	card, _ := os.ReadFile(filepath.Join(ext, export.CardFile))
	if !strings.Contains(string(card), "Tensor type `extension`") {
		t.Error("the card does not name the tensor type")
	}
}
