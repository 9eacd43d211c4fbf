package render

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"flowbench/sim"
	"flowbench/storage/localfile"
)

// This file reads and writes NumPy .npy arrays by hand rather than through
// codeberg.org/sbinet/npyio (v0.14.0, package npy), which was evaluated for
// it (issue 39). npy_npyio_test.go reads every file WriteNPY writes through
// npyio and every file npyio writes through ReadNPY, and shows the gaps
// below on hostile input. npyio would neither shrink nor tighten this code:
//
//   - npy.Write cannot write our arrays: it takes the shape from the Go value
//     (a flat []float32 is always shape (n,)), so an (H, W, 2) flow field
//     would have to be copied into [][][]float32 first; and it writes format
//     2.0 with a padding that leaves the data unaligned (a (3,) float32
//     array's data starts at byte 76), where numpy and WriteNPY write 1.0
//     padded to 64 bytes (TestNPYHeaderBytes holds numpy's exact bytes).
//   - npy.NewReader (readHeader, readDescr) has no bound on the header: a
//     version 2.0 length is allocated as given (up to 4 GiB) before reading,
//     and a header without a final newline, without its closing brace or
//     with its keys in another order panics slicing out of range.
//   - Reader.Read into a slice allocates the element count the shape claims
//     before reading any data (a 128-byte file claiming (4194304,) float32
//     allocates 16 MiB, then fails with a bare EOF), accepts negative
//     dimensions (shape (-1, 4) reads as an empty array without error), and
//     ignores fortran_order (Fortran-ordered data comes back as if C
//     ordered). It supports neither format 3.0 nor a size bound.
//
// Wrapping npyio would mean checking the prefix and header length, parsing
// the dict under recover, and sizing the slice ourselves before calling it:
// more code than this file's reader, with the data loop still per element.

// npyMagic starts every .npy file.
const npyMagic = "\x93NUMPY"

// npyDescr returns the NumPy dtype string and element size of a supported slice type.
func npyDescr(data any) (descr string, n int, err error) {
	switch d := data.(type) {
	case []float32:
		return "<f4", len(d), nil
	case []float64:
		return "<f8", len(d), nil
	case []uint8:
		return "|u1", len(d), nil
	case []uint16:
		return "<u2", len(d), nil
	case []int32:
		return "<i4", len(d), nil
	}
	return "", 0, fmt.Errorf("npy: unsupported data type %T (want []float32, []float64, []uint8, []uint16 or []int32)", data)
}

// NPYHeader returns the complete .npy version 1.0 header for a C-ordered
// array: magic, version, header length and the dict padded with spaces and a
// final newline so that the data starts at a multiple of 64 bytes, as numpy
// writes it.
func NPYHeader(descr string, shape []int) []byte {
	var sb strings.Builder
	sb.WriteString("{'descr': '")
	sb.WriteString(descr)
	sb.WriteString("', 'fortran_order': False, 'shape': (")
	for i, s := range shape {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.Itoa(s))
	}
	if len(shape) == 1 {
		sb.WriteString(",")
	}
	sb.WriteString("), }")
	dict := sb.String()
	total := len(npyMagic) + 2 + 2 + len(dict) + 1
	pad := (64 - total%64) % 64
	hlen := len(dict) + pad + 1
	out := make([]byte, 0, total+pad)
	out = append(out, npyMagic...)
	out = append(out, 1, 0, byte(hlen), byte(hlen>>8))
	out = append(out, dict...)
	out = append(out, bytes.Repeat([]byte{' '}, pad)...)
	return append(out, '\n')
}

// WriteNPY writes data as a little-endian, C-ordered .npy (version 1.0)
// array of the given shape. data is []float32, []float64, []uint8, []uint16
// or []int32, and its length must equal the product of shape.
func WriteNPY(w io.Writer, shape []int, data any) error {
	descr, n, err := npyDescr(data)
	if err != nil {
		return err
	}
	count := 1
	for _, s := range shape {
		if s < 0 {
			return fmt.Errorf("npy: negative dimension in shape %v", shape)
		}
		count *= s
	}
	if count != n {
		return fmt.Errorf("npy: shape %v holds %d elements, data has %d", shape, count, n)
	}
	hdr := NPYHeader(descr, shape)
	if len(hdr) > math.MaxUint16+10 {
		return fmt.Errorf("npy: shape %v too long for a version 1.0 header", shape)
	}
	bw := bufio.NewWriter(w)
	if _, err := bw.Write(hdr); err != nil {
		return err
	}
	if err := binary.Write(bw, binary.LittleEndian, data); err != nil {
		return err
	}
	return bw.Flush()
}

