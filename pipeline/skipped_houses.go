package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"flowbench/export"
	"flowbench/storage/localfile"
)

// The list of skipped houses, data/.skipped/<split>.json
// (export.SkippedPath), records the houses a --skip-bad-houses run has left
// out so far, so that a resumed run still reports those of the shards it
// keeps. It is removed once the manifest (or the part record) holds the
// list.

// houseFailure is the error of a run stopped by a house that failed.
func houseFailure(spec houseSpec, err error) error {
	return fmt.Errorf("house %d (%s) failed: %w; fix or remove it and run again, or pass --skip-bad-houses to leave failing houses out "+
		"(the manifest and card then list them)", spec.Index, spec.ID, err)
}

// readSkipped reads the skipped houses a run recorded at path and keeps
// those in the shards kept (the others are generated again).
func readSkipped(path string, layout Layout, kept []export.ShardInfo) ([]export.SkippedHouse, error) {
	b, err := localfile.ReadFile(path, maxPartRecordBytes, "a list of skipped houses")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var all []export.SkippedHouse
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []export.SkippedHouse
	for _, h := range all {
		if slices.ContainsFunc(kept, func(k export.ShardInfo) bool {
			first, end := layout.ShardHouses(k.Index)
			return h.Index >= first && h.Index < end
		}) {
			out = append(out, h)
		}
	}
	return out, nil
}

// writeSkipped records the skipped houses at path (atomically).
func writeSkipped(path string, skipped []export.SkippedHouse) error {
	b, err := json.Marshal(skipped)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return diskError(err)
	}
	return writeFileAtomic(path, func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}

// removeSkipped removes the record at path once the manifest or part
// record holds it, and its folder once empty.
func removeSkipped(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return diskError(err)
	}
	if entries, err := os.ReadDir(filepath.Dir(path)); err == nil && len(entries) == 0 {
		os.Remove(filepath.Dir(path))
	}
	return nil
}

// sortSkipped orders skipped houses by index (parts merge their lists).
func sortSkipped(s []export.SkippedHouse) {
	slices.SortFunc(s, func(a, b export.SkippedHouse) int { return a.Index - b.Index })
}
