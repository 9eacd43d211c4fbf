package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/score"
	"flowbench/sim"
)

// The pipeline has three stages. Houses are grouped into balance blocks of
// B consecutive houses (block k = house indices [kB, (k+1)B)). K planning
// workers take blocks in order and plan their houses one after the other,
// carrying the planner's yes/no balance through the block; plans hold no
// frames, so they are small. One annotation stage takes the houses in
// order and re-renders, computes flow, draws marks and encodes images,
// streaming each example's rows through a small per-house channel to the
// writer, which writes them in house order. Every house's bytes depend only
// on (seed, its block, flags), so the output does not depend on K; at most
// K·B+1 houses are in flight and only one of them holds rows, so memory does
// not grow with the run.

// runOptions are the pipeline's settings, resolved from a Config.
type runOptions struct {
	Split         string
	Seed          int64
	Size          int
	Workers       int
	QuestionsOnly bool
	Planner       planner.Config // Seed, Split, CameraSize set by the pipeline; HouseID and SceneStyle per house
	Backend       string         // websocket bridge URL; "" plans and renders in-process
	RenderBackend string         // websocket bridge URL for the stored frames' RGB only (planning in-process)
	// Dress attaches real models and surfaces to every scene built in-process
	// (nil: primitive shapes); a websocket bridge dresses its own scenes.
	Dress func(*sim.Scene)
	// Marks is the Set-of-Marks style: colour dots or numbered badges.
	Marks render.MarkStyle
	// Rephrase, when set, rewrites the text through an OpenAI-compatible
	// server after the paraphrase grammar (nil: the grammar's text).
	Rephrase *score.EvalOptions
	// Annotate, when set, adds the VLM reasoning annotations and runs the
	// judge filter (nil: no annotations).
	Annotate *score.AnnotateOptions
	// Preplanned holds, by house index, plans made before the run (the test
	// split's selection); the planning workers use them instead of planning.
	Preplanned map[int]plannedHouse
	// NoViewImages keeps plans from holding the views' before colours
	// (view_images.go): set while all the test split's houses are planned.
	NoViewImages bool
	// SkipBadHouses: a failing house is recorded (SkippedPath) and left
	// out instead of stopping the run.
	SkipBadHouses bool
	// SkippedPath is the file where the skipped houses are recorded
	// (export.SkippedPath).
	SkippedPath string
	// Log receives the per-house reports.
	Log *slog.Logger
}

// houseOutcome is what the writer learns about a finished house.
type houseOutcome struct {
	spec    houseSpec
	planned chan plannedHouse // the planner's result, sent once
	rows    chan exampleRows  // closed when the house is done
	report  planner.Report
	err     error // set before rows is closed
}

// plannedHouse is a planning worker's result for one house.
type plannedHouse struct {
	plan   housePlan
	report planner.Report
	err    error
}

// shardPlan says which shards a run writes: [First, End) of the layout,
// skipping those kept from an earlier run.
type shardPlan struct {
	layout     Layout
	first, end int
	skip       map[int]bool
}

// houses returns the number of houses the plan generates.
func (p shardPlan) houses() int {
	n := 0
	for s := p.first; s < p.end; s++ {
		if !p.skip[s] {
			a, b := p.layout.ShardHouses(s)
			n += b - a
		}
	}
	return n
}

