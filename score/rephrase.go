package score

import (
	"context"
	"strings"
)

// RephraseInstruction is the request sent before each text Rephrase asks a
// model to rewrite.
const RephraseInstruction = "Rewrite the following text in different words for a visual question-answering dataset. " +
	"Keep every object reference with its mark exactly as written (for example \"the mug (red dot)\" or \"the mug (mark 2)\"), " +
	"every number with its unit, and every direction. Do not add, drop or change any information, and do not answer it. " +
	"Reply with the rewritten text only.\n\n"

// Rephrase asks an OpenAI-compatible chat-completions server (opt.Endpoint
// and opt.Model, with the eval client's retries, back-off and timeout) to
// rewrite text, and returns the reply without surrounding space and quotes.
// The caller checks that the rewrite kept what matters.
func Rephrase(ctx context.Context, text string, opt EvalOptions) (string, error) {
	p := PromptLine{ID: "rephrase", Body: ChatRequest{Messages: []ChatMessage{{Role: "user",
		Content: []ContentPart{{Type: "text", Text: RephraseInstruction + text}}}}}}
	l, err := call(ctx, &p, withDefaults(opt))
	if err != nil {
		return "", err
	}
	return strings.Trim(strings.TrimSpace(l.Response), "\"“”"), nil
}
