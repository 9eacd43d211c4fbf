package score

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pngHeaderOnly returns a PNG signature and an IHDR chunk declaring w × h
// RGBA pixels, and nothing else.
func pngHeaderOnly(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := append([]byte("IHDR"), ihdr...)
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

// TestReadPredictedFrameRefusesHugeFrames gives a 33-byte PNG declaring
// 100000 × 100000 pixels and an endless file (/dev/zero): both are refused
// with an error naming the file, before decoding.
func TestReadPredictedFrameRefusesHugeFrames(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "h"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "h", "big.png"), pngHeaderOnly(100000, 100000), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "h", "zero.png")); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{
		"h/big":  "big.png: the PNG declares 100000 × 100000 pixels, more than the 67108864-pixel limit",
		"h/zero": "zero.png: a character device, not a PNG frame",
	} {
		_, _, err := ReadPredictedFrame(dir, id)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error containing %q", id, err, want)
		}
	}
}
