//go:build unix

package assets

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// openWithin runs Open and fails the test when it has not returned within
// 5 s (the hostile archives of issue 54 hung it for good).
func openWithin(t *testing.T, opts Options) (*Library, error) {
	t.Helper()
	type res struct {
		l   *Library
		err error
	}
	done := make(chan res, 1)
	go func() {
		l, err := Open(opts)
		done <- res{l, err}
	}()
	select {
	case r := <-done:
		if r.l != nil {
			t.Cleanup(func() { r.l.Close() })
		}
		return r.l, r.err
	case <-time.After(5 * time.Second):
		t.Fatalf("Open(%v) still running after 5 s", opts.Dirs)
	}
	return nil, nil
}

// checkSkipped opens dir (a good archive beside the special file bad) and
// bad alone: the good archive loads with exactly one warning (in
// Library.Warnings and in the log) naming bad and saying why, and bad alone
// is ErrNoAssets naming it.
func checkSkipped(t *testing.T, dir, bad string, why ...string) {
	t.Helper()
	var logBuf bytes.Buffer
	l, err := openWithin(t, Options{Dirs: []string{dir}, CacheDir: t.TempDir(), Log: slog.New(slog.NewTextHandler(&logBuf, nil))})
	if err != nil {
		t.Fatalf("a good archive beside %s: %v", bad, err)
	}
	if len(l.Entries) != 7 {
		t.Errorf("%d entries of the good archive, want 7", len(l.Entries))
	}
	n := 0
	for _, w := range l.Warnings {
		if strings.Contains(w, bad) {
			n++
			for _, s := range why {
				if !strings.Contains(w, s) {
					t.Errorf("warning %q does not say %q", w, s)
				}
			}
		}
	}
	if n != 1 {
		t.Errorf("%d warnings name %s, want 1: %q", n, bad, l.Warnings)
	}
	if c := strings.Count(logBuf.String(), "archive skipped"); c != 1 || !strings.Contains(logBuf.String(), bad) {
		t.Errorf("log: %d 'archive skipped' lines, want 1 naming %s:\n%s", c, bad, logBuf.String())
	}
	_, err = openWithin(t, Options{Dirs: []string{bad}, CacheDir: t.TempDir()})
	if !errors.Is(err, ErrNoAssets) || !strings.Contains(err.Error(), bad) {
		t.Errorf("%s alone: err %v, want ErrNoAssets naming it", bad, err)
	}
}

// TestArchiveFIFORefused: a .sh3f that is a named pipe is refused without
// being opened (opening a FIFO blocks until a writer comes), within 5 s; a
// FIFO named furniture (the subdirectory archives may be in) is not opened
// either.
func TestArchiveFIFORefused(t *testing.T) {
	dir := t.TempDir()
	testArchive(t, dir)
	fifo := filepath.Join(dir, "Fifo.sh3f")
	for _, p := range []string{fifo, filepath.Join(dir, "furniture")} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		t.Cleanup(func() { // should a reader be blocked on it, let it go
			if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		})
	}
	checkSkipped(t, dir, fifo, "named pipe", "not opened")
}

// TestArchiveDevZeroRefused: a .sh3f symbolic link to /dev/zero (endless
// bytes) is refused, the warning naming the link, its target and the kind.
func TestArchiveDevZeroRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := t.TempDir()
	testArchive(t, dir)
	link := filepath.Join(dir, "Zero.sh3f")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	checkSkipped(t, dir, link, "/dev/zero", "character device")
}

// TestArchiveTooLarge: an archive above maxArchiveBytes (a sparse file, so
// the test writes nothing) is refused by its size, unread.
func TestArchiveTooLarge(t *testing.T) {
	dir := t.TempDir()
	testArchive(t, dir)
	huge := filepath.Join(dir, "Huge.sh3f")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, maxArchiveBytes+1); err != nil {
		t.Skipf("sparse file: %v", err)
	}
	checkSkipped(t, dir, huge, "536870913 bytes", "536870912-byte limit")
}
