package pipeline

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"flowbench/export"
	"flowbench/real"
	"flowbench/real/marks"
	"flowbench/score"
)

// The VLM checks of a Real build, both off by default: the mark check of
// B.5 ("a mark falls on the robot or a person") and the text-only
// ordering check of B.6. A VLM only checks marks or orders candidates; it
// never answers a question that is written.

// checkRealVLM refuses VLM check options that cannot work: a server
// without a model, or the text-only check on a split other than test.
func checkRealVLM(opt RealOptions) error {
	if c := opt.CheckMarks; c != nil && (c.Endpoint == "" || c.Model == "") {
		return fmt.Errorf("%w: the mark check needs an endpoint and a model", ErrConfig)
	}
	if c := opt.Names; c != nil && (c.Endpoint == "" || c.Model == "") {
		return fmt.Errorf("%w: naming objects needs an endpoint and a model", ErrConfig)
	}
	if t := opt.TextOnly; t != nil {
		if t.Endpoint == "" || t.Model == "" {
			return fmt.Errorf("%w: the text-only check needs an endpoint and a model", ErrConfig)
		}
		if opt.Split != "test" {
			return fmt.Errorf("%w: the text-only check orders the test selection (B.6); split %q is not test", ErrConfig, opt.Split)
		}
	}
	return nil
}

// realMarkCheck is B.5's mark check of one pair with candidates: I0 with
// the numbered badges of every marked object (as the questions table
// shows it) goes to score.CheckMarks; a candidate mentioning a flagged
// mark is dropped, and the whole pair when the mover's mark is flagged.
// Each drop is recorded in r.skips with stage "vlm". The error (the
// server failed after the client's retries) names the pair.
func realMarkCheck(ctx context.Context, p *real.Pair, r *realPairResult, opt score.EvalOptions) error {
	m := r.measurement
	b0, _ := realBadges(m)
	if len(b0) == 0 {
		return nil // nothing to check
	}
	img, err := encodePNG(marks.Numbered(p.F0.Image, b0))
	if err != nil {
		return fmt.Errorf("pair %s: drawing the marks for the mark check: %w", r.id, err)
	}
	nums := make([]int, len(b0))
	for i, b := range b0 {
		nums[i] = b.N
	}
	got, err := score.CheckMarks(ctx, r.id, img, nums, opt)
	if err != nil {
		return fmt.Errorf("stopping the run: %w", err)
	}
	if len(got) == 0 {
		return nil
	}
	flagged := map[int]bool{}
	for _, n := range got {
		flagged[n] = true
	}
	all := markList(slices.Sorted(maps.Keys(flagged)))
	if mv := m.Objects[m.Mover].Mark; mv > 0 && flagged[mv] {
		r.skips = append(r.skips, export.RealSkip{PairID: r.id, Stage: "vlm",
			Reason: fmt.Sprintf("the mover's mark %d sits on the robot or a person (mark check by %s; flagged %s)", mv, opt.Model, all)})
		r.cands = nil
		return nil
	}
	kept := r.cands[:0]
	for _, c := range r.cands {
		var hit []int
		for _, o := range c.Question.Mentioned {
			if n := m.Objects[o].Mark; n > 0 && flagged[n] && !slices.Contains(hit, n) {
				hit = append(hit, n)
			}
		}
		if len(hit) == 0 {
			kept = append(kept, c)
			continue
		}
		slices.Sort(hit)
		word := "mark"
		if len(hit) > 1 {
			word = "marks"
		}
		r.skips = append(r.skips, export.RealSkip{PairID: r.id, QuestionID: c.Question.ID, Stage: "vlm",
			Reason: fmt.Sprintf("mentions %s %s, on the robot or a person (mark check by %s; flagged %s)", word, markList(hit), opt.Model, all)})
	}
	r.cands = kept
	return nil
}

// markList writes mark numbers as "3, 5".
func markList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// realTextOnly runs B.6's text-only ordering check on the split's
// candidates when opt.TextOnly is set (nil map and no report otherwise):
// every candidate the test selection can take (not an extended one) is
// asked without the image, and the run report records per category how
// many were asked and solved. The error names the question whose request
// failed.
func realTextOnly(ctx context.Context, cands []RealCandidate, opt RealOptions, run *export.RealRunReport) (map[string]bool, error) {
	if opt.TextOnly == nil {
		return nil, nil
	}
	rep := &export.RealTextOnly{Model: opt.TextOnly.Model, Asked: map[string]int{}, Solved: map[string]int{}}
	var items []score.TextOnlyItem
	cat := map[string]string{}
	for _, c := range cands {
		q := &c.Question
		if q.Extended {
			continue
		}
		items = append(items, score.TextOnlyItem{ID: q.ID, MotionText: q.MotionText, Question: q.Question, Choices: q.Choices, Answer: q.Answer})
		cat[q.ID] = q.Spec.Category
		rep.Asked[q.Spec.Category]++
	}
	solved, err := score.TextOnlySolved(ctx, items, *opt.TextOnly)
	if err != nil {
		return nil, err
	}
	for id := range solved {
		rep.Solved[cat[id]]++
	}
	run.TextOnly = rep
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "real: the text-only model %s solved %d of %d test candidates; they are selected last in their category\n",
			opt.TextOnly.Model, len(solved), len(items))
	}
	return solved, nil
}
