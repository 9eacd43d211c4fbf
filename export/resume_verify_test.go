package export

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// TestResumeDiscardsDamagedShard damages a staged shard inside its largest
// compressed page (its footer stays intact) and leaves a manifest temp
// file: Resume keeps only the undamaged shard pair and removes the temp.
func TestResumeDiscardsDamagedShard(t *testing.T) {
	const w, h = 12, 8
	ref := t.TempDir()
	qs, as := writeSynth(t, ref, 4, w, h, 2, Options{})
	dir := t.TempDir()
	dw, err := Create(dir, Options{RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("train", w, h)
	if err != nil {
		t.Fatal(err)
	}
	for k := range 4 { // shards 0 and 1 complete, then killed
		if err := sw.Add(qs[k], as[k]); err != nil {
			t.Fatal(err)
		}
	}
	damaged := filepath.Join(dir, "data", ".staging", "train", "annotations-00001.parquet")
	pf, err := file.OpenParquetFile(damaged, false)
	if err != nil {
		t.Fatal(err)
	}
	var at, size int64
	for c := 0; c < pf.MetaData().Schema.NumColumns(); c++ {
		md, _ := pf.RowGroup(0).MetaData().ColumnChunk(c)
		if md.TotalCompressedSize() > size {
			at, size = md.DataPageOffset(), md.TotalCompressedSize()
		}
	}
	pf.Close()
	b, _ := os.ReadFile(damaged)
	b[at+size*3/4] ^= 0x5a
	os.WriteFile(damaged, b, 0o644)
	tmp := filepath.Join(dir, "."+ManifestFile+".tmp-42")
	os.WriteFile(tmp, []byte("{"), 0o644)
	skippedTmp := filepath.Join(filepath.Dir(SkippedPath(dir, "train")), ".train.json.tmp-7")
	os.MkdirAll(filepath.Dir(skippedTmp), 0o755)
	os.WriteFile(skippedTmp, []byte("["), 0o644)
	if VerifyShard(damaged) == nil {
		t.Fatal("VerifyShard accepts the damaged shard")
	}

	dw, err = Create(dir, Options{Mode: Resume, RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{tmp, skippedTmp} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Fatalf("resume kept the stale %s (%v)", p, err)
		}
	}
	sw, err = dw.Split("train", w, h)
	if err != nil {
		t.Fatal(err)
	}
	if done := sw.Completed(); len(done) != 1 || done[0].Index != 0 {
		t.Fatalf("completed shards %+v, want only shard 0", done)
	}
	for k := range 4 {
		if err := sw.Add(qs[k], as[k]); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := dw.Finish("test", map[string]any{"houses": 2}, map[string]int64{"train": 7}); err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join("data", "annotations", "train-00001-of-00002.parquet")
	x, _ := os.ReadFile(filepath.Join(ref, rel))
	y, _ := os.ReadFile(filepath.Join(dir, rel))
	if string(x) != string(y) {
		t.Fatalf("%s was not rewritten to the uninterrupted run's bytes", rel)
	}
}