// runPipeline generates the houses of the plan's shards into sw, cutting a
// shard at the end of each shard's houses. A cancelled context stops it:
// the open shard is discarded (completed ones stay for a resume) and ctx's
// error is returned. The houses, questions, bad and failed houses are
// counted into res; emit receives the progress events, from this goroutine
// only.
func runPipeline(ctx context.Context, src *houseSource, plan shardPlan, opt runOptions, sw *export.SplitWriter, res *Result, emit func(Event)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers := max(1, opt.Workers)
	block := max(1, plan.layout.BalanceHouses)
	jobs := make(chan []*houseOutcome)
	// pending holds every dispatched house, so that a whole block fits.
	pending := make(chan *houseOutcome, workers*block+1)
	buffer := rowBuffer(opt.Size, opt.QuestionsOnly)

	go func() { // dispatcher: hands out the blocks of the shards to write, in order
		defer close(pending)
		defer close(jobs)
		for s := plan.first; s < plan.end; s++ {
			if plan.skip[s] {
				continue
			}
			first, last := plan.layout.ShardHouses(s)
			for start := first; start < last; {
				end := min(last, (start/block+1)*block)
				var job []*houseOutcome
				for _, h := range src.Houses[start:end] {
					o := &houseOutcome{spec: h, planned: make(chan plannedHouse, 1), rows: make(chan exampleRows, buffer)}
					select {
					case pending <- o:
					case <-ctx.Done():
						return
					}
					job = append(job, o)
				}
				select {
				case jobs <- job:
				case <-ctx.Done():
					return
				}
				start = end
			}
		}
	}()
	// Planning workers: each plans a block's houses in order, carrying one
	// balance through the block, and hands each plan on at once (plans are
	// small), so planning never waits for annotation or the writer.
	for range workers {
		go func() {
			for job := range jobs {
				bal := &planner.Balance{Block: job[0].spec.Index / block}
				for _, o := range job {
					var ph plannedHouse
					if pp, ok := opt.Preplanned[o.spec.Index]; ok {
						ph = pp
					} else if ph.err = ctx.Err(); ph.err == nil {
						ph = planGuarded(o.spec, opt, bal)
					}
					o.planned <- ph
				}
			}
		}()
	}
	// The annotation stage takes the houses in order: it re-renders,
	// computes flow, draws marks and encodes images, streaming each
	// example's rows to the writer.
	ordered := make(chan *houseOutcome, 1)
	go func() {
		defer close(ordered)
		for o := range pending {
			select {
			case ordered <- o:
			case <-ctx.Done():
				return
			}
			var ph plannedHouse
			select {
			case ph = <-o.planned:
			case <-ctx.Done():
				return
			}
			o.report, o.err = ph.report, ph.err
			if o.err == nil {
				func() {
					defer recoverInternal(&o.err, fmt.Sprintf("house %d (%s), annotating", o.spec.Index, o.spec.ID))
					o.err = annotateHouse(ctx, ph.plan, opt, o.rows)
				}()
			}
			close(o.rows)
		}
	}()

	fail := func(err error) error {
		sw.Abort()
		cancel()
		return err
	}
	for s := plan.first; s < plan.end; s++ {
		first, last := plan.layout.ShardHouses(s)
		if plan.skip[s] {
			first = last
		}
		for range last - first {
			o, ok := <-ordered
			if !ok || ctx.Err() != nil {
				if ctx.Err() == nil {
					return fail(fmt.Errorf("%w: the pipeline stopped before shard %d was complete", ErrInternal, s))
				}
				return fail(ctx.Err())
			}
			if err := writeHouse(ctx, o, opt, sw, res, emit); err != nil {
				return fail(err)
			}
			res.Houses++
			if o.spec.Index+1 == last {
				if err := sw.Cut(); err != nil {
					return fail(diskError(err))
				}
			}
			emit(Event{Kind: EventHouse, House: o.spec.Index, Report: o.report, Shard: s, ShardsDone: sw.Next() - plan.first})
		}
		if first == last {
			if err := sw.Cut(); err != nil { // a kept shard, or a shard without houses
				return fail(diskError(err))
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	return nil
}

// writeHouse writes one house's rows as they come and records its outcome;
// an error stops the run.
func writeHouse(ctx context.Context, o *houseOutcome, opt runOptions, sw *export.SplitWriter, res *Result, emit func(Event)) error {
	for {
		var r exampleRows
		var ok bool
		select {
		case r, ok = <-o.rows:
		case <-ctx.Done():
			return ctx.Err()
		}
		if !ok {
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := sw.Add(r.q, r.a); err != nil {
			return diskError(err)
		}
		r.bufs.release() // the writer has encoded the row's arrays
		res.Questions++
		emit(Event{Kind: EventQuestion, House: o.spec.Index})
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	switch {
	case errors.Is(o.err, ErrInternal):
		// A bug stops the run (exit code 3); completed shards stay.
		return o.err
	case o.err != nil && (opt.Backend != "" || opt.RenderBackend != ""):
		// A bridge that fails (killed, unreachable, timed out) stops the
		// run: the open shard is discarded and completed ones stay for --resume.
		return fmt.Errorf("house %d (%s): %w (completed shards are kept: rerun with --resume)", o.spec.Index, o.spec.ID, o.err)
	case o.err != nil && !opt.SkipBadHouses:
		// An in-process failure (a house file that loads but cannot be
		// built, say) stops the run: the open shard is discarded, so no
		// shard is sealed without the house, and completed ones stay.
		return houseFailure(o.spec, o.err)
	case o.err != nil:
		// --skip-bad-houses: the house is left out (the rows it gave before
		// the failure are kept), recorded for the manifest and a resume.
		opt.Log.Error("house failed; skipped (--skip-bad-houses)", "index", o.spec.Index, "house", o.spec.ID, "error", o.err)
		res.Failed = append(res.Failed, fmt.Sprintf("house %d (%s): %v", o.spec.Index, o.spec.ID, o.err))
		res.Skipped = append(res.Skipped, export.SkippedHouse{Index: o.spec.Index, House: o.spec.ID, Reason: o.err.Error()})
		if err := writeSkipped(opt.SkippedPath, res.Skipped); err != nil {
			return diskError(err)
		}
	case o.report.Bad != "":
		logHouse(opt.Log, o.spec, o.report)
		res.Bad[o.report.Bad]++
	default:
		logHouse(opt.Log, o.spec, o.report)
	}
	res.Structure = append(res.Structure, o.report.Structure...)
	for k, n := range planner.FramingRejections(o.report.Failures) {
		if res.Framing == nil {
			res.Framing = map[string]int{}
		}
		res.Framing[k] += n
	}
	res.Rooms += o.report.Rooms
	for _, reason := range o.report.SkippedRooms {
		if res.SkippedRooms == nil {
			res.SkippedRooms = map[string]int{}
		}
		res.SkippedRooms[reason]++
	}
	return nil
}

// rowBuffer is how many finished rows the house being annotated may hold
// before the writer takes them: about 64 MB of rows, between 1 and 16.
func rowBuffer(size int, questionsOnly bool) int {
	per := size * size * 32 // dense annotations: depth, ids, flow, masks, PNGs
	if questionsOnly {
		per = size * size * 3
	}
	return min(16, max(1, (64<<20)/max(1, per)))
}

// housePlan is a planned house: its examples without frames (small), ready
// to be annotated.
type housePlan struct {
	house *sim.House
	exs   []planner.Example
	outs  []planner.Outcome
	views map[int]*planner.ViewImage // the planner's before frames (view_images.go)
}

// planGuarded is planHouse with a panic turned into an internal error
// naming the house.
func planGuarded(spec houseSpec, opt runOptions, bal *planner.Balance) (ph plannedHouse) {
	defer recoverInternal(&ph.err, fmt.Sprintf("house %d (%s), planning", spec.Index, spec.ID))
	ph.plan, ph.report, ph.err = planHouse(spec, opt, bal)
	return ph
}

// planHouse loads and plans one house, carrying the block's balance.
func planHouse(spec houseSpec, opt runOptions, bal *planner.Balance) (housePlan, planner.Report, error) {
	h, err := spec.load()
	if err != nil {
		return housePlan{}, planner.Report{HouseID: spec.ID}, err
	}
	cfg := opt.Planner
	cfg.Seed, cfg.Split, cfg.CameraSize = uint64(opt.Seed), opt.Split, opt.Size
	cfg.HouseID, cfg.SceneStyle = spec.ID, spec.Style
	cfg.KeepFrames, cfg.Balance = false, bal
	if opt.Backend == "" && opt.RenderBackend == "" && !opt.NoViewImages {
		cfg.ViewImages = &planner.ViewImages{} // the built-in annotator takes them
	}
	s, release, err := newSimulator(opt.Backend, opt.Dress)
	if err != nil {
		return housePlan{house: h}, planner.Report{HouseID: spec.ID}, err
	}
	defer release()
	exs, outs, rep, err := planner.PlanHouse(s, h, cfg)
	return housePlan{house: h, exs: exs, outs: outs, views: viewImages(cfg.ViewImages, exs)}, rep, err
}

// annotateHouse annotates a planned house's examples one by one, sending
// each example's rows as soon as they are ready.
func annotateHouse(ctx context.Context, p housePlan, opt runOptions, out chan<- exampleRows) error {
	if len(p.exs) == 0 {
		return nil
	}
	an, err := newHouseAnnotator(p.house, opt)
	if err != nil {
		return err
	}
	defer an.frames.close()
	an.marks, an.views = opt.Marks, p.views
	if opt.Rephrase != nil {
		an.rephrase = &rephraser{ctx: ctx, opt: *opt.Rephrase}
		defer func() {
			if an.rephrase.lastErr != nil {
				opt.Log.Warn("rephrase: requests failed; the grammar's text was kept", "house", p.exs[0].HouseID, "last_error", an.rephrase.lastErr)
			}
			opt.Log.Debug("rephrase", "house", p.exs[0].HouseID, "rewritten", an.rephrase.rewritten, "kept", an.rephrase.kept)
		}()
	}
	for i := range p.exs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		r, err := an.annotate(&p.exs[i], &p.outs[i])
		if err != nil {
			return err
		}
		if v := p.exs[i].ViewID; i+1 == len(p.exs) || p.exs[i+1].ViewID != v {
			delete(p.views, v) // the view is done: free its image
		}
		if opt.Annotate != nil {
			keep, err := vlmAnnotate(ctx, &r, *opt.Annotate, opt.Log)
			if err != nil {
				return err
			}
			if !keep {
				continue
			}
		}
		select {
		case out <- r:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// logHouse writes the planner's report of a house as structured log lines:
// a warning per implausible object (planner.Report.Implausible), bad houses
// at info level, the per-house skip counts at debug level.
func logHouse(log *slog.Logger, spec houseSpec, rep planner.Report) {
	ids := make([]string, 0, len(rep.Implausible))
	for id := range rep.Implausible {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		log.Warn("object not physically plausible where the house puts it; it is never moved or mentioned",
			"index", spec.Index, "house", spec.ID, "object", id, "reason", rep.Implausible[id])
	}
	if rep.Bad != "" {
		log.Info("house skipped", "index", spec.Index, "house", spec.ID, "reason", rep.Bad)
		return
	}
	log.Debug("house done", "index", spec.Index, "house", spec.ID, "views", rep.Views, "slots", rep.Slots,
		"questions", rep.Questions, "skipped_rooms", skippedRooms(rep.SkippedRooms),
		"skips", countList(rep.Skips), "failures", countList(rep.Failures))
}

// skippedRooms renders the rooms that proposed no view as
// "room|3=only_bare_views ..." with sorted room ids.
func skippedRooms(m map[string]string) string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	for _, id := range ids {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(id + "=" + m[id])
	}
	return b.String()
}

// countList renders a count map as "a=1 b=2" with sorted keys.
func countList(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}
