package pipeline

import (
	"context"
	"strings"

	"flowbench/planner"
	"flowbench/score"
)

// rephraser rewrites examples' text through an OpenAI-compatible server
// (--rephrase-endpoint, --rephrase-model) after the paraphrase grammar.
type rephraser struct {
	ctx             context.Context
	opt             score.EvalOptions
	rewritten, kept int   // texts replaced, and texts kept from the grammar
	lastErr         error // the last failed request, for the log
}

// rephrase rewrites the moving question's first line (lead-in and stem),
// the static question's and the motion text of ex. A rewrite that fails, or
// that does not state exactly the objects with their marks, the numbers
// with their units and the directions of the grammar's text
// (planner.KeepsEntities), is dropped and the grammar's text stays. The
// choices, answers and metrics are never sent; the reasoning's copy of the
// motion text follows the motion text.
func (r *rephraser) rephrase(ex *planner.Example) {
	refs := append([]planner.ObjectRef{ex.Mover}, ex.Referenced...)
	try := func(text string) string {
		out, err := score.Rephrase(r.ctx, text, r.opt)
		if err != nil {
			r.lastErr = err
		}
		if err != nil || out == "" || strings.Contains(out, "\n") || !planner.KeepsEntities(text, out, refs) {
			r.kept++
			return text
		}
		r.rewritten++
		return out
	}
	firstLine := func(q string) (string, string) {
		if i := strings.IndexByte(q, '\n'); i >= 0 {
			return q[:i], q[i:]
		}
		return q, ""
	}
	if m := try(ex.MotionText); m != ex.MotionText {
		ex.Reasoning = strings.Replace(ex.Reasoning, ex.MotionText, m, 1)
		ex.MotionText = m
	}
	stem, choices := firstLine(ex.Question)
	ex.Question = try(stem) + choices
	stem, choices = firstLine(ex.StaticQuestion)
	ex.StaticQuestion = try(stem) + choices
}
