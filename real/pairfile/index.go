package pairfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"flowbench/real"
	"flowbench/storage/localfile"
)

// ReadIndex reads a JSONL index: each non-blank line is a pair.json
// object with an "id", its relative file paths resolved against the
// index's folder (or the line's "dir", itself relative to that folder).
// fn receives each line's pair, or a nil pair and an *Error naming the
// line for a bad line (unreadable JSON, a line over MaxPairJSONBytes, an
// id used before, or any refusal Read would make); the caller skips it
// and goes on. ReadIndex stops at the first error fn returns and returns
// it; it returns an error of its own only when the index itself cannot be
// read.
func ReadIndex(path string, fn func(p *real.Pair, err error) error) error {
	f, err := localfile.Open(path, MaxIndexBytes, "a JSONL pair index")
	if err != nil {
		return err
	}
	defer f.Close()
	lr := newLineReader(f)
	seen := map[string]int{}
	for {
		line, no, _, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil && !errors.Is(err, errLineTooLong) {
			return fmt.Errorf("%s: line %d: %w", path, no, err)
		}
		var p *real.Pair
		if err == nil {
			p, err = loadLine(path, no, line, seen)
		} else {
			err = lineErr(path, no, "", "line is over %d bytes", MaxPairJSONBytes)
		}
		if err != nil {
			p = nil
		}
		if ferr := fn(p, err); ferr != nil {
			return ferr
		}
	}
}

// lineErr is a refusal of an index line before its id is known.
func lineErr(index string, no int, field, format string, args ...any) *Error {
	return &Error{Pair: fmt.Sprintf("line %d", no), File: fmt.Sprintf("%s:%d", filepath.Base(index), no), Field: field,
		Reason: fmt.Sprintf(format, args...)}
}

// loadLine decodes and reads the pair of index line no. seen maps the ids
// of earlier lines to their line numbers (nil: not checked); the line's id
// is added.
func loadLine(index string, no int, line []byte, seen map[string]int) (*real.Pair, error) {
	var d pairDoc
	if err := decodeStrict(line, &d); err != nil {
		return nil, lineErr(index, no, jsonField(err), "%s", jsonReason(err))
	}
	if d.ID == "" {
		return nil, lineErr(index, no, "id", "missing (every index line needs an id)")
	}
	if why := checkID(d.ID); why != "" {
		return nil, lineErr(index, no, "id", "%s", why)
	}
	r := &pairReader{pair: d.ID, doc: fmt.Sprintf("%s:%d", filepath.Base(index), no), base: filepath.Dir(index)}
	if seen != nil {
		if first, dup := seen[d.ID]; dup {
			return nil, r.docErr("id", "id %q is also line %d's", d.ID, first)
		}
		seen[d.ID] = no
	}
	return r.load(&d)
}

// errLineTooLong reports an index line over MaxPairJSONBytes; the reader
// has skipped to the next line.
var errLineTooLong = errors.New("line too long")

// lineReader reads an index a line at a time, bounded by
// MaxPairJSONBytes, skipping blank lines and keeping line numbers and
// byte offsets.
type lineReader struct {
	br  *bufio.Reader
	no  int   // number of the last line read, 1-based
	off int64 // offset of the next line
}

// newLineReader reads lines from r, which starts at offset 0.
func newLineReader(r io.Reader) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next non-blank line (without its newline), its number
// and its offset; io.EOF at the end; errLineTooLong for a line over the
// bound, which it skips.
func (lr *lineReader) next() (line []byte, no int, off int64, err error) {
	for {
		line, tooLong, n, err := lr.read()
		lr.no++
		off := lr.off
		lr.off += n
		if err != nil && (err != io.EOF || n == 0) {
			return nil, lr.no, off, err
		}
		if tooLong {
			return nil, lr.no, off, errLineTooLong
		}
		if len(bytes.TrimSpace(line)) == 0 {
			if err == io.EOF {
				return nil, lr.no, off, io.EOF
			}
			continue
		}
		return line, lr.no, off, nil
	}
}

// read reads one line: its bytes up to MaxPairJSONBytes, whether it was
// longer, and the bytes consumed including the newline.
func (lr *lineReader) read() (line []byte, tooLong bool, n int64, err error) {
	for {
		chunk, err := lr.br.ReadSlice('\n')
		n += int64(len(chunk))
		if !tooLong {
			if len(line)+len(chunk) > MaxPairJSONBytes+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		return line, tooLong, n, err
	}
}
