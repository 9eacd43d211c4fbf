package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"time"

	"flowbench/export"
	"flowbench/internal/bound"
	"flowbench/score"
)

// Run generates one split of cfg (or, with opt.Part, one part of it) into
// the local directory opt.Out: houses → camera selection → planning →
// rendering I0/I1 → flow → marks → Parquet shards, then the manifest and
// the dataset card (a whole split) or the part record (a part, see Merge).
// Cancelling ctx stops the run: completed shards stay staged for a resume
// and the error wraps ctx's. Every byte written is a function of cfg only.
func Run(ctx context.Context, cfg Config, opt Options) (Result, error) {
	res := Result{Bad: map[string]int{}}
	if err := cfg.Validate(); err != nil {
		return res, err
	}
	if err := opt.Part.Check(); err != nil {
		return res, err
	}
	switch {
	case opt.Out == "":
		return res, fmt.Errorf("%w: no output directory", ErrConfig)
	case opt.Resume && opt.Overwrite:
		return res, fmt.Errorf("%w: resume and overwrite exclude each other", ErrConfig)
	}
	if err := bound.Check("--workers", int64(opt.Workers), 0, MaxWorkers); err != nil {
		return res, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	targets, _ := cfg.testTargets()
	if targets != nil && !opt.Part.Whole() {
		return res, fmt.Errorf("%w: the test split's selection (test_counts %s) is made over the candidates of every scene, "+
			"so it cannot be split into parts: run it whole, or keep every candidate (test_counts all)", ErrConfig, cfg.TestCounts)
	}
	log := opt.Logger
	if log == nil {
		log = slog.Default()
	}
	src, err := newSource(cfg, log)
	if err != nil {
		return res, err
	}
	if err := src.forRunBackend(cfg); err != nil {
		return res, err
	}
	if cfg.Family == FamilyViewpoint {
		return runViewpoint(ctx, cfg, opt, src, log)
	}
	if fam, err := export.DatasetFamily(opt.Out); err == nil && fam != "" && fam != FamilyMotion {
		return res, fmt.Errorf("%s holds a %s-family dataset: write the motion family into another directory", opt.Out, fam)
	}
	return runSource(ctx, cfg, opt, src, log)
}

// runSource is Run on a checked Config and its house source.
func runSource(ctx context.Context, cfg Config, opt Options, src *houseSource, log *slog.Logger) (Result, error) {
	res := Result{Bad: map[string]int{}}
	targets, _ := cfg.testTargets()
	emit := opt.Progress
	if emit == nil {
		emit = func(Event) {}
	}
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	lib, err := OpenAssets(cfg.Assets)
	if err != nil {
		return res, err
	}
	pc := cfg.plannerConfig()
	res.Layout = NewLayout(cfg, len(src.Houses))
	if l := res.Layout; l.Shards > export.MaxShards {
		return res, fmt.Errorf("%w: %d houses in shards of %d blocks of %d houses (--blocks-per-shard, --balance-houses) make %d shards, "+
			"more than the %d a split's shard names can count: raise --rows-per-shard or --blocks-per-shard", ErrConfig,
			l.Houses, l.BlocksPerShard, l.BalanceHouses, l.Shards, export.MaxShards)
	}
	res.FirstShard, res.EndShard = res.Layout.PartShards(opt.Part)
	res.Fingerprint = fingerprint(cfg, src, lib, pc, res.Layout)
	if err := export.CheckTensorType(opt.Out, cfg.Split, cfg.tensorType()); err != nil {
		return res, err
	}
	if err := prepareOutDir(opt.Out, cfg.Split, opt.Resume, opt.Overwrite); err != nil {
		return res, err
	}
	if _, err := export.RemoveStaleTemps(opt.Out); err != nil {
		return res, diskError(err)
	}
	if err := removePartRecord(opt.Out); err != nil {
		return res, err
	}
	mode := export.Overwrite // prepareOutDir has checked that the split may go
	if opt.Resume {
		mode = export.Resume
	}
	dw, err := export.Create(opt.Out, export.Options{Mode: mode, QuestionsOnly: cfg.QuestionsOnly,
		MaxRowGroupBytes: maxRowGroupBytes, Fingerprint: res.Fingerprint, TensorType: cfg.tensorType()})
	if err != nil {
		return res, diskError(err)
	}
	sw, err := dw.SplitRange(cfg.Split, cfg.Size, cfg.Size, export.Range{First: res.FirstShard, End: res.EndShard, Total: res.Layout.Shards})
	if err != nil {
		if errors.Is(err, export.ErrExists) {
			return res, err
		}
		return res, diskError(err)
	}
	plan := shardPlan{layout: res.Layout, first: res.FirstShard, end: res.EndShard, skip: map[int]bool{}}
	res.Kept = sw.Completed()
	if len(res.Kept) > 0 {
		rows := 0
		for _, k := range res.Kept {
			rows += k.Rows
			plan.skip[k.Index] = true
		}
		log.Info("resuming", "split", cfg.Split, "shards_kept", len(res.Kept), "questions_kept", rows)
	}
	ropt := runOptions{Split: cfg.Split, Seed: cfg.Seed, Size: cfg.Size, Workers: workers, QuestionsOnly: cfg.QuestionsOnly,
		Planner: pc, Backend: cfg.Backend, RenderBackend: cfg.RenderBackend, Dress: Dresser(lib), Marks: cfg.markStyle(), Log: log,
		SkipBadHouses: opt.SkipBadHouses, SkippedPath: export.SkippedPath(opt.Out, cfg.Split)}
	if res.Skipped, err = readSkipped(ropt.SkippedPath, res.Layout, res.Kept); err != nil {
		sw.Abort()
		return res, err
	}
	if r := cfg.Rephrase; r != nil {
		key := ""
		if r.APIKeyEnv != "" {
			key = os.Getenv(r.APIKeyEnv)
		}
		ropt.Rephrase = &score.EvalOptions{Endpoint: r.Endpoint, Model: r.Model,
			APIKey: key, Concurrency: 1, MaxRetries: 2, Timeout: 2 * time.Minute}
	}
	if a := cfg.Annotate; a != nil {
		key := ""
		if a.APIKeyEnv != "" {
			key = os.Getenv(a.APIKeyEnv)
		}
		ropt.Annotate = &score.AnnotateOptions{EvalOptions: score.EvalOptions{Endpoint: a.Endpoint, Model: a.Model,
			APIKey: key, Concurrency: 1, MaxRetries: 3, Timeout: 5 * time.Minute}, Filter: a.Filter, JudgeModel: a.JudgeModel}
	}
	if targets != nil {
		pre, sel, err := preselect(ctx, src, ropt, res.Layout.BalanceHouses, targets)
		if err != nil {
			sw.Abort()
			return res, err
		}
		ropt.Preplanned, res.Selection = pre, &sel
		log.Info("test split selected", "candidates", sel.Candidates, "selected", sel.Selected, "chance", sel.Chance, "short", sel.Short)
	}
	emit(Event{Kind: EventStart, Houses: plan.houses()})
	if err := runPipeline(ctx, src, plan, ropt, sw, &res, emit); err != nil {
		if isInterrupt(err) {
			return res, fmt.Errorf("interrupted after %d houses: %d completed shards kept in %s; rerun with --resume to continue: %w",
				res.Houses, sw.Next()-res.FirstShard, sw.Staging(), err)
		}
		return res, err
	}
	var refused error
	switch {
	case res.Houses > 0 && len(res.Failed) == res.Houses:
		refused = fmt.Errorf("every house failed (%d of %d); no dataset was written: %s", len(res.Failed), res.Houses, res.Failed[0])
	case opt.Part.Whole() && !cfg.AllowEmpty && res.Questions+keptRows(res.Kept) == 0:
		refused = fmt.Errorf("%w: split %s holds no question (%d houses, %s); no dataset was written (--allow-empty writes an empty split)",
			ErrEmptySplit, cfg.Split, res.Houses, emptyReasons(res.Bad))
	}
	if refused != nil { // nothing of the split stays
		if err := sw.Discard(); err != nil {
			return res, diskError(err)
		}
		if err := removeSkipped(ropt.SkippedPath); err != nil {
			return res, err
		}
		return res, refused
	}
	if err := sw.Close(); err != nil {
		return res, diskError(err)
	}
	var use *export.AssetUse
	if use, err = assetUse(lib, src); err != nil {
		return res, err
	}
	info := newSplitInfo(cfg, src, pc, res.Layout, res.Selection, use)
	info.Skipped = res.Skipped
	if info.LeftOut, err = leftOutAssets(src); err != nil {
		return res, err
	}
	if !opt.Part.Whole() {
		if err := writePartRecord(opt.Out, newPartRecord(cfg, opt.Part, res, info)); err != nil {
			return res, err
		}
		return res, removeSkipped(ropt.SkippedPath)
	}
	res.Manifest, err = writeManifest(opt.Out, cfg, info)
	if err != nil {
		return res, err
	}
	if err := removeSkipped(ropt.SkippedPath); err != nil {
		return res, err
	}
	if st := res.Manifest.Splits[cfg.Split]; st != nil {
		for _, line := range shortLines(st.Mix) {
			log.Warn("category short of its target share", "detail", line)
		}
	}
	return res, nil
}

// newSource lists the houses of a validated Config.
func newSource(c Config, log *slog.Logger) (*houseSource, error) {
	switch {
	case c.Import != "":
		return newImportSource(c.Import, c.Houses, log)
	case c.Split == "test":
		src, err := newIthorSource(c.Scenes, c.Seed, c.Houses)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrConfig, err)
		}
		return src, nil
	default:
		src, err := newProcthorSource(c.Split, c.Seed, c.Houses)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrConfig, err)
		}
		return src, nil
	}
}

// isInterrupt reports whether err is a cancellation.
func isInterrupt(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
