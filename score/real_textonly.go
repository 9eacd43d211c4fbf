package score

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// TextOnlyItem is one candidate question of FlowBench-Real's text-only
// ordering check (B.6): the move text and the question with its lettered
// options, as the questions table holds them, and the correct letters.
type TextOnlyItem struct {
	ID         string
	MotionText string
	// Question is the stem followed by the "A. …" option lines; it must
	// end with the options, so that they can be reversed.
	Question string
	Choices  []string
	// Answer is the canonical correct letters in the original order
	// ("B", "ACD").
	Answer string
}

// TextOnlyOptions configure TextOnlySolved: the server, model and retries
// as for Eval, and whether to switch the model's thinking off.
type TextOnlyOptions struct {
	EvalOptions
	// ThinkingOff sends "chat_template_kwargs": {"enable_thinking": false}
	// with every request, which vLLM and SGLang pass to the chat template
	// (Qwen3's templates then skip the reasoning, as B.6 runs the model
	// with thinking off). Leave it unset for a server that refuses
	// unknown request fields.
	ThinkingOff bool
}

// TextOnlyTemperature is the sampling temperature of the text-only check
// (B.6: "temperature 0"); the mark check uses it too.
const TextOnlyTemperature = 0

// zeroTemperature is the Real VLM checks' sampling temperature.
var zeroTemperature = float64(TextOnlyTemperature)

// realCheckPrompt is a chat request of the Real VLM checks: one user
// message with parts at temperature 0 (model and max tokens come from the
// client's options).
func realCheckPrompt(id string, parts ...ContentPart) PromptLine {
	return PromptLine{ID: id, Body: ChatRequest{Temperature: &zeroTemperature,
		Messages: []ChatMessage{{Role: "user", Content: parts}}}}
}

// textOnlyAsk is one request of the check: an item in one option order.
type textOnlyAsk struct {
	item     int
	reversed bool
	perm     []int // shown letter i is original choice perm[i]
	prompt   PromptLine
}

// TextOnlyPrompt returns the text the check sends for item in the original
// option order (reversed false) or with the options reversed and
// re-lettered (reversed true), and the permutation of the shown order:
// shown letter i is original choice perm[i]. The text is the move text,
// the question and the direct-answer instruction of mode 1A; no image.
func TextOnlyPrompt(it *TextOnlyItem, reversed bool) (text string, perm []int, err error) {
	n := len(it.Choices)
	if n < 2 || n > MaxChoices {
		return "", nil, fmt.Errorf("question %s: %d options, want 2 to %d", it.ID, n, MaxChoices)
	}
	set, err := ParseLetters(it.Answer, n)
	if err != nil {
		return "", nil, fmt.Errorf("question %s: answer %q: %w", it.ID, it.Answer, err)
	}
	perm = identity(n)
	if reversed {
		for i := range perm {
			perm[i] = n - 1 - i
		}
	}
	q, err := reorderChoices(it.Question, it.Choices, perm)
	if err != nil {
		return "", nil, fmt.Errorf("question %s: %w", it.ID, err)
	}
	return it.MotionText + "\n" + q + "\n\n" + instruction(Mode1A, set.Len()), perm, nil
}

// TextOnlySolved runs B.6's text-only ordering check: it asks a model
// every item without the image (TextOnlyPrompt), once in the original
// option order and once with the options reversed, and returns the IDs of
// the items it solves: answered correctly in both orders, or for items
// with more than two options, in the original order. A reply is read with
// Extract and mapped back to the original letters; an unreadable reply is
// a wrong answer. Requests run opt.Concurrency at a time; a request that
// still fails after the client's retries stops the check with an error
// naming the question and the order (the first failing one in item
// order). The result depends only on the replies.
func TextOnlySolved(ctx context.Context, items []TextOnlyItem, opt TextOnlyOptions) (map[string]bool, error) {
	if opt.Endpoint == "" || opt.Model == "" {
		return nil, errors.New("the text-only check needs an endpoint and a model")
	}
	eo := withDefaults(opt.EvalOptions)
	if err := checkConcurrency(eo.Concurrency); err != nil {
		return nil, err
	}
	var asks []textOnlyAsk
	for i := range items {
		for _, rev := range []bool{false, true} {
			text, perm, err := TextOnlyPrompt(&items[i], rev)
			if err != nil {
				return nil, fmt.Errorf("text-only check: %w", err)
			}
			p := realCheckPrompt(items[i].ID, ContentPart{Type: "text", Text: text})
			if opt.ThinkingOff {
				p.Body.ChatTemplateKwargs = map[string]bool{"enable_thinking": false}
			}
			asks = append(asks, textOnlyAsk{item: i, reversed: rev, perm: perm, prompt: p})
		}
	}
	if len(asks) == 0 {
		return map[string]bool{}, nil
	}
	// A failure stops the feeding; the requests in flight finish, so the
	// error reported is the first failing request's in item order (every
	// request before it was sent), whatever the concurrency.
	correct := make([]bool, len(asks))
	errs := make([]error, len(asks))
	var failed atomic.Bool
	next := make(chan int)
	var wg sync.WaitGroup
	for range workerCount(eo.Concurrency, len(asks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				a := &asks[k]
				l, err := call(ctx, &a.prompt, eo)
				if err != nil {
					errs[k] = err
					failed.Store(true)
					continue
				}
				correct[k] = textOnlyCorrect(l.Response, a.perm, items[a.item].Answer)
			}
		}()
	}
	for k := range asks {
		if ctx.Err() != nil || failed.Load() {
			break
		}
		next <- k
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("text-only check interrupted: %w", err)
	}
	for k, err := range errs {
		if err != nil {
			order := "original"
			if asks[k].reversed {
				order = "reversed"
			}
			return nil, fmt.Errorf("text-only check of question %s (%s option order) with %s: %w", asks[k].prompt.ID, order, eo.Model, err)
		}
	}
	solved := map[string]bool{}
	for k := 0; k < len(asks); k += 2 {
		it := &items[asks[k].item]
		if correct[k] && (len(it.Choices) > 2 || correct[k+1]) {
			solved[it.ID] = true
		}
	}
	return solved, nil
}

// textOnlyCorrect reports whether a reply, read with Extract in the shown
// order perm, names exactly the original answer letters.
func textOnlyCorrect(reply string, perm []int, answer string) bool {
	shown, ok := Extract(reply)
	if !ok {
		return false
	}
	orig, ok := shown.Map(perm)
	if !ok {
		return false
	}
	want, err := ParseLetters(answer, len(perm))
	return err == nil && orig == want
}
