package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"
)

// DefaultInterval is how often a run's work directory is scanned for
// completed files to upload while the run goes on.
const DefaultInterval = 10 * time.Second

// Options configure Run and WithOutput.
type Options struct {
	// Fetch selects the final objects (by key relative to the prefix)
	// copied into the work directory before the run, e.g. the manifest and
	// the split being resumed. nil fetches nothing.
	Fetch func(rel string) bool
	// Prune selects final objects that this run owns without fetching
	// them: a scan deletes them when no local file has their name (the
	// old shards of a split being overwritten). Fetched objects are owned
	// too.
	Prune func(rel string) bool
	// Last names the files uploaded only by the final sync, after all
	// others and in this order (the manifest, then the card).
	Last []string
	// Interval is the period of the incremental scans during the run:
	// 0 means DefaultInterval, a negative value no periodic scan.
	Interval time.Duration
	// WorkDir is the folder in which the local work directory is made
	// ("" means os.TempDir()); the work directory is removed at the end.
	WorkDir string
	// Log receives debug records of each upload, fetch and deletion, and
	// warnings of failed periodic scans (nil: slog.Default()).
	Log *slog.Logger
}

// WithOutput runs run with the local directory it is to write. For a plain
// path, that is out itself and nothing else happens. For a URL, run writes
// into a fresh local work directory mirrored to the output location (see
// Output.Run).
func WithOutput(ctx context.Context, out string, opt Options, run func(localDir string) error) error {
	if !IsURL(out) {
		return run(out)
	}
	o, err := Open(ctx, out)
	if err != nil {
		return err
	}
	defer o.Close()
	return o.Run(ctx, opt, run)
}

// Run makes a local work directory, deletes stale staging objects, fetches
// the objects selected by opt.Fetch into it, and calls run with it. While
// run goes on, completed files are uploaded every opt.Interval; when run
// fails (an interrupt included), the completed files are still uploaded
// (not the files named last) so that a resumed run keeps them, and run's
// error is returned. When run succeeds, the final sync uploads everything,
// the files named last at the end.
func (o *Output) Run(ctx context.Context, opt Options, run func(localDir string) error) error {
	return o.RunWithMirror(ctx, opt, func(m *Mirror) error { return run(m.Dir()) })
}

// RunWithMirror is Run with run given the mirror, whose Dir is the work
// directory: a caller that knows when a file is complete can Publish it at
// once instead of waiting for the next periodic scan.
func (o *Output) RunWithMirror(ctx context.Context, opt Options, run func(m *Mirror) error) error {
	dir, err := makeWorkDir(opt.WorkDir, "out")
	if err != nil {
		return fmt.Errorf("work directory for %s: %w", o.URL, err)
	}
	defer os.RemoveAll(dir)
	m := o.newMirror(dir, opt)
	if err := m.prepare(ctx, opt.Fetch, opt.Prune); err != nil {
		return err
	}
	stop := m.scanEvery(ctx, opt.Interval)
	runErr := run(m)
	stop()
	if runErr != nil {
		// Keep what was finished even when ctx was cancelled (an interrupt):
		// a second interrupt kills the process.
		if err := m.Scan(context.WithoutCancel(ctx)); err != nil {
			return errors.Join(runErr, fmt.Errorf("uploading the completed files: %w", err))
		}
		return runErr
	}
	return m.Sync(ctx)
}

// newMirror returns a mirror of the local directory dir to o.
func (o *Output) newMirror(dir string, opt Options) *Mirror {
	log := opt.Log
	if log == nil {
		log = slog.Default()
	}
	return &Mirror{store: o.store, url: o.URL, dir: dir, runID: newRunID(), last: opt.Last, log: log,
		published: map[string]publishedFile{}, remote: map[string]bool{}}
}

// scanEvery scans the work directory every interval (DefaultInterval when
// 0, never when negative) until the returned stop is called; stop waits for
// a scan in progress. A failed scan is logged: the final sync retries it.
func (m *Mirror) scanEvery(ctx context.Context, interval time.Duration) (stop func()) {
	if interval < 0 {
		return func() {}
	}
	if interval == 0 {
		interval = DefaultInterval
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := m.Scan(ctx); err != nil && ctx.Err() == nil {
					m.log.Warn("incremental upload failed; the final sync retries", "url", m.url, "err", err)
				}
			}
		}
	}()
	return func() { cancel(); <-done }
}

// newRunID names a run's staging folder: the UTC time and random bits.
func newRunID() string {
	var b [4]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}
