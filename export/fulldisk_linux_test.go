//go:build linux

package export

import (
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestFullDisk writes onto a 300 KB tmpfs until it is full: the error names
// the shard and the cause, the partial file is gone, completed shards stay
// staged for a resume, and nothing is visible to readers. It needs the
// privilege to mount a tmpfs and skips without it.
func TestFullDisk(t *testing.T) {
	mnt := t.TempDir()
	if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=300k"); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (%v): skipping the full-disk test", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(mnt, syscall.MNT_DETACH); err != nil {
			t.Errorf("unmounting %s: %v", mnt, err)
		}
	})
	dir := filepath.Join(mnt, "ds")
	dw, err := Create(dir, Options{RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("train", 64, 64)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var addErr error
	for k := 0; k < 200 && addErr == nil; k++ {
		q, a := synthRows(rng, k, 64, 64)
		addErr = sw.Add(q, a)
	}
	if addErr == nil || !strings.Contains(addErr.Error(), "no space left on device") || !strings.Contains(addErr.Error(), "export: writing shard "+dir) {
		t.Fatalf("error on a full disk: %v", addErr)
	}
	if err := sw.Close(); err == nil {
		t.Fatal("Close succeeded after the disk filled")
	}
	partial, _ := filepath.Glob(filepath.Join(dir, "data", ".staging", "train", "*"+partialSuffix))
	if len(partial) != 0 {
		t.Fatalf("partial files left: %v", partial)
	}
	if _, err := Open(dir); err == nil {
		t.Fatal("readers see a dataset after a full disk")
	}
	staged, _ := filepath.Glob(filepath.Join(dir, "data", ".staging", "train", "*.parquet"))
	for _, p := range staged {
		idx, _ := strconv.Atoi(stagedShard.FindStringSubmatch(filepath.Base(p))[2])
		if _, err := stagedInfo(p, idx); err != nil {
			t.Errorf("staged shard %s is not complete: %v", p, err)
		}
	}
}
