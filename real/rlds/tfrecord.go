package rlds

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// headerBytes is a record's header: uint64 length and uint32 masked CRC of
// the length; footerBytes is its footer: uint32 masked CRC of the data.
const headerBytes, footerBytes = 12, 4

// growChunk is the most a record buffer grows by in one read when the
// file's size is not known, so that a declared length the stream does not
// hold is never allocated whole.
const growChunk = 1 << 20

// Reader reads TFRecord framing from a stream: per record a little-endian
// uint64 length, the masked CRC-32C of those 8 bytes, the data and the
// masked CRC-32C of the data (MaskedCRC). Both checksums are verified.
//
// A record whose data checksum does not match is reported and skipped;
// the records after it are still read. Any other error (a bad length
// checksum, a length over MaxRecordBytes or past the end of the file, a
// file that ends inside a record, a read error) leaves the reader unable
// to find the next record: it is reported once and every later Next
// returns io.EOF.
type Reader struct {
	r      io.Reader
	name   string
	size   int64 // -1 when unknown
	off    int64
	record int
	done   bool
	hdr    [headerBytes]byte
	buf    []byte
}

// NewReader returns a Reader of r. name is the file's name for errors;
// size is the stream's length in bytes, or -1 when it is not known (a
// declared length is then allocated only as its bytes arrive).
func NewReader(r io.Reader, name string, size int64) *Reader {
	return &Reader{r: r, name: name, size: size}
}

// Record returns the 0-based index of the record the next Next reads.
func (r *Reader) Record() int { return r.record }

// Offset returns the byte offset of the record the next Next reads.
func (r *Reader) Offset() int64 { return r.off }

// Next returns the next record's data. The slice is reused by the next
// call; use NextOwned to keep it. At the end of the stream Next returns
// io.EOF; any other error is an *Error naming the file and the record.
func (r *Reader) Next() ([]byte, error) {
	data, err := r.next(r.buf)
	if cap(data) > cap(r.buf) {
		r.buf = data[:0]
	}
	return data, err
}

// NextOwned is Next returning a freshly allocated slice that the caller
// owns (an Example parsed from it may alias it).
func (r *Reader) NextOwned() ([]byte, error) {
	return r.next(nil)
}

// next reads one record into buf (or a new slice when buf is too small).
func (r *Reader) next(buf []byte) ([]byte, error) {
	if r.done {
		return nil, io.EOF
	}
	rec := r.record
	fail := func(err error) ([]byte, error) {
		r.done = true
		return nil, &Error{File: r.name, Record: rec, Step: -1, Err: err}
	}
	n, err := io.ReadFull(r.r, r.hdr[:])
	r.off += int64(n)
	switch {
	case err == io.EOF:
		r.done = true
		return nil, io.EOF
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fail(fmt.Errorf("%w: header has %d of %d bytes", ErrTruncated, n, headerBytes))
	case err != nil:
		return fail(err)
	}
	length := binary.LittleEndian.Uint64(r.hdr[:8])
	if got, want := mask(crcOf(r.hdr[:8])), binary.LittleEndian.Uint32(r.hdr[8:]); got != want {
		return fail(fmt.Errorf("%w: length checksum %#08x, want %#08x", ErrChecksum, want, got))
	}
	if length > MaxRecordBytes {
		return fail(fmt.Errorf("%w: declared length %d exceeds %d bytes (MaxRecordBytes)", ErrTooLarge, length, MaxRecordBytes))
	}
	if r.size >= 0 {
		if left := r.size - r.off; int64(length)+footerBytes > left {
			return fail(fmt.Errorf("%w: declared length %d runs past the end of the file (%d bytes left)", ErrTruncated, length, left))
		}
	}
	data, err := r.readData(buf, int(length))
	if err != nil {
		return fail(err)
	}
	var foot [footerBytes]byte
	n, err = io.ReadFull(r.r, foot[:])
	r.off += int64(n)
	if err != nil {
		if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("%w: data checksum has %d of %d bytes", ErrTruncated, n, footerBytes)
		}
		return fail(err)
	}
	r.record++
	if got, want := MaskedCRC(data), binary.LittleEndian.Uint32(foot[:]); got != want {
		return data, &Error{File: r.name, Record: rec, Step: -1,
			Err: fmt.Errorf("%w: data checksum %#08x, want %#08x", ErrChecksum, want, got)}
	}
	return data, nil
}

// readData reads n bytes into buf (reallocated when too small). When the
// stream's size is not known the buffer grows at most growChunk bytes, or
// doubles, per read, so a short stream never costs the declared length.
func (r *Reader) readData(buf []byte, n int) ([]byte, error) {
	if cap(buf) >= n || r.size >= 0 {
		if cap(buf) < n {
			buf = make([]byte, n)
		}
		buf = buf[:n]
		m, err := io.ReadFull(r.r, buf)
		r.off += int64(m)
		return buf, truncated(err, m, n)
	}
	buf = buf[:0]
	for len(buf) < n {
		chunk := min(n-len(buf), max(len(buf), growChunk))
		grown := make([]byte, len(buf), len(buf)+chunk)
		copy(grown, buf)
		m, err := io.ReadFull(r.r, grown[len(buf):len(buf)+chunk])
		r.off += int64(m)
		buf = grown[:len(buf)+m]
		if err != nil {
			return buf, truncated(err, len(buf), n)
		}
	}
	return buf, nil
}

// truncated turns a short read into ErrTruncated.
func truncated(err error, got, want int) error {
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: data has %d of %d bytes", ErrTruncated, got, want)
	}
	return err
}
