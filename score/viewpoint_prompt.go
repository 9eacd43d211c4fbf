package score

import (
	"fmt"
	"strings"

	"flowbench/planner"
)

// Viewpoint-family prompts (CVT-Bench §7.4). Each question is asked in one
// of three representations: the tagged source image with the object
// dictionary (planner.RepImage), the dictionary with visible-mask boxes and
// no image (planner.RepBBox), or those boxes with the source view's scene
// graph (planner.RepSceneGraph). The dataset stores each representation's
// scene block per question; a prompt is that block, the question and the
// answer-format instruction. There are no answer shuffles: the answer is a
// set of relation words, not letters.

// viewpointInstruction asks for the relation set in the form
// ParseRelations reads first.
const viewpointInstruction = "Give your final answer on the last line as a bracketed list of the relations that hold, for example [left, front]."

// ViewpointItem is what a viewpoint prompt is built from: one question row.
type ViewpointItem struct {
	ID, Split, Question string
	// Image is the tagged source view (PNG), sent with RepImage only.
	Image []byte
	// Context holds the scene block of each representation.
	Context map[string]string
	// Answer is the true relation set.
	Answer []string
}

// ViewpointPrompt builds the chat request of it in representation rep, with
// maxTokens as the completion budget (0: the server's). Its custom id is
// "<id>#0", its category "viewpoint", its Answer the true relations as a
// bracketed list, so that eval's predictions feed score --family viewpoint.
func ViewpointPrompt(it *ViewpointItem, rep string, maxTokens int) (PromptLine, error) {
	if err := planner.CheckRepresentation(rep); err != nil {
		return PromptLine{}, err
	}
	block := it.Context[rep]
	if block == "" {
		return PromptLine{}, fmt.Errorf("question %s: no %s scene block", it.ID, rep)
	}
	var parts []ContentPart
	if rep == planner.RepImage {
		if len(it.Image) == 0 {
			return PromptLine{}, fmt.Errorf("question %s: no tagged source image for the %s representation", it.ID, rep)
		}
		parts = append(parts, ContentPart{Type: "image_url", ImageURL: &ImageURL{URL: DataURL(it.Image)}})
	}
	parts = append(parts, ContentPart{Type: "text", Text: block + "\n\n" + it.Question + "\n\n" + viewpointInstruction})
	return PromptLine{
		CustomID: it.ID + "#0",
		Method:   "POST",
		URL:      "/v1/chat/completions",
		ID:       it.ID, Split: it.Split, Category: "viewpoint",
		Answer: "[" + strings.Join(it.Answer, ", ") + "]",
		Body: ChatRequest{
			Messages:  []ChatMessage{{Role: "user", Content: parts}},
			MaxTokens: maxTokens,
		},
	}, nil
}
