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

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"flowbench/pipeline"
	"flowbench/storage"
)

// The "merge" subcommand joins the part directories of a split written by
// generate --part K/N into one dataset directory (pipeline.Merge).

func init() {
	register(command{
		name:    "merge",
		use:     "PARTDIR|URL... --out DIR|URL [flags]",
		summary: "join the parts of a split (generate --part K/N) into one dataset directory",
		long: "merge checks that the parts come from one configuration and hold every block exactly once, then\n" +
			"writes the split, its manifest and card: byte-identical to a single-machine run\n" +
			"(docs/dataset.md#parts-and-merge). Flags may come before, between or after the parts.",
		example: "flowbench merge part0 part1 part2 --out csi\n" +
			"flowbench merge part0 part1 part2 --out csi --wait 24h    # start it with the parts: it waits for them\n" +
			"flowbench merge s3://bucket/parts/0 s3://bucket/parts/1 --out s3://bucket/csi",
		args:  cobra.ArbitraryArgs,
		setup: mergeCommand,
	})
}

// mergeFlags are merge's flags.
type mergeFlags struct {
	out       string
	overwrite bool
	wait      time.Duration
}

func addMergeFlags(fs *pflag.FlagSet) *mergeFlags {
	m := &mergeFlags{}
	fs.StringVar(&m.out, "out", "", "dataset directory or URL to write (new, empty, or a dataset without this split) (required)")
	fs.BoolVar(&m.overwrite, "overwrite", false, "replace the split if --out already holds it (only flowbench's own files of that split are removed)")
	boundedDurationVar(fs, &m.wait, "wait", 0, 0, maxMergeWait, waitForPartsFlagHelp)
	return m
}

func mergeCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	m := addMergeFlags(fs)
	return func(parts []string) error {
		if err := m.check(parts); err != nil {
			return err
		}
		return runMerge(parts, m, stdout, stderr)
	}
}

func (m *mergeFlags) check(parts []string) error {
	switch {
	case m.out == "":
		return fmt.Errorf("%w: --out is required", errUsage)
	case len(parts) == 0:
		return fmt.Errorf("%w: name the part directories: flowbench merge PARTDIR... --out DIR", errUsage)
	case m.wait < 0:
		return fmt.Errorf("%w: --wait %v must not be negative", errUsage, m.wait)
	case m.overwrite && storage.IsURL(m.out):
		// The mirror of a URL output would not remove the old split's
		// objects; remove them with the store's own tools instead.
		return fmt.Errorf("%w: --overwrite needs a local --out, not %s", errUsage, m.out)
	}
	return nil
}

func runMerge(parts []string, m *mergeFlags, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	if err := runMergeWait(ctx, parts, m.wait, stderr); err != nil {
		return err
	}

	out := m.out
	if err := withMergeDirs(ctx, parts, out, func(parts []string, out string, owned []bool) error {
		if err := checkMergeOut(out); err != nil {
			return err
		}
		return pipeline.MergeWith(ctx, parts, out, pipeline.MergeOptions{Owned: owned, Overwrite: m.overwrite})
	}); err != nil {
		if se := (*pipeline.SplitExistsError)(nil); errors.As(err, &se) {
			return fmt.Errorf("%w: use --overwrite to replace it", err)
		}
		if errors.Is(err, pipeline.ErrConfig) {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		return err
	}
	fmt.Fprintf(stdout, "merged %d parts into %s in %s\n", len(parts), out, time.Since(start).Round(time.Millisecond))
	return nil
}

// parseMerge parses and checks merge's flags and arguments, the part
// directories (or URLs) and --out, without the command tree (for tests).
func parseMerge(args []string, stderr io.Writer) (parts []string, out string, err error) {
	fs := pflag.NewFlagSet("flowbench merge", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	m := addMergeFlags(fs)
	if err := fs.Parse(args); err != nil {
		return nil, "", fmt.Errorf("%w: %v", errUsage, err)
	}
	if err := m.check(fs.Args()); err != nil {
		return nil, "", err
	}
	return fs.Args(), m.out, nil
}
