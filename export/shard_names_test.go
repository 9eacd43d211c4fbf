package export_test

import (
	"testing"

	"flowbench/export"
)

// A split of 13 shards, more than 7: every shard and every row is found. 0.4.0 parsed the zero-padded counts in the file names as octal
// ("of-00013" read as 11) and refused such splits, which no test had: a
// 100-house run ends with 13.
func TestSplitOfThirteenShards(t *testing.T) {
	dir := t.TempDir()
	writeSplit(t, dir, "train", 26, 2)
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{export.QuestionsTable, export.AnnotationsTable} {
		if got := len(ds.Shards("train", table)); got != 13 {
			t.Errorf("%s: %d shards, want 13", table, got)
		}
	}
	n := 0
	for _, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 26 {
		t.Errorf("%d questions read, want 26", n)
	}
}
