package storage

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// openFileOutput opens a file:// output on a fresh directory.
func openFileOutput(t *testing.T) (*Output, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bucket")
	o, err := Open(context.Background(), "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	return o, dir
}

// reference produces the split into a plain local directory.
func reference(t *testing.T, f fakeSplit) string {
	t.Helper()
	dir := t.TempDir()
	if err := WithOutput(context.Background(), dir, f.options(), func(d string) error {
		return f.run(d, false, func() error { return nil })
	}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// assertBucketEqualsDir checks that the final objects are exactly the
// files of dir, byte for byte, and that no staging object is left.
func assertBucketEqualsDir(t *testing.T, s objectStore, dir string) {
	t.Helper()
	ctx := context.Background()
	objs, err := s.list(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	files, err := scanLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, o := range objs {
		if strings.HasPrefix(o.Key, stagingDir+"/") {
			t.Errorf("staging object %s left", o.Key)
			continue
		}
		seen[o.Key] = true
		want, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(o.Key)))
		if err != nil {
			t.Errorf("object %s has no local file: %v", o.Key, err)
			continue
		}
		var got bytes.Buffer
		if err := s.get(ctx, o.Key, &got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("object %s (%d bytes) differs from the local file (%d bytes)", o.Key, got.Len(), len(want))
		}
	}
	for rel := range files {
		if !seen[rel] {
			t.Errorf("local file %s has no object", rel)
		}
	}
	if len(files) == 0 {
		t.Error("the reference directory is empty")
	}
}

// assertSameTree checks that two directories hold the same directories and
// the same files byte for byte (a file:// output against a local run).
func assertSameTree(t *testing.T, got, want string) {
	t.Helper()
	read := func(root string) map[string]string {
		m := map[string]string{}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			if d.IsDir() {
				m[rel+"/"] = ""
				return nil
			}
			b, err := os.ReadFile(p)
			m[rel] = string(b)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	g, w := read(got), read(want)
	for k, v := range w {
		if gv, ok := g[k]; !ok || gv != v {
			t.Errorf("%s: missing or different in %s", k, got)
		}
	}
	for k := range g {
		if _, ok := w[k]; !ok {
			t.Errorf("%s: extra in %s", k, got)
		}
	}
}

// TestFileOutputEqualsLocalRun: a run to a file:// URL leaves a directory
// identical to a run into a local path, and the bucket listing matches.
func TestFileOutputEqualsLocalRun(t *testing.T) {
	f := fakeSplit{split: "train", shards: 3}
	ref := reference(t, f)
	o, dir := openFileOutput(t)
	if err := o.Run(context.Background(), f.options(), func(d string) error {
		return f.run(d, false, func() error { return nil })
	}); err != nil {
		t.Fatal(err)
	}
	assertBucketEqualsDir(t, o.store, ref)
	assertSameTree(t, dir, ref)
}

// killAndResume runs the split against base with the store dying at
// operation killAt (0: never), scanning after every file the producer
// completes, then resumes it on the healthy store, checking after every
// operation of both runs that no final object is partial or differs from
// its content. It returns the number of operations of the first run.
func killAndResume(t *testing.T, base objectStore, f fakeSplit, killAt int) int {
	t.Helper()
	ctx := context.Background()
	checked := &checkedStore{objectStore: base, split: f}
	dying := &dyingStore{objectStore: checked, killAt: killAt}
	first := &Output{URL: "test://first", store: dying}
	err := first.RunWithMirror(ctx, f.options(), func(m *Mirror) error {
		return f.run(m.dir, false, func() error { return m.Scan(ctx) })
	})
	if killAt == 0 && err != nil {
		t.Fatalf("clean run: %v", err)
	}
	if killAt > 0 && killAt <= dying.ops && !errors.Is(err, errKilled) {
		t.Fatalf("kill at operation %d of %d: the run's error %v is not the kill", killAt, dying.ops, err)
	}
	if checked.bad != nil {
		t.Fatalf("kill at %d, first run: %v", killAt, checked.bad)
	}
	second := &Output{URL: "test://second", store: checked}
	if err := second.Run(ctx, f.options(), func(d string) error {
		return f.run(d, true, func() error { return nil })
	}); err != nil {
		t.Fatalf("kill at %d, resume: %v", killAt, err)
	}
	if checked.bad != nil {
		t.Fatalf("kill at %d, resume: %v", killAt, checked.bad)
	}
	return dying.ops
}

// TestKillAndResumeFile kills a run against a file:// bucket at every one
// of its bucket operations in turn (mid-upload, between the staging upload
// and the copy, between the copy and the staging delete, during deletes and
// listings) and resumes it: no final object is ever partial or wrong, the
// resumed bucket equals a local run byte for byte, and no staging object or
// empty staging folder is left.
func TestKillAndResumeFile(t *testing.T) {
	f := fakeSplit{split: "train", shards: 4}
	ref := reference(t, f)
	o, dir := openFileOutput(t)
	total := killAndResume(t, o.store, f, 0)
	if total < 20 {
		t.Fatalf("a clean run took %d bucket operations; the producer should need dozens", total)
	}
	assertSameTree(t, dir, ref)
	for k := 1; k <= total; k++ {
		o, dir := openFileOutput(t)
		killAndResume(t, o.store, f, k)
		assertBucketEqualsDir(t, o.store, ref)
		assertSameTree(t, dir, ref)
	}
}

// TestInterruptKeepsCompletedFiles: a run whose context is cancelled (an
// interrupt) after two shards still uploads those two, not the manifest,
// and a resume that fetches them completes the split.
func TestInterruptKeepsCompletedFiles(t *testing.T) {
	f := fakeSplit{split: "val", shards: 5}
	ref := reference(t, f)
	o, _ := openFileOutput(t)
	ctx, cancel := context.WithCancel(context.Background())
	staged := 0
	err := o.Run(ctx, f.options(), func(d string) error {
		return f.run(d, false, func() error {
			if entries, _ := os.ReadDir(filepath.Join(d, "data", f.split, ".staging")); len(entries) == 2 && !strings.HasSuffix(entries[1].Name(), ".partial") {
				staged = len(entries)
				cancel()
				return ctx.Err()
			}
			return nil
		})
	})
	if !errors.Is(err, context.Canceled) || staged != 2 {
		t.Fatalf("want the interrupt after 2 shards, got %v after %d", err, staged)
	}
	objs, err := o.store.list(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, obj := range objs {
		keys = append(keys, obj.Key)
	}
	if want := []string{f.stagedRel(0), f.stagedRel(1)}; strings.Join(keys, " ") != strings.Join(want, " ") {
		t.Fatalf("after the interrupt the bucket holds %v, want %v", keys, want)
	}
	fetched := 0
	opt := f.options()
	fetch := opt.Fetch
	opt.Fetch = func(rel string) bool { fetched++; return fetch(rel) }
	if err := o.Run(context.Background(), opt, func(d string) error {
		for _, rel := range keys {
			if _, err := os.Stat(filepath.Join(d, filepath.FromSlash(rel))); err != nil {
				t.Errorf("resume did not fetch %s: %v", rel, err)
			}
		}
		return f.run(d, true, func() error { return nil })
	}); err != nil {
		t.Fatal(err)
	}
	if fetched != 2 {
		t.Errorf("the resume was offered %d objects to fetch, want 2", fetched)
	}
	assertBucketEqualsDir(t, o.store, ref)
}

// TestPeriodicScanUploadsDuringRun: with a short interval the first staged
// shard reaches the bucket while the run is still going.
func TestPeriodicScanUploadsDuringRun(t *testing.T) {
	f := fakeSplit{split: "train", shards: 3}
	ref := reference(t, f)
	o, _ := openFileOutput(t)
	checked := &checkedStore{objectStore: o.store, split: f}
	o.store = checked
	opt := f.options()
	opt.Interval = 5 * time.Millisecond
	first := true
	err := o.Run(context.Background(), opt, func(d string) error {
		return f.run(d, false, func() error {
			if !first {
				return nil
			}
			if _, err := os.Stat(filepath.Join(d, filepath.FromSlash(f.stagedRel(0)))); err != nil {
				return nil // still .partial
			}
			first = false
			for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
				if objs, err := checked.objectStore.list(context.Background(), "data/"); err == nil && len(objs) > 0 {
					return nil
				}
			}
			return errors.New("no shard was uploaded by a periodic scan within 30 s")
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked.bad != nil {
		t.Fatal(checked.bad)
	}
	assertBucketEqualsDir(t, o.store, ref)
}

// TestOverwritePrunesOldSplit: objects selected by Prune that the run does
// not write again are deleted; objects outside Prune and Fetch (another
// split) are kept and never downloaded.
func TestOverwritePrunesOldSplit(t *testing.T) {
	ctx := context.Background()
	o, _ := openFileOutput(t)
	for key, body := range map[string]string{
		"data/train/questions-00000-of-00009.parquet": "old shard",
		"data/val/questions-00000-of-00001.parquet":   "other split",
	} {
		if err := o.store.put(ctx, key, strings.NewReader(body), nil); err != nil {
			t.Fatal(err)
		}
	}
	f := fakeSplit{split: "train", shards: 2}
	opt := f.options()
	opt.Fetch = func(rel string) bool { return rel == "manifest.json" || rel == "README.md" }
	if err := o.Run(ctx, opt, func(d string) error {
		if _, err := os.Stat(filepath.Join(d, "data", "val")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the other split was downloaded (%v)", err)
		}
		return f.run(d, false, func() error { return nil })
	}); err != nil {
		t.Fatal(err)
	}
	objs, err := o.store.list(ctx, "data/")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, obj := range objs {
		keys = append(keys, obj.Key)
	}
	want := []string{f.finalRel(0), f.finalRel(1), "data/val/questions-00000-of-00001.parquet"}
	if strings.Join(keys, " ") != strings.Join(want, " ") {
		t.Errorf("bucket holds %v, want %v", keys, want)
	}
}

// TestStaleStagingRemovedAtStart: staging objects of an earlier run are
// deleted before a run starts, whatever their run id.
func TestStaleStagingRemovedAtStart(t *testing.T) {
	ctx := context.Background()
	o, dir := openFileOutput(t)
	if err := o.store.put(ctx, stagingDir+"/old-run/data/train/x.parquet", strings.NewReader("half"), nil); err != nil {
		t.Fatal(err)
	}
	if err := o.Run(ctx, Options{Interval: -1}, func(string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if objs, err := o.store.list(ctx, ""); err != nil || len(objs) != 0 {
		t.Errorf("bucket holds %v (%v), want nothing", objs, err)
	}
	if _, err := os.Stat(filepath.Join(dir, stagingDir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the empty staging folder is left on disk (%v)", err)
	}
}

// TestRenamedFilesAreNotUploadedAgain: a staged shard renamed to its final
// name is copied inside the bucket, so a run uploads each byte once: the
// bytes put equal the sizes of the final files.
func TestRenamedFilesAreNotUploadedAgain(t *testing.T) {
	f := fakeSplit{split: "train", shards: 4}
	ref := reference(t, f)
	files, err := scanLocal(ref)
	if err != nil {
		t.Fatal(err)
	}
	var want int64
	for _, lf := range files {
		want += lf.Info.Size()
	}
	o, _ := openFileOutput(t)
	counted := &countingStore{objectStore: o.store}
	o.store = counted
	ctx := context.Background()
	if err := o.RunWithMirror(ctx, f.options(), func(m *Mirror) error {
		return f.run(m.dir, false, func() error { return m.Scan(ctx) })
	}); err != nil {
		t.Fatal(err)
	}
	if counted.bytes != want {
		t.Errorf("uploaded %d bytes, want %d (the final files once)", counted.bytes, want)
	}
	assertBucketEqualsDir(t, o.store, ref)
}

// TestMD5ThatIsNotContent: a store whose reported MD5 is not the content's
// (S3 ETags under SSE-KMS) does not fail the upload: the object is read
// back once and the bytes decide.
func TestMD5ThatIsNotContent(t *testing.T) {
	f := fakeSplit{split: "train", shards: 2}
	ref := reference(t, f)
	o, _ := openFileOutput(t)
	base := o.store
	o.store = etagStore{base}
	if err := o.Run(context.Background(), f.options(), func(d string) error {
		return f.run(d, false, func() error { return nil })
	}); err != nil {
		t.Fatal(err)
	}
	assertBucketEqualsDir(t, base, ref)
}

// TestCopyThatCorruptsIsCaught: a copy that changes the bytes fails the run
// with an error naming the object, and the wrong object is deleted.
func TestCopyThatCorruptsIsCaught(t *testing.T) {
	f := fakeSplit{split: "train", shards: 2}
	o, _ := openFileOutput(t)
	base := o.store
	o.store = corruptingStore{base}
	err := o.Run(context.Background(), f.options(), func(d string) error {
		return f.run(d, false, func() error { return nil })
	})
	if err == nil || !strings.Contains(err.Error(), "differs from the local file") {
		t.Fatalf("Run = %v, want a differs error", err)
	}
	if bad := checkBucket(context.Background(), base, f); bad != nil {
		t.Errorf("a wrong object was left under a final name: %v", bad)
	}
}

// TestTempLeftoversInBucketAreDeleted: temp-named objects of the run's
// split (a .partial, a fileblob temp file of a killed write) are not
// fetched, and the resumed run deletes them.
func TestTempLeftoversInBucketAreDeleted(t *testing.T) {
	ctx := context.Background()
	f := fakeSplit{split: "train", shards: 2}
	ref := reference(t, f)
	o, _ := openFileOutput(t)
	for _, key := range []string{"data/train/.staging/questions-00001.parquet.partial", "data/train/questions-00000-of-00002.parquet.18a3f.tmp"} {
		if err := o.store.put(ctx, key, strings.NewReader("half"), nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.Run(ctx, f.options(), func(d string) error {
		filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				t.Errorf("fetched %s, want nothing", p)
			}
			return err
		})
		return f.run(d, true, func() error { return nil })
	}); err != nil {
		t.Fatal(err)
	}
	assertBucketEqualsDir(t, o.store, ref)
}
