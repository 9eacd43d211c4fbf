package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"flowbench/storage/localfile"
)

// ReadPartRecordFunc reads the part record (PartFile) of one part location,
// at most limit bytes; an error matching fs.ErrNotExist means the part has
// not finished yet. WaitForParts takes one, so that this package reads
// local directories itself and leaves object storage to its caller
// (flowbench merge passes one over the storage package).
type ReadPartRecordFunc func(ctx context.Context, part string, limit int64) ([]byte, error)

// ReadLocalPartRecord reads DIR/part.json: the ReadPartRecordFunc of part
// directories.
func ReadLocalPartRecord(_ context.Context, dir string, limit int64) ([]byte, error) {
	return localfile.ReadFile(filepath.Join(dir, PartFile), limit, "a part record")
}

// PartsMissingError is WaitForParts' error when some parts were still
// without their record at the deadline (or when the wait was stopped).
type PartsMissingError struct {
	Missing []string      // the parts without a record, in the order given
	Total   int           // how many parts were waited for
	Waited  time.Duration // how long WaitForParts waited
	Cause   error         // the context's error when the wait was stopped, else nil
}

func (e *PartsMissingError) Error() string {
	how := fmt.Sprintf("waited %v", e.Waited.Round(time.Millisecond))
	if e.Cause != nil {
		how = fmt.Sprintf("stopped waiting after %v (%v)", e.Waited.Round(time.Millisecond), e.Cause)
	}
	return fmt.Sprintf("%s for the parts to finish: %d of %d parts have no %s yet (not finished, or not started): %s",
		how, len(e.Missing), e.Total, PartFile, strings.Join(e.Missing, ", "))
}

// Unwrap returns the context's error when the wait was stopped.
func (e *PartsMissingError) Unwrap() error { return e.Cause }

// WaitForParts waits until every part holds its part record, the file a
// part run writes (and, to object storage, uploads) last, once all its
// shards are in place: checking every poll, for at most timeout. read reads
// a part's record (nil: ReadLocalPartRecord, parts are directories).
//
// A record that appears is decoded and its format and digest checked at
// once: records are written atomically, so one that does not decode is
// damaged, and the error names it without waiting further. So is a record
// that cannot belong with the others whatever comes later: a part of
// another run (another fingerprint), of another number of parts than
// len(parts), or a part given twice. Whether the shards are intact is
// Merge's to check afterwards. After timeout, or when ctx ends, the error
// is a *PartsMissingError naming the parts still without a record.
//
// An error reading a record other than "not there yet" ends the wait at
// once in the first look (a wrong URL, bucket or credentials do not mend by
// waiting); after that it is retried at the next look, and ends the wait
// only when the same part fails maxWaitReadErrors looks in a row, so that a
// network or service hiccup during a wait of hours does not fail a merge
// Job.
//
// flowbench merge --wait calls it before merging, so that a merge Job can
// be started together with the generate Job whose parts it joins.
func WaitForParts(ctx context.Context, parts []string, poll, timeout time.Duration, read ReadPartRecordFunc) error {
	switch {
	case poll <= 0:
		return fmt.Errorf("waiting for parts: poll interval %v must be positive", poll)
	case timeout < 0:
		return fmt.Errorf("waiting for parts: timeout %v must not be negative", timeout)
	}
	if read == nil {
		read = ReadLocalPartRecord
	}
	start := time.Now()
	deadline := start.Add(timeout)
	missing := append([]string(nil), parts...)
	seen := partsSeen{total: len(parts), byIndex: map[int]string{}}
	failures := map[string]int{} // part → read errors in a row
	for look := 0; ; look++ {
		var still []string
		for _, p := range missing {
			b, err := read(ctx, p, maxPartRecordBytes)
			switch {
			case errors.Is(err, fs.ErrNotExist) || (err != nil && ctx.Err() != nil):
				failures[p] = 0
				still = append(still, p)
				continue
			case err != nil && look == 0:
				return fmt.Errorf("reading the part record of %s: %w", p, err)
			case err != nil:
				if failures[p]++; failures[p] >= maxWaitReadErrors {
					return fmt.Errorf("reading the part record of %s failed %d looks in a row: %w", p, failures[p], err)
				}
				still = append(still, p)
				continue
			}
			r, err := decodePartRecord(b, partRecordName(p))
			if err != nil {
				return err
			}
			if err := seen.add(p, r); err != nil {
				return err
			}
		}
		missing = still
		if len(missing) == 0 {
			return nil
		}
		wait := min(poll, time.Until(deadline))
		if wait <= 0 {
			return &PartsMissingError{Missing: missing, Total: len(parts), Waited: time.Since(start)}
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return &PartsMissingError{Missing: missing, Total: len(parts), Waited: time.Since(start), Cause: ctx.Err()}
		case <-timer.C:
		}
	}
}

// maxWaitReadErrors is how many looks in a row WaitForParts lets a part's
// record fail to be read (other than "not there yet") before it gives up.
const maxWaitReadErrors = 5

// partsSeen is what WaitForParts knows of the records it has decoded.
type partsSeen struct {
	total   int // the number of parts waited for
	first   partRecord
	firstAt string         // the location of first; "" before any record
	byIndex map[int]string // part index → location
}

// add checks the record r of the part at location p against those seen
// before: the same run, as many parts as were given, each part once.
func (s *partsSeen) add(p string, r partRecord) error {
	switch {
	case r.Part.Count != s.total:
		return fmt.Errorf("%s is part %s, but %d parts were given: give every part of the run, each once", p, r.Part, s.total)
	case s.firstAt != "" && r.Fingerprint != s.first.Fingerprint:
		return fmt.Errorf("%s and %s are parts of different runs (fingerprints %s and %s): "+
			"every part must be generated with the same flags, binary and asset libraries", s.firstAt, p, s.first.Fingerprint, r.Fingerprint)
	}
	if other, dup := s.byIndex[r.Part.Index]; dup {
		return fmt.Errorf("part %s is given twice: %s and %s (its blocks would be present twice)", r.Part, other, p)
	}
	s.byIndex[r.Part.Index] = p
	if s.firstAt == "" {
		s.first, s.firstAt = r, p
	}
	return nil
}

// partRecordName names a part's record for errors: DIR/part.json, or
// URL/part.json with the URL's query kept at the end.
func partRecordName(part string) string {
	if i := strings.Index(part, "://"); i > 0 {
		base, query, _ := strings.Cut(part, "?")
		name := strings.TrimSuffix(base, "/") + "/" + PartFile
		if query != "" {
			name += "?" + query
		}
		return name
	}
	return filepath.Join(part, PartFile)
}
