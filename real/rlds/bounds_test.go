package rlds

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"runtime"
	"testing"

	"flowbench/real"
)

// allocDuring returns the bytes allocated while f runs.
func allocDuring(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLargeDeclaredLengthsDoNotAllocate reads records declaring 4 GiB
// (over MaxRecordBytes) and 200 MiB (under it, with the stream holding
// 64 bytes), with the file's size known and not: each is refused having
// allocated less than 64 MiB in all.
func TestLargeDeclaredLengthsDoNotAllocate(t *testing.T) {
	for _, c := range []struct {
		length  uint64
		size    bool
		wantErr error
	}{
		{4 << 30, true, ErrTooLarge},
		{4 << 30, false, ErrTooLarge},
		{200 << 20, true, ErrTruncated},
		{200 << 20, false, ErrTruncated},
	} {
		shard := append(header(c.length), make([]byte, 64)...)
		var err error
		alloc := allocDuring(func() {
			var r io.Reader = struct{ io.Reader }{bytes.NewReader(shard)}
			size := int64(-1)
			if c.size {
				size = int64(len(shard))
			}
			_, err = NewReader(r, "big", size).Next()
		})
		if !errors.Is(err, c.wantErr) {
			t.Errorf("length %d (size known %v): %v, want %v", c.length, c.size, err, c.wantErr)
		}
		if alloc >= 64<<20 {
			t.Errorf("length %d (size known %v): allocated %d bytes", c.length, c.size, alloc)
		}
	}
}

// pngWithSize returns a valid 8×6 PNG whose IHDR is rewritten to declare
// w×h pixels (with the chunk's CRC fixed), so only its header is huge.
func pngWithSize(t testing.TB, w, h uint32) []byte {
	b := bytes.Clone(framePNG(t, 7))
	// Signature (8), IHDR length (4), "IHDR" (4), width, height ...
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// TestDecodeFrameHostile decodes frames that are not images, truncated
// or declaring huge dimensions: each is an *Error naming the camera's
// feature and the step, and the huge ones are refused by their header.
func TestDecodeFrameHostile(t *testing.T) {
	l := mustLayout(real.RT1)
	good := framePNG(t, 9)
	jpegHead := []byte{0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0}
	cases := []struct {
		name  string
		frame []byte
		huge  bool
	}{
		{"random bytes", bytes.Repeat([]byte{0x5a}, 300), false},
		{"empty", nil, false},
		{"JPEG header then junk", append(bytes.Clone(jpegHead), bytes.Repeat([]byte{0x33}, 200)...), false},
		{"truncated PNG", good[:len(good)/2], false},
		{"PNG of 100000×100000", pngWithSize(t, 100000, 100000), true},
		{"PNG of 8000×8000", pngWithSize(t, 8000, 8000), true},
	}
	for _, c := range cases {
		ex := synthExample(t, l, 3)
		frames, _ := ex.Bytes("steps/observation/image")
		frames[2] = c.frame
		ep, err := BuildEpisode(ex, l, "f", 7)
		if err != nil {
			t.Fatalf("%s: the episode itself must read: %v", c.name, err)
		}
		if _, err := ep.DecodeFrame("image", 1); err != nil {
			t.Fatalf("%s: good frame: %v", c.name, err)
		}
		var alloc uint64
		alloc = allocDuring(func() { _, err = ep.DecodeFrame("image", 2) })
		var e *Error
		if !errors.As(err, &e) || e.Feature != "steps/observation/image" || e.Step != 2 || e.Record != 7 {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.huge && (!errors.Is(err, ErrTooLarge) || alloc > 16<<20) {
			t.Errorf("%s: %v after allocating %d bytes", c.name, err, alloc)
		}
	}
	ep, _ := BuildEpisode(synthExample(t, l, 3), l, "f", 0)
	if _, err := ep.DecodeFrame("image", 3); err == nil {
		t.Error("step past the end decoded")
	}
	if _, err := ep.DecodeFrame("wrist", 0); err == nil {
		t.Error("unknown camera decoded")
	}
}
