package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"flowbench/pipeline"
	"flowbench/storage"
)

// merge --wait DURATION: wait up to DURATION for every part's record, then
// merge, so that the merge Job of deploy/k8s can be applied together with
// the generate Job whose parts it joins (docs/deploy.md).

// waitForPartsFlagHelp is the help text of merge's --wait flag.
const waitForPartsFlagHelp = "wait up to this long (e.g. 24h) for every part to finish, that is to hold its record " +
	pipeline.PartFile + ", before merging; 0: merge at once"

// mergeWaitPoll is how often runMergeWait looks for the part records of a
// wait of d: a hundredth of it, between 1 s and 30 s.
func mergeWaitPoll(d time.Duration) time.Duration {
	return min(max(d/100, time.Second), 30*time.Second)
}

// runMergeWait waits up to wait for every part (a directory or a URL) to
// hold its part record (pipeline.WaitForParts), saying on stderr what it
// waits for and when the parts are done. A wait of 0 returns at once; a
// negative one is a usage error. After wait, the error names the parts
// still missing (exit 1).
func runMergeWait(ctx context.Context, parts []string, wait time.Duration, stderr io.Writer) error {
	if wait < 0 {
		return fmt.Errorf("%w: --wait %v must not be negative", errUsage, wait)
	}
	if wait == 0 {
		return nil
	}
	start := time.Now()
	poll := mergeWaitPoll(wait)
	fmt.Fprintf(stderr, "flowbench merge: waiting up to %v for the %d parts to finish (looking every %v)\n", wait, len(parts), poll)
	if err := pipeline.WaitForParts(ctx, parts, poll, wait, readPartRecord); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "flowbench merge: all %d parts finished after %v\n", len(parts), time.Since(start).Round(time.Second))
	return nil
}

// readPartRecord reads a part's record from its directory or URL.
func readPartRecord(ctx context.Context, part string, limit int64) ([]byte, error) {
	if !storage.IsURL(part) {
		return pipeline.ReadLocalPartRecord(ctx, part, limit)
	}
	return storage.ReadFile(ctx, part, pipeline.PartFile, limit)
}
