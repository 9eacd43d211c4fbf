package assets

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"flowbench/storage/localfile"
)

// errOverCap marks an archive, entry or model refused for crossing one of
// the caps of limits.go.
var errOverCap = errors.New("over the cap")

// skippedArchive is an archive refused before it was opened.
type skippedArchive struct {
	Path string
	Err  error // names the archive and the reason
}

// archiveWhat is what storage/localfile's errors call an archive.
const archiveWhat = "a Sweet Home 3D archive"

// archiveError names the archive in a refusal from storage/localfile, and
// the link's target when the path is a symbolic link (to /dev/zero, say).
func archiveError(p string, err error) error {
	if target, lerr := os.Readlink(p); lerr == nil {
		return fmt.Errorf("archive (a symbolic link to %s): %w: not opened", target, err)
	}
	if errors.Is(err, localfile.ErrNotRegular) || errors.Is(err, localfile.ErrTooLarge) {
		return fmt.Errorf("archive: %w: not opened", err)
	}
	return fmt.Errorf("archive %s: %w", p, err)
}

// checkArchive refuses, without opening it, an archive path that is not a
// regular file once symbolic links are followed (a FIFO would block the
// open; a device such as /dev/zero never ends) or that is larger than
// caps.archive (storage/localfile's check). It returns the regular file's
// information.
func checkArchive(p string) (fs.FileInfo, error) {
	st, err := localfile.Check(p, caps.archive, archiveWhat)
	if err != nil {
		return nil, archiveError(p, err)
	}
	return st, nil
}

// openArchive opens an archive through storage/localfile (checked before
// and after the open) and returns it with its size.
func openArchive(p string) (*os.File, int64, error) {
	f, err := localfile.Open(p, caps.archive, archiveWhat)
	if err != nil {
		return nil, 0, archiveError(p, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("archive %s: %w", p, err)
	}
	return f, st.Size(), nil
}