// ReadNPY reads a .npy array (version 1.0, 2.0 or 3.0, C order) of dtype
// float32, float64, uint8, uint16 or int32 (either byte order) and returns its
// shape and data as the matching Go slice. The input must end with the
// array's data: a short input and trailing bytes are both errors.
func ReadNPY(r io.Reader) (shape []int, data any, err error) {
	return readNPY(r, -1)
}

// Bounds on what readNPY accepts from the header before it allocates.
const (
	// maxNPYHeaderBytes bounds a version 2.0 or 3.0 header (numpy's own
	// reader allows 10,000 bytes unless told otherwise).
	maxNPYHeaderBytes = 1 << 24
	// maxNPYElements bounds the element count a shape declares.
	maxNPYElements = 1 << 34
)

// npyElemSizes maps a dtype without its byte-order character to its size.
var npyElemSizes = map[string]int64{"f4": 4, "f8": 8, "u1": 1, "u2": 2, "i4": 4}

// readNPY is ReadNPY for an input of size bytes (unknown when negative).
// Nothing is allocated for more than the input holds: with a known size, a
// header length or a shape needing more bytes than the file has is refused
// before reading them; with an unknown size, the header and the data are
// read as they arrive, up to what the header declares.
func readNPY(r io.Reader, size int64) (shape []int, data any, err error) {
	br := bufio.NewReader(r)
	pre := make([]byte, 8)
	if _, err := io.ReadFull(br, pre); err != nil {
		return nil, nil, fmt.Errorf("npy: reading magic: %w", err)
	}
	if string(pre[:6]) != npyMagic {
		return nil, nil, errors.New("npy: not a .npy file (bad magic)")
	}
	var hlen, prefix int64
	switch pre[6] {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(br, b[:]); err != nil {
			return nil, nil, fmt.Errorf("npy: reading header length: %w", err)
		}
		hlen, prefix = int64(binary.LittleEndian.Uint16(b[:])), 10
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(br, b[:]); err != nil {
			return nil, nil, fmt.Errorf("npy: reading header length: %w", err)
		}
		hlen, prefix = int64(binary.LittleEndian.Uint32(b[:])), 12
		if hlen > maxNPYHeaderBytes {
			return nil, nil, fmt.Errorf("npy: header length %d too large (limit %d)", hlen, maxNPYHeaderBytes)
		}
	default:
		return nil, nil, fmt.Errorf("npy: unsupported format version %d.%d", pre[6], pre[7])
	}
	if size >= 0 && prefix+hlen > size {
		return nil, nil, fmt.Errorf("npy: the header claims %d bytes, the file has %d after the %d-byte prefix", hlen, size-prefix, prefix)
	}
	hdr, err := readNPYBytes(br, hlen, size >= 0)
	if err != nil {
		return nil, nil, fmt.Errorf("npy: reading the %d-byte header: %w", hlen, err)
	}
	descr, fortran, shape, err := parseNPYHeader(string(hdr))
	if err != nil {
		return nil, nil, err
	}
	if fortran {
		return nil, nil, errors.New("npy: fortran_order arrays are not supported")
	}
	elem, ok := npyElemSizes[strings.TrimLeft(descr, "<>|=")]
	if !ok {
		return nil, nil, fmt.Errorf("npy: unsupported dtype %q", descr)
	}
	count, err := npyCount(shape)
	if err != nil {
		return nil, nil, err
	}
	need := count * elem
	if size >= 0 && need > size {
		return nil, nil, fmt.Errorf("npy: shape %v of %s needs %d bytes of data, the file has %d in all", shape, descr, need, size)
	}
	if size >= 0 && prefix+hlen+need != size {
		return nil, nil, fmt.Errorf("npy: shape %v of %s needs %d bytes of data after the %d-byte header, the file has %d", shape, descr, need, prefix+hlen, size-prefix-hlen)
	}
	raw, err := readNPYBytes(br, need, size >= 0)
	if err != nil {
		return nil, nil, fmt.Errorf("npy: reading %d elements of %s: %w", count, descr, err)
	}
	if size < 0 {
		if _, err := br.ReadByte(); err != io.EOF {
			return nil, nil, fmt.Errorf("npy: data after the %d elements of %s that shape %v holds", count, descr, shape)
		}
	}
	var order binary.ByteOrder = binary.LittleEndian
	if strings.HasPrefix(descr, ">") {
		order = binary.BigEndian
	}
	switch strings.TrimLeft(descr, "<>|=") {
	case "f4":
		data = make([]float32, count)
	case "f8":
		data = make([]float64, count)
	case "u1":
		data = make([]uint8, count)
	case "u2":
		data = make([]uint16, count)
	case "i4":
		data = make([]int32, count)
	}
	if _, err := binary.Decode(raw, order, data); err != nil {
		return nil, nil, fmt.Errorf("npy: decoding %d elements of %s: %w", count, descr, err)
	}
	return shape, data, nil
}

