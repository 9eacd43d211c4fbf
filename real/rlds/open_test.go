package rlds

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"flowbench/real"
)

// TestOpenOverrideAndSplit opens a directory whose name is unknown with
// an explicit source, and keeps one split.
func TestOpenOverrideAndSplit(t *testing.T) {
	dir := t.TempDir()
	l := mustLayout(real.RT1)
	writeDataset(t, dir, "my_rt1_copy", []*Example{synthExample(t, l, 2)})
	if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "my_rt1_copy") {
		t.Fatalf("unknown name: %v", err)
	}
	d, err := Open(dir, Options{Source: real.RT1, Split: "train"})
	if err != nil || d.Source != real.RT1 || len(d.Shards) != 1 || d.Shards[0].Split != "train" {
		t.Fatalf("%+v, %v", d, err)
	}
	if _, err := Open(dir, Options{Source: real.RT1, Split: "val"}); err == nil || !strings.Contains(err.Error(), "split val") {
		t.Fatalf("missing split: %v", err)
	}
	if _, err := Open(dir, Options{Source: "kuka"}); err == nil {
		t.Fatal("unknown source opened")
	}
}

// TestOpenRefusals checks the directory-level refusals: a FIFO shard, a
// features.json without the layout's features, oversized or malformed
// JSON, a name that is not a TFDS name.
func TestOpenRefusals(t *testing.T) {
	l := mustLayout(real.RT1)
	fresh := func(t *testing.T) string {
		dir := t.TempDir()
		writeDataset(t, dir, "fractal20220817_data", []*Example{synthExample(t, l, 2)})
		return dir
	}
	write := func(t *testing.T, path, s string) {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("fifo shard", func(t *testing.T) {
		dir := fresh(t)
		fifo := filepath.Join(dir, "fractal20220817_data-train.tfrecord-00001-of-00002")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		_, err := Open(dir, Options{})
		if err == nil || !strings.Contains(err.Error(), "only regular files are read") || !strings.Contains(err.Error(), fifo) {
			t.Fatalf("%v", err)
		}
		var got error
		for _, err := range ReadShard(fifo, l) {
			got = err
		}
		if got == nil || !strings.Contains(got.Error(), "only regular files are read") {
			t.Fatalf("ReadShard: %v", got)
		}
	})
	t.Run("fifo dataset_info", func(t *testing.T) {
		dir := fresh(t)
		info := filepath.Join(dir, "dataset_info.json")
		os.Remove(info)
		if err := syscall.Mkfifo(info, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "only regular files are read") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("features without the image", func(t *testing.T) {
		dir := fresh(t)
		write(t, filepath.Join(dir, "features.json"), string(featuresJSON([]string{StepKey, "steps/observation/natural_language_instruction",
			"steps/observation/gripper_closed", "steps/observation/base_pose_tool_reached"})))
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "steps/observation/image") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("features.json too large", func(t *testing.T) {
		dir := fresh(t)
		write(t, filepath.Join(dir, "features.json"), `{"x":"`+strings.Repeat("a", MaxJSONBytes)+`"}`)
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "too large") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("features.json too deep", func(t *testing.T) {
		dir := fresh(t)
		deep := strings.Repeat(`{"featuresDict":{"features":{"a":`, MaxJSONDepth+2) + `{}` + strings.Repeat(`}}}`, MaxJSONDepth+2)
		write(t, filepath.Join(dir, "features.json"), deep)
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "deeper") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("dataset_info.json malformed", func(t *testing.T) {
		dir := fresh(t)
		write(t, filepath.Join(dir, "dataset_info.json"), `{"name": `)
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "dataset_info.json") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("name with a path", func(t *testing.T) {
		dir := fresh(t)
		write(t, filepath.Join(dir, "dataset_info.json"), `{"name": "../x"}`)
		if _, err := Open(dir, Options{Source: real.RT1}); err == nil || !strings.Contains(err.Error(), "not a TFDS dataset name") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("array_record", func(t *testing.T) {
		dir := fresh(t)
		write(t, filepath.Join(dir, "dataset_info.json"), `{"name": "fractal20220817_data", "fileFormat": "array_record"}`)
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "array_record") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("shard counts disagree", func(t *testing.T) {
		dir := fresh(t)
		write(t, filepath.Join(dir, "fractal20220817_data-train.tfrecord-00001-of-00003"), "")
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "disagree") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("no shards", func(t *testing.T) {
		dir := t.TempDir()
		writeDataset(t, dir, "fractal20220817_data", []*Example{synthExample(t, l, 2)})
		os.Remove(filepath.Join(dir, "fractal20220817_data-train.tfrecord-00000-of-00001"))
		if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "no fractal20220817_data") {
			t.Fatalf("%v", err)
		}
	})
}

// TestEpisodesGoOn corrupts the first of two shards' only record: the
// iteration reports it, naming the shard, and reads the second shard.
func TestEpisodesGoOn(t *testing.T) {
	dir := t.TempDir()
	l := mustLayout(real.RT1)
	writeDataset(t, dir, "fractal20220817_data", []*Example{synthExample(t, l, 2)}, []*Example{synthExample(t, l, 3)})
	d, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(d.Shards[0].Path)
	b[headerBytes+1] ^= 1
	os.WriteFile(d.Shards[0].Path, b, 0o644)
	var errs []error
	var steps []int
	for ep, err := range d.Episodes() {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		steps = append(steps, ep.Steps)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), d.Shards[0].Path+": record 0") || len(steps) != 1 || steps[0] != 3 {
		t.Fatalf("errors %v, episodes of %v steps", errs, steps)
	}
}
