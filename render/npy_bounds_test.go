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
