package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// stagingDir is the folder, under the output prefix, that holds the objects
// of uploads in progress: _staging/<run-id>/<relpath>.
const stagingDir = "_staging"

// IsTempName reports whether a local file name (the base name) is a file
// still being written by flowbench's writers, which the mirror never
// uploads: shard files (*.partial), the temp files of an atomic write
// (.<name>.tmp-*, *.tmp) and write probes (.write-probe-*).
func IsTempName(name string) bool {
	switch {
	case strings.HasSuffix(name, ".partial"), strings.HasSuffix(name, ".tmp"):
		return true
	case strings.HasPrefix(name, ".write-probe-"):
		return true
	case strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-"):
		return true
	}
	return false
}

// localFile is a completed local file found by a scan.
type localFile struct {
	Rel  string      // slash-separated path under the work directory
	Info fs.FileInfo // its stat at the scan
}

// sameFile reports whether a and b describe the same unchanged file: the
// same inode (a rename over it makes another), size and modification time.
func sameFile(a, b fs.FileInfo) bool {
	return a != nil && b != nil && os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// scanLocal lists the completed regular files under dir by relative path,
// skipping temp names. A file that vanishes during the walk is skipped; a
// symbolic link or a file under the staging folder's name is an error.
func scanLocal(dir string) (map[string]localFile, error) {
	files := map[string]localFile{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() || IsTempName(d.Name()) {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == stagingDir || strings.HasPrefix(rel, stagingDir+"/") {
			return fmt.Errorf("local file %s uses the reserved name %s/", p, stagingDir)
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("local file %s is not a regular file (%s); only regular files are uploaded", p, d.Type())
		}
		info, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		files[rel] = localFile{Rel: rel, Info: info}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("scanning the work directory %s: %w", dir, err)
	}
	return files, nil
}

// localPath joins a relative key to dir after checking that it is a clean
// relative path that stays inside dir.
func localPath(dir, rel string) (string, error) {
	if rel == "" || path.IsAbs(rel) || path.Clean(rel) != rel || rel == ".." || strings.HasPrefix(rel, "../") ||
		strings.Contains(rel, "\\") {
		return "", fmt.Errorf("object key %q is not a clean relative path; refusing to write it locally", rel)
	}
	return filepath.Join(dir, filepath.FromSlash(rel)), nil
}
