package render

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// npyHeaderOnly returns a version 1.0 .npy header claiming the given shape
// text, e.g. "(50000, 50000, 2)", and no data.
func npyHeaderOnly(descr, shape string) []byte {
	h := "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }"
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	h += "\n"
	var b bytes.Buffer
	b.WriteString(npyMagic)
	b.Write([]byte{1, 0})
	binary.Write(&b, binary.LittleEndian, uint16(len(h)))
	b.WriteString(h)
	return b.Bytes()
}

// TestReadNPYFileRefusesShapeBeyondFile gives a 128-byte file whose header
// claims 40 GB of float64 data: refused before allocating, naming the file;
// a header matching its data still reads.
func TestReadNPYFileRefusesShapeBeyondFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "huge.npy")
	if err := os.WriteFile(p, npyHeaderOnly("<f8", "(50000, 50000, 2)"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := ReadNPYFile(p)
	if err == nil || !strings.Contains(err.Error(), p+": npy: shape [50000 50000 2] of <f8 needs 40000000000 bytes of data, the file has 128 in all") {
		t.Fatalf("ReadNPYFile = %v", err)
	}
	ok := filepath.Join(dir, "ok.npy")
	data := append(npyHeaderOnly("<f4", "(1, 2, 2)"), make([]byte, 16)...)
	if err := os.WriteFile(ok, data, 0o644); err != nil {
		t.Fatal(err)
	}
	shape, d, err := ReadNPYFile(ok)
	if err != nil || len(shape) != 3 || len(d.([]float32)) != 4 {
		t.Fatalf("a well-sized file: shape %v, %v", shape, err)
	}
}

// TestReadNPYRefusesLyingHeaders gives headers that lie about the file:
// a shape whose element count overflows int64 (once accepted with 64
// elements of data), a 2 TiB shape, a header length past the end of the
// file, and data before or after the declared end. Each is refused, with
// the file size known (ReadNPYFile) and unknown (ReadNPY), allocating
// little.
func TestReadNPYRefusesLyingHeaders(t *testing.T) {
	ok := append(npyHeaderOnly("<f4", "(2, 2)"), make([]byte, 16)...)
	longHeader := append([]byte(npyMagic+"\x01\x00"), 0x60, 0xea) // 60000 bytes
	longHeader = append(longHeader, "{'descr': '<f4'"...)
	cases := []struct {
		name       string
		file       []byte
		sized, any string // the error with the size known, unknown
	}{
		{"element count overflowing int64", append(npyHeaderOnly("<f4", "(1073741824, 1099511627776)"), make([]byte, 256)...),
			"too large (more than 17179869184 elements)", "too large (more than 17179869184 elements)"},
		{"2 TiB of float32", npyHeaderOnly("<f4", "(549755813888,)"),
			"too large", "too large"},
		{"header length past the end", longHeader,
			"the header claims 60000 bytes, the file has 15 after the 10-byte prefix", "reading the 60000-byte header: unexpected EOF: 15 of 60000 bytes"},
		{"one element short", ok[:len(ok)-4],
			"needs 16 bytes of data after the 128-byte header, the file has 12", "reading 4 elements of <f4: unexpected EOF: 12 of 16 bytes"},
		{"a byte after the data", append(append([]byte(nil), ok...), 0),
			"needs 16 bytes of data after the 128-byte header, the file has 17", "data after the 4 elements of <f4 that shape [2 2] holds"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		p := filepath.Join(dir, "f.npy")
		if err := os.WriteFile(p, c.file, 0o644); err != nil {
			t.Fatal(err)
		}
		var err error
		if n := allocatedBy(func() { _, _, err = ReadNPYFile(p) }); err == nil || !strings.Contains(err.Error(), p+": npy: ") || !strings.Contains(err.Error(), c.sized) || n > 1<<20 {
			t.Errorf("%s: ReadNPYFile = %v after allocating %d bytes, want %q", c.name, err, n, c.sized)
		}
		if n := allocatedBy(func() { _, _, err = ReadNPY(bytes.NewReader(c.file)) }); err == nil || !strings.Contains(err.Error(), c.any) || n > 1<<20 {
			t.Errorf("%s: ReadNPY = %v after allocating %d bytes, want %q", c.name, err, n, c.any)
		}
	}
	if _, d, err := ReadNPY(bytes.NewReader(ok)); err != nil || len(d.([]float32)) != 4 {
		t.Fatalf("the well-formed file: %v, %v", d, err)
	}
}
