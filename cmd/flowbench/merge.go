package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"flowbench/pipeline"
)

// The "merge" subcommand joins the part directories of a split written by
// generate --part K/N into one dataset directory (pipeline.Merge).

func init() {
	register(command{
		name:    "merge",
		summary: "join the parts of a split (generate --part K/N) into one dataset directory",
		run:     runMerge,
	})
}

func runMerge(args []string, stdout, stderr io.Writer) error {
	parts, out, err := parseMerge(args, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	if err := withMergeDirs(ctx, parts, out, func(parts []string, out string, owned []bool) error {
		return pipeline.MergeWith(ctx, parts, out, pipeline.MergeOptions{Owned: owned})
	}); err != nil {
		if errors.Is(err, pipeline.ErrConfig) {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		return err
	}
	fmt.Fprintf(stdout, "merged %d parts into %s in %s\n", len(parts), out, time.Since(start).Round(time.Millisecond))
	return nil
}

// parseMerge parses and checks merge's flags and arguments: the part
// directories (or URLs) and --out.
func parseMerge(args []string, stderr io.Writer) (parts []string, out string, err error) {
	fs := newFlags("merge", stderr)
	outFlag := fs.String("out", "", "dataset directory to write (new, empty, or a dataset without this split)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: flowbench merge PARTDIR|URL... --out DIR|URL")
		fs.PrintDefaults()
	}
	// Flags may come before, between or after the part directories.
	for {
		if err := parseFlags(fs, args, true); err != nil {
			return nil, "", err
		}
		if fs.NArg() == 0 {
			break
		}
		parts = append(parts, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case *outFlag == "":
		return nil, "", fmt.Errorf("%w: --out is required", errUsage)
	case len(parts) == 0:
		return nil, "", fmt.Errorf("%w: name the part directories: flowbench merge PARTDIR... --out DIR", errUsage)
	}
	return parts, *outFlag, nil
}
