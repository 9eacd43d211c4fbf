package score

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// LLMJudge asks an OpenAI-compatible chat-completions server to decide the
// items, as CausalPhys's judge does: one request per rationale listing its
// numbered items, answered "<n>: true" or "<n>: false" per line. It uses
// the eval client (Options: endpoint, model, key, retries, back-off,
// timeout).
type LLMJudge struct {
	Options EvalOptions
}

// JudgeInstruction opens every judge request.
const JudgeInstruction = "You check a model's rationale against ground-truth facts about a scene. " +
	"Decide each numbered item strictly from what the rationale text says (not from what is true), " +
	"counting numbers within 10% or 5 cm of the stated value as correct. " +
	"Reply with exactly one line per item and nothing else: \"<number>: true\" or \"<number>: false\".\n\n"

// JudgePrompt is the text of the judge request for one rationale.
func JudgePrompt(q *Question, rationale string, items []JudgeItem) string {
	var b strings.Builder
	b.WriteString(JudgeInstruction)
	fmt.Fprintf(&b, "Question given to the model:\n%s\n%s\n\nRationale:\n<<<\n%s\n>>>\n\nItems:\n", q.MotionText, q.Question, rationale)
	for i, it := range items {
		fmt.Fprintf(&b, "%d. %s\n", i+1, it.Question)
	}
	return b.String()
}

// Judge implements Judge.
func (j LLMJudge) Judge(ctx context.Context, q *Question, rationale string, items []JudgeItem) ([]bool, error) {
	p := PromptLine{ID: q.ID, Body: ChatRequest{Messages: []ChatMessage{{Role: "user",
		Content: []ContentPart{{Type: "text", Text: JudgePrompt(q, rationale, items)}}}}}}
	l, err := call(ctx, &p, withDefaults(j.Options))
	if err != nil {
		return nil, err
	}
	return ParseVerdicts(l.Response, len(items))
}

var verdictLine = regexp.MustCompile(`(?im)^\W*(\d+)\**\s*[:.)\-]\s*\**\s*(true|false|yes|no)\b`)

// ParseVerdicts reads "<n>: true|false" lines (yes/no accepted) for items
// 1..n; a missing, repeated or out-of-range item is an error naming it.
func ParseVerdicts(reply string, n int) ([]bool, error) {
	out := make([]bool, n)
	seen := make([]bool, n)
	for _, m := range verdictLine.FindAllStringSubmatch(reply, -1) {
		k, err := strconv.Atoi(m[1])
		if err != nil || k < 1 || k > n {
			return nil, fmt.Errorf("judge reply names item %s of %d", m[1], n)
		}
		if seen[k-1] {
			return nil, fmt.Errorf("judge reply decides item %d twice", k)
		}
		seen[k-1] = true
		v := strings.ToLower(m[2])
		out[k-1] = v == "true" || v == "yes"
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("judge reply has no verdict for item %d of %d", i+1, n)
		}
	}
	return out, nil
}
