package score

import (
	"encoding/base64"
	"fmt"
	"strings"

	"flowbench/planner"
)

// Mode is an evaluation setting of Sec. 4.1.
type Mode string

// The three evaluation modes.
const (
	Mode1A Mode = "1A" // I0 with marks, motion and question; answer directly
	Mode1B Mode = "1B" // as 1A, reasoning step by step before answering
	Mode2A Mode = "2A" // I1 with marks and the static question, no motion
)

// ParseMode accepts "1A", "1B" or "2A" (any case).
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.ToUpper(s)); m {
	case Mode1A, Mode1B, Mode2A:
		return m, nil
	}
	return "", fmt.Errorf("unknown mode %q (want 1A, 1B or 2A)", s)
}

// PromptOptions configure BuildPrompts.
type PromptOptions struct {
	Mode     Mode
	Shuffles int  // answer-order shuffles per question (shuffle 0 = original order)
	Named    bool // named-object variant: unmarked image, marks removed from the names (planner.UnmarkNames)
	// MaxTokens is the completion budget sent with each request; 0 leaves it
	// to the server. The method uses 4,096 for 1B.
	MaxTokens int
}

// PromptLine is one chat-completions request with what scoring needs to map
// the reply back. Its custom_id/method/url/body fields follow the OpenAI
// batch-file layout; eval adds the model to Body.
type PromptLine struct {
	CustomID string `json:"custom_id"` // "<id>#<shuffle>"
	Method   string `json:"method"`
	URL      string `json:"url"`
	ID       string `json:"id"`
	Split    string `json:"split"`
	Category string `json:"category"`
	Mode     Mode   `json:"mode"`
	Shuffle  int    `json:"shuffle"`
	Named    bool   `json:"named,omitempty"`
	// Letters gives, for each shown letter, the original letter: "CABD" means
	// shown A is original C. Shuffle(id, n, shuffle) recomputes it.
	Letters string      `json:"letters"`
	Answer  string      `json:"answer"` // correct letters as shown
	Body    ChatRequest `json:"body"`
}

// ChatRequest is an OpenAI chat-completions request body.
type ChatRequest struct {
	Model     string        `json:"model,omitempty"`
	Messages  []ChatMessage `json:"messages"`
	MaxTokens int           `json:"max_tokens,omitempty"`
	// Temperature, when set, is the sampling temperature (the Real VLM
	// checks ask for 0); prompts files leave it to the server.
	Temperature *float64 `json:"temperature,omitempty"`
	// ChatTemplateKwargs are passed to the chat template by vLLM and
	// SGLang ({"enable_thinking": false} switches Qwen3's reasoning off).
	ChatTemplateKwargs map[string]bool `json:"chat_template_kwargs,omitempty"`
}

// ChatMessage is one message of a chat request.
type ChatMessage struct {
	Role    string        `json:"role"`
	Content []ContentPart `json:"content"`
}

// ContentPart is a text or image part of a message.
type ContentPart struct {
	Type     string    `json:"type"` // "text" or "image_url"
	Text     string    `json:"text,omitempty"`
	ImageURL *ImageURL `json:"image_url,omitempty"`
}

// ImageURL holds an image as a data URL.
type ImageURL struct {
	URL string `json:"url"`
}

// Instructions appended to every prompt.
const (
	directInstruction    = "Answer with the letter of the correct option only."
	directSetInstruction = "Answer with the letters of the %d correct options only."
	reasonInstruction    = "Think step by step about where the objects will be after the move, then give your final answer on the last line in the form \"Answer: X\"."
	reasonSetInstruction = "Think step by step about where the objects will be after the move, then give your final answer on the last line in the form \"Answer: XYZ\" with the %d letters."
)

// BuildPrompts returns opt.Shuffles prompt lines per question, in question
// order then shuffle order, and how many questions PromptsFor skipped.
func BuildPrompts(qs []Question, opt PromptOptions) (lines []PromptLine, skipped int, err error) {
	for i := range qs {
		ls, skip, err := PromptsFor(&qs[i], opt)
		if err != nil {
			return nil, 0, err
		}
		if skip {
			skipped++
		}
		lines = append(lines, ls...)
	}
	return lines, skipped, nil
}

