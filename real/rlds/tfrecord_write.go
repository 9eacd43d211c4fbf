package rlds

import (
	"encoding/binary"
	"fmt"
	"io"
)

// Writer writes TFRecord framing, the inverse of Reader. Tests use it to
// write shards; it is exported so that fixtures can be made elsewhere.
type Writer struct {
	w   io.Writer
	hdr [headerBytes]byte
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes data as one record.
func (w *Writer) Write(data []byte) error {
	if len(data) > MaxRecordBytes {
		return fmt.Errorf("rlds: record of %d bytes exceeds %d (MaxRecordBytes)", len(data), MaxRecordBytes)
	}
	binary.LittleEndian.PutUint64(w.hdr[:8], uint64(len(data)))
	binary.LittleEndian.PutUint32(w.hdr[8:], MaskedCRC(w.hdr[:8]))
	if _, err := w.w.Write(w.hdr[:]); err != nil {
		return err
	}
	if _, err := w.w.Write(data); err != nil {
		return err
	}
	var foot [footerBytes]byte
	binary.LittleEndian.PutUint32(foot[:], MaskedCRC(data))
	_, err := w.w.Write(foot[:])
	return err
}
