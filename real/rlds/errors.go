package rlds

import (
	"errors"
	"fmt"
	"strings"
)

// ErrTruncated is wrapped by a record error when the file ends inside a
// record (its header, data or footer).
var ErrTruncated = errors.New("truncated record")

// ErrChecksum is wrapped by a record error when a masked CRC-32C does not
// match.
var ErrChecksum = errors.New("checksum mismatch")

// ErrTooLarge is wrapped when a declared length or count exceeds a cap or
// the bytes that are left.
var ErrTooLarge = errors.New("too large")

// Error is the reason an episode (or a whole shard) is skipped: which
// file, which record (0-based within the file; -1 when the file as a
// whole is at fault), which feature and which step, and why.
type Error struct {
	// File is the shard's path.
	File string
	// Record is the 0-based index of the record in File, -1 for the file.
	Record int
	// Feature is the Example feature at fault ("" for framing errors).
	Feature string
	// Step is the step at fault, -1 when no one step is.
	Step int
	// Err says what is wrong.
	Err error
}

// Error formats the reason as "FILE: record R: feature "F": step S: ERR",
// leaving out the parts that are unset.
func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString(e.File)
	if e.Record >= 0 {
		fmt.Fprintf(&sb, ": record %d", e.Record)
	}
	if e.Feature != "" {
		fmt.Fprintf(&sb, ": feature %q", e.Feature)
	}
	if e.Step >= 0 {
		fmt.Fprintf(&sb, ": step %d", e.Step)
	}
	sb.WriteString(": ")
	if fe, ok := e.Err.(*FeatureError); ok && fe.Feature == e.Feature {
		fmt.Fprintf(&sb, "want %s, found %s", fe.Want, fe.Found)
	} else if e.Err != nil {
		sb.WriteString(e.Err.Error())
	} else {
		sb.WriteString("unknown error")
	}
	return sb.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// FeatureError is a feature that is missing, of the wrong type or of the
// wrong size. It is wrapped by an *Error that names the file and record.
type FeatureError struct {
	// Feature is the feature's key.
	Feature string
	// Want is the list type or shape wanted ("float_list", "7 values per
	// step").
	Want string
	// Found is what the Example holds ("missing", "bytes_list", "12
	// values").
	Found string
}

// Error formats the error as `feature "F": want W, found X`.
func (e *FeatureError) Error() string {
	return fmt.Sprintf("feature %q: want %s, found %s", e.Feature, e.Want, e.Found)
}