// PromptsFor returns the opt.Shuffles prompt lines of one question. In the
// named-object variant a question whose mentioned objects share a type is
// skipped (skip = true), since names without marks would not tell them apart.
func PromptsFor(q *Question, opt PromptOptions) (lines []PromptLine, skip bool, err error) {
	if _, err := ParseMode(string(opt.Mode)); err != nil {
		return nil, false, err
	}
	if opt.Shuffles < 1 {
		return nil, false, fmt.Errorf("shuffles must be at least 1, got %d", opt.Shuffles)
	}
	if err := q.Validate(); err != nil {
		return nil, false, err
	}
	if opt.Named && ambiguousNames(q) {
		return nil, true, nil
	}
	for k := range opt.Shuffles {
		l, err := buildPrompt(q, opt, k)
		if err != nil {
			return nil, false, err
		}
		lines = append(lines, l)
	}
	return lines, false, nil
}

// buildPrompt builds shuffle k of one question.
func buildPrompt(q *Question, opt PromptOptions, k int) (PromptLine, error) {
	perm := Shuffle(q.ID, len(q.Choices), k)
	question, answer, img := q.Question, q.Answer, q.Image
	imgName := "image"
	if opt.Mode == Mode2A {
		question, answer, img, imgName = q.StaticQuestion, q.StaticAnswer, q.ImageAfter, "image_after"
	}
	if opt.Named {
		img, imgName = q.ImageRaw, "image_before_raw"
		if opt.Mode == Mode2A {
			img, imgName = q.ImageAfterRaw, "image_after_raw"
		}
	}
	if len(img) == 0 {
		return PromptLine{}, fmt.Errorf("question %s: no %s PNG for mode %s", q.ID, imgName, opt.Mode)
	}
	text, err := reorderChoices(question, q.Choices, perm)
	if err != nil {
		return PromptLine{}, fmt.Errorf("question %s: %w", q.ID, err)
	}
	if opt.Mode != Mode2A {
		text = q.MotionText + "\n" + text
	}
	if opt.Named {
		text = planner.UnmarkNames(text)
	}
	set, err := ParseLetters(answer, len(q.Choices))
	if err != nil {
		return PromptLine{}, fmt.Errorf("question %s: answer %q: %w", q.ID, answer, err)
	}
	shown, _ := set.Map(Inverse(perm))
	text += "\n\n" + instruction(opt.Mode, shown.Len())
	return PromptLine{
		CustomID: fmt.Sprintf("%s#%d", q.ID, k),
		Method:   "POST",
		URL:      "/v1/chat/completions",
		ID:       q.ID, Split: q.Split, Category: q.Category,
		Mode: opt.Mode, Shuffle: k, Named: opt.Named,
		Letters: LetterMap(perm),
		Answer:  shown.String(),
		Body: ChatRequest{
			Messages: []ChatMessage{{Role: "user", Content: []ContentPart{
				{Type: "image_url", ImageURL: &ImageURL{URL: DataURL(img)}},
				{Type: "text", Text: text},
			}}},
			MaxTokens: opt.MaxTokens,
		},
	}, nil
}

func instruction(m Mode, letters int) string {
	switch {
	case m == Mode1B && letters > 1:
		return fmt.Sprintf(reasonSetInstruction, letters)
	case m == Mode1B:
		return reasonInstruction
	case letters > 1:
		return fmt.Sprintf(directSetInstruction, letters)
	}
	return directInstruction
}

// DataURL returns a PNG as a base64 data URL.
func DataURL(png []byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
}

// formatChoices renders "A. yes\nB. no", as the planner writes choices.
func formatChoices(choices []string) string {
	var b strings.Builder
	for i, c := range choices {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%c. %s", 'A'+i, c)
	}
	return b.String()
}

// reorderChoices rewrites a question whose text ends with its lettered
// choices so the choices appear in shuffled order: shown letter i gets
// choice perm[i]. The identity order returns the text unchanged.
func reorderChoices(text string, choices []string, perm []int) (string, error) {
	if isIdentity(perm) {
		return text, nil
	}
	block := formatChoices(choices)
	if !strings.HasSuffix(text, block) {
		return "", fmt.Errorf("question text does not end with its lettered choices, so it cannot be shuffled")
	}
	shown := make([]string, len(perm))
	for i, p := range perm {
		shown[i] = choices[p]
	}
	return strings.TrimSuffix(text, block) + formatChoices(shown), nil
}

func isIdentity(p []int) bool {
	for i, v := range p {
		if i != v {
			return false
		}
	}
	return true
}

// ambiguousNames reports whether two objects a question mentions share a
// type, so that naming them without marks would not tell them apart.
func ambiguousNames(q *Question) bool {
	typeOf := map[string]string{} // object id → type
	for _, r := range append([]planner.ObjectRef{q.Mover}, q.Referenced...) {
		if r.ObjectType != "" {
			typeOf[r.ObjectID] = r.ObjectType
		}
	}
	seen := map[string]bool{}
	for _, t := range typeOf {
		if seen[t] {
			return true
		}
		seen[t] = true
	}
	return false
}
