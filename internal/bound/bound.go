// Package bound holds the checks every numeric input of flowbench goes
// through: a value within its limits, and an input quoted in a message cut
// to QuoteMax characters, so that a hostile value is never echoed back
// whole (a 100,000-digit flag value once came back as 200 KB of stderr).
package bound

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// QuoteMax is the most characters of an input value a message quotes.
const QuoteMax = 64

// Quote returns s quoted as %q does, cut to its first QuoteMax characters
// with the full length said after the cut ("123…" (100000 bytes)).
func Quote(s string) string {
	if utf8.RuneCountInString(s) <= QuoteMax {
		return strconv.Quote(s)
	}
	n, i := 0, 0
	for i = range s {
		if n == QuoteMax {
			break
		}
		n++
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:i]), len(s))
}

// Error is a value outside its limits [Min, Max].
type Error struct {
	Value    string // the value as given
	Min, Max int64
}

// Error says the limits the value is outside of, quoting it with Quote.
func (e *Error) Error() string {
	return fmt.Sprintf("%s is outside %s", Quote(e.Value), Range(e.Min, e.Max))
}

// Range writes the limits lo..hi as a message and docs/cli.md give them.
func Range(lo, hi int64) string { return fmt.Sprintf("%d..%d", lo, hi) }

// Int parses s as a base-10 integer and checks it is within [lo, hi]; an
// error quotes s with Quote and gives the limits.
func Int(s string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not an integer in %s", Quote(s), Range(lo, hi))
	}
	if v < lo || v > hi {
		return 0, &Error{Value: s, Min: lo, Max: hi}
	}
	return v, nil
}

// Check checks that v is within [lo, hi]; name is the input's name (a
// flag, a field), which the error begins with.
func Check(name string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s %w", name, &Error{Value: strconv.FormatInt(v, 10), Min: lo, Max: hi})
	}
	return nil
}
