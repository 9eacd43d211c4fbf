package pipeline

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"flowbench/export"
	"flowbench/real"
	"flowbench/score"
)

// DefaultRealPairsPerShard is the number of input pairs per shard of a
// Real split.
const DefaultRealPairsPerShard = 256

// RealPairRef is one image pair of a Real run's input: its id as listed
// (the order key) and how to read it (pairfile.Ref.Load).
type RealPairRef struct {
	ID   string
	Load func() (*real.Pair, error)
}

// RealOptions configure RunReal.
type RealOptions struct {
	// Pairs are the input pairs; the run orders them by ID (ties in the
	// given order), so the output does not depend on how they were listed.
	Pairs []RealPairRef
	// Out is the local dataset directory (storage URLs are mirrored by
	// the caller, as for generate).
	Out   string
	Split string
	Seed  int64
	// Extended adds B.7's halved-margin questions (train only).
	Extended bool
	// PerCategory caps the test split's questions per category (B.6's
	// equal count; 0: as many as the balance rules allow).
	PerCategory int
	// WidthRadius measures distances with half the box width as each
	// object's radius (real.Options.WidthRadius; not Appendix B's eq. 52,
	// off by default).
	WidthRadius bool
	// Workers process pairs in parallel (0: GOMAXPROCS); the output does
	// not depend on it.
	Workers int
	// Part selects shards [⌊K·S/N⌋, ⌊(K+1)·S/N⌋) of the split's S shards;
	// the zero Part is the whole split.
	Part Part
	// PairsPerShard cuts the shards: shard s holds the questions of pairs
	// [s·P, (s+1)·P) in ID order (0: DefaultRealPairsPerShard).
	PairsPerShard int
	// Overwrite replaces the split when Out holds it.
	Overwrite bool
	// SplitsFrom, when set, is read instead of Out for the other splits
	// this split is kept apart from (B.6, B.7: test and training share no
	// pair): a part written into a folder of its own names the dataset it
	// will be merged into (a directory without a dataset: none).
	SplitsFrom string
	// Input describes the input (a path) for the manifest.
	Input string
	// Process measures a pair and makes its candidate questions; nil is
	// real.Process (tests substitute their own).
	Process func(*real.Pair, real.Options) (*real.Measurement, []real.Question, *real.Skip)
	// CheckMarks, when set, asks this OpenAI-compatible server which
	// numbered marks sit on the robot or a person (B.5, score.CheckMarks)
	// for every pair that yields candidates: questions mentioning such a
	// mark are dropped, and the pair when it is the mover's. nil: off.
	CheckMarks *score.EvalOptions
	// TextOnly, when set, runs B.6's text-only ordering check on the
	// test split's candidates (score.TextOnlySolved): the questions the
	// model solves without the image are selected only after all others
	// of their category. nil: off; only for the split named "test".
	TextOnly *score.TextOnlyOptions
	// Names, when set, asks this OpenAI-compatible server to name the
	// objects of every measured pair from crops and to count and check
	// each name (B.4.9, B.5, score.NameObject); the pairs of sources with
	// named questions then also yield named-object candidates. nil: off.
	Names *score.EvalOptions
	// Log receives progress lines (nil: none).
	Log io.Writer
}

// RealResult is what RunReal did.
type RealResult struct {
	// Questions and Pairs count the rows written and the pairs they
	// come from (in this part).
	Questions, Pairs int
	// Shards is the split's shard count; [FirstShard, EndShard) this
	// run's.
	Shards, FirstShard, EndShard int
	Fingerprint                  string
	Run                          *export.RealRunReport
}

// realPairResult is what the first pass learned of one pair.
type realPairResult struct {
	id          string // the loaded pair's id
	measurement *real.Measurement
	mjson       string
	cands       []RealCandidate
	skips       []export.RealSkip
	names       *realNameResult        // the naming step's outcome (nil: not run)
	board       *realBoardObs          // a pair deferred to the table-plane pass (first pass only)
	plane       *export.RealTablePlane // its setup's plane, as reported
	err         error                  // a failure that stops the run (a VLM server)
}

