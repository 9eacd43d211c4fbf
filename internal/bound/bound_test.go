package bound

import (
	"errors"
	"strings"
	"testing"
)

// TestQuote: short values are quoted whole; long ones cut to QuoteMax
// characters (runes, not bytes) with the full length in bytes.
func TestQuote(t *testing.T) {
	if got := Quote("abc"); got != `"abc"` {
		t.Errorf("short: %s", got)
	}
	long := strings.Repeat("9", 100_000)
	if got, want := Quote(long), `"`+strings.Repeat("9", 64)+`"… (100000 bytes)`; got != want {
		t.Errorf("long: %.120s", got)
	}
	wide := strings.Repeat("é", 65) // 2 bytes each
	if got, want := Quote(wide), `"`+strings.Repeat("é", 64)+`"… (130 bytes)`; got != want {
		t.Errorf("multi-byte: %s", got)
	}
	if got := Quote(strings.Repeat("x", 64)); strings.Contains(got, "…") {
		t.Errorf("exactly 64 characters was cut: %s", got)
	}
}

// TestIntAndCheck: values at the limits pass, one past them does not,
// and the errors say the limits.
func TestIntAndCheck(t *testing.T) {
	for _, c := range []struct {
		s  string
		ok bool
	}{{"1", true}, {"1024", true}, {"0", false}, {"1025", false}, {"x", false}, {"", false}, {"99999999999999999999", false}} {
		_, err := Int(c.s, 1, 1024)
		if (err == nil) != c.ok || (err != nil && !strings.Contains(err.Error(), "1..1024")) {
			t.Errorf("Int(%q): %v", c.s, err)
		}
	}
	err := Check("--houses", -1, 0, 10)
	var be *Error
	if !errors.As(err, &be) || err.Error() != `--houses "-1" is outside 0..10` {
		t.Errorf("Check: %v", err)
	}
	if err := Check("--houses", 10, 0, 10); err != nil {
		t.Errorf("at the limit: %v", err)
	}
}
