package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// WaitForFile waits until every location (a local directory or a URL,
// see ParseLocation) holds the file rel, checking every poll, for at most
// timeout. It returns nil once all do; otherwise an error naming the
// locations still without it (after the timeout, or when ctx ends). Errors
// reaching a location other than "not there yet" are returned at once.
// flowbench merge --wait uses it to wait for every part record
// (pipeline.PartFile) before merging, so that a merge Job can be applied
// together with the generate Job it follows.
func WaitForFile(ctx context.Context, locations []string, rel string, poll, timeout time.Duration) error {
	if poll <= 0 {
		return fmt.Errorf("storage: poll interval %v must be positive", poll)
	}
	deadline := time.Now().Add(timeout)
	missing := append([]string(nil), locations...)
	for {
		var still []string
		for _, loc := range missing {
			ok, err := hasFile(ctx, loc, rel)
			if err != nil {
				return err
			}
			if !ok {
				still = append(still, loc)
			}
		}
		missing = still
		if len(missing) == 0 {
			return nil
		}
		wait := min(poll, time.Until(deadline))
		if wait <= 0 {
			return fmt.Errorf("waited %v for %s in %d of %d locations, still missing in: %s",
				timeout, rel, len(missing), len(locations), strings.Join(missing, ", "))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("stopped waiting for %s (%v), still missing in: %s", rel, ctx.Err(), strings.Join(missing, ", "))
		case <-time.After(wait):
		}
	}
}

// hasFile reports whether the location holds rel: a regular file in a
// directory, or an object under a URL's prefix.
func hasFile(ctx context.Context, loc, rel string) (bool, error) {
	if !IsURL(loc) {
		st, err := os.Stat(filepath.Join(loc, filepath.FromSlash(rel)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return false, nil
		case err != nil:
			return false, err
		}
		return st.Mode().IsRegular(), nil
	}
	o, err := Open(ctx, loc)
	if err != nil {
		return false, err
	}
	defer o.Close()
	return o.Exists(ctx, rel)
}
