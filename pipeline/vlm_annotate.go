package pipeline

import (
	"context"
	"log/slog"

	"flowbench/score"
)

// vlmAnnotate runs the method's VLM annotation stage (score.Annotate) on
// one finished example: c1 and c0 go into the question row's
// reasoning_outcome and reasoning_imagined; with the filter, keep is false
// when the judge answered the static question wrongly on the outcome image
// (the example is then not written). A request that fails after the
// client's retries stops the run (resume continues it).
func vlmAnnotate(ctx context.Context, r *exampleRows, opt score.AnnotateOptions, log *slog.Logger) (keep bool, err error) {
	q := &r.q
	a, err := score.Annotate(ctx, score.AnnotateInput{ID: q.ID, MotionText: q.MotionText, Question: q.Question,
		StaticQuestion: q.StaticQuestion, Choices: q.Choices, Answer: q.Answer, StaticAnswer: q.StaticAnswer,
		Reasoning: q.Reasoning, ImageBefore: q.Image.Bytes, ImageAfter: q.ImageAfter.Bytes}, opt)
	if err != nil {
		return false, err
	}
	if !a.Keep {
		log.Info("annotate: example dropped by the judge filter", "id", q.ID, "why", a.Why)
		return false, nil
	}
	q.ReasoningOutcome, q.ReasoningImagined = a.Outcome, a.Imagined
	return true, nil
}
