package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"flowbench/export"
)

// The "validate" subcommand checks every row of a dataset with
// export.Validate: images decode and have the camera's size, answers are
// among the choices, dense values are finite, masks are 0/1, instance ids
// are in the id map and the two tables agree row by row.

func init() {
	register(command{
		name:    "validate",
		summary: "check every row of a dataset directory; names the shard and row of the first problem",
		run:     runValidate,
	})
}

func runValidate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: flowbench validate DIR") }
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want exactly one dataset directory, got %d arguments", errUsage, fs.NArg())
	}
	dir := fs.Arg(0)
	counts, err := export.Validate(dir)
	if err != nil {
		var ve *export.ValidationError
		if errors.As(err, &ve) {
			if ve.Row >= 0 {
				return fmt.Errorf("invalid dataset: shard %s, row %d (question %q): %s", ve.Shard, ve.Row, ve.ID, ve.Reason)
			}
			return fmt.Errorf("invalid dataset: shard %s: %s", ve.Shard, ve.Reason)
		}
		return err
	}
	total := 0
	for _, split := range slices.Sorted(maps.Keys(counts)) {
		fmt.Fprintf(stdout, "split %s: %d questions ok\n", split, counts[split])
		total += counts[split]
	}
	fmt.Fprintf(stdout, "%s: valid, %d questions\n", dir, total)
	return nil
}
