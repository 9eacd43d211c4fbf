package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"flowbench/export"
)

// prepareOutDir creates DIR or checks that this run may write into it:
// an empty or new DIR always; a DIR holding this split only with --resume
// or --overwrite (which removes the split); a flowbench dataset without this
// split (a new split is added); any other non-empty DIR only with
// --overwrite. It also checks that DIR is writable and that every path the
// run writes or removes (data/<split>, its staging folder, the manifest and
// the card) lies inside DIR after resolving symbolic links, before removing
// anything.
func prepareOutDir(dir, split string, resume, overwrite bool) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return diskError(fmt.Errorf("cannot create output directory %s: %w", dir, err))
		}
	case err != nil:
		return fmt.Errorf("output directory %s: %w", dir, err)
	case !st.IsDir():
		return fmt.Errorf("output %s exists and is not a directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("cannot read output directory %s: %w", dir, err)
	}
	splitDir := filepath.Join(dir, "data", split)
	if err := checkUnderOut(dir, filepath.Join(dir, "data"), splitDir, filepath.Join(splitDir, ".staging"),
		filepath.Join(dir, export.ManifestFile), filepath.Join(dir, export.CardFile), filepath.Join(dir, PartFile)); err != nil {
		return err
	}
	splitEntries, _ := os.ReadDir(splitDir)
	_, manErr := os.Stat(filepath.Join(dir, export.ManifestFile))
	_, partErr := os.Stat(filepath.Join(dir, PartFile))
	isDataset := manErr == nil || partErr == nil
	switch {
	case len(entries) == 0:
	case len(splitEntries) > 0:
		if overwrite {
			if err := os.RemoveAll(splitDir); err != nil {
				return diskError(fmt.Errorf("cannot remove the old split %s: %w", splitDir, err))
			}
		} else if !resume {
			return fmt.Errorf("%s already holds split %q: use --resume to continue it or --overwrite to replace it", dir, split)
		}
	case isDataset || resume || overwrite:
		// A new split of an existing dataset, or an explicit request.
	default:
		return fmt.Errorf("%s is not empty and holds no flowbench dataset: choose a new or empty directory, or pass --overwrite to write into it", dir)
	}
	probe, err := os.CreateTemp(dir, ".write-probe-*")
	if err != nil {
		return diskError(fmt.Errorf("output directory %s is not writable: %w", dir, err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}
