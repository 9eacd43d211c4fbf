package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"flowbench/export"
	"flowbench/pipeline"
	"flowbench/storage"
)

// withGenerateOut runs generate's body (run) with the local directory it
// writes. For a plain --out path that is the path itself. For a URL
// (s3://, gs://, azblob://, file://; docs/storage.md) run writes into a
// local work directory mirrored to the bucket: the dataset's objects under
// the prefix are fetched first (except, with --overwrite, the split being
// replaced), so that the run's own checks, resume and manifest see the same
// directory a local run would; completed files are uploaded while it runs,
// through staging keys; the manifest and the card (or a part run's part
// record) are uploaded last.
func withGenerateOut(ctx context.Context, stdout io.Writer, out, split string, resume, overwrite bool, run func(dir string) error) error {
	if !storage.IsURL(out) {
		_, statErr := os.Lstat(out)
		err := run(out)
		if err != nil && errors.Is(statErr, fs.ErrNotExist) {
			removeEmptyDirs(out)
		}
		return err
	}
	o, err := storage.Open(ctx, out)
	if errors.Is(err, storage.ErrBadURL) {
		return fmt.Errorf("%w: --out: %v", errUsage, err)
	}
	if err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	defer o.Close()
	inSplit := func(rel string) bool { return export.InSplit(rel, split) }
	if !resume && !overwrite {
		// Refuse before downloading anything (a local run refuses too).
		for _, prefix := range export.SplitKeyPrefixes(split) {
			held, err := o.Exists(ctx, prefix)
			if err != nil {
				return err
			}
			if held {
				return &pipeline.SplitExistsError{Dir: out, Split: split}
			}
		}
	}
	opt := storage.Options{
		Fetch: func(rel string) bool { return !overwrite || !inSplit(rel) },
		Prune: inSplit,
		Last:  []string{export.ManifestFile, export.CardFile, pipeline.PartFile},
	}
	if err := o.Run(ctx, opt, run); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "uploaded to %s\n", out)
	return nil
}

// withDatasetIn runs run with a local directory holding the dataset at in:
// in itself for a path; for a URL, a temp copy of its objects (removed
// afterwards).
func withDatasetIn(in string, run func(dir string) error) error {
	err := storage.WithInput(context.Background(), in, run)
	if errors.Is(err, storage.ErrBadURL) {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return err
}

// withMergeDirs runs merge with local directories for the parts and the
// output: part URLs are downloaded into temp directories (storage.WithInputs)
// and an output URL is written through a mirrored work directory (the
// dataset under it fetched first, the manifest and the card uploaded last).
func withMergeDirs(ctx context.Context, parts []string, out string, run func(parts []string, out string, owned []bool) error) error {
	err := storage.WithInputs(ctx, parts, func(local []string) error {
		owned := make([]bool, len(local)) // URL parts are downloaded into temp dirs the merge may consume
		for i, p := range parts {
			owned[i] = storage.IsURL(p)
		}
		opt := storage.Options{Fetch: func(string) bool { return true }, Last: []string{export.ManifestFile, export.CardFile}}
		return storage.WithOutput(ctx, out, opt, func(dir string) error { return run(local, dir, owned) })
	})
	if errors.Is(err, storage.ErrBadURL) {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return err
}

// removeEmptyDirs removes dir and the directories below it that hold no
// file, deepest first: what a failed run left of an --out it created. It
// never removes a file, so an interrupted run's completed shards (kept for
// --resume) and everything of its directories stay.
func removeEmptyDirs(dir string) {
	var dirs []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Remove(dirs[i]) // fails, harmlessly, on a directory that is not empty
	}
}
