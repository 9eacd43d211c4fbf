package rlds

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"strings"

	"flowbench/storage/localfile"
)

// ReadEpisodes iterates over the episodes of one TFRecord stream (name
// for errors, size its length or -1) read with layout l. It yields an
// Episode with a nil error, or a nil Episode with the *Error that skips
// that record; the iteration goes on after a skip as long as the framing
// allows (a data checksum mismatch skips one record, a broken header ends
// the stream).
func ReadEpisodes(r io.Reader, name string, size int64, l Layout) iter.Seq2[*Episode, error] {
	return func(yield func(*Episode, error) bool) {
		tr := NewReader(r, name, size)
		for {
			rec := tr.Record()
			data, err := tr.NextOwned()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !yield(nil, err) {
					return
				}
				continue
			}
			ep, err := episodeOf(data, l, name, rec)
			if !yield(ep, err) {
				return
			}
		}
	}
}

// episodeOf parses one record into an Episode.
func episodeOf(data []byte, l Layout, name string, rec int) (*Episode, error) {
	ex, err := ParseExample(data)
	if err != nil {
		e := &Error{File: name, Record: rec, Step: -1, Err: fmt.Errorf("malformed tf.train.Example: %w", err)}
		var fe *FeatureError
		if errors.As(err, &fe) {
			e.Feature, e.Err = fe.Feature, fmt.Errorf("malformed tf.train.Feature: %s", fe.Found)
		}
		return nil, e
	}
	return BuildEpisode(ex, l, name, rec)
}

// ReadShard iterates over the episodes of one shard file, as
// ReadEpisodes. A path that is not a regular file (a FIFO, a device, a
// directory) is refused before it is opened.
func ReadShard(path string, l Layout) iter.Seq2[*Episode, error] {
	return func(yield func(*Episode, error) bool) {
		f, size, err := openRegular(path)
		if err != nil {
			yield(nil, &Error{File: path, Record: -1, Step: -1, Err: err})
			return
		}
		defer f.Close()
		for ep, err := range ReadEpisodes(f, path, size, l) {
			if !yield(ep, err) {
				return
			}
		}
	}
}

// openRegular opens path through storage/localfile, which refuses
// anything but a regular file (after links) before opening it, so that a
// FIFO or a device never blocks or reads without end; it returns the file
// with its size.
func openRegular(path string) (*os.File, int64, error) {
	f, err := localfile.Open(path, math.MaxInt64, "a TFRecord shard")
	if err != nil {
		return nil, 0, pathless{path, err}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

// readBounded reads a whole regular file of at most limit bytes
// (storage/localfile's ReadFile; a larger one also matches ErrTooLarge).
func readBounded(path string, limit int64) ([]byte, error) {
	data, err := localfile.ReadFile(path, limit, "a dataset JSON file")
	if errors.Is(err, localfile.ErrTooLarge) {
		return nil, fmt.Errorf("%w: %w", ErrTooLarge, pathless{path, err})
	}
	if err != nil {
		return nil, pathless{path, err}
	}
	return data, nil
}

// pathless is an error of storage/localfile without its leading path:
// the callers here name the file themselves.
type pathless struct {
	path string
	err  error
}

// Error is the wrapped error's message without its leading path.
func (e pathless) Error() string { return strings.TrimPrefix(e.err.Error(), e.path+": ") }

// Unwrap returns the storage/localfile error.
func (e pathless) Unwrap() error { return e.err }
