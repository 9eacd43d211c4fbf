package score

import (
	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestShuffleProperties(t *testing.T) {
	for _, n := range []int{2, 4, 6} {
		for _, id := range []string{"a/v0/x", "house_7/v2/closest_three", ""} {
			var seen [][]int
			for k := range 6 {
				p := Shuffle(id, n, k)
				if !slices.Equal(p, Shuffle(id, n, k)) {
					t.Fatalf("Shuffle(%q,%d,%d) not deterministic", id, n, k)
				}
				sorted := slices.Clone(p)
				slices.Sort(sorted)
				if !slices.Equal(sorted, identity(n)) {
					t.Fatalf("Shuffle(%q,%d,%d) = %v is not a permutation", id, n, k, p)
				}
				if k == 0 && !isIdentity(p) {
					t.Fatalf("shuffle 0 is not the original order: %v", p)
				}
				if len(seen) < factorial(n) && slices.ContainsFunc(seen, func(q []int) bool { return slices.Equal(p, q) }) {
					t.Fatalf("Shuffle(%q,%d,%d) repeats an earlier order %v", id, n, k, p)
				}
				seen = append(seen, p)
				if !slices.Equal(Inverse(Inverse(p)), p) {
					t.Fatal("Inverse is not an involution")
				}
			}
		}
	}
	if Shuffle("a", 4, 1)[0] == Shuffle("b", 4, 1)[0] && slices.Equal(Shuffle("a", 4, 1), Shuffle("b", 4, 1)) &&
		slices.Equal(Shuffle("c", 4, 1), Shuffle("b", 4, 1)) {
		t.Error("shuffles do not depend on the id")
	}
}

func TestPromptsShuffleChoicesAndAnswer(t *testing.T) {
	qs := []Question{fixtureQuestion("h/q3", "closest_three", 6, "ACE", "ACD", 0.5), fixtureQuestion("h/q1", "closer_to", 4, "B", "C", 0.2)}
	lines, skipped, err := BuildPrompts(qs, PromptOptions{Mode: Mode1A, Shuffles: 3})
	if err != nil || skipped != 0 || len(lines) != 6 {
		t.Fatalf("lines %d skipped %d err %v", len(lines), skipped, err)
	}
	for _, l := range lines {
		q := &qs[0]
		if l.ID == "h/q1" {
			q = &qs[1]
		}
		if l.CustomID != l.ID+"#"+string(rune('0'+l.Shuffle)) || l.Method != "POST" || l.URL != "/v1/chat/completions" {
			t.Errorf("batch fields %q %q %q", l.CustomID, l.Method, l.URL)
		}
		parts := l.Body.Messages[0].Content
		if parts[0].Type != "image_url" || parts[1].Type != "text" {
			t.Fatalf("content types %q %q", parts[0].Type, parts[1].Type)
		}
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(parts[0].ImageURL.URL, "data:image/png;base64,"))
		if err != nil || string(raw) != string(q.Image) || !strings.HasPrefix(parts[0].ImageURL.URL, "data:image/png;base64,") {
			t.Errorf("image data URL does not carry I0: %v", err)
		}
		text := parts[1].Text
		if !strings.HasPrefix(text, q.MotionText+"\nAfter the move, ") {
			t.Errorf("text does not start with motion then question:\n%s", text)
		}
		// read the shown choices back from the text and check the mapping
		for shown, orig := range l.Letters {
			want := string(rune('A'+shown)) + ". " + q.Choices[orig-'A']
			if !strings.Contains(text, want+"\n") {
				t.Errorf("%s shuffle %d: text lacks %q:\n%s", l.ID, l.Shuffle, want, text)
			}
		}
		// the shown answer names the same choice texts as the original answer
		var shownTexts, origTexts []string
		for _, c := range l.Answer {
			shownTexts = append(shownTexts, q.Choices[l.Letters[c-'A']-'A'])
		}
		for _, c := range q.Answer {
			origTexts = append(origTexts, q.Choices[c-'A'])
		}
		slices.Sort(shownTexts)
		slices.Sort(origTexts)
		if !slices.Equal(shownTexts, origTexts) {
			t.Errorf("%s shuffle %d: shown answer %s names %v, want %v", l.ID, l.Shuffle, l.Answer, shownTexts, origTexts)
		}
		wantInstr := directInstruction
		if l.ID == "h/q3" {
			wantInstr = "Answer with the letters of the 3 correct options only."
		}
		if !strings.HasSuffix(text, "\n\n"+wantInstr) {
			t.Errorf("instruction missing: %q", text)
		}
		if l.Letters != LetterMap(Shuffle(l.ID, len(q.Choices), l.Shuffle)) {
			t.Errorf("stored letters %s differ from Shuffle", l.Letters)
		}
	}
	if lines[0].Letters != "ABCDEF" {
		t.Errorf("shuffle 0 is not the original order: %s", lines[0].Letters)
	}
}

