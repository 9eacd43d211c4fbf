package pipeline

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/score"
)

// TestRunAnnotate runs a split twice, without and with a fake annotation
// server whose judge always answers "A": the annotated run holds exactly
// the questions of the plain run whose static answer is A, in order, each
// with the server's c1 and c0, and its manifest records the server.
func TestRunAnnotate(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req score.ChatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages[0].Content) != 2 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		text := req.Messages[0].Content[1].Text
		reply := "A"
		switch {
		case strings.Contains(text, "Explanation: "):
			reply = "C1: seen after. Answer: A"
		case strings.Contains(text, "Reasoning after the motion: C1: seen after."):
			reply = "C0: imagined. Answer: A"
		}
		json.NewEncoder(w).Encode(map[string]any{"model": req.Model,
			"choices": []any{map[string]any{"message": map[string]any{"content": reply}, "finish_reason": "stop"}}})
	}))
	defer srv.Close()
	cfg := DefaultConfig()
	cfg.Houses, cfg.Views, cfg.Size, cfg.QuestionsOnly, cfg.Assets = 1, 3, 160, true, "none"
	read := func(dir string) []export.QuestionRow {
		ds, err := export.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		var out []export.QuestionRow
		for q, err := range ds.Questions("train") {
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, q)
		}
		return out
	}
	plain := filepath.Join(t.TempDir(), "plain")
	if _, err := Run(context.Background(), cfg, Options{Out: plain, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	ann := filepath.Join(t.TempDir(), "ann")
	cfg.Annotate = &AnnotateConfig{Endpoint: srv.URL + "/v1", Model: "vlm", Filter: true}
	if _, err := Run(context.Background(), cfg, Options{Out: ann, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, q := range read(plain) {
		if q.ReasoningOutcome != "" || q.ReasoningImagined != "" {
			t.Fatalf("%s: annotations without --annotate-endpoint", q.ID)
		}
		if q.StaticAnswer == "A" {
			want = append(want, q.ID)
		}
	}
	got := read(ann)
	var ids []string
	for _, q := range got {
		ids = append(ids, q.ID)
		if q.ReasoningOutcome != "C1: seen after. Answer: A" || q.ReasoningImagined != "C0: imagined. Answer: A" {
			t.Errorf("%s: annotations %q / %q", q.ID, q.ReasoningOutcome, q.ReasoningImagined)
		}
	}
	if len(want) == 0 || len(want) == len(read(plain)) || strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Fatalf("kept %v, want the static-answer-A questions %v", ids, want)
	}
	b, err := os.ReadFile(filepath.Join(ann, export.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m export.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if conf, _ := m.Config["train"].(map[string]any); conf["annotate"] == nil {
		t.Errorf("manifest config %v does not record the annotation server", m.Config["train"])
	}
}
