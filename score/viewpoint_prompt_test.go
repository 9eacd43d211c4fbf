package score

import (
	"strings"
	"testing"

	"flowbench/planner"
)

// A viewpoint prompt carries the representation's scene block, the
// question and the bracketed-list instruction, the image only with the
// image representation; a reply in the asked form parses back to the
// answer; an unknown representation, a missing block or a missing image is
// an error naming the question.
func TestViewpointPrompt(t *testing.T) {
	it := ViewpointItem{ID: "h/v0/q3", Split: "test", Question: "In the original view, ...? Choose from [left, right, front, behind].",
		Image: []byte("png"), Answer: []string{"left", "behind"},
		Context: map[string]string{planner.RepImage: "dict", planner.RepBBox: "boxes", planner.RepSceneGraph: "graph"}}
	for rep, block := range it.Context {
		l, err := ViewpointPrompt(&it, rep, 512)
		if err != nil {
			t.Fatal(err)
		}
		parts := l.Body.Messages[0].Content
		text := parts[len(parts)-1].Text
		if (len(parts) == 2) != (rep == planner.RepImage) || !strings.HasPrefix(text, block+"\n\n"+it.Question) ||
			!strings.HasSuffix(text, viewpointInstruction) || l.CustomID != "h/v0/q3#0" || l.Body.MaxTokens != 512 {
			t.Errorf("%s: %+v", rep, l)
		}
		rels, ok := ParseRelations("I think so.\n" + l.Answer)
		if !ok || len(rels) != 2 || rels[0] != "left" || rels[1] != "behind" {
			t.Errorf("%s: answer %q parses to %v", rep, l.Answer, rels)
		}
	}
	bad := it
	bad.Image = nil
	if _, err := ViewpointPrompt(&bad, planner.RepImage, 0); err == nil || !strings.Contains(err.Error(), "h/v0/q3") {
		t.Errorf("no image: %v", err)
	}
	if _, err := ViewpointPrompt(&bad, planner.RepBBox, 0); err != nil {
		t.Errorf("no image, text representation: %v", err)
	}
	bad.Context = map[string]string{}
	if _, err := ViewpointPrompt(&bad, planner.RepBBox, 0); err == nil || !strings.Contains(err.Error(), "h/v0/q3") {
		t.Errorf("no block: %v", err)
	}
	if _, err := ViewpointPrompt(&it, "pixels", 0); err == nil {
		t.Error("unknown representation accepted")
	}
}
