package beamgen

import (
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"flowbench/pipeline"
)

// The DoFns are registered (type and optimised callers) so that a remote
// worker, which starts the same binary and decodes the DoFns from the
// pipeline's description, finds them by name. Their exported fields are what
// travels with them.
func init() {
	register.DoFn3x1[context.Context, int, func(int, int), error](&runPartFn{})
	register.DoFn3x1[context.Context, int, func(int, int), error](&runRealPartFn{})
	register.Emitter2[int, int]()
	register.DoFn3x1[context.Context, int, func(*int) bool, error](&mergeFn{})
	register.Iter1[int]()
}

// runPartFn runs one part of the split: for part index K it writes part K
// of Parts under PartLocation(Work, K) and emits (0, K) when the part is
// complete. It always resumes, so a retried bundle keeps the shards an
// earlier attempt completed.
type runPartFn struct {
	Config  string // the JSON of pipeline.Config
	Parts   int
	Work    string
	Workers int // planning workers per part; 0: every CPU

	cfg pipeline.Config
}

// Setup decodes and checks the config once per DoFn instance.
func (f *runPartFn) Setup() error {
	cfg, err := decodeConfig([]byte(f.Config), pipeline.Config{})
	f.cfg = cfg
	return err
}

// ProcessElement runs part k.
func (f *runPartFn) ProcessElement(ctx context.Context, k int, emit func(int, int)) error {
	if k < 0 || k >= f.Parts {
		return fmt.Errorf("beamgen: part index %d out of range 0..%d", k, f.Parts-1)
	}
	out := PartLocation(f.Work, k)
	opts := pipeline.Options{Part: pipeline.Part{Index: k, Count: f.Parts}, Workers: f.Workers, Resume: true}
	if err := runPart(ctx, f.cfg, opts, out); err != nil {
		return fmt.Errorf("beamgen: part %d of %d (%s): %w", k, f.Parts, out, err)
	}
	emit(0, k)
	return nil
}

// mergeFn merges the parts, once all of them are done: it receives every
// part index under one key, checks that each of 0..Parts-1 came exactly
// once, and merges their locations, in index order, into Out.
type mergeFn struct {
	Parts int
	Work  string
	Out   string
}

// ProcessElement merges the parts whose indices parts yields.
func (f *mergeFn) ProcessElement(ctx context.Context, _ int, parts func(*int) bool) error {
	seen := make([]bool, f.Parts)
	var k int
	for parts(&k) {
		switch {
		case k < 0 || k >= f.Parts:
			return fmt.Errorf("beamgen: merge got part index %d, out of range 0..%d", k, f.Parts-1)
		case seen[k]:
			return fmt.Errorf("beamgen: merge got part %d twice", k)
		}
		seen[k] = true
	}
	locs := make([]string, f.Parts)
	for k, ok := range seen {
		if !ok {
			return fmt.Errorf("beamgen: merge is missing part %d of %d", k, f.Parts)
		}
		locs[k] = PartLocation(f.Work, k)
	}
	if err := mergeParts(ctx, locs, f.Out); err != nil {
		return fmt.Errorf("beamgen: merging %d parts into %s: %w", f.Parts, f.Out, err)
	}
	return nil
}
