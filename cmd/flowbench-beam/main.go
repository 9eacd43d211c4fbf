// Command flowbench-beam runs "flowbench generate", or with --real
// "flowbench real build", as an Apache Beam pipeline (package beamgen): N
// parts generated in parallel by the runner's workers, then merged into one
// dataset, byte-identical to a single-machine run of the same config.
//
// Usage:
//
//	flowbench-beam --config CONFIG.json --parts N --work PREFIX --out DEST [--runner prism|dataflow|flink|spark] [runner flags]
//	flowbench-beam --real PAIRS [--split S] [--seed N] [--extended] [--per-category N] [--pairs-per-shard N] --parts N --work PREFIX --out DEST [...]
//
// CONFIG.json is a pipeline.Config (fields left out keep their defaults).
// PAIRS is real build's input, a local path that every worker sees at the
// same path; --split, --seed, --extended, --per-category and
// --pairs-per-shard are real build's flags (its VLM checks are not
// available here).
// Part K is written under PREFIX/parts/K; PREFIX and DEST must be reachable
// from every worker. Runner flags are Beam's (--project, --region,
// --staging_location, --endpoint, --environment_type, ...); docs/deploy.md
// shows the Dataflow and Flink invocations.
//
// It is a separate binary from flowbench because the Beam SDK and its
// runners more than double the binary and its cold build (docs/deploy.md),
// and because a Beam worker re-runs the launching binary in worker mode.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"

	"flowbench/beamgen"
	"flowbench/pipeline"
	"flowbench/real"
	"flowbench/storage/localfile"
)

// Exit codes, as flowbench's.
const (
	exitFailure  = 1 // bad input or a failed run
	exitUsage    = 2 // wrong flags
	exitInternal = 3 // a recovered panic
)

// runnerNames are the runners this binary links and accepts.
var runnerNames = []string{"prism", "dataflow", "flink", "spark"}

// Beam's runners read their options from the process's global flag set, and
// a worker re-parses it, so these flags live there too.
var (
	configPath  = flag.String("config", "", "pipeline.Config JSON file (required; fields left out keep their defaults)")
	parts       = flag.Int("parts", 0, "number of parts N (required); part K is written under WORK/parts/K")
	work        = flag.String("work", "", "prefix of the parts, reachable by every worker: a shared directory or an object-storage URL (required)")
	out         = flag.String("out", "", "the merged dataset (required)")
	partWorkers = flag.Int("part-workers", 0, "planning workers per part, or with --real pairs processed in parallel per part (0: every CPU the worker sees)")

	realPairs     = flag.String("real", "", "build a FlowBench-Real split from the pairs at this path (real build's PAIRS: a local path every worker sees at the same path) instead of --config")
	realSplit     = flag.String("split", "train", "with --real: the split to build (real build --split)")
	realSeed      = flag.Int64("seed", 1, "with --real: real build --seed")
	realExtended  = flag.Bool("extended", false, "with --real: add B.7's halved-margin questions (real build --extended; train only)")
	realPerCat    = flag.Int("per-category", real.TestPerCategory, "with --real: real build --per-category (test: the questions per category; 0: no limit)")
	realPerShard  = flag.Int("pairs-per-shard", pipeline.DefaultRealPairsPerShard, "with --real: input pairs per shard (real build --pairs-per-shard)")
	realOnlyFlags = []string{"split", "seed", "extended", "per-category", "pairs-per-shard"}
)

// errUsage marks wrong flags (exit code 2).
var errUsage = errors.New("usage error")

func main() {
	flag.Parse()
	// A runner starts this binary again as its worker; beam.Init then runs
	// the worker and never returns.
	beam.Init()
	os.Exit(run(os.Stderr))
}

