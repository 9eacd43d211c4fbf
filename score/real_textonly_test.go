package score

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// textOnlyItems are yes/no and four-option questions (the question text
// ends with its lettered options, as Real's do).
func textOnlyItems() []TextOnlyItem {
	yn := []string{"yes", "no"}
	four := []string{"the red cup", "the blue bowl", "the green apple", "the can"}
	mk := func(id string, choices []string, answer string) TextOnlyItem {
		return TextOnlyItem{ID: id, MotionText: "The cup moves 12 cm to the left.", Choices: choices, Answer: answer,
			Question: "After the move, is it near?\n" + formatChoices(choices)}
	}
	return []TextOnlyItem{mk("yn-yes", yn, "A"), mk("yn-no", yn, "B"), mk("four-A", four, "A"), mk("four-D", four, "D")}
}

// fakeTextOnly is a chat server that records every request body and
// answers with reply(text of the user message).
func fakeTextOnly(t *testing.T, reply func(text string) string) (*httptest.Server, func() []map[string]any) {
	var mu sync.Mutex
	var bodies []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var raw map[string]any
		if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		mu.Lock()
		bodies = append(bodies, raw)
		mu.Unlock()
		b, _ := json.Marshal(raw["messages"])
		var msgs []ChatMessage
		if err := json.Unmarshal(b, &msgs); err != nil || len(msgs) != 1 || len(msgs[0].Content) != 1 {
			http.Error(w, "unexpected messages", 400)
			return
		}
		fmt.Fprintf(w, `{"choices":[{"message":{"content":%q}}]}`, reply(msgs[0].Content[0].Text))
	}))
	t.Cleanup(srv.Close)
	return srv, func() []map[string]any {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(bodies)
	}
}

var reOption = regexp.MustCompile(`(?m)^([A-F])\. (.*)$`)

// letterOf answers the shown letter of the option text want.
func letterOf(want string) func(string) string {
	return func(text string) string {
		for _, m := range reOption.FindAllStringSubmatch(text, -1) {
			if m[2] == want {
				return "Answer: " + m[1]
			}
		}
		return "I cannot tell."
	}
}

// TestTextOnlySolvedOrders checks the requests (no image, temperature 0,
// thinking off, both option orders) and the mapping of replies back to
// the original letters.
func TestTextOnlySolvedOrders(t *testing.T) {
	items := textOnlyItems()
	srv, bodies := fakeTextOnly(t, func(string) string { return "A" })
	opt := TextOnlyOptions{EvalOptions: EvalOptions{Endpoint: srv.URL, Model: "blind", MaxRetries: -1, Concurrency: 3}, ThinkingOff: true}
	got, err := TextOnlySolved(context.Background(), items, opt)
	if err != nil {
		t.Fatal(err)
	}
	// Always "A": yn-yes is right in the original order (A = yes) but
	// wrong reversed (A = no), so it is not solved; yn-no is wrong in the
	// original order; four-A is right in the original order, which is
	// what counts with more than two options; four-D is right only
	// reversed (A = the can), which does not count.
	if want := []string{"four-A"}; !slices.Equal(slices.Sorted(maps.Keys(got)), want) {
		t.Errorf("always-A solved %v, want %v", slices.Sorted(maps.Keys(got)), want)
	}
	bs := bodies()
	if len(bs) != 2*len(items) {
		t.Fatalf("%d requests for %d items, want two each", len(bs), len(items))
	}
	texts := map[string]bool{}
	for _, b := range bs {
		if b["model"] != "blind" || b["temperature"] != 0.0 {
			t.Errorf("request model %v temperature %v, want blind and 0", b["model"], b["temperature"])
		}
		if kw, _ := b["chat_template_kwargs"].(map[string]any); kw["enable_thinking"] != false {
			t.Errorf("request chat_template_kwargs %v, want enable_thinking false", b["chat_template_kwargs"])
		}
		raw, _ := json.Marshal(b["messages"])
		if strings.Contains(string(raw), "image_url") || strings.Contains(string(raw), "data:image") {
			t.Errorf("a text-only request carries an image: %s", raw)
		}
		var msgs []ChatMessage
		_ = json.Unmarshal(raw, &msgs)
		texts[msgs[0].Content[0].Text] = true
	}
	for _, it := range items {
		orig := it.MotionText + "\n" + it.Question + "\n\n" + directInstruction
		rev := slices.Clone(it.Choices)
		slices.Reverse(rev)
		reversed := it.MotionText + "\nAfter the move, is it near?\n" + formatChoices(rev) + "\n\n" + directInstruction
		if !texts[orig] || !texts[reversed] {
			t.Errorf("%s: the original (%v) or reversed (%v) order was not asked", it.ID, texts[orig], texts[reversed])
		}
	}
	if !texts["The cup moves 12 cm to the left.\nAfter the move, is it near?\nA. no\nB. yes\n\n"+directInstruction] {
		t.Error("no yes/no question was asked as A. no, B. yes")
	}

	// A model that picks the option "yes" wherever it is shown solves
	// yn-yes in both orders (its reversed reply B maps back to A).
	srv2, _ := fakeTextOnly(t, letterOf("yes"))
	opt.Endpoint, opt.ThinkingOff = srv2.URL, false
	if got, err = TextOnlySolved(context.Background(), items, opt); err != nil {
		t.Fatal(err)
	}
	if want := []string{"yn-yes"}; !slices.Equal(slices.Sorted(maps.Keys(got)), want) {
		t.Errorf("yes-picker solved %v, want %v", slices.Sorted(maps.Keys(got)), want)
	}
	// A model that picks "the can" solves four-D in both orders, and
	// nothing else.
	srv3, bodies3 := fakeTextOnly(t, letterOf("the can"))
	opt.Endpoint = srv3.URL
	if got, err = TextOnlySolved(context.Background(), items, opt); err != nil {
		t.Fatal(err)
	}
	if want := []string{"four-D"}; !slices.Equal(slices.Sorted(maps.Keys(got)), want) {
		t.Errorf("can-picker solved %v, want %v", slices.Sorted(maps.Keys(got)), want)
	}
	if _, ok := bodies3()[0]["chat_template_kwargs"]; ok {
		t.Error("chat_template_kwargs sent without ThinkingOff")
	}
}

// TestTextOnlySolvedErrors checks that a failing server stops the check
// with the question named, and that bad items are refused before any
// request.
func TestTextOnlySolvedErrors(t *testing.T) {
	n := 0
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		mu.Unlock()
		http.Error(w, "overloaded", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	opt := TextOnlyOptions{EvalOptions: EvalOptions{Endpoint: srv.URL, Model: "blind", MaxRetries: -1, Concurrency: 1}}
	_, err := TextOnlySolved(context.Background(), textOnlyItems(), opt)
	if err == nil || !strings.Contains(err.Error(), "question yn-yes (original option order)") || !strings.Contains(err.Error(), "HTTP 503") {
		t.Fatalf("failing server: %v, want an error naming the first question and the status", err)
	}
	bad := textOnlyItems()[:1]
	bad[0].Question = "Is it near?"
	n = 0
	if _, err := TextOnlySolved(context.Background(), bad, opt); err == nil || !strings.Contains(err.Error(), "yn-yes") {
		t.Fatalf("question without its options: %v", err)
	}
	if n != 0 {
		t.Errorf("%d requests sent for a refused item", n)
	}
	if _, err := TextOnlySolved(context.Background(), textOnlyItems(), TextOnlyOptions{}); err == nil {
		t.Error("no endpoint: no error")
	}
}
