package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"testing"

	"flowbench/flow"
)

// hostileNPY returns a version 1.0 .npy header declaring the shape text
// (e.g. "(50000, 50000, 2)") followed by data.
func hostileNPY(descr, shape string, data []byte) []byte {
	h := "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }"
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	var b bytes.Buffer
	b.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&b, binary.LittleEndian, uint16(len(h)+1))
	b.WriteString(h + "\n")
	b.Write(data)
	return b.Bytes()
}

// hostileFlo returns a .flo header declaring w × h and no data.
func hostileFlo(w, h uint32) []byte {
	b := make([]byte, 12)
	binary.LittleEndian.PutUint32(b[0:], math.Float32bits(flow.FloMagic))
	binary.LittleEndian.PutUint32(b[4:], w)
	binary.LittleEndian.PutUint32(b[8:], h)
	return b
}

// hostilePNG returns a PNG signature and an IHDR chunk declaring w × h RGBA
// pixels, and nothing else.
func hostilePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6
	chunk := append([]byte("IHDR"), ihdr...)
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

// TestHostileFlowPredictionsScoreFlow gives score-flow predicted flows and
// frames whose headers claim gigabytes, or that never end (links to
// /dev/zero): each is refused with exit 1 naming the file, before anything
// that large is allocated.
func TestHostileFlowPredictionsScoreFlow(t *testing.T) {
	ds := writeTestDataset(t)
	const stem = "test_house__v0__occlusion"
	cases := []struct {
		name, flag, ext string
		data            []byte // nil: a link to /dev/zero
		want            string
	}{
		{"npy claiming 40 GB", "--pred-flow", ".npy", hostileNPY("<f8", "(50000, 50000, 2)", nil), "npy: shape [50000 50000 2] of <f8 needs 40000000000 bytes of data"},
		{"npy of the wrong shape", "--pred-flow", ".npy", hostileNPY("<f4", "(6, 8, 3)", make([]byte, 4*6*8*3)), "shape [6 8 3], want [6 8 2]"},
		{"flo claiming 32768²", "--pred-flow", ".flo", hostileFlo(1<<15, 1<<15), "flo: truncated data: 0 of 8589934592 bytes for 32768x32768"},
		{"flo of /dev/zero", "--pred-flow", ".flo", nil, "a character device, not a .flo flow file"},
		{"png claiming 100000²", "--pred-frames", ".png", hostilePNG(100000, 100000), "the PNG declares 100000 × 100000 pixels"},
		{"png of /dev/zero", "--pred-frames", ".png", nil, "a character device, not a PNG frame"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		p := filepath.Join(dir, stem+c.ext)
		if c.data == nil {
			if err := os.Symlink("/dev/zero", p); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(p, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "report.md")
		code, _, e := runCmd(t, "score-flow", ds, "--split", "test", c.flag, dir, "--out", out)
		checkRefused(t, hostileCase{name: c.name, path: p, want: c.want}, code, e, out)
	}
}
