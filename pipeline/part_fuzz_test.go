package pipeline

import (
	"strings"
	"testing"
)

// FuzzParsePart: ParsePart never panics, its errors stay short, and an
// accepted part has 0 <= K < N <= MaxParts and prints back to a value that
// parses to itself.
func FuzzParsePart(f *testing.F) {
	for _, s := range []string{"0/1", "3/8", "0/1000000000", "5/3", "-1/2", "1/0", "a/b", "/", "0/10000", "0/10001",
		strings.Repeat("9", 100) + "/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePart(s)
		if err != nil {
			if len(err.Error()) > 1024 {
				t.Fatalf("%d-byte message", len(err.Error()))
			}
			return
		}
		if p.Index < 0 || p.Index >= p.Count || p.Count > MaxParts {
			t.Fatalf("%q gave %+v", s, p)
		}
		if q, err := ParsePart(p.String()); err != nil || q != p {
			t.Fatalf("%q: %v printed %q parses to %+v, %v", s, p, p.String(), q, err)
		}
	})
}