// run launches the pipeline from the parsed flags and returns the exit code.
func run(stderr io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "flowbench-beam: internal error (a bug, please report it): %v\n", p)
			code = exitInternal
		}
	}()
	job, runner, err := jobFromFlags()
	if err == nil {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		err = launch(ctx, job, runner)
	}
	if err != nil {
		fmt.Fprintf(stderr, "flowbench-beam: %v\n", err)
		if errors.Is(err, errUsage) {
			fmt.Fprintln(stderr, "usage: flowbench-beam --config CONFIG.json --parts N --work PREFIX --out DEST [--runner prism|dataflow|flink|spark]")
			fmt.Fprintln(stderr, "       flowbench-beam --real PAIRS [--split S] [--seed N] [--extended] [--per-category N] [--pairs-per-shard N] --parts N --work PREFIX --out DEST [...]")
			return exitUsage
		}
		return exitFailure
	}
	return 0
}

// jobFromFlags checks the flags and reads the config file (or, with
// --real, makes the Real config from the flags).
func jobFromFlags() (beamgen.Job, string, error) {
	runner := *runners.Runner
	if runner == "" {
		runner = "prism"
	}
	var realOnly string // a Real flag given a value other than its default
	for _, name := range realOnlyFlags {
		if f := flag.Lookup(name); realOnly == "" && f.Value.String() != f.DefValue {
			realOnly = name
		}
	}
	switch {
	case flag.NArg() > 0:
		return beamgen.Job{}, "", fmt.Errorf("%w: unexpected argument %q", errUsage, flag.Arg(0))
	case !slices.Contains(runnerNames, runner):
		return beamgen.Job{}, "", fmt.Errorf("%w: --runner %q: want one of %v", errUsage, runner, runnerNames)
	case *configPath != "" && *realPairs != "":
		return beamgen.Job{}, "", fmt.Errorf("%w: --config (generate) and --real (a Real build) exclude each other", errUsage)
	case *realPairs == "" && realOnly != "":
		return beamgen.Job{}, "", fmt.Errorf("%w: --%s needs --real (generate's settings are in --config)", errUsage, realOnly)
	case *configPath == "" && *realPairs == "":
		return beamgen.Job{}, "", fmt.Errorf("%w: --config (or --real) is required", errUsage)
	case *parts < 1:
		return beamgen.Job{}, "", fmt.Errorf("%w: --parts must be at least 1, got %d", errUsage, *parts)
	case *work == "" || *out == "":
		return beamgen.Job{}, "", fmt.Errorf("%w: --work and --out are required", errUsage)
	case *realPerCat < 0 || *realPerShard < 1:
		return beamgen.Job{}, "", fmt.Errorf("%w: --per-category must not be negative and --pairs-per-shard must be positive", errUsage)
	}
	if *realPairs != "" {
		job := beamgen.Job{Real: &beamgen.RealConfig{Pairs: *realPairs, Split: *realSplit, Seed: *realSeed, Extended: *realExtended,
			PerCategory: *realPerCat, PairsPerShard: *realPerShard}, Parts: *parts, Work: *work, Out: *out, PartWorkers: *partWorkers}
		return job, runner, job.Validate()
	}
	data, err := localfile.ReadFile(*configPath, 16<<20, "a Beam job configuration")
	if err != nil {
		return beamgen.Job{}, "", fmt.Errorf("--config: %w", err)
	}
	cfg, err := beamgen.ParseConfig(data)
	if err != nil {
		return beamgen.Job{}, "", fmt.Errorf("--config %s: %w", *configPath, err)
	}
	job := beamgen.Job{Config: cfg, Parts: *parts, Work: *work, Out: *out, PartWorkers: *partWorkers}
	return job, runner, job.Validate()
}

// launch builds the pipeline and runs it on the runner, waiting for it
// unless the runner's --async (--execute_async) is set.
func launch(ctx context.Context, job beamgen.Job, runner string) error {
	p, err := job.Pipeline()
	if err != nil {
		return err
	}
	if _, err := beam.Run(ctx, runner, p); err != nil {
		return fmt.Errorf("%s run: %w", runner, err)
	}
	return nil
}
