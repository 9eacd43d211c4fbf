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

// skippedFile, in data/<split>/, lists the houses a --skip-bad-houses run
// has left out so far, so that a resumed run still reports those of the
// shards it keeps. It is removed once the manifest (or the part record)
// holds the list.
const skippedFile = ".skipped.json"

// houseFailure is the error of a run stopped by a house that failed.
func houseFailure(spec houseSpec, err error) error {
	return fmt.Errorf("house %d (%s) failed: %w; fix or remove it and run again, or pass --skip-bad-houses to leave failing houses out "+
		"(the manifest and card then list them)", spec.Index, spec.ID, err)
}

// readSkipped reads the skipped houses a run recorded in splitDir and keeps
// those in the shards kept (the others are generated again).
func readSkipped(splitDir string, layout Layout, kept []export.ShardInfo) ([]export.SkippedHouse, error) {
	b, err := localfile.ReadFile(filepath.Join(splitDir, skippedFile), maxPartRecordBytes, "a list of skipped houses")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var all []export.SkippedHouse
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(splitDir, skippedFile), err)
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

// writeSkipped records the skipped houses in splitDir (atomically).
func writeSkipped(splitDir string, skipped []export.SkippedHouse) error {
	b, err := json.Marshal(skipped)
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(splitDir, skippedFile), func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}

// removeSkipped removes the record once the manifest or part record holds it.
func removeSkipped(splitDir string) error {
	if err := os.Remove(filepath.Join(splitDir, skippedFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return diskError(err)
	}
	return nil
}

// sortSkipped orders skipped houses by index (parts merge their lists).
func sortSkipped(s []export.SkippedHouse) {
	slices.SortFunc(s, func(a, b export.SkippedHouse) int { return a.Index - b.Index })
}
