package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"flowbench/pipeline"
	"flowbench/storage/s3fake"
)

// runMergeWait (merge --wait) waits for parts in a directory and in S3
// alike, returns at once for --wait 0, refuses a negative wait as a usage
// error, and after the wait names the parts still missing (a failure, not
// a usage error).
func TestDeployMergeWait(t *testing.T) {
	dir := t.TempDir()
	local := filepath.Join(dir, "part0")
	url := s3fake.URL(s3fake.Start(t, "bkt"), "bkt/run/parts/1")
	for k, out := range []string{local, url} {
		args := append([]string{"generate"}, plainRun(out, "--part", []string{"0/2", "1/2"}[k])...)
		if out, code := genCLI(t, args...); code != 0 {
			t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), code, out)
		}
	}
	ctx := context.Background()
	var stderr strings.Builder
	if err := runMergeWait(ctx, []string{local, url}, 10*time.Second, &stderr); err != nil {
		t.Fatalf("both parts done: %v", err)
	}
	if !strings.Contains(stderr.String(), "waiting up to 10s for the 2 parts") || !strings.Contains(stderr.String(), "all 2 parts finished") {
		t.Errorf("stderr %q: want what it waits for and when the parts are done", stderr.String())
	}

	empty := filepath.Join(dir, "not-started")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	missingURL := strings.Replace(url, "parts/1", "parts/2", 1)
	start := time.Now()
	// Two parts of a 2-part run, neither done (a list with done parts of
	// this run would hold 4 places for 2 parts, which the wait refuses at
	// once: the merge could never succeed).
	err := runMergeWait(ctx, []string{empty, missingURL}, time.Second, new(strings.Builder))
	var me *pipeline.PartsMissingError
	if !errors.As(err, &me) || errors.Is(err, errUsage) || len(me.Missing) != 2 || me.Missing[0] != empty || me.Missing[1] != missingURL {
		t.Fatalf("two parts never done: %v; want a failure naming %s and %s", err, empty, missingURL)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("--wait 1s gave up after %v", d)
	}
	start = time.Now()
	err = runMergeWait(ctx, []string{local, empty, url, missingURL}, time.Hour, new(strings.Builder))
	if err == nil || errors.As(err, &me) || !strings.Contains(err.Error(), "is part 0/2, but 4 parts were given") || time.Since(start) > time.Minute {
		t.Errorf("the 2 parts of a run among 4 places: %v after %v; want a refusal at once", err, time.Since(start))
	}

	stderr.Reset()
	if err := runMergeWait(ctx, []string{empty}, 0, &stderr); err != nil || stderr.Len() != 0 {
		t.Errorf("--wait 0: %v, stderr %q; want no wait and no message (merge reports the missing part)", err, stderr.String())
	}
	if err := runMergeWait(ctx, []string{local}, -time.Second, new(strings.Builder)); !errors.Is(err, errUsage) {
		t.Errorf("--wait -1s: %v, want a usage error", err)
	}
	if !strings.Contains(waitForPartsFlagHelp, pipeline.PartFile) {
		t.Errorf("--wait help %q does not say which file marks a finished part", waitForPartsFlagHelp)
	}
	for _, c := range []struct{ wait, poll time.Duration }{
		{time.Second, time.Second}, {10 * time.Second, time.Second}, {5 * time.Minute, 3 * time.Second}, {48 * time.Hour, 30 * time.Second},
	} {
		if got := mergeWaitPoll(c.wait); got != c.poll {
			t.Errorf("mergeWaitPoll(%v) = %v, want %v", c.wait, got, c.poll)
		}
	}
}
