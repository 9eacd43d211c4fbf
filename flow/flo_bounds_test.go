package flow

import (
	"bytes"
	"encoding/binary"
	"math"
	"runtime"
	"strings"
	"testing"
)

// TestDecodeFloAllocatesForTheDataPresent gives a 12-byte header claiming a
// 32768 × 32768 field (8 GiB of data) and requires the truncation error
// after allocating under a megabyte, where the reader used to allocate the
// whole body (and the field) before reading.
func TestDecodeFloAllocatesForTheDataPresent(t *testing.T) {
	hdr := make([]byte, 12)
	binary.LittleEndian.PutUint32(hdr[0:], math.Float32bits(FloMagic))
	binary.LittleEndian.PutUint32(hdr[4:], maxFloSide)
	binary.LittleEndian.PutUint32(hdr[8:], maxFloSide)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := DecodeFlo(bytes.NewReader(hdr))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "truncated data: 0 of 8589934592 bytes for 32768x32768") {
		t.Fatalf("DecodeFlo = %v", err)
	}
	if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
		t.Errorf("a 12-byte file made the reader allocate %d bytes", d)
	}
}
