package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/score"
)

// TestScoreRationalesOnGeneratedSplit scores two predictions files on the
// reference train split with the rule judge: one whose replies are the
// questions' own rule-derived reasoning (which states the move, the
// quantities and the answer), one that gives only the answer. The first
// must score high on every metric and the second low; a judge endpoint
// that decides every item true gives 100%.
func TestScoreRationalesOnGeneratedSplit(t *testing.T) {
	referenceRun(t)
	ds, err := export.Open(generateOnce.dir)
	if err != nil {
		t.Fatal(err)
	}
	var withReason, bare strings.Builder
	n := 0
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		if q.CausalGraph == "" {
			t.Fatalf("%s has no causal graph", q.ID)
		}
		line := func(b *strings.Builder, reply string) {
			js, _ := json.Marshal(map[string]any{"id": q.ID, "shuffle": 0, "response": reply})
			b.Write(append(js, '\n'))
		}
		line(&withReason, q.Reasoning+"\nAnswer: "+q.Answer)
		line(&bare, "Answer: "+q.Answer)
		n++
	}
	tmp := t.TempDir()
	scoreJSON := func(preds string, extra ...string) score.Report {
		t.Helper()
		p := filepath.Join(tmp, "p.jsonl")
		if err := os.WriteFile(p, []byte(preds), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"score", generateOnce.dir, "--split", "train", "--predictions", p, "--rationales", "--format", "json"}, extra...)
		code, out, errOut := runCmd(t, args...)
		if code != 0 {
			t.Fatalf("score: exit %d: %s", code, errOut)
		}
		var rep score.Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Rationales == nil {
			t.Fatalf("report: %v\n%s", err, out)
		}
		return rep
	}
	good := scoreJSON(withReason.String()).Rationales
	poor := scoreJSON(bare.String()).Rationales
	t.Logf("%d questions; reasoning: %+v; answer only: %+v", n, good.Avg, poor.Avg)
	if good.Avg.Rationales != n || good.Avg.EF < 0.95 || good.Avg.DC < 0.9 || good.Avg.RA < 0.85 {
		t.Errorf("reasoning replies: %+v", good.Avg)
	}
	if poor.Avg.EF > 0.5 || poor.Avg.DC > 0.4 || poor.Avg.RA > 0.2 {
		t.Errorf("answer-only replies: %+v", poor.Avg)
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req score.ChatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		text := req.Messages[0].Content[0].Text
		var lines []string
		for i := 1; strings.Contains(text, fmt.Sprintf("\n%d. ", i)); i++ {
			lines = append(lines, fmt.Sprintf("%d: true", i))
		}
		fmt.Fprintf(w, `{"model":"j","choices":[{"message":{"content":%q}}]}`, strings.Join(lines, "\n"))
	}))
	defer srv.Close()
	all := scoreJSON(bare.String(), "--judge-endpoint", srv.URL+"/v1", "--judge-model", "j").Rationales
	if all.Avg.Rationales != n || all.Avg.EF != 1 || all.Avg.DC != 1 || all.Avg.RA != 1 || all.Failed != 0 {
		t.Errorf("all-true judge: %+v", all)
	}
}

func TestScoreRationalesFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--judge-model", "m"}, "need --rationales"},
		{[]string{"--rationales", "--judge-model", "m"}, "--judge-model needs --judge-endpoint"},
		{[]string{"--rationales", "--judge-endpoint", "http://127.0.0.1:1/v1"}, "needs --judge-model"},
		{[]string{"--rationales", "--judge-endpoint", "ftp://x", "--judge-model", "m"}, "not an http(s) URL"},
		{[]string{"--rationales", "--format", "csv"}, "not csv"},
	} {
		args := append([]string{"score", "x", "--predictions", "p.jsonl"}, c.args...)
		code, _, errOut := runCmd(t, args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 with %q", c.args, code, errOut, c.want)
		}
	}
}
