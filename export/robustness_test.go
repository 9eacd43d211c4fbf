package export

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestTruncatedShardNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 4, 16, 8, 2, Options{})
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	shard := ds.Shards("train", AnnotationsTable)[1]
	data, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"truncated", data[:len(data)*2/3]},
		{"not parquet", []byte("this is not a parquet file, it is a text file of some length")},
		{"empty", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(shard, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			n := 0
			var got error
			for _, err := range ds.Annotations("train") {
				if err != nil {
					got = err
					break
				}
				n++
			}
			if got == nil || !strings.Contains(got.Error(), shard) || !strings.Contains(got.Error(), "not a readable Parquet file") {
				t.Fatalf("error %v does not name %s as unreadable", got, shard)
			}
			if n != 2 { // the first shard's rows come through
				t.Fatalf("read %d rows before the error, want 2", n)
			}
			_, err := Validate(dir)
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Shard != shard || ve.Row != -1 {
				t.Fatalf("Validate: %v, want a shard-level error for %s", err, shard)
			}
		})
	}
}

// TestDeterministicBytes writes the same rows twice, into different
// directories and with different buffering, and compares every file.
func TestDeterministicBytes(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	writeSynth(t, a, 5, 16, 8, 2, Options{})
	writeSynth(t, b, 5, 16, 8, 2, Options{})
	files := 0
	err := filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil {
			return err
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between identical runs", rel)
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files != 2*3+2 { // 3 shards per table, manifest, card
		t.Fatalf("compared %d files, want 8", files)
	}
}

func TestCreateModes(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 2, 8, 8, 2, Options{})
	dw, err := Create(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dw.Split("train", 8, 8); !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "split train") {
		t.Fatalf("existing split without resume or overwrite: %v, want ErrExists", err)
	}
	// A second run adds a split and keeps the first one and its config.
	sw, err := dw.Split("val", 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	q, a := synthRows(rng, 0, 8, 8)
	q.Split = "val"
	if err := sw.Add(q, a); err != nil {
		t.Fatal(err)
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	m, err := dw.Finish("test2", map[string]any{"houses": 1}, map[string]int64{"val": 9})
	if err != nil {
		t.Fatal(err)
	}
	if m.Splits["train"].Questions != 2 || m.Splits["val"].Questions != 1 || m.Seeds["train"] != 7 || m.Seeds["val"] != 9 ||
		m.Splits["train"].Config["houses"] != 2.0 || m.Splits["val"].Config["houses"] != 1 {
		t.Fatalf("merged manifest: splits %+v %+v seeds %v", m.Splits["train"], m.Splits["val"], m.Seeds)
	}
	card, _ := os.ReadFile(filepath.Join(dir, CardFile))
	if !strings.Contains(string(card), "path: \""+DataFilesGlob(QuestionsTable, "val")+"\"\n") || !strings.Contains(string(card), "path: \""+DataFilesGlob(QuestionsTable, "train")+"\"\n") {
		t.Fatal("card lacks a split")
	}

	// Overwrite replaces one split and nothing else.
	keep := filepath.Join(dir, "notes.txt")
	os.WriteFile(keep, []byte("mine"), 0o644)
	dw, _ = Create(dir, Options{Mode: Overwrite})
	sw, err = dw.Split("val", 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "data", "questions", "val-00000-of-00001.parquet")); !os.IsNotExist(err) {
		t.Fatal("overwrite kept the old shards of the split")
	}
	sw.Abort()
	if _, err := os.Stat(keep); err != nil {
		t.Fatal("overwrite removed a file that is not part of the dataset")
	}
	if _, err := os.Stat(filepath.Join(dir, "data", "questions", "train-00000-of-00001.parquet")); err != nil {
		t.Fatal("overwriting val removed train")
	}

	if os.Geteuid() != 0 { // root can write anywhere
		ro := filepath.Join(t.TempDir(), "ro")
		os.Mkdir(ro, 0o555)
		if _, err := Create(ro, Options{}); err == nil {
			t.Fatalf("read-only directory accepted")
		}
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if _, err := Create(filepath.Join(file, "sub"), Options{}); err == nil || !strings.Contains(err.Error(), "cannot create dataset directory") {
		t.Fatalf("directory under a file: %v", err)
	}
}

// TestCrashLeavesNoParquet stops a split midway without closing it, as a
// killed process would, and checks that no .parquet is visible to readers
// and that the shard being written is only a temp file.
func TestCrashLeavesNoParquet(t *testing.T) {
	dir := t.TempDir()
	dw, err := Create(dir, Options{RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("train", 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 3 {
		q, a := synthRows(rng, k, 8, 8)
		if err := sw.Add(q, a); err != nil {
			t.Fatal(err)
		}
	}
	// The crash: the process stops here, with shard 1 open and one of its
	// rows written, and no footer.
	var visible, partial []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		switch {
		case strings.HasSuffix(p, partialSuffix):
			partial = append(partial, p)
		case strings.HasSuffix(p, ".parquet") && !strings.Contains(p, ".staging"):
			visible = append(visible, p)
		}
		return nil
	})
	if len(visible) != 0 {
		t.Fatalf("readers can see %v before the split is finished", visible)
	}
	if len(partial) != 2 {
		t.Fatalf("partial files %v, want the two open shards", partial)
	}
	if _, err := Open(dir); err == nil {
		t.Fatal("Open succeeded on a dataset with no finished shards")
	}
}

// TestResume interrupts a run after some shards, resumes it with the same
// rows, and checks that completed shards are kept (not rewritten), the
// partial one is redone, and the result equals an uninterrupted run.
func TestResume(t *testing.T) {
	const n, w, h = 7, 12, 8
	ref := t.TempDir()
	qs, as := writeSynth(t, ref, n, w, h, 2, Options{})

	dir := t.TempDir()
	dw, _ := Create(dir, Options{RowsPerShard: 2})
	sw, _ := dw.Split("train", w, h)
	for k := range 5 { // shards 0 and 1 complete, shard 2 partial
		if err := sw.Add(qs[k], as[k]); err != nil {
			t.Fatal(err)
		}
	}
	// killed here, with shard 2 half written
	staged0 := filepath.Join(dir, "data", ".staging", "train", "questions-00000.parquet")
	st0, err := os.Stat(staged0)
	if err != nil {
		t.Fatal(err)
	}

	if dw2, err := Create(dir, Options{}); err != nil {
		t.Fatal(err)
	} else if _, err := dw2.Split("train", w, h); !errors.Is(err, ErrExists) {
		t.Fatalf("second run without resume: %v", err)
	}
	dw, err = Create(dir, Options{Mode: Resume, RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	sw, err = dw.Split("train", w, h)
	if err != nil {
		t.Fatal(err)
	}
	done := sw.Completed()
	if len(done) != 2 || done[0].FirstID != qs[0].ID || done[1].LastID != qs[3].ID || done[1].Rows != 2 {
		t.Fatalf("completed shards %+v", done)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "data", ".staging", "train", "*"+partialSuffix))
	if len(matches) != 0 {
		t.Fatalf("partial files kept on resume: %v", matches)
	}
	// A different row where a completed shard stands is refused.
	if err := sw.Add(qs[1], as[1]); err == nil || !strings.Contains(err.Error(), "different rows") {
		t.Fatalf("resume with different rows: %v", err)
	}
	sw, _ = dw.Split("train", w, h)
	for k := range n {
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
	final0 := filepath.Join(dir, "data", "questions", "train-00000-of-00004.parquet")
	st, err := os.Stat(final0)
	if err != nil || !os.SameFile(st, st0) {
		t.Fatalf("completed shard 0 was rewritten on resume (%v)", err)
	}
	// Same bytes as the uninterrupted run.
	for _, rel := range []string{"data/questions/train-00002-of-00004.parquet", "data/annotations/train-00003-of-00004.parquet", ManifestFile, CardFile} {
		x, _ := os.ReadFile(filepath.Join(ref, rel))
		y, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs from the uninterrupted run (%v)", rel, err)
		}
	}
	// Resuming a finished dataset with the same rows changes nothing.
	dw, _ = Create(dir, Options{Mode: Resume, RowsPerShard: 2})
	sw, _ = dw.Split("train", w, h)
	if got := len(sw.Completed()); got != 4 {
		t.Fatalf("finished dataset resumed with %d completed shards, want 4", got)
	}
	for k := range n {
		if err := sw.Add(qs[k], as[k]); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []QuestionRow
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, q)
	}
	if !reflect.DeepEqual(got, qs) {
		t.Fatal("questions after resume differ from those written")
	}
}

// TestWriteErrorStopsSplit feeds a row whose arrays do not match the split's
// image size: Add fails, nothing is finalised, and later calls keep failing
// with the first error instead of producing a dataset with a hole.
func TestWriteErrorStopsSplit(t *testing.T) {
	dir := t.TempDir()
	dw, _ := Create(dir, Options{RowsPerShard: 2})
	sw, err := dw.Split("train", 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 3 {
		q, a := synthRows(rng, k, 8, 8)
		if k == 2 {
			a.DepthAfter = a.DepthAfter[:10]
		}
		err := sw.Add(q, a)
		if (err != nil) != (k == 2) {
			t.Fatalf("row %d: %v", k, err)
		}
		if k == 2 && !strings.Contains(err.Error(), "depth_after has 10 values, want 64") {
			t.Fatalf("unclear error: %v", err)
		}
	}
	q, a := synthRows(rng, 3, 8, 8)
	if err := sw.Add(q, a); err == nil || !strings.Contains(err.Error(), "earlier error") {
		t.Fatalf("Add after a failure: %v", err)
	}
	if err := sw.Close(); err == nil {
		t.Fatal("Close after a failure succeeded")
	}
	if _, err := Open(dir); err == nil {
		t.Fatal("a failed split is visible to readers")
	}
	staged, _ := filepath.Glob(filepath.Join(dir, "data", ".staging", "train", "*"))
	if len(staged) != 2 { // shard 0 pair complete; the failed shard 1 removed
		t.Fatalf("staging holds %v", staged)
	}
}