// RunReal builds a FlowBench-Real split (docs/real.md): every pair
// is read and processed (real.Process: measurement, questions, filters;
// then dot colours and JSON), the split selection chooses among all
// candidates, and the kept questions of this part's shards are drawn
// (badges, dots) and written: questions and real_annotations shards, then
// the manifest and card, or for a part the part record. A pair that fails
// is left out with the stage and a reason naming the file and field,
// never written in part; the run's report lists them. Every part reads
// and processes every pair, because the selection is over the whole
// split; only drawing and writing are divided.
func RunReal(ctx context.Context, opt RealOptions) (res *RealResult, err error) {
	if err := opt.Part.Check(); err != nil {
		return nil, err
	}
	if opt.Split == "" {
		opt.Split = "train"
	}
	if err := checkRealVLM(opt); err != nil {
		return nil, err
	}
	if opt.PairsPerShard <= 0 {
		opt.PairsPerShard = DefaultRealPairsPerShard
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Process == nil {
		opt.Process = real.Process
	}
	pairs := slices.Clone(opt.Pairs)
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].ID < pairs[j].ID })
	// Refuse early what can be refused without processing: another
	// family, or the split already there without --overwrite. Nothing in
	// Out changes until the pairs are processed and the split is
	// separated from the others, so a refused run leaves Out as it was.
	if err := checkRealFamily(opt.Out); err != nil {
		return nil, err
	}
	if !opt.Overwrite {
		if err := prepareOutDir(opt.Out, opt.Split, false, false); err != nil {
			return nil, err
		}
	}
	results, err := realFirstPass(ctx, pairs, opt)
	if err != nil {
		return nil, err
	}
	run, cands := realReport(pairs, results, opt)
	if cands, err = separateRealSplits(cmp.Or(opt.SplitsFrom, opt.Out), opt.Split, cands, run); err != nil {
		return nil, err
	}
	if err := prepareOutDir(opt.Out, opt.Split, false, opt.Overwrite); err != nil {
		return nil, err
	}
	if err := removePartRecord(opt.Out); err != nil {
		return nil, err
	}
	textOnly, err := realTextOnly(ctx, cands, opt, run)
	if err != nil {
		return nil, err
	}
	kept := selectReal(opt.Split, cands, textOnly, opt)
	shards := max(1, (len(pairs)+opt.PairsPerShard-1)/opt.PairsPerShard)
	first, end := Layout{Shards: shards}.PartShards(opt.Part)
	res = &RealResult{Shards: shards, FirstShard: first, EndShard: end, Fingerprint: realFingerprint(pairs, opt), Run: run}
	w, err := export.NewRealWriter(opt.Out, opt.Split, export.Range{First: first, End: end, Total: shards}, res.Fingerprint)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			w.Discard()
		}
	}()
	if err := realWrite(ctx, w, pairs, results, kept, opt, res); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, diskError(err)
	}
	if !opt.Part.Whole() {
		return res, writeRealPartRecord(opt.Out, opt, res)
	}
	return res, writeRealManifest(opt.Out, opt.Split, opt.Seed, run)
}

// checkRealFamily refuses a dataset directory of another family.
func checkRealFamily(dir string) error {
	fam, err := export.DatasetFamily(dir)
	if err != nil || fam == export.FamilyReal {
		return nil // no manifest yet
	}
	if fam == "" {
		fam = "motion"
	}
	return fmt.Errorf("%w: %s holds a %s-family dataset: a Real split goes into a new directory or a Real dataset", ErrConfig, dir, fam)
}

// realFirstPass reads and processes every pair with opt.Workers workers;
// the Language-Table pairs placed on a table plane are measured after the
// planes are fitted (realPlanePass). A pair whose processing fails (a VLM
// server, after the client's retries) stops the run: no further pair is
// started, the pairs in flight finish, and the error is the first failing
// pair's in pair order (every pair before it was started, so it does not
// depend on the workers).
func realFirstPass(ctx context.Context, pairs []RealPairRef, opt RealOptions) ([]realPairResult, error) {
	results := make([]realPairResult, len(pairs))
	all := make([]int, len(pairs))
	for i := range all {
		all[i] = i
	}
	err := realPass(ctx, pairs, all, results, opt, nil)
	if err == nil {
		err = realPlanePass(ctx, pairs, results, opt)
	}
	if opt.Log != nil && err == nil {
		fmt.Fprintf(opt.Log, "real: processed %d pairs\n", len(pairs))
	}
	return results, err
}

