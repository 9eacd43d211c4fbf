package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestRealMineCommand mines the committed tiny Bridge V2 release: two
// pair folders, and a report whose drops are the fold and the still
// episode; then the usage errors and a FIFO in place of a shard.
func TestRealMineCommand(t *testing.T) {
	tiny := filepath.Join("..", "..", "testdata", "rlds", "bridge_tiny")
	out := filepath.Join(t.TempDir(), "mined")
	code, stdout, stderr := runCLI("real", "mine", "--episodes", tiny, "--out", out)
	if code != exitOK || !strings.Contains(stdout, "bridge_dataset (bridge_v2): 4 episodes, 2 pairs") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	var rep struct {
		Episodes, Pairs int
		Dropped         map[string]int
	}
	b, err := os.ReadFile(filepath.Join(out, mineReportFile))
	if err != nil || json.Unmarshal(b, &rep) != nil || rep.Pairs != 2 || len(rep.Dropped) != 2 {
		t.Errorf("report %s: %+v %v", b, rep, err)
	}
	folders, _ := filepath.Glob(filepath.Join(out, "*", "mined.json"))
	if len(folders) != 2 {
		t.Errorf("%d mined.json files, want 2", len(folders))
	}
	if code, _, e := runCLI("real", "mine", "--episodes", tiny, "--out", out); code != exitUsage || !strings.Contains(e, "not empty") {
		t.Errorf("into a non-empty --out: exit %d %q", code, e)
	}
	if code, _, e := runCLI("real", "mine", "--out", t.TempDir()); code != exitUsage || !strings.Contains(e, "--episodes is required") {
		t.Errorf("no --episodes: exit %d %q", code, e)
	}
	fifo := t.TempDir()
	for _, f := range []string{"dataset_info.json", "features.json"} {
		b, _ := os.ReadFile(filepath.Join(tiny, f))
		os.WriteFile(filepath.Join(fifo, f), b, 0o644)
	}
	if err := syscall.Mkfifo(filepath.Join(fifo, "bridge_dataset-train.tfrecord-00000-of-00001"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, e := runCLI("real", "mine", "--episodes", fifo, "--out", filepath.Join(t.TempDir(), "m")); code != exitFailure || !strings.Contains(e, "tfrecord-00000-of-00001") {
		t.Errorf("a FIFO shard: exit %d %q", code, e)
	}
}