func TestPromptModes(t *testing.T) {
	q := fixtureQuestion("h/q1", "closer_to", 4, "B", "C", 0.2)
	q.StaticAnswer = "D"
	l1b, _, err := BuildPrompts([]Question{q}, PromptOptions{Mode: Mode1B, Shuffles: 1, MaxTokens: 4096})
	if err != nil {
		t.Fatal(err)
	}
	if text := l1b[0].Body.Messages[0].Content[1].Text; !strings.HasSuffix(text, reasonInstruction) || l1b[0].Body.MaxTokens != 4096 {
		t.Errorf("1B prompt: %q (max tokens %d)", text, l1b[0].Body.MaxTokens)
	}
	l2a, _, err := BuildPrompts([]Question{q}, PromptOptions{Mode: Mode2A, Shuffles: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := l2a[0].Body.Messages[0].Content
	if !strings.HasPrefix(c[1].Text, "In this image, ") || strings.Contains(c[1].Text, q.MotionText) || l2a[0].Answer != "D" ||
		c[0].ImageURL.URL != DataURL(q.ImageAfter) {
		t.Errorf("2A prompt uses I1 and the static question without motion: %+v", l2a[0])
	}
	named, _, err := BuildPrompts([]Question{q}, PromptOptions{Mode: Mode1A, Shuffles: 2, Named: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range named {
		c := l.Body.Messages[0].Content
		if strings.Contains(c[1].Text, " dot)") || !strings.Contains(c[1].Text, "Move the mug 0.50 m") || c[0].ImageURL.URL != DataURL(q.ImageRaw) || !l.Named {
			t.Errorf("named prompt keeps marks: %q", c[1].Text)
		}
	}
	amb := q
	amb.Referenced = append(amb.Referenced, amb.Mover, q.Mover)
	amb.Referenced[1].ObjectID = "Mug|2"
	lines, skipped, err := BuildPrompts([]Question{q, amb}, PromptOptions{Mode: Mode1A, Shuffles: 1, Named: true})
	if err != nil || skipped != 1 || len(lines) != 1 {
		t.Errorf("ambiguous named question: %d lines, %d skipped, %v", len(lines), skipped, err)
	}
	if _, _, err := BuildPrompts([]Question{q}, PromptOptions{Mode: "3C", Shuffles: 1}); err == nil {
		t.Error("bad mode accepted")
	}
	bad := q
	bad.Question = "After the move, which? A. x B. y"
	if _, _, err := BuildPrompts([]Question{bad}, PromptOptions{Mode: Mode1A, Shuffles: 2}); err == nil || !strings.Contains(err.Error(), "h/q1") {
		t.Errorf("unshufflable text: %v", err)
	}
	noImg := q
	noImg.ImageRaw = nil
	if _, _, err := BuildPrompts([]Question{noImg}, PromptOptions{Mode: Mode1A, Shuffles: 1, Named: true}); err == nil || !strings.Contains(err.Error(), "image_before_raw") {
		t.Errorf("missing raw image: %v", err)
	}
	b, _ := json.Marshal(named[0])
	if !strings.Contains(string(b), `"custom_id":"h/q1#0"`) || strings.Contains(string(b), `"model"`) {
		t.Errorf("JSON line %s", b)
	}
}
