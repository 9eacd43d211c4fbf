package localfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileFiles makes, in a temp dir, the inputs a reader must refuse: the
// endless /dev/zero behind a symlink, a FIFO nobody writes, a sparse file
// claiming 8 GiB, and a directory.
func hostileFiles(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"devzero": filepath.Join(dir, "zero.json"),
		"fifo":    filepath.Join(dir, "fifo.json"),
		"sparse":  filepath.Join(dir, "sparse.json"),
		"dir":     filepath.Join(dir, "dir.json"),
	}
	if err := os.Symlink("/dev/zero", files["devzero"]); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(files["fifo"], 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(files["sparse"])
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(8 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Mkdir(files["dir"], 0o755); err != nil {
		t.Fatal(err)
	}
	return files
}

// TestRefusesHostileFiles: every hostile kind is refused quickly (a FIFO
// would block Open forever), with an error naming the path, its kind and
// what was expected or the bound.
func TestRefusesHostileFiles(t *testing.T) {
	want := map[string][]string{
		"devzero": {"a character device, not a manifest"},
		"fifo":    {"a named pipe (FIFO), not a manifest"},
		"sparse":  {"8589934592 bytes", "1024-byte limit for a manifest"},
		"dir":     {"a directory, not a manifest"},
	}
	for kind, path := range hostileFiles(t) {
		done := make(chan error, 1)
		go func() {
			_, err := ReadFile(path, 1024, "a manifest")
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ReadFile still blocked after 10 s", kind)
		}
		if err == nil {
			t.Fatalf("%s: read without error", kind)
		}
		if kind == "sparse" {
			if !errors.Is(err, ErrTooLarge) {
				t.Errorf("%s: %v does not wrap ErrTooLarge", kind, err)
			}
		} else if !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v does not wrap ErrNotRegular", kind, err)
		}
		for _, w := range append(want[kind], path) {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", kind, err, w)
			}
		}
	}
}

// TestReadsRegularFilesAndLinks: a regular file at the bound and a symlink
// to it are read whole; one byte over the bound is refused; a missing file
// wraps fs.ErrNotExist, as os.ReadFile's would.
func TestReadsRegularFilesAndLinks(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "m.json")
	if err := os.WriteFile(p, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{p, link} {
		b, err := ReadFile(path, 10, "a test file")
		if err != nil || string(b) != "0123456789" {
			t.Errorf("ReadFile(%s) = %q, %v", path, b, err)
		}
	}
	if _, err := ReadFile(link, 9, "a test file"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("10 bytes under a 9-byte bound: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none.json"), 10, "a test file"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
	if _, err := Check(p, 10, "a test file"); err != nil {
		t.Errorf("Check: %v", err)
	}
}
