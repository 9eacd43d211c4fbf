// Package localfile opens and reads local files that flowbench did not
// necessarily write itself (manifests, part records, shards, houses,
// predictions, prompts, flow and .npy files, configs) within a size bound,
// and only when they are regular files.
//
// A named pipe would block a reader forever, a device such as /dev/zero
// never ends, and a sparse file can claim gigabytes it does not hold; each
// is refused before a byte is read, with an error that names the file, what
// it was expected to be and the bound. Symbolic links are followed: the
// bound and the type check apply to the file they resolve to.
package localfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is wrapped by the error for a path that is a named pipe, a
// device, a socket or a directory.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the error for a file over its size bound.
var ErrTooLarge = errors.New("file over its size bound")

// Check returns the file information of path if it is (or links to) a
// regular file of at most limit bytes; what names the kind of file the
// caller expects ("a manifest") for the error. A missing file gives an
// error that wraps fs.ErrNotExist.
func Check(path string, limit int64, what string) (fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return st, checkInfo(path, st, limit, what)
}

// checkInfo refuses st unless it describes a regular file of at most limit
// bytes.
func checkInfo(path string, st fs.FileInfo, limit int64, what string) error {
	if !st.Mode().IsRegular() {
		return &fileError{fmt.Sprintf("%s: %s, not %s (only regular files are read)", path, kindOf(st.Mode()), what), ErrNotRegular}
	}
	if st.Size() > limit {
		return &fileError{fmt.Sprintf("%s: the file is %d bytes, more than the %d-byte limit for %s", path, st.Size(), limit, what), ErrTooLarge}
	}
	return nil
}

// fileError is a refusal whose message names the file and the reason and
// which matches its kind (ErrNotRegular, ErrTooLarge) under errors.Is.
type fileError struct {
	msg  string
	kind error
}

func (e *fileError) Error() string        { return e.msg }
func (e *fileError) Is(target error) bool { return target == e.kind }

// kindOf names a file mode's type for an error.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "an irregular file"
}

// Open opens path for reading if it is (or links to) a regular file of at
// most limit bytes. The file is checked before it is opened (opening a
// named pipe would block) and again through the open descriptor, so a path
// swapped in between is caught too.
func Open(path string, limit int64, what string) (*os.File, error) {
	if _, err := Check(path, limit, what); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		err = checkInfo(path, st, limit, what)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads the whole of path if it is (or links to) a regular file of
// at most limit bytes, reading at most one byte past the limit should the
// file grow while it is read.
func ReadFile(path string, limit int64, what string) ([]byte, error) {
	f, err := Open(path, limit, what)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(b)) > limit {
		return nil, &fileError{fmt.Sprintf("%s: the file grew past the %d-byte limit for %s while it was read", path, limit, what), ErrTooLarge}
	}
	return b, nil
}

// CheckWritable refuses an output path that exists but is not a regular
// file (writing would block on a FIFO, vanish into a device, or replace a
// directory's name); a missing path or a regular file passes.
func CheckWritable(path string) error {
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() {
		return nil
	}
	return &fileError{fmt.Sprintf("%s: %s, not a regular file: refusing to write it", path, kindOf(st.Mode())), ErrNotRegular}
}
