package pipeline

import (
	"context"
	"encoding/json"
	"fmt"

	"flowbench/export"
	"flowbench/real"
	"flowbench/real/marks"
	"flowbench/score"
)

// Named-object questions of a Real build (B.4.9): a VLM names the
// measured pair's mover and landmarks from crops of I0, counts the
// visible objects that fit each usable name on the whole I0, and checks
// the name on I0 with the object boxed (B.5); real.AcceptNames keeps the
// names the rules allow and real.NamedQuestions asks the pair's rules
// again with them. The VLM never answers a question.

// realNameResult is one pair's naming outcome, for the run report.
type realNameResult struct {
	asked, accepted, questions int
	rejected                   map[string]int // by real.NameRules key
}

// realNamedCandidates names the objects of the measured pair in r and adds
// its named-object candidates to r.cands; the error (the server failed
// after the client's retries) names the pair and request.
func realNamedCandidates(ctx context.Context, i int, p *real.Pair, r *realPairResult, opt RealOptions) error {
	m := r.measurement
	if m == nil {
		return nil
	}
	objs := []int{m.Mover}
	if m.Mover2 >= 0 {
		objs = append(objs, m.Mover2)
	}
	objs = append(objs, m.Landmarks...)
	frame, err := encodePNG(p.F0.Image)
	if err != nil {
		return fmt.Errorf("pair %s: encoding I0 for naming: %w", r.id, err)
	}
	cands := make([]real.NameCandidate, 0, len(objs))
	for _, o := range objs {
		c, err := nameObject(ctx, r.id, p, &m.Objects[o], o, frame, *opt.Names)
		if err != nil {
			return fmt.Errorf("stopping the run: naming the objects of pair %s: %w", r.id, err)
		}
		cands = append(cands, c)
	}
	names, rej := real.AcceptNames(p, m, cands)
	res := &realNameResult{asked: len(objs), accepted: len(names), rejected: map[string]int{}}
	for _, x := range rej {
		res.rejected[x.Rule]++
	}
	r.names = res
	nm, qs := real.NamedQuestions(p, m, names, real.Options{Seed: opt.Seed})
	if len(qs) == 0 {
		return nil
	}
	b, err := json.Marshal(nm)
	if err != nil {
		return fmt.Errorf("pair %s: named measurement as JSON: %w", r.id, err)
	}
	for k := range qs {
		c, err := prepareReal(p, nm, &qs[k], opt.Seed)
		if err != nil {
			r.skips = append(r.skips, export.RealSkip{PairID: r.id, QuestionID: qs[k].ID, Stage: "names", Reason: err.Error()})
			continue
		}
		c.Pair, c.mjson = i, string(b)
		r.cands = append(r.cands, c)
		res.questions++
	}
	return nil
}

// nameObject asks the VLM for object o's name from a crop, and, for a name
// that real.NameProblem allows, how many visible objects in I0 fit it
// and, when exactly one does, whether the boxed object is what it says.
func nameObject(ctx context.Context, pairID string, p *real.Pair, obj *real.Object, o int, frame []byte, opt score.EvalOptions) (real.NameCandidate, error) {
	c := real.NameCandidate{Object: o, Fits: -1}
	crop, err := encodePNG(marks.Crop(p.F0.Image, obj.Box0))
	if err != nil {
		return c, err
	}
	if c.Name, err = score.NameObject(ctx, fmt.Sprintf("%s#name%d", pairID, o), crop, opt); err != nil {
		return c, err
	}
	if real.NameProblem(c.Name) != "" {
		return c, nil
	}
	name := real.NormalizeName(c.Name)
	if c.Fits, err = score.CountFitting(ctx, fmt.Sprintf("%s#count%d", pairID, o), frame, name, opt); err != nil || c.Fits != 1 {
		return c, err
	}
	boxed, err := encodePNG(marks.Boxed(p.F0.Image, obj.Box0))
	if err != nil {
		return c, err
	}
	c.Checked, err = score.CheckName(ctx, fmt.Sprintf("%s#check%d", pairID, o), boxed, name, opt)
	return c, err
}
