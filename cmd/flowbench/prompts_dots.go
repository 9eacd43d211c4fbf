package main

import (
	"errors"
	"fmt"
	"iter"
	"strings"

	"flowbench/export"
	"flowbench/score"
)

// realDots gives prompts --marks dots the colour-dot version of each
// FlowBench-Real question, streamed from the real_annotations table in
// the questions' order: I0 with colour dots, and the question and motion
// texts that name objects by dot colour.
type realDots struct {
	next func() (*export.RealAnnotationRow, bool)
	stop func()
	err  *error
}

// errDotsStop ends the real_annotations walk early.
var errDotsStop = errors.New("stop")

// dotsReader checks --marks and returns the dots of split (a no-op for
// badges, the default).
func dotsReader(data, split, marks string, mode score.Mode, named bool) (*realDots, error) {
	switch marks {
	case "badges":
		return &realDots{stop: func() {}}, nil
	case "dots":
	default:
		return nil, fmt.Errorf("%w: --marks %q: want badges or dots", errUsage, marks)
	}
	if fam, err := export.DatasetFamily(data); err != nil || fam != export.FamilyReal {
		return nil, fmt.Errorf("%w: --marks dots is for FlowBench-Real datasets (simulated ones choose their marks at generate --marks)", errUsage)
	}
	if mode == score.Mode2A || named {
		return nil, fmt.Errorf("%w: --marks dots shows I0 with colour dots: modes 1A and 1B, without --named (no I1 with dots is stored)", errUsage)
	}
	var walkErr error
	seq := func(yield func(*export.RealAnnotationRow) bool) {
		err := export.RealAnnotations(data, split, func(r *export.RealAnnotationRow) error {
			if !yield(r) {
				return errDotsStop
			}
			return nil
		})
		if err != nil && !errors.Is(err, errDotsStop) {
			walkErr = err
		}
	}
	next, stop := iter.Pull(iter.Seq[*export.RealAnnotationRow](seq))
	return &realDots{next: next, stop: stop, err: &walkErr}, nil
}

// apply puts the dot version of q in place of the badge version; ok is
// false for a question without a dot wording (it is skipped).
func (d *realDots) apply(q *score.Question) (ok bool, err error) {
	if d.next == nil {
		return true, nil
	}
	r, more := d.next()
	switch {
	case *d.err != nil:
		return false, *d.err
	case !more || r.ID != q.ID:
		return false, fmt.Errorf("real_annotations are not in question order at %s", q.ID)
	case r.QuestionDots == "" || r.MotionTextDots == "" || len(r.ImageDots.Bytes) == 0:
		return false, nil
	}
	choices, err := trailingChoices(r.QuestionDots, len(q.Choices))
	if err != nil {
		return false, fmt.Errorf("question %s: the dot wording: %w", q.ID, err)
	}
	q.Image, q.Question, q.MotionText, q.Choices = r.ImageDots.Bytes, r.QuestionDots, r.MotionTextDots, choices
	return true, nil
}

// trailingChoices returns the n lettered choices ("A. the cup (blue dot)")
// a question text ends with: the dot wording names objects in its
// choices too, so they replace the badge wording's.
func trailingChoices(text string, n int) ([]string, error) {
	lines := strings.Split(text, "\n")
	if len(lines) <= n {
		return nil, fmt.Errorf("%d lines, want the question and %d choices", len(lines), n)
	}
	out := make([]string, n)
	for i, l := range lines[len(lines)-n:] {
		prefix := string(rune('A'+i)) + ". "
		if !strings.HasPrefix(l, prefix) {
			return nil, fmt.Errorf("line %q is not choice %s", l, prefix[:1])
		}
		out[i] = strings.TrimPrefix(l, prefix)
	}
	return out, nil
}
