package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"flowbench/export"
	"flowbench/internal/schematest"
	"flowbench/real"
	"flowbench/score"
)

// replyServer is a chat server that answers every request with
// reply(request) and counts the requests.
func replyServer(t *testing.T, reply func(req *score.ChatRequest) (string, int)) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		var req score.ChatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		text, code := reply(&req)
		if code != 0 {
			http.Error(w, text, code)
			return
		}
		fmt.Fprintf(w, `{"choices":[{"message":{"content":%q}}]}`, text)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// TestRealMarkCheck flags one mark number in every pair (each of 1 to 6
// in turn) and checks the first pass against one without the check: a
// pair whose mover carries the flagged mark is dropped, otherwise exactly
// the candidates mentioning the flagged mark, each with a "vlm" skip
// naming the mark and the model.
func TestRealMarkCheck(t *testing.T) {
	pairs := realTestPairs(5)
	base := RealOptions{Seed: 7, Workers: 2, Process: real.Process}
	plain, err := realFirstPass(context.Background(), pairs, base)
	if err != nil {
		t.Fatal(err)
	}
	moverDrops, questionDrops := 0, 0
	for flag := 1; flag <= 6; flag++ {
		srv, calls := replyServer(t, func(req *score.ChatRequest) (string, int) {
			if p := req.Messages[0].Content; len(p) != 2 || p[0].ImageURL == nil || !strings.HasPrefix(p[0].ImageURL.URL, "data:image/png") {
				return "want an image and the instruction", 400
			}
			return fmt.Sprintf("Badge %d is on the gripper.", flag), 0
		})
		opt := base
		opt.CheckMarks = &score.EvalOptions{Endpoint: srv.URL, Model: "markcheck-9b", MaxRetries: -1}
		checked, err := realFirstPass(context.Background(), pairs, opt)
		if err != nil {
			t.Fatal(err)
		}
		withCands := 0
		for i := range plain {
			p, c := &plain[i], &checked[i]
			if len(p.cands) == 0 {
				if len(c.cands) != 0 || !slices.Equal(p.skips, c.skips) {
					t.Errorf("flag %d, %s: a pair without candidates changed", flag, p.id)
				}
				continue
			}
			withCands++
			m := p.measurement
			vlm := c.skips[len(p.skips):]
			if !slices.Equal(c.skips[:len(p.skips)], p.skips) {
				t.Errorf("flag %d, %s: the earlier skips changed", flag, p.id)
			}
			if m.Objects[m.Mover].Mark == flag {
				moverDrops++
				if len(c.cands) != 0 || len(vlm) != 1 || vlm[0].Stage != "vlm" || vlm[0].QuestionID != "" ||
					!strings.Contains(vlm[0].Reason, fmt.Sprintf("mover's mark %d", flag)) || !strings.Contains(vlm[0].Reason, "markcheck-9b") {
					t.Errorf("flag %d, %s: the mover's mark is flagged, got %d candidates and skips %+v", flag, p.id, len(c.cands), vlm)
				}
				continue
			}
			var want, dropped []string
			for _, q := range p.cands {
				hit := slices.ContainsFunc(q.Question.Mentioned, func(o int) bool { return m.Objects[o].Mark == flag })
				if hit {
					dropped = append(dropped, q.Question.ID)
				} else {
					want = append(want, q.Question.ID)
				}
			}
			var got, skipped []string
			for _, q := range c.cands {
				got = append(got, q.Question.ID)
			}
			for _, s := range vlm {
				skipped = append(skipped, s.QuestionID)
				if s.Stage != "vlm" || !strings.Contains(s.Reason, fmt.Sprintf("mentions mark %d,", flag)) || !strings.Contains(s.Reason, "markcheck-9b") {
					t.Errorf("flag %d, %s: skip %+v", flag, s.QuestionID, s)
				}
			}
			if !slices.Equal(got, want) || !slices.Equal(skipped, dropped) {
				t.Errorf("flag %d, %s: kept %v, want %v; skipped %v, want %v", flag, p.id, got, want, skipped, dropped)
			}
			questionDrops += len(dropped)
		}
		if got := calls.Load(); got != int64(withCands) {
			t.Errorf("flag %d: %d requests for %d pairs with candidates", flag, got, withCands)
		}
	}
	if moverDrops == 0 || questionDrops == 0 {
		t.Fatalf("the flags dropped %d pairs by the mover and %d questions: both cases must occur", moverDrops, questionDrops)
	}
}

