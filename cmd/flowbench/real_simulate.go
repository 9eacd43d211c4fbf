package main

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"flowbench/real"
	"flowbench/real/pairfile"
	"flowbench/real/simsource"
)

// The "real simulate" subcommand renders simulated tabletop pairs with
// exact truth in the FlowBench-Real input format (docs/real.md):
//
//	flowbench real simulate --pairs N --seed S --noise none|default|high --out DIR [--assets auto|none|DIR]

func init() {
	register(command{
		name:    "real simulate",
		summary: "render simulated tabletop image pairs with estimator-like noise and exact truth (truth.json)",
		long: "real simulate renders pairs from flowbench's own houses: a camera in front of a counter or table,\n" +
			"one object (sometimes two) moved 5–30 cm on it. Each pair folder holds the Real input files\n" +
			"and truth.json with the exact geometry (both in docs/real.md). The houses are dressed\n" +
			"with the installed Sweet Home 3D furniture models, as generate does (--assets none: primitive shapes).",
		example: "flowbench real simulate --pairs 200 --seed 1 --noise default --out pairs",
		setup:   realSimulateCommand,
	})
}

// simFlags are the flags real simulate and real check share.
type simFlags struct {
	pairs   int
	seed    int64
	workers int
	assets  *string
}

func addSimFlags(fs *pflag.FlagSet, pairs int) *simFlags {
	f := &simFlags{}
	boundedIntVar(fs, &f.pairs, "pairs", pairs, 1, maxRealPairs, "number of simulated pairs")
	seedVar(fs, &f.seed, "seed of the scenes, cameras and moves (the noise draws from it too)")
	boundedIntVar(fs, &f.workers, "workers", min(runtime.GOMAXPROCS(0), maxWorkers), 1, maxWorkers, "pairs rendered in parallel (the output does not depend on it)")
	f.assets = addAssetsFlag(fs)
	return f
}

// generateOptions opens the library --assets names (once per process; nil
// for primitive shapes, also when auto finds none, with one log line).
func (f *simFlags) generateOptions() (simsource.GenerateOptions, error) {
	lib, err := openAssets(*f.assets)
	if err != nil {
		return simsource.GenerateOptions{}, err
	}
	return simsource.GenerateOptions{Assets: lib}, nil
}

func (f *simFlags) check() error {
	switch {
	}
	return nil
}

// forEachPair runs fn(i) for i in [0, n) on workers goroutines and returns
// the first error by index.
func forEachPair(n, workers int, fn func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				func() {
					defer recoverInternal(&errs[i], fmt.Sprintf("pair %d", i))
					errs[i] = fn(i)
				}()
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// simPairDir is the folder of pair i under out.
func simPairDir(out string, i int) string { return filepath.Join(out, fmt.Sprintf("pair-%05d", i)) }

func realSimulateCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	sf := addSimFlags(fs, 100)
	noise := fs.String("noise", "default", "estimator noise level: none, low, default, medium or high (docs/real.md)")
	out := fs.String("out", "", "output folder; pair i goes to OUT/pair-NNNNN (required)")
	return func([]string) error {
		if err := sf.check(); err != nil {
			return err
		}
		if *out == "" {
			return fmt.Errorf("%w: --out is required", errUsage)
		}
		level, err := simsource.ParseNoiseLevel(*noise)
		if err != nil {
			return fmt.Errorf("%w: --noise: %v", errUsage, err)
		}
		opts, err := sf.generateOptions()
		if err != nil {
			return err
		}
		start := time.Now()
		err = forEachPair(sf.pairs, sf.workers, func(i int) error {
			p, t, err := simsource.GenerateWith(sf.seed, i, level, opts)
			if err != nil {
				return err
			}
			return writeSimPair(simPairDir(*out, i), p, t)
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "flowbench real simulate: %d pairs (seed %d, noise %s, %s) in %s, %.1f s\n", sf.pairs, sf.seed, level,
			looks(opts), *out, time.Since(start).Seconds())
		return nil
	}
}

// looks names what the pairs' objects look like.
func looks(opts simsource.GenerateOptions) string {
	if opts.Assets == nil {
		return "primitive shapes"
	}
	return "furniture models"
}

// writeSimPair writes a pair folder and its truth beside it.
func writeSimPair(dir string, p *real.Pair, t *simsource.Truth) error {
	if err := pairfile.Write(dir, p); err != nil {
		return err
	}
	return simsource.WriteTruth(dir, t)
}
