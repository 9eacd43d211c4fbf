package score

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalRefusesEndlessReply has a server stream zeros forever as its
// reply: eval fails that prompt with the limit named, after reading one
// byte past it, instead of reading without bound.
func TestEvalRefusesEndlessReply(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.Copy(w, zeros{}) // ends when eval hangs up
	}))
	defer srv.Close()
	prompts := testPrompts(t, 1)
	sum, err := Eval(context.Background(), prompts, filepath.Join(t.TempDir(), "p.jsonl"), evalOpts(srv.URL))
	if err == nil || sum.Failed != len(prompts) || !strings.Contains(err.Error(), "the reply is longer than the 16777216-byte limit") {
		t.Fatalf("endless reply: err %v, summary %+v", err, sum)
	}
}