// TestRealMarkCheckRun checks the mark check through RunReal: the drops
// are in the manifest's run report, the output does not depend on the
// workers, and a server that keeps failing
// stops the run with the pair named and nothing written.
func TestRealMarkCheckRun(t *testing.T) {
	pairs := realTestPairs(5)
	srv, _ := replyServer(t, func(*score.ChatRequest) (string, int) { return "3", 0 })
	dir := filepath.Join(t.TempDir(), "ds")
	buildReal(t, dir, pairs, func(o *RealOptions) {
		o.CheckMarks = &score.EvalOptions{Endpoint: srv.URL, Model: "markcheck-9b", MaxRetries: -1}
	})
	m, err := export.ReadRealManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	run := m.Splits["train"].Run
	if run.SkippedByStage["vlm"] == 0 || run.Config["check_marks_model"] != "markcheck-9b" {
		t.Fatalf("run report: skipped by stage %v, config %v", run.SkippedByStage, run.Config)
	}
	if _, err := export.ValidateReal(dir); err != nil {
		t.Fatalf("ValidateReal: %v", err)
	}
	one := filepath.Join(t.TempDir(), "one")
	buildReal(t, one, pairs, func(o *RealOptions) {
		o.Workers = 1
		o.CheckMarks = &score.EvalOptions{Endpoint: srv.URL, Model: "markcheck-9b", MaxRetries: -1}
	})
	sameTrees(t, "mark check with 2 workers vs 1", treeBytes(t, dir), treeBytes(t, one))

	down, calls := replyServer(t, func(*score.ChatRequest) (string, int) { return "overloaded", http.StatusServiceUnavailable })
	dir2 := filepath.Join(t.TempDir(), "ds2")
	_, err = RunReal(context.Background(), RealOptions{Pairs: pairs, Out: dir2, Split: "train", Seed: 7, Workers: 2,
		CheckMarks: &score.EvalOptions{Endpoint: down.URL, Model: "markcheck-9b", MaxRetries: 1, Backoff: 1}})
	if err == nil || !strings.Contains(err.Error(), "pair pair00") || !strings.Contains(err.Error(), "HTTP 503") {
		t.Fatalf("failing mark-check server: %v, want an error naming pair00 and the status", err)
	}
	if calls.Load() == 0 {
		t.Error("the failing server was not asked")
	}
	if _, err := os.Stat(filepath.Join(dir2, export.ManifestFile)); err == nil {
		t.Error("a stopped run wrote a manifest")
	}
}

