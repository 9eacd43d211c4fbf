package pairfile

import "strings"

// Error is a refusal of one pair: which pair, which file, which field of
// pair.json (or of the masks file) and why. A caller skips the pair and
// records Error() as the reason.
type Error struct {
	// Pair is the pair's id, or its folder's name, or "line N" for an
	// index line whose id could not be read.
	Pair string
	// File is the file at fault as pair.json names it (relative to the
	// pair's folder), "pair.json", or the index file with its line
	// ("pairs.jsonl:12").
	File string
	// Field is the JSON path of the field at fault, such as
	// "frames[0].masks.labels" or "intrinsics.fx"; "" when the file as a
	// whole is at fault.
	Field string
	// Reason says what is wrong.
	Reason string
	// Err is the underlying error, if any (a missing file wraps
	// fs.ErrNotExist); Reason already includes its text.
	Err error
}

// Error formats the refusal as "pair ID: FILE (FIELD): REASON", leaving out
// the parts that are empty.
func (e *Error) Error() string {
	var sb strings.Builder
	if e.Pair != "" {
		sb.WriteString("pair ")
		sb.WriteString(e.Pair)
		sb.WriteString(": ")
	}
	if e.File != "" {
		sb.WriteString(e.File)
		if e.Field != "" {
			sb.WriteString(" (")
			sb.WriteString(e.Field)
			sb.WriteString(")")
		}
		sb.WriteString(": ")
	} else if e.Field != "" {
		sb.WriteString(e.Field)
		sb.WriteString(": ")
	}
	sb.WriteString(e.Reason)
	return sb.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
