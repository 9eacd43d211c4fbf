package pipeline

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/score"
)

// fakeRephraser is an OpenAI-compatible server that rewrites each text:
// faithfully ("Put simply, " + text) or, when lossy is set, with its first
// number changed.
func fakeRephraser(t *testing.T, lossy *atomic.Bool) *httptest.Server {
	t.Helper()
	reNum := regexp.MustCompile(`\d+`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req score.ChatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) != 1 || len(req.Messages[0].Content) != 1 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		text := strings.TrimPrefix(req.Messages[0].Content[0].Text, score.RephraseInstruction)
		out := "Put simply, " + text
		if lossy.Load() {
			out = reNum.ReplaceAllStringFunc(text, func(s string) string { return s + "1" })
		}
		json.NewEncoder(w).Encode(map[string]any{"model": req.Model,
			"choices": []any{map[string]any{"message": map[string]any{"content": out}, "finish_reason": "stop"}}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// The rephraser keeps a model's rewrite only when it states the same
// objects, marks, numbers and directions, and never touches the choices.
func TestRephraserKeepsOnlyFaithfulRewrites(t *testing.T) {
	var lossy atomic.Bool
	srv := fakeRephraser(t, &lossy)
	mk := func() *planner.Example {
		mug := planner.ObjectRef{ObjectID: "Mug|1", ObjectType: "Mug", DotColor: "red"}
		chair := planner.ObjectRef{ObjectID: "Chair|2", ObjectType: "Chair", DotColor: "blue"}
		return &planner.Example{Mover: mug, Referenced: []planner.ObjectRef{chair},
			MotionText:     "The mug (red dot) moves 0.30 m to the left.",
			Question:       "After the move, is the centre of the mug (red dot) within 0.45 m of the centre of the chair (blue dot)?\nA. yes\nB. no",
			StaticQuestion: "In this image, is the centre of the mug (red dot) within 0.45 m of the centre of the chair (blue dot)?\nA. yes\nB. no",
			Reasoning:      "The mug (red dot) moves 0.30 m to the left. So the answer is A.", Choices: []string{"yes", "no"}}
	}
	r := &rephraser{ctx: context.Background(), opt: score.EvalOptions{Endpoint: srv.URL + "/v1", Model: "fake", MaxRetries: -1}}
	ex := mk()
	r.rephrase(ex)
	if r.rewritten != 3 || !strings.HasPrefix(ex.MotionText, "Put simply, The mug") || !strings.HasPrefix(ex.Question, "Put simply, After the move") ||
		!strings.HasSuffix(ex.Question, "\nA. yes\nB. no") || !strings.HasPrefix(ex.StaticQuestion, "Put simply, In this image") ||
		!strings.HasPrefix(ex.Reasoning, ex.MotionText+" So") {
		t.Fatalf("faithful rewrite not kept (%d rewritten): %+v", r.rewritten, ex)
	}
	lossy.Store(true)
	ex, want := mk(), mk()
	r.rephrase(ex)
	if r.kept != 3 || ex.MotionText != want.MotionText || ex.Question != want.Question || ex.StaticQuestion != want.StaticQuestion || ex.Reasoning != want.Reasoning {
		t.Fatalf("a rewrite that changed the numbers was kept (%d kept): %+v", r.kept, ex)
	}
	srv.Close()
	ex = mk()
	r.rephrase(ex)
	if r.lastErr == nil || ex.Question != want.Question {
		t.Fatalf("server down: error %v, question %q", r.lastErr, ex.Question)
	}
}

// Run with a rephrase server rewrites the dataset's texts through it and
// records it in the manifest.
func TestRunRephrase(t *testing.T) {
	var lossy atomic.Bool
	srv := fakeRephraser(t, &lossy)
	dir := filepath.Join(t.TempDir(), "ds")
	cfg := DefaultConfig()
	cfg.Houses, cfg.Views, cfg.Size, cfg.QuestionsOnly, cfg.Assets = 1, 2, 192, true, "none"
	cfg.Rephrase = &RephraseConfig{Endpoint: srv.URL + "/v1", Model: "fake"}
	if _, err := Run(context.Background(), cfg, Options{Out: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		n++
		if !strings.HasPrefix(q.MotionText, "Put simply, ") || !strings.HasPrefix(q.Question, "Put simply, ") {
			t.Errorf("%s not rewritten: %q / %q", q.ID, q.MotionText, q.Question)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, export.ManifestFile))
	if err != nil || n == 0 {
		t.Fatalf("%d questions, manifest %v", n, err)
	}
	var m export.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if conf, _ := m.Config["train"].(map[string]any); conf["rephrase"] == nil {
		t.Errorf("manifest config %v does not record the rephrase server", m.Config["train"])
	}
}
