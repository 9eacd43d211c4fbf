package beamgen

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"flowbench/pipeline"
)

// Job is one Beam run: what to generate (or, with Real, which FlowBench-Real
// split to build), in how many parts, and where.
type Job struct {
	// Config determines every output byte; it is shipped to the workers as
	// JSON. A Real job ignores it.
	Config pipeline.Config
	// Real, when set, makes the job a FlowBench-Real build (flowbench real
	// build --part K/N, then merge) of this config instead of a generate
	// run of Config; it is shipped to the workers as JSON.
	Real *RealConfig
	// Parts is N, the number of parts (at least 1). Parts take contiguous
	// ranges of the split's shards, so N only changes how the work is cut.
	Parts int
	// Work is the prefix under which part K is written, at Work/parts/K. It
	// must be reachable by every worker and by the merge: a shared
	// directory, or an object-storage URL.
	Work string
	// Out is the merged dataset.
	Out string
	// PartWorkers is the number of planning workers of each part
	// (pipeline.Options.Workers; for a Real job the pairs processed in
	// parallel, RealOptions.Workers); 0 lets each part use every CPU it
	// sees.
	PartWorkers int
}

// ErrJob marks an invalid Job (Validate's errors wrap it).
var ErrJob = errors.New("invalid beam job")

// Validate checks the Job and its Config (or its RealConfig).
func (j Job) Validate() error {
	switch {
	case j.Parts < 1 || j.Parts > pipeline.MaxParts:
		return fmt.Errorf("%w: --parts %d is outside 1..%d", ErrJob, j.Parts, pipeline.MaxParts)
	case j.Work == "":
		return fmt.Errorf("%w: the work prefix is required", ErrJob)
	case j.Out == "":
		return fmt.Errorf("%w: the output location is required", ErrJob)
	case strings.TrimSuffix(j.Out, "/") == strings.TrimSuffix(j.Work, "/"):
		return fmt.Errorf("%w: the output %s must differ from the work prefix", ErrJob, j.Out)
	case j.PartWorkers < 0 || j.PartWorkers > pipeline.MaxWorkers:
		return fmt.Errorf("%w: --part-workers %d is outside 0..%d", ErrJob, j.PartWorkers, pipeline.MaxWorkers)
	}
	if j.Real != nil {
		if err := j.Real.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrJob, err)
		}
		return nil
	}
	if err := j.Config.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrJob, err)
	}
	return nil
}

// PartLocation is where part k of a Job with work prefix work is written:
// work/parts/k, for a local path or a URL (whose query, such as an S3
// region, is kept).
func PartLocation(work string, k int) string {
	if strings.Contains(work, "://") {
		if u, err := url.Parse(work); err == nil {
			u.Path = path.Join("/", u.Path, "parts", strconv.Itoa(k))
			u.RawPath = ""
			return u.String()
		}
	}
	return filepath.Join(work, "parts", strconv.Itoa(k))
}

// Build adds the Job's transforms to s: part indices, reshuffled, each run
// by runPartFn (runRealPartFn for a Real job), then grouped under one key
// and merged by mergeFn.
func (j Job) Build(s beam.Scope) error {
	if err := j.Validate(); err != nil {
		return err
	}
	var cfg []byte
	var err error
	if j.Real != nil {
		cfg, err = json.Marshal(j.Real)
	} else {
		cfg, err = json.Marshal(j.Config)
	}
	if err != nil {
		return fmt.Errorf("beamgen: encoding the config: %w", err)
	}
	indices := make([]int, j.Parts)
	for k := range indices {
		indices[k] = k
	}
	parts := beam.CreateList(s.Scope("parts"), indices)
	// Without the reshuffle a runner fuses the parts into the bundle that
	// created them and runs them one after another on one worker.
	parts = beam.Reshuffle(s.Scope("spread"), parts)
	var done beam.PCollection
	if j.Real != nil {
		done = beam.ParDo(s.Scope("real-build"), &runRealPartFn{Config: string(cfg), Parts: j.Parts, Work: j.Work, Out: j.Out, Workers: j.PartWorkers}, parts)
	} else {
		done = beam.ParDo(s.Scope("generate"), &runPartFn{Config: string(cfg), Parts: j.Parts, Work: j.Work, Workers: j.PartWorkers}, parts)
	}
	all := beam.GroupByKey(s.Scope("all-parts"), done)
	beam.ParDo0(s.Scope("merge"), &mergeFn{Parts: j.Parts, Work: j.Work, Out: j.Out}, all)
	return nil
}

// Pipeline returns a new Beam pipeline that runs the Job.
func (j Job) Pipeline() (*beam.Pipeline, error) {
	p, s := beam.NewPipelineWithRoot()
	if err := j.Build(s); err != nil {
		return nil, err
	}
	return p, nil
}
