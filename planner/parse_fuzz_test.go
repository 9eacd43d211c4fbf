package planner

import (
	"maps"
	"math"
	"strings"
	"testing"
)

// maxMessage bounds an error message of a parser (a hostile value is
// quoted cut to 64 characters, so messages stay short whatever the input).
const maxMessage = 1024

// FuzzParseTestCounts: ParseTestCounts never panics, its errors stay short,
// and what it accepts has counts in 0..MaxTestCount selecting at least one
// question and survives FormatTestCounts and a second parse unchanged.
func FuzzParseTestCounts(f *testing.F) {
	for _, s := range []string{"method", "occlusion=3", "occlusion=0", "occlusion=1,left_right=2", "occlusion=1,occlusion=2",
		"bogus=1", "occlusion=-1", "occlusion=1000001", ",", "", "occlusion", strings.Repeat("9", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseTestCounts(s)
		if err != nil {
			if len(err.Error()) > maxMessage {
				t.Fatalf("%d-byte message", len(err.Error()))
			}
			return
		}
		total := 0
		for c, n := range m {
			if c < 0 || c >= NumCategories || n < 0 || n > MaxTestCount {
				t.Fatalf("%q gave %v=%d", s, c, n)
			}
			total += n
		}
		if total == 0 {
			t.Fatalf("%q accepted selecting nothing", s)
		}
		again, err := ParseTestCounts(FormatTestCounts(m))
		if err != nil || !maps.Equal(again, m) {
			t.Fatalf("%q: round trip %v, %v", s, again, err)
		}
	})
}

// FuzzParseMix: ParseMix never panics, its errors stay short, and an
// accepted mix has shares in [0, 1] summing to 1.
func FuzzParseMix(f *testing.F) {
	for _, s := range []string{"", "natural", "equal", "method", "occlusion=1", "occlusion=1,left_right=3", "occlusion=NaN",
		"occlusion=+Inf", "occlusion=1e7", "occlusion=0", "occlusion=1,occlusion=1", "x=1", strings.Repeat("9", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMix(s, AllCategories())
		if err != nil {
			if len(err.Error()) > maxMessage {
				t.Fatalf("%d-byte message", len(err.Error()))
			}
			return
		}
		if m == nil {
			return
		}
		sum := 0.0
		for _, v := range m {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("%q: share %v", s, v)
			}
			sum += v
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("%q: shares sum to %v", s, sum)
		}
	})
}
