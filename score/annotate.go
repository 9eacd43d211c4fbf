package score

import (
	"context"
	"fmt"
	"strings"
)

// AnnotateInput is what the method's VLM annotation stage reads of one
// example (eq. 4): the question, the motion, both marked images, the
// rule-derived reasoning c_gt and the answers.
type AnnotateInput struct {
	ID             string
	MotionText     string // t_m
	Question       string // t_q with its lettered choices
	StaticQuestion string // the same question about I1, no motion
	Choices        []string
	Answer         string // letters of the answer to Question
	StaticAnswer   string // letters of the answer to StaticQuestion
	Reasoning      string // c_gt
	ImageBefore    []byte // I0 with marks, PNG
	ImageAfter     []byte // I1 with marks, PNG
}

// Annotation is the stage's output for one example.
type Annotation struct {
	// Outcome is c1 = VLM(t_q, I1, c_gt): the reasoning read from the
	// outcome image, guided by the exact rule-derived reasoning.
	Outcome string
	// Imagined is c0 = VLM(t_q, I0, t_m, c1): the same reasoning worked out
	// from the initial image and the motion, imagining the outcome.
	Imagined string
	// Judged is the answer a judge model read from I1 for the static
	// question (the plausibility and correctness filter); "" when the
	// filter is off.
	Judged string
	// Keep is false when the filter drops the example: the judge, shown
	// the true outcome image, answered the static question wrongly or
	// unreadably, so the question is not answerable from the image.
	Keep bool
	// Why says why the example was dropped.
	Why string
}

// AnnotateOptions configure Annotate: the model server (the eval client's
// options) and whether the filter runs.
type AnnotateOptions struct {
	EvalOptions
	// Filter asks the judge question and drops examples it answers wrongly.
	Filter bool
	// JudgeModel is the filter's model; the annotating model when empty.
	JudgeModel string
}

// Prompts of the annotation stage; each request carries one image.
const (
	outcomeInstruction = "You are shown an image of a room and a multiple-choice question about it. " +
		"An exact explanation computed from the scene's measurements follows. " +
		"Write a short reasoning (two to four sentences) that reaches the correct answer from what is visible in the image, " +
		"using the explanation as a guide, naming objects by their marks as the question does. " +
		"Do not mention the explanation, pixel coordinates or measurements the image does not show. " +
		"End with \"Answer: <letters>\".\n\n"
	imaginedInstruction = "You are shown an image of a room before a described motion, and a multiple-choice question about the scene after the motion. " +
		"A reasoning written while looking at the image after the motion follows. " +
		"Rewrite it as reasoning from this image and the motion alone: imagine where the moved object ends up and what follows, " +
		"without claiming to see the outcome. Keep object names with their marks. Two to four sentences, " +
		"ending with \"Answer: <letters>\".\n\n"
	judgeInstruction = "Answer the multiple-choice question about the image. Reply with the letter(s) of the answer only.\n\n"
)

// Annotate runs the method's annotation stage on one example through an
// OpenAI-compatible server: c1 from I1 with c_gt, c0 from I0 with the motion
// and c1, and (with Filter) the judge's answer to the static question on I1.
// A server error is returned as an error (the caller decides whether the
// run stops); a wrong judge answer is a dropped example, not an error.
func Annotate(ctx context.Context, in AnnotateInput, opt AnnotateOptions) (Annotation, error) {
	eo := withDefaults(opt.EvalOptions)
	ask := func(kind, text string, png []byte, model string) (string, error) {
		o := eo
		if model != "" {
			o.Model = model
		}
		p := PromptLine{ID: in.ID + "#" + kind, Body: ChatRequest{Messages: []ChatMessage{{Role: "user",
			Content: []ContentPart{{Type: "image_url", ImageURL: &ImageURL{URL: DataURL(png)}}, {Type: "text", Text: text}}}}}}
		l, err := call(ctx, &p, o)
		if err != nil {
			return "", fmt.Errorf("annotate %s (%s): %w", in.ID, kind, err)
		}
		return strings.TrimSpace(l.Response), nil
	}
	var a Annotation
	var err error
	a.Outcome, err = ask("c1", outcomeInstruction+in.StaticQuestion+"\n\nExplanation: "+in.Reasoning, in.ImageAfter, "")
	if err != nil {
		return a, err
	}
	a.Imagined, err = ask("c0", imaginedInstruction+"Motion: "+in.MotionText+"\n\n"+in.Question+"\n\nReasoning after the motion: "+a.Outcome, in.ImageBefore, "")
	if err != nil {
		return a, err
	}
	a.Keep = true
	if !opt.Filter {
		return a, nil
	}
	reply, err := ask("judge", judgeInstruction+in.StaticQuestion, in.ImageAfter, opt.JudgeModel)
	if err != nil {
		return a, err
	}
	got, ok := Extract(reply)
	switch {
	case !ok:
		a.Keep, a.Why = false, "judge reply unreadable"
	case got.String() != in.StaticAnswer:
		a.Keep, a.Why = false, fmt.Sprintf("judge answered %s on the outcome image, the answer is %s", got, in.StaticAnswer)
	}
	a.Judged = got.String()
	return a, nil
}
