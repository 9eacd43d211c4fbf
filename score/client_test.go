package score

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeServer is a chat-completions server: it answers with the letter of
// the first choice line in the prompt, fails the first `fail` attempts of
// every prompt with the given status, and rejects prompts containing
// "REJECT" with HTTP 400.
type fakeServer struct {
	fail     int
	status   int
	mu       sync.Mutex
	attempts map[string]int
	inFlight atomic.Int32
	maxIn    atomic.Int32
	calls    atomic.Int32
	delay    time.Duration
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.calls.Add(1)
	n := f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	for {
		m := f.maxIn.Load()
		if n <= m || f.maxIn.CompareAndSwap(m, n) {
			break
		}
	}
	time.Sleep(f.delay)
	if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer k" {
		http.Error(w, "bad path or key", http.StatusNotFound)
		return
	}
	var req ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "m" || len(req.Messages) != 1 {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	c := req.Messages[0].Content
	if c[0].ImageURL == nil || !strings.HasPrefix(c[0].ImageURL.URL, "data:image/png;base64,") {
		http.Error(w, "no image", http.StatusBadRequest)
		return
	}
	text := c[1].Text
	if strings.Contains(text, "REJECT") {
		http.Error(w, "rejected", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	key := c[0].ImageURL.URL + text
	f.attempts[key]++
	a := f.attempts[key]
	f.mu.Unlock()
	if a <= f.fail {
		if f.status == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "0")
		}
		http.Error(w, "busy", f.status)
		return
	}
	fmt.Fprintf(w, `{"model":"served-m","choices":[{"message":{"role":"assistant","content":"Answer: A"},"finish_reason":"stop"}],"usage":{"prompt_tokens":%d,"completion_tokens":2,"total_tokens":%d}}`, len(text), len(text)+2)
}

func testPrompts(t *testing.T, n int) []PromptLine {
	t.Helper()
	lines, _, err := BuildPrompts(simSet(n), PromptOptions{Mode: Mode1A, Shuffles: 2})
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

func readLines(t *testing.T, path string) []EvalLine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []EvalLine
	for _, s := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var l EvalLine
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			t.Fatalf("bad output line %q: %v", s, err)
		}
		out = append(out, l)
	}
	return out
}

func evalOpts(url string) EvalOptions {
	return EvalOptions{Endpoint: url + "/v1/", Model: "m", APIKey: "k", Concurrency: 4, Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}
}

func TestEvalRetriesThenSucceeds(t *testing.T) {
	for _, status := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		fs := &fakeServer{fail: 2, status: status, attempts: map[string]int{}, delay: 2 * time.Millisecond}
		srv := httptest.NewServer(fs)
		prompts := testPrompts(t, 12)
		out := filepath.Join(t.TempDir(), "preds.jsonl")
		sum, err := Eval(context.Background(), prompts, out, evalOpts(srv.URL))
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		if sum.Written != len(prompts) || sum.Failed != 0 || int(fs.calls.Load()) != 3*len(prompts) {
			t.Fatalf("status %d: summary %+v, calls %d", status, sum, fs.calls.Load())
		}
		lines := readLines(t, out)
		for i, l := range lines {
			if l.ID != prompts[i].ID || l.Shuffle != prompts[i].Shuffle {
				t.Fatalf("line %d is %s#%d, want prompt order %s#%d", i, l.ID, l.Shuffle, prompts[i].ID, prompts[i].Shuffle)
			}
			if l.Attempts != 3 || l.Response != "Answer: A" || l.Model != "served-m" || l.LatencyMS <= 0 || l.Mode != Mode1A {
				t.Errorf("line %+v", l)
			}
			var u struct {
				TotalTokens int `json:"total_tokens"`
			}
			if err := json.Unmarshal(l.Usage, &u); err != nil || u.TotalTokens < 3 {
				t.Errorf("usage %s", l.Usage)
			}
		}
		if m := fs.maxIn.Load(); m > 4 || m < 2 {
			t.Errorf("max requests in flight %d, want 2..4", m)
		}
	}
}

func TestEvalGivesUpAndDoesNotRetryClientErrors(t *testing.T) {
	fs := &fakeServer{fail: 100, status: http.StatusInternalServerError, attempts: map[string]int{}}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	prompts := testPrompts(t, 1)[:1]
	opt := evalOpts(srv.URL)
	opt.MaxRetries = 2
	sum, err := Eval(context.Background(), prompts, filepath.Join(t.TempDir(), "p.jsonl"), opt)
	if err == nil || sum.Failed != 1 || fs.calls.Load() != 3 || !strings.Contains(err.Error(), "after 3 attempts") {
		t.Fatalf("5xx forever: err %v, summary %+v, calls %d", err, sum, fs.calls.Load())
	}
	fs.calls.Store(0)
	reject := testPrompts(t, 2)
	reject[1].Body.Messages[0].Content[1].Text += " REJECT"
	fs.fail = 0
	out := filepath.Join(t.TempDir(), "p.jsonl")
	sum, err = Eval(context.Background(), reject, out, opt)
	if err == nil || sum.Failed != 1 || sum.Written != len(reject)-1 || fs.calls.Load() != int32(len(reject)) || !strings.Contains(err.Error(), "HTTP 400") {
		t.Fatalf("400: err %v, summary %+v, calls %d", err, sum, fs.calls.Load())
	}
	// network error: nothing listens
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close()
	sum, err = Eval(context.Background(), prompts, filepath.Join(t.TempDir(), "p.jsonl"), evalOpts(url))
	if err == nil || sum.Failed != 1 || !strings.Contains(err.Error(), "after 6 attempts") {
		t.Fatalf("network error: %v %+v", err, sum)
	}
}

