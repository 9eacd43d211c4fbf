package score

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// TestCheckMarksAgainstFakeServer checks the Real mark check's request
// (the image, the instruction, temperature 0) and its reading of replies.
func TestCheckMarksAgainstFakeServer(t *testing.T) {
	reply, gotImage := "", ""
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var req ChatRequest
		if err := json.Unmarshal(raw, &req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		if !strings.Contains(string(raw), `"temperature":0`) {
			http.Error(w, "want temperature 0", 400)
			return
		}
		parts := req.Messages[0].Content
		if parts[1].Text != marksInstruction {
			http.Error(w, "unexpected prompt", 400)
			return
		}
		gotImage = parts[0].ImageURL.URL
		fmt.Fprintf(w, `{"model":%q,"choices":[{"message":{"content":%q}}]}`, req.Model, reply)
	}))
	defer srv.Close()
	opt := EvalOptions{Endpoint: srv.URL, Model: "checker", MaxRetries: -1}
	for _, c := range []struct {
		reply string
		want  []int
	}{{"none", nil}, {"3, 5", []int{3, 5}}, {"Badges 2 and 7 are on the gripper; 9 is not a mark.", []int{2}}, {"5, 5", []int{5}}} {
		reply = c.reply
		got, err := CheckMarks(context.Background(), "ep1", []byte("PNG"), []int{1, 2, 3, 5}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("reply %q: %v, want %v", c.reply, got, c.want)
		}
		if gotImage != DataURL([]byte("PNG")) {
			t.Errorf("image %q", gotImage)
		}
	}
	srv.Close()
	if _, err := CheckMarks(context.Background(), "ep1", nil, []int{1}, opt); err == nil {
		t.Error("a server that is down gave no error")
	}
}
