package export

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeRange writes shards [first, end) of a total-shard split with the
// caller's cut points: shard s gets rowsOf(s) synthetic rows (rows are
// numbered globally, so that every shard's rows are the same in any range).
func writeRange(t *testing.T, dir string, r Range, rowsOf func(int) int, opt Options) *SplitWriter {
	t.Helper()
	dw, err := Create(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.SplitRange("train", 8, 8, r)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for s := 0; s < r.First; s++ {
		k += rowsOf(s)
	}
	for s := r.First; s < r.End; s++ {
		if sw.IsCompleted(s) {
			k += rowsOf(s)
			if err := sw.Cut(); err != nil { // skip a kept shard
				t.Fatal(err)
			}
			continue
		}
		for range rowsOf(s) {
			q, a := synthRows(rand.New(rand.NewPCG(uint64(k), 7)), k, 8, 8)
			if err := sw.Add(q, a); err != nil {
				t.Fatal(err)
			}
			k++
		}
		if err := sw.Cut(); err != nil {
			t.Fatal(err)
		}
	}
	return sw
}

// Caller-chosen cut points: shards of any size, empty ones included, under
// their global names; two ranges written apart give the same files as the
// whole split; Close refuses a range that was not cut to its end.
func TestSplitRangeCutPoints(t *testing.T) {
	rowsOf := func(s int) int { return []int{3, 0, 1, 4, 2}[s] }
	opt := Options{Fingerprint: "abc123"}
	whole := t.TempDir()
	if err := writeRange(t, whole, Range{0, 5, 5}, rowsOf, opt).Close(); err != nil {
		t.Fatal(err)
	}
	ds, err := Open(whole)
	if err != nil {
		t.Fatal(err)
	}
	qs := ds.Shards("train", QuestionsTable)
	if len(qs) != 5 || !strings.HasSuffix(qs[4], "data/questions/train-00004-of-00005.parquet") {
		t.Fatalf("shards %v, want 5 named -of-00005", qs)
	}
	for s, p := range qs {
		info, err := ReadShardInfo(p)
		if err != nil || info.Rows != rowsOf(s) || info.Index != s || info.Fingerprint != "abc123" {
			t.Errorf("shard %d: %+v, %v; want %d rows, index %d, the fingerprint", s, info, err, rowsOf(s), s)
		}
	}
	for _, r := range []Range{{0, 2, 5}, {2, 5, 5}} {
		part := t.TempDir()
		if err := writeRange(t, part, r, rowsOf, opt).Close(); err != nil {
			t.Fatal(err)
		}
		for s := r.First; s < r.End; s++ {
			for _, table := range []string{QuestionsTable, AnnotationsTable} {
				name := filepath.Join("data", table, FinalShardName("train", s, 5))
				a, _ := os.ReadFile(filepath.Join(whole, name))
				b, err := os.ReadFile(filepath.Join(part, name))
				if err != nil || string(a) != string(b) {
					t.Errorf("range %v: %s differs from the whole split's (%v)", r, name, err)
				}
			}
		}
	}
	dw, _ := Create(t.TempDir(), opt)
	sw, _ := dw.SplitRange("train", 8, 8, Range{1, 3, 4})
	if err := sw.Cut(); err != nil {
		t.Fatal(err)
	}
	if err := sw.Close(); err == nil || !strings.Contains(err.Error(), "never cut") {
		t.Fatalf("Close before the range's end: %v", err)
	}
	for _, r := range []Range{{2, 1, 4}, {0, 5, 4}, {-1, 1, 4}, {0, 0, 0}} {
		if _, err := dw.SplitRange("val", 8, 8, r); err == nil {
			t.Errorf("SplitRange accepted the bad range %v", r)
		}
	}
}

// Resuming a range keeps its verified shards, skips them when the caller
// cuts at once, and refuses shards of another fingerprint.
func TestSplitRangeResume(t *testing.T) {
	rowsOf := func(int) int { return 2 }
	dir := t.TempDir()
	sw := writeRange(t, dir, Range{1, 3, 4}, rowsOf, Options{Fingerprint: "one"})
	sw.Abort() // interrupted before Close: shards 1 and 2 are staged
	want := map[string][]byte{}
	for _, s := range []int{1, 2} {
		p := filepath.Join(dir, "data", ".staging", "train", fmt.Sprintf("questions-%05d.parquet", s))
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		want[p] = b
	}
	dw, _ := Create(dir, Options{Mode: Resume, Fingerprint: "two"})
	if _, err := dw.SplitRange("train", 8, 8, Range{1, 3, 4}); err == nil || !strings.Contains(err.Error(), "different configuration") {
		t.Fatalf("resume with another fingerprint: %v", err)
	}
	sw = writeRange(t, dir, Range{1, 3, 4}, rowsOf, Options{Mode: Resume, Fingerprint: "one"})
	if kept := sw.Completed(); len(kept) != 2 || kept[0].Index != 1 || kept[1].Index != 2 {
		t.Fatalf("kept %+v, want shards 1 and 2", kept)
	}
	if sw.Rows() != 0 {
		t.Errorf("skipped shards count %d rows added", sw.Rows())
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	for p, b := range want {
		table, idx, _ := strings.Cut(strings.TrimSuffix(filepath.Base(p), ".parquet"), "-")
		final := filepath.Join(dir, "data", table, "train-"+idx+"-of-00004.parquet")
		got, err := os.ReadFile(final)
		if err != nil || string(got) != string(b) {
			t.Errorf("%s is not the kept shard %s (%v)", final, p, err)
		}
	}
}
