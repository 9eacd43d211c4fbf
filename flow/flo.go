package flow

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"flowbench/sim"
	"flowbench/storage/localfile"
)

// FloMagic is the float32 tag 202021.25 ("PIEH" in little-endian bytes) that
// opens every Middlebury .flo file.
const FloMagic float32 = 202021.25

// maxFloSide bounds the width and height a .flo file may declare, so that a
// corrupt header cannot make the reader allocate gigabytes.
const maxFloSide = 1 << 15

// EncodeFlo writes a field in the Middlebury .flo format: the magic float,
// int32 width and height, then W·H (dx, dy) float32 pairs row-major, all
// little-endian.
func EncodeFlo(w io.Writer, f Field) error {
	if err := f.Check(); err != nil {
		return fmt.Errorf("flo: %w", err)
	}
	if f.W > maxFloSide || f.H > maxFloSide {
		return fmt.Errorf("flo: field %dx%d exceeds the %d-pixel side limit", f.W, f.H, maxFloSide)
	}
	buf := make([]byte, 12+8*f.W*f.H)
	binary.LittleEndian.PutUint32(buf[0:], math.Float32bits(FloMagic))
	binary.LittleEndian.PutUint32(buf[4:], uint32(f.W))
	binary.LittleEndian.PutUint32(buf[8:], uint32(f.H))
	for k, v := range f.D {
		binary.LittleEndian.PutUint32(buf[12+4*k:], math.Float32bits(v))
	}
	_, err := w.Write(buf)
	return err
}

// DecodeFlo reads a Middlebury .flo stream. A wrong magic number, a
// non-positive or oversized width or height, a truncated body or trailing
// bytes are errors.
func DecodeFlo(r io.Reader) (Field, error) {
	var hdr [12]byte
	if n, err := io.ReadFull(r, hdr[:]); err != nil {
		return Field{}, fmt.Errorf("flo: truncated header (%d of 12 bytes)", n)
	}
	if m := math.Float32frombits(binary.LittleEndian.Uint32(hdr[0:])); m != FloMagic {
		return Field{}, fmt.Errorf("flo: bad magic %q (%g), want %g (\"PIEH\")", hdr[0:4], m, FloMagic)
	}
	w := int32(binary.LittleEndian.Uint32(hdr[4:]))
	h := int32(binary.LittleEndian.Uint32(hdr[8:]))
	if w <= 0 || h <= 0 || w > maxFloSide || h > maxFloSide {
		return Field{}, fmt.Errorf("flo: size %dx%d must be in 1..%d", w, h, maxFloSide)
	}
	// Read what is there (at most one byte more than the header promises)
	// before allocating the field, so a short file cannot claim a huge one.
	want := 8 * int64(w) * int64(h)
	body, err := io.ReadAll(io.LimitReader(r, want+1))
	switch {
	case err != nil:
		return Field{}, fmt.Errorf("flo: reading data: %w", err)
	case int64(len(body)) < want:
		return Field{}, fmt.Errorf("flo: truncated data: %d of %d bytes for %dx%d", len(body), want, w, h)
	case int64(len(body)) > want:
		return Field{}, errors.New("flo: trailing bytes after the flow data")
	}
	f := NewField(int(w), int(h))
	for k := range f.D {
		f.D[k] = math.Float32frombits(binary.LittleEndian.Uint32(body[4*k:]))
	}
	return f, nil
}

// WriteFlo writes a .flo file atomically (temporary file + rename).
func WriteFlo(path string, f Field) error {
	var b bytes.Buffer
	if err := EncodeFlo(&b, f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return sim.WriteFileAtomic(path, b.Bytes())
}

// MaxFloBytes bounds a .flo file that ReadFlo reads (an 8192 × 8192 field
// is 512 MiB).
const MaxFloBytes = 1 << 30

// ReadFlo reads a .flo file; errors name the file.
func ReadFlo(path string) (Field, error) {
	file, err := localfile.Open(path, MaxFloBytes, "a .flo flow file")
	if err != nil {
		return Field{}, err
	}
	defer file.Close()
	f, err := DecodeFlo(bufio.NewReader(file))
	if err != nil {
		return Field{}, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}
