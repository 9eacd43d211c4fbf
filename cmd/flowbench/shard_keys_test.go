package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"flowbench/export"
)

// keptFooterKeys returns the footer keys a test that rewrites a finished
// shard in place must carry over for the readers' footer checks
// (export.CheckDataset): the split of its file name, its shard index and
// its fingerprint.
func keptFooterKeys(t *testing.T, shard string) map[string]string {
	t.Helper()
	info, err := export.ReadShardInfo(shard)
	if err != nil {
		t.Fatal(err)
	}
	split, _, ok := strings.Cut(filepath.Base(shard), "-")
	if !ok {
		t.Fatalf("%s: no split in the file name", shard)
	}
	return map[string]string{export.SplitKey: split, export.ShardKey: strconv.Itoa(info.Index), export.FingerprintKey: info.Fingerprint}
}
