package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// ReadHouseFile reads and decodes a ProcTHOR house JSON file. Errors name the file.
func ReadHouseFile(path string) (*House, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	h, err := DecodeHouse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return h, nil
}

// DecodeHouse decodes a ProcTHOR house from JSON bytes.
func DecodeHouse(b []byte) (*House, error) {
	var h House
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&h); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			line := 1 + bytes.Count(b[:se.Offset], []byte("\n"))
			return nil, fmt.Errorf("malformed JSON at line %d (byte %d): %v", line, se.Offset, err)
		}
		return nil, fmt.Errorf("malformed house JSON: %v", err)
	}
	return &h, nil
}

// EncodeHouse encodes a house as indented JSON with a trailing newline.
// The output bytes depend only on the house's contents.
func EncodeHouse(h *House) ([]byte, error) {
	b, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// WriteFileAtomic writes data to a temporary file beside path and renames it
// into place, so a reader never sees a half-written file.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