// realPass processes the pairs idx (in that order) into results, with
// opt.Workers workers; frames holds the table planes of the second pass
// (nil in the first, which defers the pairs to be placed on one).
func realPass(ctx context.Context, pairs []RealPairRef, idx []int, results []realPairResult, opt RealOptions, frames map[int]*real.BoardFrame) error {
	var failed atomic.Bool
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(opt.Workers, max(1, len(idx))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				plane := results[i].plane // the first pass's, kept for the report
				results[i] = realProcessPair(ctx, i, pairs[i], opt, frames[i], frames != nil)
				results[i].plane = plane
				if results[i].err != nil {
					failed.Store(true)
				}
			}
		}()
	}
	for _, i := range idx {
		if ctx.Err() != nil || failed.Load() {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, i := range idx {
		if err := results[i].err; err != nil {
			return err
		}
	}
	return nil
}

// realProcessPair reads, processes and prepares one pair, and with
// opt.CheckMarks checks its marks.
//
// In the first pass (second false) a Language-Table pair with a board
// observation is only read: its observation is kept (r.board) and it is
// processed in the second pass, with plane its setup's table plane.
func realProcessPair(ctx context.Context, i int, ref RealPairRef, opt RealOptions, plane *real.BoardFrame, second bool) (r realPairResult) {
	r.id = ref.ID
	skip := func(stage, reason string) realPairResult {
		r.skips = append(r.skips, export.RealSkip{PairID: r.id, Stage: stage, Reason: reason})
		r.cands = nil
		return r
	}
	p, err := loadPair(ref)
	if err != nil {
		return skip("read", err.Error())
	}
	r.id = p.ID
	if !second {
		if r.board = boardObservation(p); r.board != nil {
			return r // measured on its setup's plane in the second pass
		}
	}
	p.Plane = plane
	m, qs, sk := opt.Process(p, real.Options{Seed: opt.Seed, Extended: opt.Extended, WidthRadius: opt.WidthRadius})
	r.measurement = m
	if sk != nil {
		return skip(sk.Stage, sk.Reason)
	}
	if m == nil {
		return skip("measure", "no measurement")
	}
	b, err := json.Marshal(m)
	if err != nil {
		return skip("output", "measurement as JSON: "+err.Error())
	}
	r.mjson = string(b)
	slices.SortFunc(qs, func(a, b real.Question) int { return strings.Compare(a.ID, b.ID) }) // Process may be a test's
	for k := range qs {
		c, err := prepareReal(p, m, &qs[k], opt.Seed)
		if err != nil {
			r.skips = append(r.skips, export.RealSkip{PairID: r.id, QuestionID: qs[k].ID, Stage: "marks", Reason: err.Error()})
			continue
		}
		c.Pair = i
		r.cands = append(r.cands, c)
	}
	if opt.CheckMarks != nil && len(r.cands) > 0 {
		r.err = realMarkCheck(ctx, p, &r, *opt.CheckMarks)
	}
	if opt.Names != nil && r.err == nil && p.Source.Named {
		r.err = realNamedCandidates(ctx, i, p, &r, opt)
	}
	return r
}

// loadPair loads a pair, turning a panic of a reader into an error (a bad
// pair never stops the run).
func loadPair(ref RealPairRef) (p *real.Pair, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%s: reading the pair failed: %v", ref.ID, v)
		}
	}()
	if ref.Load == nil {
		return nil, errors.New("no loader")
	}
	return ref.Load()
}

