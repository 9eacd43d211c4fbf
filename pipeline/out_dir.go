package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"flowbench/export"
)

// SplitExistsError is the error of a run (generate or merge) into a
// directory that already holds its split, without resume or overwrite;
// each command words the way out with its own flags.
type SplitExistsError struct{ Dir, Split string }

func (e *SplitExistsError) Error() string {
	return fmt.Sprintf("%s already holds split %q", e.Dir, e.Split)
}

// prepareOutDir creates DIR or checks that this run may write into it:
// an empty or new DIR always; a DIR holding this split only with --resume
// or --overwrite (which removes the split's shards); a flowbench dataset
// without this split (a new split is added). A non-empty DIR that holds no
// flowbench dataset is refused even with --overwrite, and so is a DIR whose
// manifest, card, part record or data folders hold a file flowbench did
// not write: a run replaces or removes only flowbench's own files. It also
// checks that DIR is writable and that every path the run writes or removes
// (data/, the tables' folders, the split's staging folder and list of
// skipped houses, the manifest and the card) lies inside DIR after
// resolving symbolic links, before removing anything. A DIR holding a
// dataset in the old layout (schema version 2 and before) is refused,
// whatever the flags, naming the layout.
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
	if err := export.CheckLayout(dir); err != nil {
		return err
	}
	paths := []string{filepath.Join(dir, export.DataDir), export.StagingRoot(dir), export.StagingDir(dir, split),
		filepath.Dir(export.SkippedPath(dir, split)), export.SkippedPath(dir, split)}
	for _, t := range export.AllTables() {
		paths = append(paths, export.TableDir(dir, t))
	}
	paths = append(paths, filepath.Join(dir, export.ManifestFile), filepath.Join(dir, export.CardFile), filepath.Join(dir, PartFile))
	if err := checkUnderOut(dir, paths...); err != nil {
		return err
	}
	if len(entries) == 0 {
		return probeWritable(dir)
	}
	own, err := checkOwnFiles(dir, split)
	if err != nil {
		return err
	}
	held, err := splitHeld(dir, split)
	if err != nil {
		return err
	}
	switch {
	case held:
		if overwrite {
			if err := export.RemoveSplit(dir, split); err != nil { // checkOwnFiles found only flowbench's entries there
				return diskError(err)
			}
			if err := removeSkipped(export.SkippedPath(dir, split)); err != nil {
				return err
			}
		} else if !resume {
			return &SplitExistsError{Dir: dir, Split: split}
		}
	case own:
		// A new split of an existing dataset.
	default:
		return fmt.Errorf("%s is not empty and holds no flowbench dataset: choose a new or empty directory for --out "+
			"(--overwrite and --resume only replace the splits of a flowbench dataset)", dir)
	}
	return probeWritable(dir)
}

// splitHeld reports whether DIR holds any file of split: a finished shard
// of any table, its staging folder or its list of skipped houses.
func splitHeld(dir, split string) (bool, error) {
	for _, t := range export.AllTables() {
		entries, err := os.ReadDir(export.TableDir(dir, t))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, fmt.Errorf("cannot read %s: %w", export.TableDir(dir, t), err)
		}
		for _, e := range entries {
			if rel := export.DataDir + "/" + t + "/" + e.Name(); export.InSplit(rel, split) {
				return true, nil
			}
		}
	}
	for _, p := range []string{export.StagingDir(dir, split), export.SkippedPath(dir, split)} {
		if _, err := os.Lstat(p); err == nil {
			return true, nil
		}
	}
	return false, nil
}

// checkOwnFiles refuses a DIR whose manifest, card or part record exists but
// is not flowbench's, or whose tables' folders, split's staging folder or
// folder of skipped-house lists hold an entry flowbench does not write,
// naming the file. It reports whether DIR holds a flowbench dataset, a
// finished part or a run's shards.
func checkOwnFiles(dir, split string) (own bool, err error) {
	files := []struct {
		path         string
		check        func(string) (export.OwnFile, error)
		marksDataset bool // a card alone does not make a dataset
	}{
		{filepath.Join(dir, export.ManifestFile), export.ManifestOwnership, true},
		{filepath.Join(dir, PartFile), partOwnership, true},
		{filepath.Join(dir, export.CardFile), export.CardOwnership, false},
	}
	for _, f := range files {
		o, err := f.check(f.path)
		if err != nil {
			return false, fmt.Errorf("--out: %w", err)
		}
		if o == export.FileForeign {
			return false, fmt.Errorf("%s is not a file flowbench wrote: refusing to replace it; choose a new or empty directory for --out", f.path)
		}
		own = own || (o == export.FileOwn && f.marksDataset)
	}
	foreign, ownData := export.ForeignDataEntries(dir, split)
	if len(foreign) > 0 {
		if len(foreign) > 3 {
			foreign = append(foreign[:3], fmt.Sprintf("and %d more", len(foreign)-3))
		}
		return false, fmt.Errorf("%s holds files flowbench did not write (%s): refusing to write the split there; move them away or choose another --out",
			filepath.Join(dir, export.DataDir), strings.Join(foreign, ", "))
	}
	return own || ownData, nil
}

// probeWritable checks that a file can be created in dir.
func probeWritable(dir string) error {
	probe, err := os.CreateTemp(dir, ".write-probe-*")
	if err != nil {
		return diskError(fmt.Errorf("output directory %s is not writable: %w", dir, err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}
