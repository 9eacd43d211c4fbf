package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gocloud.dev/blob"

	"flowbench/storage"
	"flowbench/storage/s3fake"
)

// waitParts generates a 3-shard split as 3 parts for the wait tests.
func waitParts(t *testing.T) []string {
	t.Helper()
	cfg := mergeConfig()
	cfg.Houses = 3
	return runParts(t, cfg, 3, t.TempDir())
}

// holdRecord moves a part's record aside and returns a function that puts
// it back, as if the part finished then.
func holdRecord(t *testing.T, part string) (finish func()) {
	t.Helper()
	rec := filepath.Join(part, PartFile)
	held := filepath.Join(t.TempDir(), "held-"+PartFile)
	if err := os.Rename(rec, held); err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := os.Rename(held, rec); err != nil {
			t.Error(err)
		}
	}
}

// Parts that finish while WaitForParts waits: it returns once the last
// record appears, not before, and the parts then merge.
func TestWaitForPartsAppearingLater(t *testing.T) {
	parts := waitParts(t)
	finish1, finish2 := holdRecord(t, parts[1]), holdRecord(t, parts[2])
	go func() {
		time.Sleep(100 * time.Millisecond)
		finish2()
		time.Sleep(200 * time.Millisecond)
		finish1()
	}()
	start := time.Now()
	if err := WaitForParts(context.Background(), parts, 20*time.Millisecond, 30*time.Second, nil); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("returned after %v, before part 1's record existed (300 ms)", d)
	}
	if err := Merge(context.Background(), parts, filepath.Join(t.TempDir(), "merged")); err != nil {
		t.Errorf("merge after the wait: %v", err)
	}
}

