package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"flowbench/export"
)

// splitsFlags are the flags shared by the commands that report on every
// split of a dataset (stats, audit): --split S to report on one, and --json.
type splitsFlags struct {
	split  string
	asJSON bool
}

func addSplitsFlags(fs *pflag.FlagSet, splitHelp string) *splitsFlags {
	f := &splitsFlags{}
	fs.StringVar(&f.split, "split", "", splitHelp)
	fs.BoolVar(&f.asJSON, "json", false, "print JSON instead of tables")
	return f
}

// open opens the dataset in dir and returns the splits to report on:
// every split, or only --split. The dataset passes export.CheckDataset
// (the manifest and shard-footer checks validate runs) first.
func (f *splitsFlags) open(dir string) (*export.Dataset, []string, error) {
	ds, err := export.CheckDataset(dir)
	if err != nil {
		return nil, nil, err
	}
	splits := ds.Splits()
	if f.split != "" {
		found := false
		for _, s := range splits {
			found = found || s == f.split
		}
		if !found {
			return nil, nil, fmt.Errorf("%s has no split %q (it has %v)", dir, f.split, splits)
		}
		splits = []string{f.split}
	}
	return ds, splits, nil
}
