package main

import (
	"flag"
	"fmt"
	"io"

	"flowbench/export"
)

// openDatasetSplits parses the flags shared by the commands that report on
// a dataset (stats, audit): --split S, --json and one dataset directory. It
// opens the dataset and returns the splits to report on (every split, or
// only S) and whether JSON was asked for.
func openDatasetSplits(name, splitHelp string, args []string, stderr io.Writer, extra ...func(*flag.FlagSet)) (*export.Dataset, []string, bool, error) {
	fs := newFlags(name, stderr)
	split := fs.String("split", "", splitHelp)
	asJSON := fs.Bool("json", false, "print JSON instead of tables")
	for _, f := range extra {
		f(fs)
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: flowbench %s [--split S] [--json] DIR\n", name)
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, reorderArgs(args), true); err != nil {
		return nil, nil, false, err
	}
	if fs.NArg() != 1 {
		return nil, nil, false, fmt.Errorf("%w: want exactly one dataset directory, got %d arguments", errUsage, fs.NArg())
	}
	ds, err := export.Open(fs.Arg(0))
	if err != nil {
		return nil, nil, false, err
	}
	splits := ds.Splits()
	if *split != "" {
		found := false
		for _, s := range splits {
			found = found || s == *split
		}
		if !found {
			return nil, nil, false, fmt.Errorf("%s has no split %q (it has %v)", fs.Arg(0), *split, splits)
		}
		splits = []string{*split}
	}
	return ds, splits, *asJSON, nil
}
