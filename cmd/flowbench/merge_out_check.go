package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"flowbench/export"
)

// checkMergeOut runs export.CheckDataset on merge's --out when it already
// holds a dataset (a manifest.json): merge keeps that dataset's other
// splits and reads its manifest's configuration and seeds, so it must pass
// the checks every reader runs. An --out without a manifest (new or empty)
// passes.
func checkMergeOut(out string) error {
	if _, err := os.Stat(filepath.Join(out, export.ManifestFile)); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if _, err := export.CheckDataset(out); err != nil {
		return fmt.Errorf("--out %s holds a dataset that does not pass the reader checks (flowbench validate names them; repair or remove it): %w", out, err)
	}
	return nil
}
