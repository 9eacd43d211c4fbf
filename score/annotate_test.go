package score

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeAnnotator is a chat server that answers the annotation stage's three
// requests by what they contain, and records which image each one carried.
type fakeAnnotator struct {
	mu     sync.Mutex
	judge  string // the judge's reply
	fail   bool   // answer 500 to everything
	images map[string]string
}

func (f *fakeAnnotator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		http.Error(w, "down", http.StatusInternalServerError)
		return
	}
	var req ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	parts := req.Messages[0].Content
	img, text := parts[0].ImageURL.URL, parts[1].Text
	var kind, reply string
	switch {
	case strings.HasPrefix(text, outcomeInstruction) && strings.Contains(text, "Explanation: C_GT"):
		kind, reply = "c1", "The mug now sits left of the bowl. Answer: A"
	case strings.HasPrefix(text, imaginedInstruction) && strings.Contains(text, "Reasoning after the motion: The mug now sits left of the bowl.") && strings.Contains(text, "Motion: MOVE"):
		kind, reply = "c0", "Moving the mug left puts it beside the bowl. Answer: A"
	case strings.HasPrefix(text, judgeInstruction) && req.Model == "judge-model":
		kind, reply = "judge", f.judge
	default:
		http.Error(w, "unexpected prompt: "+text, 400)
		return
	}
	f.images[kind] = img
	fmt.Fprintf(w, `{"model":%q,"choices":[{"message":{"content":%q}}]}`, req.Model, reply)
}

func TestAnnotateAgainstFakeServer(t *testing.T) {
	fa := &fakeAnnotator{images: map[string]string{}}
	srv := httptest.NewServer(fa)
	defer srv.Close()
	in := AnnotateInput{ID: "h/v0/left_right", MotionText: "MOVE", Question: "After the move, is ...?\nA. yes\nB. no",
		StaticQuestion: "In this image, is ...?\nA. yes\nB. no", Choices: []string{"yes", "no"}, Answer: "A", StaticAnswer: "A",
		Reasoning: "C_GT", ImageBefore: []byte("I0"), ImageAfter: []byte("I1")}
	opt := AnnotateOptions{EvalOptions: EvalOptions{Endpoint: srv.URL, Model: "annotator", MaxRetries: -1}, Filter: true, JudgeModel: "judge-model"}
	for _, c := range []struct {
		judge, judged, why string
		keep               bool
	}{
		{"A", "A", "", true},
		{"The answer is B.", "B", "judge answered B on the outcome image, the answer is A", false},
		{"I cannot tell.", "", "judge reply unreadable", false},
	} {
		fa.judge = c.judge
		a, err := Annotate(context.Background(), in, opt)
		if err != nil {
			t.Fatal(err)
		}
		if a.Outcome != "The mug now sits left of the bowl. Answer: A" || !strings.HasPrefix(a.Imagined, "Moving the mug left") {
			t.Errorf("traces %q / %q", a.Outcome, a.Imagined)
		}
		if a.Keep != c.keep || a.Judged != c.judged || a.Why != c.why {
			t.Errorf("judge %q: keep %v judged %q why %q", c.judge, a.Keep, a.Judged, a.Why)
		}
		if fa.images["c1"] != DataURL([]byte("I1")) || fa.images["c0"] != DataURL([]byte("I0")) || fa.images["judge"] != DataURL([]byte("I1")) {
			t.Errorf("images sent: %v", fa.images)
		}
	}
	// Without the filter no judge request is made and the example is kept.
	fa.images = map[string]string{}
	opt.Filter = false
	if a, err := Annotate(context.Background(), in, opt); err != nil || !a.Keep || a.Judged != "" || fa.images["judge"] != "" {
		t.Errorf("no filter: %+v, %v, requests %v", a, err, fa.images)
	}
	fa.fail = true
	if _, err := Annotate(context.Background(), in, opt); err == nil || !strings.Contains(err.Error(), "annotate h/v0/left_right (c1)") {
		t.Errorf("server down: %v", err)
	}
}
