package planner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoFixedPluralAfterCount scans the planner's source for format strings
// that write a count before a plural noun ("after %d free waypoints"),
// which reads "after 1 free waypoints" for a count of one; such texts use
// plural(n, noun). A count that is never one may stay (listed here).
func TestNoFixedPluralAfterCount(t *testing.T) {
	neverOne := map[string]bool{
		"%d degrees": true, // viewpoint orbits (never a single degree)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	reCount := regexp.MustCompile(`%d [a-z-]+s\b`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") || strings.Contains(line, "Errorf(") {
				continue
			}
			for _, m := range reCount.FindAllString(line, -1) {
				if !neverOne[m] {
					t.Errorf("%s:%d: %q writes a fixed plural after a count; use plural(n, noun)", f, i+1, m)
				}
			}
		}
	}
}
