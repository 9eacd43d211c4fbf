package assets

import (
	"strings"
	"testing"
)

// TestPropertiesContinuations checks that '\' continuations join lines
// (dropping the continuation lines' leading blanks) however many there are,
// that an escaped backslash does not continue a line, and that CRLF and a
// backslash on the last line are handled.
func TestPropertiesContinuations(t *testing.T) {
	const n = 160_000
	p := parseProperties(continuedProperties(n))
	want := "start" + strings.Repeat("ab", n-1) + "end"
	if got := p["name#1"]; got != want {
		t.Errorf("name#1: %d bytes, want %d (%q...)", len(got), len(want), got[:min(len(got), 20)])
	}
	if p["id#1"] != "long" || p["width#1"] != "10" || len(p) != 3 {
		t.Errorf("the lines around the long value: %d keys, id %q, width %q", len(p), p["id#1"], p["width#1"])
	}
	for src, want := range map[string]map[string]string{
		"a=x\\\\\nb=y\n":                {"a": "x\\", "b": "y"},    // even backslashes: no continuation
		"a=x\\\\\\\n  y\n":              {"a": "x\\y"},             // odd: continuation after an escaped one
		"a=one\\\r\n\t two\r\nb=3\r\n":  {"a": "onetwo", "b": "3"}, // CRLF
		"a=last\\":                      {"a": "last"},             // nothing to continue with
		"a=x\\\n\\\n  y\n":              {"a": "xy"},               // an empty continuation line
		"key\\\n  part=v\n":             {"keypart": "v"},          // a key continued
		"a=1\\\n# not a comment\nb=2\n": {"a": "1# not a comment", "b": "2"},
	} {
		got := parseProperties([]byte(src))
		if len(got) != len(want) {
			t.Errorf("%q: %q, want %q", src, got, want)
			continue
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%q: %q = %q, want %q", src, k, got[k], v)
			}
		}
	}
}
