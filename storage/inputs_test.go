package storage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// WithInputs hands run one local directory per input, in order: a plain
// path as it is, a URL as a temp download removed afterwards; an error of
// one input stops before run.
func TestWithInputs(t *testing.T) {
	root := t.TempDir()
	plain := filepath.Join(root, "plain")
	remote := filepath.Join(root, "remote")
	for dir, body := range map[string]string{plain: "p", remote: "r"} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var seen []string
	err := WithInputs(context.Background(), []string{"file://" + remote, plain}, func(dirs []string) error {
		seen = slices.Clone(dirs)
		for i, want := range []string{"r", "p"} {
			b, err := os.ReadFile(filepath.Join(dirs[i], "f.txt"))
			if err != nil || string(b) != want {
				t.Errorf("input %d: f.txt = %q, %v; want %q", i, b, err, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[1] != plain || seen[0] == remote {
		t.Fatalf("dirs %q: want a download of the URL, then the plain path", seen)
	}
	if _, err := os.Stat(seen[0]); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the download %s is still there after run: %v", seen[0], err)
	}
	called := false
	err = WithInputs(context.Background(), []string{plain, "ftp://host/x"}, func([]string) error { called = true; return nil })
	if !errors.Is(err, ErrBadURL) || called {
		t.Errorf("a bad URL: err %v, run called %v; want ErrBadURL and no call", err, called)
	}
}
