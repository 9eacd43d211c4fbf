package beamgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"flowbench/export"
	"flowbench/pipeline"
	"flowbench/real/pairfile"
	"flowbench/storage"
)

// A Real job (Job.Real) builds a FlowBench-Real split, as "flowbench real
// build PAIRS --part K/N" and "flowbench merge" do: every part reads and
// processes every pair (the split's selection is over all of them) and
// writes only its own shards; the merge is the same as generate's
// (pipeline.Merge recognises Real parts).

// RealConfig is a FlowBench-Real build (flowbench real build): what
// determines every output byte, shipped to the workers as JSON. The VLM
// checks of real build (--check-marks-*, --text-only-*) are not carried:
// a Beam Real build runs with both off.
type RealConfig struct {
	// Pairs is the input (a pair folder, a folder of pair folders or a
	// JSONL index; docs/real.md). Every worker lists and reads it itself,
	// so it must be a local path that every worker sees at this same path
	// (a shared file system, or baked into the worker image); storage URLs
	// are not read. The path is recorded in the run report as real build's
	// PAIRS argument is: the same string gives the same bytes.
	Pairs string `json:"pairs"`
	// Split is the split to build (real build --split; "" is train).
	Split string `json:"split"`
	// Seed is real build's --seed.
	Seed int64 `json:"seed"`
	// Extended adds B.7's halved-margin questions (--extended; train only).
	Extended bool `json:"extended,omitempty"`
	// PerCategory caps the test split's questions per category
	// (--per-category; 0: as many as the caps allow).
	PerCategory int `json:"per_category,omitempty"`
	// PairsPerShard is --pairs-per-shard (0: the default).
	PairsPerShard int `json:"pairs_per_shard,omitempty"`
}

// Validate checks the RealConfig as real build checks its flags.
func (c RealConfig) Validate() error {
	switch {
	case c.Pairs == "":
		return errors.New("real: the pairs path is required")
	case storage.IsURL(c.Pairs):
		return fmt.Errorf("real: pairs %s: the pairs must be a local path that every worker sees, not a URL", c.Pairs)
	case c.PerCategory < 0 || c.PerCategory > 1<<24:
		return fmt.Errorf("real: per-category %d out of range 0..%d", c.PerCategory, 1<<24)
	case c.PairsPerShard < 0 || c.PairsPerShard > 1<<20:
		return fmt.Errorf("real: pairs per shard %d out of range 0..%d", c.PairsPerShard, 1<<20)
	}
	return nil
}

// options returns the pipeline.RealOptions of c, without the pairs.
func (c RealConfig) options() pipeline.RealOptions {
	split := c.Split
	if split == "" {
		split = "train"
	}
	return pipeline.RealOptions{Split: split, Seed: c.Seed, Extended: c.Extended, PerCategory: c.PerCategory,
		PairsPerShard: c.PairsPerShard, Input: c.Pairs}
}

// decodeRealConfig decodes one JSON RealConfig strictly (an unknown field
// or trailing data is an error) and validates it.
func decodeRealConfig(data []byte) (RealConfig, error) {
	var c RealConfig
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("real config: %w", err)
	}
	if dec.More() {
		return c, errors.New("real config: more than one JSON value")
	}
	return c, c.Validate()
}

// runRealPartFn runs one part of a Real split: for part index K it writes
// shards K of Parts under PartLocation(Work, K) and emits (0, K) when the
// part is complete. Every attempt redoes the part from the start,
// replacing what an earlier attempt left of the split in the part's
// location (only this part writes there), so a retried bundle writes the
// same part.
type runRealPartFn struct {
	Config  string // the JSON of RealConfig
	Parts   int
	Work    string
	Out     string // the dataset the parts are merged into: its other splits are kept apart
	Workers int    // pairs processed in parallel per part; 0: every CPU

	cfg RealConfig
}

// Setup decodes and checks the config once per DoFn instance.
func (f *runRealPartFn) Setup() error {
	cfg, err := decodeRealConfig([]byte(f.Config))
	f.cfg = cfg
	return err
}

// ProcessElement runs part k.
func (f *runRealPartFn) ProcessElement(ctx context.Context, k int, emit func(int, int)) error {
	if k < 0 || k >= f.Parts {
		return fmt.Errorf("beamgen: part index %d out of range 0..%d", k, f.Parts-1)
	}
	loc := PartLocation(f.Work, k)
	if err := f.runPart(ctx, k, loc); err != nil {
		return fmt.Errorf("beamgen: real part %d of %d (%s): %w", k, f.Parts, loc, err)
	}
	emit(0, k)
	return nil
}

// runPart lists the pairs and runs part k into loc.
func (f *runRealPartFn) runPart(ctx context.Context, k int, loc string) error {
	pairs, err := listPairs(f.cfg.Pairs)
	if err != nil {
		return err
	}
	opt := f.cfg.options()
	opt.Pairs = pairs
	opt.Part = pipeline.Part{Index: k, Count: f.Parts}
	opt.Workers = f.Workers
	opt.Overwrite = true // redo the split in the part's own location
	return withSplitsOf(ctx, f.Out, func(dir string) error {
		opt.SplitsFrom = dir
		return runRealPart(ctx, opt, loc)
	})
}

// listPairs lists the pairs under path as real build does.
func listPairs(path string) ([]pipeline.RealPairRef, error) {
	refs, err := pairfile.List(path)
	if err != nil {
		return nil, fmt.Errorf("pairs %s: %w", path, err)
	}
	pairs := make([]pipeline.RealPairRef, len(refs))
	for i, r := range refs {
		pairs[i] = pipeline.RealPairRef{ID: r.ID, Load: r.Load}
	}
	return pairs, nil
}

// withSplitsOf runs run with a local directory holding the dataset at out
// as it is before the merge, so that the part keeps the split apart from
// the splits out already holds, as a single real build into out would:
// out itself for a path; for a URL that holds objects, a download of it
// (removed afterwards); for an empty URL, an empty directory.
func withSplitsOf(ctx context.Context, out string, run func(dir string) error) error {
	if !storage.IsURL(out) {
		return run(out)
	}
	o, err := storage.Open(ctx, out)
	if err != nil {
		return err
	}
	held, err := o.Exists(ctx, export.ManifestFile)
	o.Close()
	if err != nil {
		return err
	}
	if held {
		return storage.WithInput(ctx, out, run)
	}
	dir, err := os.MkdirTemp("", "flowbench-real-splits-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return run(dir)
}

// runRealPart runs pipeline.RunReal (opt.Part) into loc. For a URL, nothing
// of an earlier attempt is fetched: the part is written afresh into a local
// work directory, the split's objects and the part record that it does not
// write again are deleted from the bucket, and the part record goes last,
// so that its presence means the part is complete.
func runRealPart(ctx context.Context, opt pipeline.RealOptions, loc string) error {
	owned := func(rel string) bool { return rel == pipeline.PartFile || export.InSplit(rel, opt.Split) }
	sopt := storage.Options{Prune: owned, Last: []string{pipeline.PartFile}}
	return storage.WithOutput(ctx, loc, sopt, func(dir string) error {
		opt.Out = dir
		_, err := pipeline.RunReal(ctx, opt)
		return err
	})
}