// realReport gathers the run report and the candidates in pair order. A
// pair whose loaded id repeats an earlier pair's is left out.
func realReport(pairs []RealPairRef, results []realPairResult, opt RealOptions) (*export.RealRunReport, []RealCandidate) {
	run := &export.RealRunReport{InputPairs: len(pairs), Candidates: map[string]int{}, SkippedByStage: map[string]int{},
		Skipped: []export.RealSkip{}, Config: realConfig(opt)}
	seen := map[string]string{}
	var cands []RealCandidate
	checks := map[string][]real.SizeCheck{}
	run.TablePlanes = tablePlaneReport(results)
	if opt.Names != nil {
		run.Names = &export.RealNames{Model: opt.Names.Model, Rejected: map[string]int{}}
	}
	for i := range results {
		r := &results[i]
		if r.measurement != nil {
			checks[r.measurement.Source] = append(checks[r.measurement.Source], r.measurement.SizeChecks...)
		}
		if first, dup := seen[r.id]; dup && len(r.cands) > 0 {
			r.skips = append(r.skips, export.RealSkip{PairID: r.id, Stage: "read",
				Reason: fmt.Sprintf("%s: pair id %q is also %s's", pairs[i].ID, r.id, first)})
			r.cands = nil
		} else if !dup {
			seen[r.id] = pairs[i].ID
		}
		if n := len(r.skips); len(r.cands) == 0 && n > 0 && r.skips[n-1].QuestionID != "" {
			r.skips = append(r.skips, export.RealSkip{PairID: r.id, Stage: r.skips[n-1].Stage, Reason: "every question was left out"})
		}
		if n := r.names; n != nil && run.Names != nil {
			run.Names.Objects += n.asked
			run.Names.Accepted += n.accepted
			run.Names.Candidates += n.questions
			for k, v := range n.rejected {
				run.Names.Rejected[k] += v
			}
		}
		run.Skipped = append(run.Skipped, r.skips...)
		for _, c := range r.cands {
			run.Candidates[c.Question.Spec.Category]++
		}
		cands = append(cands, r.cands...)
	}
	sort.SliceStable(run.Skipped, func(i, j int) bool {
		a, b := run.Skipped[i], run.Skipped[j]
		if a.PairID != b.PairID {
			return a.PairID < b.PairID
		}
		return a.QuestionID < b.QuestionID
	})
	for _, s := range run.Skipped {
		run.SkippedByStage[s.Stage]++
	}
	if sc := sizeCheckReport(checks); sc != nil {
		run.SizeCheck = sc
	}
	return run, cands
}

// sizeCheckReport is B.3's size check per source: the objects of standard
// size seen and the factor's score, median |log(e_g(o)/s_o)| (eq. 50).
func sizeCheckReport(checks map[string][]real.SizeCheck) json.RawMessage {
	type entry struct {
		Objects int     `json:"objects"`
		Score   float64 `json:"median_abs_log_ratio"`
	}
	out := map[string]entry{}
	for _, src := range slices.Sorted(maps.Keys(checks)) {
		if c := checks[src]; len(c) > 0 {
			out[src] = entry{Objects: len(c), Score: real.SizeScore(c)}
		}
	}
	if len(out) == 0 {
		return nil
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil
	}
	return b
}

// realConfig is the configuration a split is built with, as recorded in
// its run report.
func realConfig(opt RealOptions) map[string]any {
	c := map[string]any{"input": opt.Input, "split": opt.Split, "seed": opt.Seed, "extended": opt.Extended,
		"pairs_per_shard": opt.PairsPerShard, "per_category": opt.PerCategory}
	if opt.WidthRadius {
		c["width_radius"] = true
	}
	if opt.CheckMarks != nil {
		c["check_marks_model"] = opt.CheckMarks.Model
	}
	if opt.TextOnly != nil {
		c["text_only_model"] = opt.TextOnly.Model
	}
	if opt.Names != nil {
		c["names_model"] = opt.Names.Model
	}
	return c
}

// realFingerprint hashes what a split's bytes depend on: the version, the
// split, seed, margins, shard size, the per-category target, the radius,
// the VLM checks' models (when on) and the pairs (by listed id).
func realFingerprint(pairs []RealPairRef, opt RealOptions) string {
	h := sha256.New()
	fmt.Fprintf(h, "flowbench-real %s\x00%s\x00%d\x00%v\x00%d\x00%d\x00", Version, opt.Split, opt.Seed, opt.Extended, opt.PairsPerShard, opt.PerCategory)
	if opt.WidthRadius {
		fmt.Fprintf(h, "width-radius\x00")
	}
	if opt.CheckMarks != nil {
		fmt.Fprintf(h, "check-marks %s\x00", opt.CheckMarks.Model)
	}
	if opt.TextOnly != nil {
		fmt.Fprintf(h, "text-only %s %v\x00", opt.TextOnly.Model, opt.TextOnly.ThinkingOff)
	}
	if opt.Names != nil {
		fmt.Fprintf(h, "names %s\x00", opt.Names.Model)
	}
	for _, p := range pairs {
		fmt.Fprintf(h, "%s\x00", p.ID)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
