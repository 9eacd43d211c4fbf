package main

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/internal/bound"
)

// The dataset argument convention (docs/cli.md): every command that reads a
// dataset takes it as its one positional argument, a directory or a storage
// URL. prompts, score and score-flow took it as --data before 0.4; --data
// stays accepted, with a notice, for one release.

// datasetArgs accepts exactly one positional argument, the dataset.
func datasetArgs(_ *cobra.Command, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("want exactly one dataset (a directory or URL), got %d arguments", len(args))
	}
	return nil
}

// datasetOrDataArgs accepts the dataset as the one positional argument, or
// none when the deprecated --data gives it.
func datasetOrDataArgs(_ *cobra.Command, args []string) error {
	if len(args) > 1 {
		return fmt.Errorf("want one dataset (a directory or URL), got %d arguments", len(args))
	}
	return nil
}

// addDataFlag defines the --data alias of the dataset argument that 0.4
// accepted with a notice, hidden from help: datasetFromArgs refuses it,
// saying how to pass the dataset (an unknown-flag error would not).
func addDataFlag(fs *pflag.FlagSet) *string {
	d := fs.String("data", "", "refused since 0.5: pass the dataset as the first argument")
	if err := fs.MarkHidden("data"); err != nil {
		panic(err)
	}
	return d
}

// datasetFromArgs returns the dataset, the positional argument; --data
// (refused since 0.5) is a usage error saying how to pass it.
// deprecation notice on stderr, --data; exactly one of them must be given.
func datasetFromArgs(args []string, data string, stderr io.Writer) (string, error) {
	switch {
	case len(args) == 1 && data != "":
		return "", fmt.Errorf("%w: the dataset is given twice (%s and --data %s); pass it only as the first argument", errUsage, args[0], data)
	case len(args) == 1:
		return args[0], nil
	case data != "":
		return "", fmt.Errorf("%w: --data was refused after 0.4: pass the dataset as the first argument (%s)", errUsage, bound.Quote(data))
	}
	return "", fmt.Errorf("%w: missing the dataset (a directory or URL) as the first argument", errUsage)
}

// withDatasetArg runs run on a local directory holding the dataset that
// args or the deprecated --data (*data) name (withDatasetIn); *data is set
// to that directory.
func withDatasetArg(args []string, data *string, stderr io.Writer, run func(dir string) error) error {
	dataset, err := datasetFromArgs(args, *data, stderr)
	if err != nil {
		return err
	}
	return withDatasetIn(dataset, func(dir string) error {
		*data = dir
		return run(dir)
	})
}

// oneSplit applies the default-split rule of the commands that work on one
// split (docs/cli.md): the split --split names, or the dataset's only
// split; a dataset of several splits needs --split.
func oneSplit(dir, split string, splits []string) (string, error) {
	if split != "" {
		for _, s := range splits {
			if s == split {
				return split, nil
			}
		}
		return "", fmt.Errorf("%w: %s has no split %q (it has %v)", errUsage, dir, split, splits)
	}
	switch len(splits) {
	case 0:
		return "", fmt.Errorf("%s holds no split", dir)
	case 1:
		return splits[0], nil
	}
	return "", fmt.Errorf("%w: %s holds the splits %v: choose one with --split", errUsage, dir, splits)
}

// resolveSplit applies oneSplit to *split for the dataset in dir.
func resolveSplit(dir string, split *string) error {
	splits, err := datasetSplits(dir)
	if err != nil {
		return err
	}
	*split, err = oneSplit(dir, *split, splits)
	return err
}

// datasetSplits returns the splits of the dataset in local (a directory),
// whatever its family.
func datasetSplits(local string) ([]string, error) {
	if fam, err := export.DatasetFamily(local); err == nil && fam == export.FamilyViewpoint {
		m, err := export.ReadViewpointManifest(local)
		if err != nil {
			return nil, err
		}
		return slices.Sorted(maps.Keys(m.Splits)), nil
	}
	ds, err := export.Open(local)
	if err != nil {
		return nil, err
	}
	return ds.Splits(), nil
}
