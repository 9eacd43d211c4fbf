package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"flowbench/export"
	"flowbench/score"
)

// TestRealBuildVLMFlags checks real build's VLM check flags: off by
// default (a server that fails every request is never contacted), refused
// when incomplete or, for the text-only check, on a split other than test;
// a failing mark-check server stops the build naming the pair; with both
// checks and naming on a working server, the manifest records them.
func TestRealBuildVLMFlags(t *testing.T) {
	tmp := t.TempDir()
	pairs := filepath.Join(tmp, "pairs")
	writeSimPairs(t, pairs, 3)
	var failed atomic.Int64
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		failed.Add(1)
		http.Error(w, "bad request", http.StatusBadRequest)
	}))
	defer down.Close()
	t.Setenv("FLOWBENCH_TEST_KEY", "secret")

	if code, out, errs := runCmd(t, "real", "build", pairs, "--out", filepath.Join(tmp, "plain"), "--split", "test", "--workers", "2"); code != 0 {
		t.Fatalf("real build without the checks: %d\n%s%s", code, out, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--check-marks-model", "m"}, "need --check-marks-endpoint"},
		{[]string{"--check-marks-endpoint", down.URL}, "needs --check-marks-model"},
		{[]string{"--text-only-model", "m", "--split", "test"}, "need --text-only-endpoint"},
		{[]string{"--text-only-endpoint", down.URL, "--split", "test"}, "needs --text-only-model"},
		{[]string{"--text-only-endpoint", down.URL, "--text-only-model", "m"}, "use it with --split test, not train"},
		{[]string{"--names-model", "m"}, "need --names-endpoint"},
		{[]string{"--names-api-key-env", "K"}, "need --names-endpoint"},
		{[]string{"--names-endpoint", down.URL}, "needs --names-model"},
	} {
		args := append([]string{"real", "build", pairs, "--out", filepath.Join(tmp, "refused")}, c.args...)
		code, out, errs := runCmd(t, args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want %d with %q\n%s%s", c.args, code, exitUsage, c.want, out, errs)
		}
	}
	if n := failed.Load(); n != 0 {
		t.Fatalf("%d requests to the failing server without a complete flag set", n)
	}

	code, out, errs := runCmd(t, "real", "build", pairs, "--out", filepath.Join(tmp, "stopped"), "--check-marks-endpoint", down.URL, "--check-marks-model", "m")
	if code == 0 || !strings.Contains(errs, "mark check of pair") || !strings.Contains(errs, "HTTP 400") {
		t.Fatalf("failing mark-check server: exit %d\n%s%s", code, out, errs)
	}

	code, out, errs = runCmd(t, "real", "build", pairs, "--out", filepath.Join(tmp, "stopped2"), "--names-endpoint", down.URL, "--names-model", "m")
	if code == 0 || !strings.Contains(errs, "naming the objects of pair") || !strings.Contains(errs, "HTTP 400") {
		t.Fatalf("failing naming server: exit %d\n%s%s", code, out, errs)
	}

	var marksAsked, textAsked, namesAsked atomic.Int64
	var authOK atomic.Bool
	authOK.Store(true)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer secret" {
			authOK.Store(false)
		}
		var req score.ChatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		reply := "A"
		parts := req.Messages[0].Content
		switch {
		case len(parts) == 2 && strings.HasPrefix(parts[1].Text, "This is a crop"): // naming
			n := namesAsked.Add(1)
			reply = []string{"red", "blue", "green", "yellow", "white", "black", "pink", "brown"}[n%8] + " cup"
		case len(parts) == 2 && strings.HasPrefix(parts[1].Text, "How many"):
			reply = "1"
		case len(parts) == 2 && strings.HasPrefix(parts[1].Text, "Is the object"):
			reply = "yes"
		case len(parts) == 2: // the image and the mark instruction
			marksAsked.Add(1)
			reply = "none"
		default:
			textAsked.Add(1)
		}
		fmt.Fprintf(w, `{"choices":[{"message":{"content":%q}}]}`, reply)
	}))
	defer up.Close()
	ds := filepath.Join(tmp, "checked")
	code, out, errs = runCmd(t, "real", "build", pairs, "--out", ds, "--split", "test", "--workers", "2",
		"--check-marks-endpoint", up.URL, "--check-marks-model", "markcheck", "--check-marks-api-key-env", "FLOWBENCH_TEST_KEY",
		"--text-only-endpoint", up.URL, "--text-only-model", "blind", "--text-only-api-key-env", "FLOWBENCH_TEST_KEY",
		"--names-endpoint", up.URL, "--names-model", "namer", "--names-api-key-env", "FLOWBENCH_TEST_KEY")
	if code != 0 {
		t.Fatalf("real build with the three VLM steps: %d\n%s%s", code, out, errs)
	}
	if marksAsked.Load() == 0 || textAsked.Load() == 0 || textAsked.Load()%2 != 0 || !authOK.Load() {
		t.Fatalf("%d mark checks and %d text-only requests (want both, two per candidate), key sent: %v", marksAsked.Load(), textAsked.Load(), authOK.Load())
	}
	m, err := export.ReadRealManifest(ds)
	if err != nil {
		t.Fatal(err)
	}
	run := m.Splits["test"].Run
	if run.TextOnly == nil || run.TextOnly.Model != "blind" || run.Config["check_marks_model"] != "markcheck" || run.Config["text_only_model"] != "blind" {
		t.Fatalf("run report: text_only %+v, config %v", run.TextOnly, run.Config)
	}
	if run.Names == nil || run.Names.Model != "namer" || namesAsked.Load() == 0 || int64(run.Names.Objects) != namesAsked.Load() || run.Config["names_model"] != "namer" {
		t.Fatalf("run report: names %+v (the server named %d objects), config %v", run.Names, namesAsked.Load(), run.Config)
	}
	asked := 0
	for _, n := range run.TextOnly.Asked {
		asked += n
	}
	if int64(2*asked) != textAsked.Load() {
		t.Errorf("report asked %d candidates, the server saw %d requests", asked, textAsked.Load())
	}
	if code, out, errs := runCmd(t, "validate", ds); code != 0 {
		t.Fatalf("validate: %d\n%s%s", code, out, errs)
	}
}
