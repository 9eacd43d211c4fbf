package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// splitNamePattern is what a split name must match: the fixed names train,
// val and test, and any name chosen with --import, become a directory under
// DIR/data and part of question ids, so no separator, dot or ".." can occur.
var splitNamePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

// checkSplitName refuses a split name that does not match splitNamePattern.
func checkSplitName(split string) error {
	if !splitNamePattern.MatchString(split) {
		return fmt.Errorf("--split %q: a split name is a lowercase letter followed by up to 31 lowercase letters, digits or '_'", split)
	}
	return nil
}

// checkUnderOut proves that every path lies inside the directory out after
// cleaning and resolving symbolic links (of the part of each path that
// exists), so that nothing is created or removed outside --out through a
// crafted name or a planted link. out itself must exist.
func checkUnderOut(out string, paths ...string) error {
	root, err := resolveExisting(out)
	if err != nil {
		return fmt.Errorf("--out %s: %w", out, err)
	}
	for _, p := range paths {
		r, err := resolveExisting(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		rel, err := filepath.Rel(root, r)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			return fmt.Errorf("%s resolves to %s, outside --out %s (%s): refusing to write there", p, r, out, root)
		}
	}
	return nil
}

// resolveExisting returns p made absolute and clean, with the symbolic links
// of its longest existing prefix resolved and the rest appended.
func resolveExisting(p string) (string, error) {
	p, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for {
		r, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(r, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if _, lerr := os.Lstat(p); lerr == nil {
			return "", fmt.Errorf("%s is a symbolic link to a missing target", p)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest), nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}