// At the deadline the error names exactly the parts without a record; a
// cancelled wait does the same and wraps the context's error; the wait
// lasts about its timeout, not much longer.
func TestWaitForPartsTimesOutNamingTheMissing(t *testing.T) {
	parts := waitParts(t)
	holdRecord(t, parts[0])
	holdRecord(t, parts[2])
	start := time.Now()
	err := WaitForParts(context.Background(), parts, 20*time.Millisecond, 150*time.Millisecond, nil)
	elapsed := time.Since(start)
	var me *PartsMissingError
	if !errors.As(err, &me) {
		t.Fatalf("err %v (%T): want a *PartsMissingError", err, err)
	}
	if want := []string{parts[0], parts[2]}; !slices.Equal(me.Missing, want) || me.Total != 3 || me.Cause != nil {
		t.Errorf("missing %q of %d (cause %v): want %q of 3", me.Missing, me.Total, me.Cause, want)
	}
	msg := err.Error()
	if !strings.Contains(msg, "2 of 3 parts have no part.json") || !strings.Contains(msg, parts[0]+", "+parts[2]) || strings.Contains(msg, parts[1]) {
		t.Errorf("error %q: want parts 0 and 2 named, not part 1", msg)
	}
	if elapsed < 150*time.Millisecond || elapsed > 5*time.Second {
		t.Errorf("a 150 ms wait took %v", elapsed)
	}
	// A zero timeout looks once.
	if err := WaitForParts(context.Background(), parts, time.Second, 0, nil); !errors.As(err, &me) || len(me.Missing) != 2 {
		t.Errorf("timeout 0: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = WaitForParts(ctx, parts, 20*time.Millisecond, time.Hour, nil)
	if !errors.Is(err, context.Canceled) || !errors.As(err, &me) || len(me.Missing) != 2 {
		t.Errorf("cancelled wait: %v; want the 2 missing parts and context.Canceled", err)
	}
	for _, bad := range []struct{ poll, timeout time.Duration }{{0, time.Second}, {time.Second, -time.Second}} {
		if err := WaitForParts(context.Background(), parts, bad.poll, bad.timeout, nil); err == nil || errors.As(err, &me) {
			t.Errorf("poll %v timeout %v: %v, want a refusal", bad.poll, bad.timeout, err)
		}
	}
}

// A damaged record ends the wait at once naming it (records are written
// atomically: it will not heal); a damaged shard under an intact record
// passes the wait and Merge refuses it.
func TestWaitForPartsDamagedParts(t *testing.T) {
	parts := waitParts(t)
	rec := filepath.Join(parts[1], PartFile)
	good, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(rec, 0o644)
	for name, c := range map[string]struct {
		record []byte
		want   string
	}{
		"truncated": {good[:len(good)/2], "malformed part record"},
		"edited":    {[]byte(strings.Replace(string(good), `"seed": 1,`, `"seed": 9,`, 1)), "was edited after the part was written"},
		"foreign":   {[]byte(`{"format": "something-else"}`), `format "something-else"`},
	} {
		if err := os.WriteFile(rec, c.record, 0o644); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		err := WaitForParts(context.Background(), parts, 20*time.Millisecond, time.Minute, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), rec) {
			t.Errorf("%s record: %v; want an error naming %s and containing %q", name, err, rec, c.want)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s record: the wait went on for %v", name, d)
		}
	}
	if err := os.WriteFile(rec, good, 0o644); err != nil {
		t.Fatal(err)
	}
	shards, _ := filepath.Glob(filepath.Join(parts[1], "data", "*", "train-*.parquet"))
	if len(shards) == 0 {
		t.Fatal("part 1 holds no shard")
	}
	b, _ := os.ReadFile(shards[0])
	b[len(b)/2] ^= 0xff
	os.Chmod(shards[0], 0o644)
	if err := os.WriteFile(shards[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WaitForParts(context.Background(), parts, 20*time.Millisecond, time.Second, nil); err != nil {
		t.Fatalf("wait with a damaged shard under an intact record: %v", err)
	}
	out := filepath.Join(t.TempDir(), "merged")
	if err := Merge(context.Background(), parts, out); err == nil || !strings.Contains(err.Error(), "is damaged") {
		t.Errorf("merge of a damaged shard after the wait: %v, want it refused as damaged", err)
	}
}

// Parts in S3 (the fake): the wait reads each record through the storage
// package, names the URLs of parts still missing at the deadline, and
// returns once the last record is uploaded.
func TestWaitForPartsInS3(t *testing.T) {
	endpoint := s3fake.Start(t, "runs")
	local := waitParts(t)
	ctx := context.Background()
	bucket, err := blob.OpenBucket(ctx, s3fake.URL(endpoint, "runs"))
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	var urls []string
	uploadRecord := func(k int) {
		b, err := os.ReadFile(filepath.Join(local[k], PartFile))
		if err == nil {
			err = bucket.WriteAll(ctx, fmt.Sprintf("r1/parts/%d/%s", k, PartFile), b, nil)
		}
		if err != nil {
			t.Error(err)
		}
	}
	for k := range local {
		urls = append(urls, s3fake.URL(endpoint, fmt.Sprintf("runs/r1/parts/%d", k)))
		if k != 2 {
			uploadRecord(k)
		}
	}
	read := func(ctx context.Context, part string, limit int64) ([]byte, error) {
		return storage.ReadFile(ctx, part, PartFile, limit)
	}
	err = WaitForParts(ctx, urls, 20*time.Millisecond, 100*time.Millisecond, read)
	var me *PartsMissingError
	if !errors.As(err, &me) || !slices.Equal(me.Missing, urls[2:]) || !strings.Contains(err.Error(), "runs/r1/parts/2?") {
		t.Fatalf("wait with part 2 not uploaded: %v; want part 2's URL named", err)
	}
	go func() {
		time.Sleep(200 * time.Millisecond)
		uploadRecord(2)
	}()
	start := time.Now()
	if err := WaitForParts(ctx, urls, 20*time.Millisecond, 30*time.Second, read); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("returned after %v, before part 2's record was uploaded", d)
	}
	// A record damaged in the bucket is named by its URL.
	if err := bucket.WriteAll(ctx, "r1/parts/1/"+PartFile, []byte("{"), nil); err != nil {
		t.Fatal(err)
	}
	if err := WaitForParts(ctx, urls, 20*time.Millisecond, time.Second, read); err == nil || !strings.Contains(err.Error(), "runs/r1/parts/1/part.json?") {
		t.Errorf("damaged record in S3: %v; want its URL named", err)
	}
}

// recordOnly writes, into a new directory, the record of part i of n of
// the run with fingerprint fp: a valid format and digest, no shards (the
// wait reads only records).
func recordOnly(t *testing.T, fp string, i, n int) string {
	t.Helper()
	dir := t.TempDir()
	r := partRecord{Format: partFormat, Version: Version, Fingerprint: fp, Part: Part{Index: i, Count: n}}
	if err := writePartRecord(dir, r); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A record that cannot belong with the others, whatever comes later, ends
// the wait at once naming it, though a part is still missing and the
// timeout is an hour away: a part of another run, of another splitting, or
// a part given twice.
func TestWaitForPartsRefusesPartsThatDoNotBelong(t *testing.T) {
	notYet := t.TempDir()
	for name, c := range map[string]struct {
		parts []string
		want  string
	}{
		"another run":       {[]string{recordOnly(t, "run-a", 0, 3), recordOnly(t, "run-b", 1, 3), notYet}, "are parts of different runs"},
		"another splitting": {[]string{recordOnly(t, "run-a", 0, 3), recordOnly(t, "run-a", 1, 4), notYet}, "is part 1/4, but 3 parts were given"},
		"a part twice":      {[]string{recordOnly(t, "run-a", 0, 3), recordOnly(t, "run-a", 0, 3), notYet}, "part 0/3 is given twice"},
	} {
		start := time.Now()
		err := WaitForParts(context.Background(), c.parts, 20*time.Millisecond, time.Hour, nil)
		var me *PartsMissingError
		if err == nil || errors.As(err, &me) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.parts[1]) {
			t.Errorf("%s: %v; want an error naming %s and saying %q", name, err, c.parts[1], c.want)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: refused after %v, want at once", name, d)
		}
	}
	// The same records, each once and of one run, pass.
	ok := []string{recordOnly(t, "run-a", 2, 3), recordOnly(t, "run-a", 0, 3), recordOnly(t, "run-a", 1, 3)}
	if err := WaitForParts(context.Background(), ok, 20*time.Millisecond, 0, nil); err != nil {
		t.Errorf("three parts of one run: %v", err)
	}
}

// Read errors other than "not there yet": in the first look they end the
// wait at once (a wrong bucket or credentials); later they are retried (a
// network hiccup in a wait of hours must not fail the merge Job), until
// one part fails maxWaitReadErrors looks in a row.
func TestWaitForPartsReadErrors(t *testing.T) {
	parts := []string{recordOnly(t, "run-a", 0, 2), recordOnly(t, "run-a", 1, 2)}
	boom := errors.New("connection reset by peer")
	// script makes a reader whose n-th look at part 1 gives steps[n]
	// ("absent", "error" or "record"; the last step repeats).
	script := func(steps ...string) ReadPartRecordFunc {
		var mu sync.Mutex
		n := 0
		return func(ctx context.Context, part string, limit int64) ([]byte, error) {
			if part != parts[1] {
				return ReadLocalPartRecord(ctx, part, limit)
			}
			mu.Lock()
			step := steps[min(n, len(steps)-1)]
			n++
			mu.Unlock()
			switch step {
			case "absent":
				return nil, fmt.Errorf("no record yet: %w", fs.ErrNotExist)
			case "error":
				return nil, boom
			}
			return ReadLocalPartRecord(ctx, part, limit)
		}
	}
	ctx := context.Background()
	wait := func(r ReadPartRecordFunc) error { return WaitForParts(ctx, parts, time.Millisecond, time.Minute, r) }
	errs := slices.Repeat([]string{"error"}, maxWaitReadErrors-1)
	if err := wait(script(slices.Concat([]string{"absent"}, errs, []string{"record"})...)); err != nil {
		t.Errorf("%d read errors in a row after the first look: %v, want them retried", maxWaitReadErrors-1, err)
	}
	if err := wait(script(slices.Concat([]string{"absent"}, errs, []string{"absent"}, errs, []string{"record"})...)); err != nil {
		t.Errorf("two runs of %d read errors: %v, want them retried", maxWaitReadErrors-1, err)
	}
	err := wait(script("absent", "error"))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), parts[1]) || !strings.Contains(err.Error(), fmt.Sprintf("failed %d looks in a row", maxWaitReadErrors)) {
		t.Errorf("read errors for ever: %v, want the error naming the part after %d looks", err, maxWaitReadErrors)
	}
	start := time.Now()
	if err := wait(script("error", "record")); !errors.Is(err, boom) || !strings.Contains(err.Error(), parts[1]) || time.Since(start) > 10*time.Second {
		t.Errorf("a read error in the first look: %v, want it at once", err)
	}
}
