package assets

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// errOverCap marks an archive, entry or model refused for crossing one of
// the caps of limits.go.
var errOverCap = errors.New("over the cap")

// skippedArchive is an archive refused before it was opened.
type skippedArchive struct {
	Path string
	Err  error // names the archive and the reason
}

// fileKind names a non-regular file mode.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file (mode " + m.String() + ")"
}

// checkArchive refuses, without opening it, an archive path that is not a
// regular file once symbolic links are followed (a FIFO would block the
// open; a device such as /dev/zero never ends) or that is larger than
// caps.archive. It returns the regular file's information.
func checkArchive(p string) (fs.FileInfo, error) {
	lst, err := os.Lstat(p)
	if err != nil {
		return nil, fmt.Errorf("archive %s: %w", p, err)
	}
	st := lst
	via := ""
	if lst.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(p)
		via = fmt.Sprintf("a symbolic link to %s, which is ", target)
		if st, err = os.Stat(p); err != nil {
			return nil, fmt.Errorf("archive %s: %s: %w", p, "a symbolic link to "+target, err)
		}
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("archive %s: %s%s, not a regular file: not opened", p, via, fileKind(st.Mode()))
	}
	if st.Size() > caps.archive {
		return nil, fmt.Errorf("archive %s: %d bytes, %w of %d bytes for an archive", p, st.Size(), errOverCap, caps.archive)
	}
	return st, nil
}

// openArchive checks an archive (checkArchive), opens it without blocking
// (should it have been replaced by a FIFO since) and makes sure the file
// opened is the regular file checked. The size returned is the checked one.
func openArchive(p string) (*os.File, int64, error) {
	st, err := checkArchive(p)
	if err != nil {
		return nil, 0, err
	}
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, fmt.Errorf("archive %s: %w", p, err)
	}
	fst, err := f.Stat()
	if err == nil && (!fst.Mode().IsRegular() || !os.SameFile(st, fst) || fst.Size() != st.Size()) {
		err = errors.New("changed while it was being opened")
	}
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("archive %s: %w", p, err)
	}
	return f, st.Size(), nil
}
