package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"flowbench/export"
)

// --marks badges: every question names its objects by badge number (each
// mentioned object's "(mark n)", no dot colours), the rows carry no dot
// colours, and the manifest records the style; a bad style is a usage error.
func TestGenerateBadges(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ds")
	out, code := genCLI(t, "generate", "--split", "train", "--houses", "1", "--views", "3", "--size", "192",
		"--questions-only", "--quiet", "--assets", "none", "--marks", "badges", "--out", dir)
	if code != 0 {
		t.Fatalf("generate --marks badges: exit %d: %s", code, out)
	}
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	reMark := regexp.MustCompile(`\bmark(?:ed)? (\d+)|badge (\d+)|\(mark (\d+)\)`)
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		n++
		text := q.MotionText + "\n" + q.Question + "\n" + q.StaticQuestion
		if strings.Contains(text, " dot") || strings.Contains(text, "-dotted") {
			t.Errorf("%s names a dot: %q", q.ID, text)
		}
		if q.Mover.DotColor != "" {
			t.Errorf("%s: mover dot colour %q with badges", q.ID, q.Mover.DotColor)
		}
		if !reMark.MatchString(q.Question) && !strings.Contains(q.Question, "the marked ") {
			t.Errorf("%s: question names no badge: %q", q.ID, q.Question)
		}
	}
	if n == 0 {
		t.Fatal("no questions")
	}
	b, err := os.ReadFile(filepath.Join(dir, export.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m export.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if conf, _ := m.Config["train"].(map[string]any); conf["marks"] != "badges" {
		t.Errorf("manifest config %v does not record marks=badges", m.Config["train"])
	}
	out, code = genCLI(t, "generate", "--split", "train", "--houses", "1", "--marks", "stars", "--out", filepath.Join(t.TempDir(), "x"))
	if code != 2 || !strings.Contains(out, "--marks") {
		t.Errorf("--marks stars: exit %d, output %q; want exit 2 naming --marks", code, out)
	}
}