// TestRealTextOnly runs the test split with one question per category,
// then again with a text-only server that solves exactly the questions
// the first run selected: the second selection leaves them out (they come
// last in their category, and one per category is taken), and the report
// counts them.
func TestRealTextOnly(t *testing.T) {
	pairs := realTestPairs(8)
	test := func(o *RealOptions) { o.Split, o.PerCategory = "test", 1 }
	first := filepath.Join(t.TempDir(), "first")
	buildReal(t, first, pairs, test)
	firstQs := readRealQuestions(t, first)
	if len(firstQs) < 2 {
		t.Fatalf("the test split has %d questions", len(firstQs))
	}
	// The server knows the selected questions' prompts in both orders and
	// answers them correctly; anything else gets an unreadable reply.
	answers := map[string]string{}
	for _, q := range firstQs {
		it := score.TextOnlyItem{ID: q.ID, MotionText: q.MotionText, Question: q.Question, Choices: q.Choices, Answer: q.Answer}
		for _, rev := range []bool{false, true} {
			text, perm, err := score.TextOnlyPrompt(&it, rev)
			if err != nil {
				t.Fatal(err)
			}
			set, _ := score.ParseLetters(q.Answer, len(q.Choices))
			shown, _ := set.Map(score.Inverse(perm))
			answers[text] = "Answer: " + shown.String()
		}
	}
	srv, calls := replyServer(t, func(req *score.ChatRequest) (string, int) {
		p := req.Messages[0].Content
		if len(p) != 1 || p[0].Type != "text" {
			return "a text-only request carries an image", 400
		}
		if a, ok := answers[p[0].Text]; ok {
			return a, 0
		}
		return "I cannot see the image.", 0
	})
	second := filepath.Join(t.TempDir(), "second")
	res := buildReal(t, second, pairs, func(o *RealOptions) {
		test(o)
		o.TextOnly = &score.TextOnlyOptions{EvalOptions: score.EvalOptions{Endpoint: srv.URL, Model: "blind-9b", MaxRetries: -1}, ThinkingOff: true}
	})
	rep := res.Run.TextOnly
	if rep == nil || rep.Model != "blind-9b" {
		t.Fatalf("run report text_only %+v", rep)
	}
	asked, solved := 0, 0
	for c, n := range rep.Asked {
		asked += n
		solved += rep.Solved[c]
	}
	if solved != len(firstQs) || int64(2*asked) != calls.Load() {
		t.Fatalf("solved %d (want the %d selected before), asked %d with %d requests", solved, len(firstQs), asked, calls.Load())
	}
	secondQs := readRealQuestions(t, second)
	solvedIDs := map[string]bool{}
	for _, q := range firstQs {
		solvedIDs[q.ID] = true
	}
	// On these pairs every category has unsolved candidates from other
	// pairs, so no solved question is selected again.
	if len(secondQs) == 0 {
		t.Fatal("the second test split is empty")
	}
	for _, q := range secondQs {
		if solvedIDs[q.ID] {
			t.Errorf("%s (%s) was solved without the image and still selected with PerCategory 1", q.ID, q.Category)
		}
	}
	m, err := export.ReadRealManifest(second)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Splits["test"].Run.TextOnly; got == nil || got.Solved == nil {
		t.Fatalf("manifest run report text_only %+v", got)
	}
	raw, err := os.ReadFile(filepath.Join(second, export.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(schematest.Compile(t, "manifest.schema.json"), raw); err != nil {
		t.Fatalf("a manifest with the text-only report: %v", err)
	}
}

// TestRealVLMChecksRefused checks the option errors: a check without a
// model, and the text-only check on a training split; nothing is asked.
func TestRealVLMChecksRefused(t *testing.T) {
	srv, calls := replyServer(t, func(*score.ChatRequest) (string, int) { return "down", 500 })
	for _, opt := range []RealOptions{
		{Split: "train", CheckMarks: &score.EvalOptions{Endpoint: srv.URL}},
		{Split: "test", TextOnly: &score.TextOnlyOptions{EvalOptions: score.EvalOptions{Endpoint: srv.URL}}},
		{Split: "train", TextOnly: &score.TextOnlyOptions{EvalOptions: score.EvalOptions{Endpoint: srv.URL, Model: "m"}}},
	} {
		opt.Pairs, opt.Out = realTestPairs(1), t.TempDir()
		if _, err := RunReal(context.Background(), opt); err == nil || !strings.Contains(err.Error(), "check") {
			t.Errorf("%+v: %v, want a refusal", opt, err)
		}
	}
	if calls.Load() != 0 {
		t.Errorf("%d requests sent by refused runs", calls.Load())
	}
}

// readRealQuestions reads a Real dataset's test questions.
func readRealQuestions(t *testing.T, dir string) []export.QuestionRow {
	t.Helper()
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []export.QuestionRow
	for q, err := range ds.Questions("test") {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, q)
	}
	return out
}
