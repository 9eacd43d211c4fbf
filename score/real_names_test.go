package score

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestNamingAgainstFakeServer checks the three naming requests (the image,
// the instruction with the name, temperature 0) and the reading of their
// replies: the name's first line without quotes, the first count in digits
// or words (-1 without one), and yes/no.
func TestNamingAgainstFakeServer(t *testing.T) {
	reply, gotText, gotImage := "", "", ""
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var req ChatRequest
		if err := json.Unmarshal(raw, &req); err != nil || !strings.Contains(string(raw), `"temperature":0`) {
			http.Error(w, "want a chat request at temperature 0", 400)
			return
		}
		parts := req.Messages[0].Content
		gotImage, gotText = parts[0].ImageURL.URL, parts[1].Text
		fmt.Fprintf(w, `{"choices":[{"message":{"content":%q}}]}`, reply)
	}))
	defer srv.Close()
	ctx, opt := context.Background(), EvalOptions{Endpoint: srv.URL, Model: "namer", MaxRetries: -1}
	for r, want := range map[string]string{"red cup": "red cup", "  Red cup\nIt is a cup.": "Red cup", strings.Repeat("x", 300): strings.Repeat("x", 200)} {
		reply = r
		got, err := NameObject(ctx, "p#name0", []byte("CROP"), opt)
		if err != nil || got != want {
			t.Errorf("name reply %q: %q (%v), want %q", r, got, err, want)
		}
		if gotText != nameInstruction || gotImage != DataURL([]byte("CROP")) {
			t.Errorf("name request: %q with %q", gotText, gotImage)
		}
	}
	for r, want := range map[string]int{"1": 1, "There are 2 of them.": 2, "Two.": 2, "none": 0, "zero, but 3 similar": 0,
		"I see 3 cups, two of them red": 3, "I cannot tell.": -1, "": -1} {
		reply = r
		got, err := CountFitting(ctx, "p#count0", []byte("I0"), "red cup", opt)
		if err != nil || got != want {
			t.Errorf("count reply %q: %d (%v), want %d", r, got, err, want)
		}
		if !strings.Contains(gotText, `"red cup"`) {
			t.Errorf("count request %q does not quote the name", gotText)
		}
	}
	for r, want := range map[string]bool{"Yes.": true, "yes, it is": true, "**Yes**": true, "No.": false, "It is a bowl, not a cup.": false} {
		reply = r
		got, err := CheckName(ctx, "p#check0", []byte("BOXED"), "apple", opt)
		if err != nil || got != want {
			t.Errorf("check reply %q: %v (%v), want %v", r, got, err, want)
		}
		if !strings.Contains(gotText, "an apple?") {
			t.Errorf("check request %q", gotText)
		}
	}
	srv.Close()
	if _, err := NameObject(ctx, "p#name0", nil, opt); err == nil || !strings.Contains(err.Error(), "p#name0") {
		t.Errorf("a server that is down: %v, want an error naming the request", err)
	}
}