func TestEvalResumes(t *testing.T) {
	fs := &fakeServer{attempts: map[string]int{}}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	prompts := testPrompts(t, 5)
	out := filepath.Join(t.TempDir(), "p.jsonl")
	prev := fmt.Sprintf(`{"id":%q,"shuffle":%d,"response":"B","latency_ms":1}`+"\n"+`{"id":%q,"shuffle":%d,"response":"C"}`+"\n"+`{"id":%q,"shuf`,
		prompts[0].ID, prompts[0].Shuffle, prompts[3].ID, prompts[3].Shuffle, prompts[4].ID)
	if err := os.WriteFile(out, []byte(prev), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := Eval(context.Background(), prompts, out, evalOpts(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Resumed != 2 || sum.Written != len(prompts)-2 || int(fs.calls.Load()) != len(prompts)-2 {
		t.Fatalf("summary %+v calls %d", sum, fs.calls.Load())
	}
	lines := readLines(t, out)
	seen := map[string]bool{}
	for _, l := range lines {
		k := fmt.Sprintf("%s#%d", l.ID, l.Shuffle)
		if seen[k] {
			t.Fatalf("duplicate %s after resume", k)
		}
		seen[k] = true
	}
	if len(lines) != len(prompts) || lines[0].Response != "B" {
		t.Fatalf("%d lines after resume, first %+v", len(lines), lines[0])
	}
	// the resumed file scores: every prompt answered once
	ps, err := ReadPredictionsFile(out)
	if err != nil || len(ps) != len(prompts) {
		t.Fatalf("resumed file: %d predictions, %v", len(ps), err)
	}
	// a second run has nothing to do
	fs.calls.Store(0)
	sum, err = Eval(context.Background(), prompts, out, evalOpts(srv.URL))
	if err != nil || sum.Written != 0 || sum.Resumed != len(prompts) || fs.calls.Load() != 0 {
		t.Fatalf("rerun: %+v %v calls %d", sum, err, fs.calls.Load())
	}
	// a malformed line in the middle stops the resume with its line number
	if err := os.WriteFile(out, []byte("{\"id\":\"a\",\"response\":\"A\"}\nnot json\n{\"id\":\"b\",\"response\":\"A\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Eval(context.Background(), prompts, out, evalOpts(srv.URL)); err == nil || !strings.Contains(err.Error(), "p.jsonl:2") {
		t.Fatalf("malformed existing file: %v", err)
	}
}

func TestEvalProgressAndPromptsRoundTrip(t *testing.T) {
	fs := &fakeServer{attempts: map[string]int{}}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	prompts := testPrompts(t, 3)
	dir := t.TempDir()
	pf := filepath.Join(dir, "prompts.jsonl")
	f, err := os.Create(pf)
	if err != nil {
		t.Fatal(err)
	}
	if err := WritePrompts(f, prompts); err != nil {
		t.Fatal(err)
	}
	f.Close()
	back, err := ReadPromptsFile(pf)
	if err != nil || len(back) != len(prompts) || back[2].Letters != prompts[2].Letters || back[2].Body.Messages[0].Content[0].ImageURL.URL != prompts[2].Body.Messages[0].Content[0].ImageURL.URL {
		t.Fatalf("prompts round trip: %v", err)
	}
	var bar strings.Builder
	opt := evalOpts(srv.URL)
	opt.Progress = &bar
	if _, err := Eval(context.Background(), back, filepath.Join(dir, "p.jsonl"), opt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bar.String(), fmt.Sprintf("%d/%d", len(prompts), len(prompts))) {
		t.Errorf("progress bar output %q", bar.String())
	}
	dup := append(back, back[0])
	f, _ = os.Create(pf)
	WritePrompts(f, dup)
	f.Close()
	if _, err := ReadPromptsFile(pf); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("prompts.jsonl:%d: duplicate", len(dup))) {
		t.Errorf("duplicate prompt: %v", err)
	}
	_ = io.Discard
}

func TestEvalFileStopsAtMalformedPrompt(t *testing.T) {
	fs := &fakeServer{attempts: map[string]int{}}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	dir := t.TempDir()
	pf := filepath.Join(dir, "prompts.jsonl")
	var b strings.Builder
	WritePrompts(&b, testPrompts(t, 2))
	os.WriteFile(pf, []byte(b.String()+"{broken\n"), 0o644)
	n, err := CountPrompts(pf)
	if err != nil || n != 5 {
		t.Fatalf("CountPrompts = %d, %v", n, err)
	}
	_, err = EvalFile(context.Background(), pf, filepath.Join(dir, "p.jsonl"), evalOpts(srv.URL))
	if err == nil || !strings.Contains(err.Error(), "prompts.jsonl:5: malformed JSON") {
		t.Fatalf("malformed prompt line: %v", err)
	}
}