// npyCount returns the number of elements of shape, refusing a product over
// maxNPYElements before it can overflow.
func npyCount(shape []int) (int64, error) {
	count := int64(1)
	for _, s := range shape {
		if s > 0 && count > maxNPYElements/int64(s) {
			return 0, fmt.Errorf("npy: shape %v too large (more than %d elements)", shape, int64(maxNPYElements))
		}
		count *= int64(s)
	}
	return count, nil
}

// readNPYBytes reads exactly n bytes. When the input's size was checked
// (sized), the buffer is allocated at once; otherwise it grows as bytes
// arrive, so that a header claiming more than the input holds allocates
// only what is there.
func readNPYBytes(br *bufio.Reader, n int64, sized bool) ([]byte, error) {
	if sized {
		b := make([]byte, n)
		_, err := io.ReadFull(br, b)
		return b, err
	}
	b, err := io.ReadAll(io.LimitReader(br, n))
	if err == nil && int64(len(b)) < n {
		err = fmt.Errorf("%w: %d of %d bytes", io.ErrUnexpectedEOF, len(b), n)
	}
	return b, err
}

// parseNPYHeader parses the header dict numpy writes, e.g.
// "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }".
func parseNPYHeader(h string) (descr string, fortran bool, shape []int, err error) {
	h = strings.TrimSpace(h)
	if !strings.HasPrefix(h, "{") || !strings.HasSuffix(h, "}") {
		return "", false, nil, fmt.Errorf("npy: malformed header %q", h)
	}
	field := func(key string) (string, error) {
		k := "'" + key + "':"
		i := strings.Index(h, k)
		if i < 0 {
			return "", fmt.Errorf("npy: header %q has no %s", h, key)
		}
		return strings.TrimSpace(h[i+len(k):]), nil
	}
	v, err := field("descr")
	if err != nil {
		return "", false, nil, err
	}
	if len(v) < 2 || v[0] != '\'' || strings.IndexByte(v[1:], '\'') < 0 {
		return "", false, nil, fmt.Errorf("npy: malformed descr in %q", h)
	}
	descr = v[1 : 1+strings.IndexByte(v[1:], '\'')]
	if v, err = field("fortran_order"); err != nil {
		return "", false, nil, err
	}
	switch {
	case strings.HasPrefix(v, "True"):
		fortran = true
	case !strings.HasPrefix(v, "False"):
		return "", false, nil, fmt.Errorf("npy: fortran_order in %q is neither True nor False", h)
	}
	if v, err = field("shape"); err != nil {
		return "", false, nil, err
	}
	end := strings.IndexByte(v, ')')
	if !strings.HasPrefix(v, "(") || end < 0 {
		return "", false, nil, fmt.Errorf("npy: malformed shape in %q", h)
	}
	for _, p := range strings.Split(v[1:end], ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return "", false, nil, fmt.Errorf("npy: bad dimension %q in %q", p, h)
		}
		shape = append(shape, n)
	}
	return descr, fortran, shape, nil
}

// WriteNPYFile writes an .npy file atomically (temporary file and rename).
func WriteNPYFile(path string, shape []int, data any) error {
	var buf bytes.Buffer
	if err := WriteNPY(&buf, shape, data); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return sim.WriteFileAtomic(path, buf.Bytes())
}

// MaxNPYFileBytes bounds an .npy file that ReadNPYFile reads (an 8192 ×
// 8192 × 2 float32 flow field is 512 MiB).
const MaxNPYFileBytes = 1 << 30

// ReadNPYFile reads an .npy file; a header claiming more data than the file
// holds is refused before the array is allocated.
func ReadNPYFile(path string) (shape []int, data any, err error) {
	f, err := localfile.Open(path, MaxNPYFileBytes, "an .npy array file")
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil {
		size = st.Size()
	}
	shape, data, err = readNPY(f, size)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return shape, data, nil
}
