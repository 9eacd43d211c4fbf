package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProgressLinesWhenNotATerminal: with stderr a file, progress is plain
// lines, one per interval and one at the end (0.3.11 redrew a bar with
// carriage returns into the log: 43 updates in 17 s), and no ETA before a
// house is done (the bar said "ETA 0s").
func TestProgressLinesWhenNotATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, ok := newProgress(f, 4).(*progressLines); !ok {
		t.Fatal("a regular file got the redrawing bar")
	}
	var buf bytes.Buffer
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := start
	p := &progressLines{counts: progressCounts{houses: 4, start: start}, w: &buf, every: 10 * time.Second, now: func() time.Time { return now }}
	for i := range 45 { // 45 questions over 22 s; a house done at 12 s
		now = start.Add(time.Duration(i) * 500 * time.Millisecond)
		p.Question()
		if i == 24 {
			p.House()
		}
	}
	p.Finish()
	out := buf.String()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if strings.Contains(out, "\r") || len(lines) != 3 {
		t.Fatalf("want 2 interval lines and a final one, no carriage returns; got %q", out)
	}
	if strings.Contains(lines[0], "ETA") {
		t.Errorf("ETA before any house was done: %q", lines[0])
	}
	if want := "progress: houses 1/4, 41 questions, "; !strings.HasPrefix(lines[1], want) || !strings.HasSuffix(lines[1], ", ETA 1m0s") {
		t.Errorf("second line %q, want %q… and ETA 1m0s (20 s for one house, three left)", lines[1], want)
	}
	if want := "progress: houses 1/4, 45 questions, 2.0 q/s, ETA 1m6s"; lines[2] != want {
		t.Errorf("final line %q, want %q", lines[2], want)
	}
}
