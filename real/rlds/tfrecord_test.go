package rlds

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// TestMaskedCRC checks the mask on the CRC-32C check value: CRC-32C of
// "123456789" is 0xe3069283; rotated right by 15 and plus 0xa282ead8 it is
// 0xc78ab0e5.
func TestMaskedCRC(t *testing.T) {
	if got := crcOf([]byte("123456789")); got != 0xe3069283 {
		t.Fatalf("crc32c = %#x, want 0xe3069283", got)
	}
	if got := MaskedCRC([]byte("123456789")); got != 0xc78ab0e5 {
		t.Fatalf("masked = %#x, want 0xc78ab0e5", got)
	}
}

// TestTFRecordRoundTrip writes records of several lengths and reads them
// back, with the size known and unknown and with reused and owned
// buffers.
func TestTFRecordRoundTrip(t *testing.T) {
	records := [][]byte{{}, []byte("a"), bytes.Repeat([]byte("xyz"), 1000), make([]byte, growChunk+5)}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, r := range records {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if want := len(records)*16 + 1 + 3000 + growChunk + 5; buf.Len() != want {
		t.Fatalf("file is %d bytes, want %d", buf.Len(), want)
	}
	for _, size := range []int64{int64(buf.Len()), -1} {
		for _, owned := range []bool{false, true} {
			r := NewReader(bytes.NewReader(buf.Bytes()), "f", size)
			for i, want := range records {
				if r.Record() != i {
					t.Fatalf("Record() = %d, want %d", r.Record(), i)
				}
				var got []byte
				var err error
				if owned {
					got, err = r.NextOwned()
				} else {
					got, err = r.Next()
				}
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("size %d owned %v record %d: %d bytes, err %v", size, owned, i, len(got), err)
				}
			}
			if _, err := r.Next(); err != io.EOF {
				t.Fatalf("after the last record: %v, want io.EOF", err)
			}
			if r.Offset() != int64(buf.Len()) {
				t.Fatalf("offset %d, want %d", r.Offset(), buf.Len())
			}
		}
	}
}

// TestTFRecordDataChecksumSkips flips a byte of the first record's data:
// that record is reported with ErrChecksum and the second is still read.
func TestTFRecordDataChecksumSkips(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	_ = w.Write([]byte("first"))
	_ = w.Write([]byte("second"))
	b := buf.Bytes()
	b[headerBytes] ^= 1
	r := NewReader(bytes.NewReader(b), "shard", int64(len(b)))
	_, err := r.Next()
	var re *Error
	if !errors.As(err, &re) || !errors.Is(err, ErrChecksum) || re.Record != 0 || re.File != "shard" {
		t.Fatalf("first record: %v", err)
	}
	got, err := r.Next()
	if err != nil || string(got) != "second" {
		t.Fatalf("second record: %q, %v", got, err)
	}
}
