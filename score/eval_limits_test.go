package score

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A concurrency over MaxConcurrency is refused, naming the value and the
// maximum (eval --concurrency 1000000 took 3 GB for 2 prompts), before any
// request is sent.
func TestEvalRefusesConcurrencyOverTheMaximum(t *testing.T) {
	fs := &fakeServer{attempts: map[string]int{}}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	opt := evalOpts(srv.URL)
	opt.Concurrency = MaxConcurrency + 1
	_, err := Eval(context.Background(), testPrompts(t, 1), filepath.Join(t.TempDir(), "p.jsonl"), opt)
	if err == nil || !strings.Contains(err.Error(), "concurrency 257 is over the maximum of 256") {
		t.Fatalf("concurrency %d: %v, want a refusal naming the maximum", opt.Concurrency, err)
	}
	if n := fs.calls.Load(); n != 0 {
		t.Errorf("%d requests were sent", n)
	}
}

// With the maximum concurrency and two prompts, eval starts no more
// request goroutines than prompts: when the prompts are first read (every
// worker has been started by then), the process holds about as many
// goroutines as before the run, not 256 more.
func TestEvalStartsNoMoreWorkersThanPrompts(t *testing.T) {
	fs := &fakeServer{attempts: map[string]int{}}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	prompts := testPrompts(t, 1)
	var started int
	seq := func(yield func(PromptLine, error) bool) {
		started = runtime.NumGoroutine()
		for _, p := range prompts {
			if !yield(p, nil) {
				return
			}
		}
	}
	base := runtime.NumGoroutine()
	opt := evalOpts(srv.URL)
	opt.Concurrency = MaxConcurrency
	sum, err := EvalSeq(context.Background(), seq, len(prompts), filepath.Join(t.TempDir(), "p.jsonl"), opt)
	if err != nil || sum.Written != len(prompts) {
		t.Fatalf("eval: %v, %+v", err, sum)
	}
	// The workers, the feeder, the result closer and perhaps the progress
	// and transport goroutines: far fewer than the 256 of the concurrency.
	if extra := started - base; extra > len(prompts)+8 {
		t.Errorf("%d prompts with concurrency %d: %d goroutines over the %d before the run", len(prompts), opt.Concurrency, extra, base)
	}
}

// Retry-After is honoured up to MaxBackoff: 999999999 seconds, a number
// past uint64 and a date years ahead all wait MaxBackoff; a short value
// or a near date waits that long; garbage and past dates wait nothing.
func TestRetryAfterIsCappedAtMaxBackoff(t *testing.T) {
	now := time.Date(2026, 12, 4, 9, 0, 0, 0, time.UTC)
	for h, want := range map[string]time.Duration{
		"999999999":                     time.Minute,
		"99999999999999999999999":       time.Minute,
		"Wed, 01 Jan 2031 00:00:00 GMT": time.Minute,
		"7":                             7 * time.Second,
		"Fri, 04 Dec 2026 09:00:05 GMT": 5 * time.Second,
		"":                              0,
		"soon":                          0,
		"-5":                            0,
		"Fri, 04 Dec 2026 08:00:00 GMT": 0,
	} {
		if got := retryAfter(h, now, time.Minute); got != want {
			t.Errorf("Retry-After %q: wait %v, want %v", h, got, want)
		}
	}
	// End to end: a 429 asking for 999999999 s under a 5 ms MaxBackoff is
	// retried at once and the prompt succeeds.
	prompts := testPrompts(t, 1)
	fs := &fakeServer{attempts: map[string]int{}}
	var first atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if first.Add(1) <= int32(len(prompts)) {
			w.Header().Set("Retry-After", "999999999")
			http.Error(w, "busy", http.StatusTooManyRequests)
			return
		}
		fs.ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a failure guard only
	defer cancel()
	if sum, err := Eval(ctx, prompts, filepath.Join(t.TempDir(), "p.jsonl"), evalOpts(srv.URL)); err != nil || sum.Written != len(prompts) {
		t.Fatalf("eval after Retry-After 999999999: %v, %+v", err, sum)
	}
	if n := first.Load(); n != int32(2*len(prompts)) {
		t.Errorf("%d requests for %d prompts, want each refused once then answered", n, len(prompts))
	}
}
