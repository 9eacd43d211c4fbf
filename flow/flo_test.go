package flow

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFloRoundTripAndLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	f := NewField(7, 5)
	for k := range f.D {
		f.D[k] = float32(rng.NormFloat64() * 20)
	}
	f.D[4], f.D[5] = Unknown, Unknown
	path := filepath.Join(t.TempDir(), "a.flo")
	if err := WriteFlo(path, f); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Layout: "PIEH", int32 width, int32 height, then (dx, dy) row-major.
	if string(raw[:4]) != "PIEH" || binary.LittleEndian.Uint32(raw[4:]) != 7 || binary.LittleEndian.Uint32(raw[8:]) != 5 || len(raw) != 12+8*35 {
		t.Fatalf("header % x, length %d", raw[:12], len(raw))
	}
	// Pixel (i=3, j=2) is the 17th vector: dx at byte 12 + 8·17.
	if got := math.Float32frombits(binary.LittleEndian.Uint32(raw[12+8*17:])); got != f.D[2*(2*7+3)] {
		t.Fatalf("dx of pixel (3,2) stored as %g, want %g", got, f.D[2*(2*7+3)])
	}
	g, err := ReadFlo(path)
	if err != nil {
		t.Fatal(err)
	}
	if g.W != 7 || g.H != 5 {
		t.Fatalf("size %dx%d", g.W, g.H)
	}
	for k := range f.D {
		if math.Float32bits(f.D[k]) != math.Float32bits(g.D[k]) {
			t.Fatalf("value %d: wrote %g, read %g", k, f.D[k], g.D[k])
		}
	}
	if Known(g.At(2, 0)) {
		t.Fatal("unknown flow read back as known")
	}
}

func TestFloRejectsBadFiles(t *testing.T) {
	var good bytes.Buffer
	if err := EncodeFlo(&good, NewField(3, 2)); err != nil {
		t.Fatal(err)
	}
	g := good.Bytes()
	with := func(off int, v uint32) []byte {
		b := append([]byte(nil), g...)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "truncated header"},
		{"short header", g[:7], "truncated header (7 of 12 bytes)"},
		{"bad magic", append([]byte("PIEX"), g[4:]...), "bad magic"},
		{"big-endian magic", with(0, 0x50494548), "bad magic"}, // bytes "HEIP"
		{"zero width", with(4, 0), "size 0x2"},
		{"negative height", with(8, 0xffffffff), "size 3x-1"},
		{"huge size", with(4, 1<<20), "must be in 1..32768"},
		{"truncated data", g[:len(g)-1], "truncated data: 47 of 48 bytes for 3x2"},
		{"trailing bytes", append(append([]byte(nil), g...), 0), "trailing bytes"},
	}
	for _, tc := range cases {
		_, err := DecodeFlo(bytes.NewReader(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	path := filepath.Join(t.TempDir(), "bad.flo")
	if err := os.WriteFile(path, g[:20], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFlo(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("ReadFlo error %v does not name the file", err)
	}
	if err := EncodeFlo(&bytes.Buffer{}, Field{W: 2, H: 2, D: make([]float32, 7)}); err == nil {
		t.Error("EncodeFlo accepted a field whose data does not match its size")
	}
	if err := WriteFlo(filepath.Join(t.TempDir(), "no", "dir.flo"), NewField(1, 1)); err == nil {
		t.Error("WriteFlo into a missing directory succeeded")
	}
}
