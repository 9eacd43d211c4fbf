package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"flowbench/storage/localfile"
)

// ReadHouseFile reads and decodes a ProcTHOR house JSON file. Errors name the
// file, and for malformed JSON the line, column and field path.
func ReadHouseFile(path string) (*House, error) {
	b, err := readHouseBytes(path)
	if err != nil {
		return nil, err
	}
	h, err := DecodeHouse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return h, nil
}

// DecodeHouse decodes a ProcTHOR house from JSON bytes. Syntax errors report
// the line, column and JSON field path where decoding stopped; NaN and
// Infinity literals, which JSON does not allow, get an error saying so.
// Input over MaxHouseBytes or nested deeper than MaxHouseJSONDepth is
// refused before decoding, and so are lists beyond their bounds
// (scanHouseJSON: what checkHouseSize would refuse after decoding, before
// decoding pays for it). Keys are case-sensitive: a key that names a field
// only when case is ignored ("ID" for "id") is an error naming its path;
// other unknown fields are ignored (see UnknownHouseFields).
func DecodeHouse(b []byte) (*House, error) {
	if len(b) > MaxHouseBytes {
		return nil, fmt.Errorf("the house JSON is %d bytes, more than the %d-byte limit", len(b), MaxHouseBytes)
	}
	if err := checkJSONDepth(b); err != nil {
		return nil, err
	}
	if err := scanHouseJSON(b, nil); err != nil {
		return nil, err
	}
	var h House
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&h); err != nil {
		return nil, decodeError(b, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		off := dec.InputOffset()
		line, col := lineCol(b, off)
		return nil, fmt.Errorf("line %d, column %d: malformed JSON: unexpected data after the house object", line, col)
	}
	return &h, nil
}

// readHouseBytes reads a house file of at most MaxHouseBytes, refusing a
// larger one (or an endless stream such as /dev/zero) without reading more
// than one byte past the limit.
func readHouseBytes(path string) ([]byte, error) {
	return readFileLimited(path, MaxHouseBytes, "a house")
}

// readFileLimited reads the file at path if it is a regular file (or a link
// to one) of at most limit bytes; what names the kind of file in the error
// ("a house"). A FIFO or a device is refused before it is opened.
func readFileLimited(path string, limit int64, what string) ([]byte, error) {
	return localfile.ReadFile(path, limit, what)
}

// checkJSONDepth refuses JSON whose objects and arrays nest deeper than
// MaxHouseJSONDepth, naming the line, column and field path where the limit
// is crossed, and JSON that EncodeHouse's two-space indentation would blow
// up past MaxHouseEncodedBytes (every element starts a line indented by its
// depth: a 32 MiB file of deeply nested short values would become
// gigabytes).
func checkJSONDepth(b []byte) error {
	tooDeep, indented := scanJSONNesting(b)
	if tooDeep >= 0 {
		line, col := lineCol(b, int64(tooDeep))
		return fmt.Errorf("line %d, column %d (%s): objects and arrays nest deeper than %d levels", line, col, orRoot(jsonPathAt(b, int64(tooDeep)+1)), MaxHouseJSONDepth)
	}
	if indented > MaxHouseEncodedBytes {
		return fmt.Errorf("re-encoded with indentation the house would take about %d bytes, more than the %d-byte limit: its values nest too deep for their number", indented, int64(MaxHouseEncodedBytes))
	}
	return nil
}

// jsonStrings follows, byte by byte, whether a scan of JSON text is inside
// a string, so that the scans below see only its structure.
type jsonStrings struct{ in, escaped bool }

// skip reports whether c is part of a string (its quotes included),
// updating the state.
func (s *jsonStrings) skip(c byte) bool {
	switch {
	case s.in:
		switch {
		case s.escaped:
			s.escaped = false
		case c == '\\':
			s.escaped = true
		case c == '"':
			s.in = false
		}
		return true
	case c == '"':
		s.in = true
		return true
	}
	return false
}

// scanJSONNesting scans b once, allocating nothing, and returns the offset
// of the first '{' or '[' nested deeper than MaxHouseJSONDepth (-1 if none;
// the scan stops there) and an estimate of b's size once indented by two
// spaces per level: a newline and the indentation for every element.
func scanJSONNesting(b []byte) (tooDeep int, indented int64) {
	depth, str := 0, jsonStrings{}
	indented = int64(len(b))
	for i, c := range b {
		switch {
		case str.skip(c):
		case c == '{' || c == '[':
			depth++
			if depth > MaxHouseJSONDepth {
				return i, indented
			}
			indented += 1 + 2*int64(depth)
		case c == ',':
			indented += 1 + 2*int64(depth)
		case c == '}' || c == ']':
			depth--
			indented += 1 + 2*int64(max(depth, 0))
		}
	}
	return -1, indented
}

// decodeError turns an encoding/json error into one naming the line, column
// and field path of the problem.
func decodeError(b []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF) && len(bytes.TrimSpace(b)) == 0:
		return fmt.Errorf("malformed JSON: the file is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		line, col := lineCol(b, int64(len(b)))
		return fmt.Errorf("line %d, column %d (%s): malformed JSON: unexpected end of input", line, col, orRoot(jsonPathAt(b, -1)))
	case errors.As(err, &se):
		off := se.Offset - 1
		if off < 0 {
			off = 0
		}
		line, col := lineCol(b, off)
		field := orRoot(jsonPathAt(b, -1))
		if w := nonFiniteLiteral(b, off); w != "" {
			return fmt.Errorf("line %d, column %d (%s): %s is not a finite number; JSON has no NaN or Infinity, write a finite coordinate", line, col, field, w)
		}
		return fmt.Errorf("line %d, column %d (%s): malformed JSON: %v", line, col, field, se)
	case errors.As(err, &te):
		line, col := lineCol(b, te.Offset)
		return fmt.Errorf("line %d, column %d (%s): wrong JSON type: got %s, want %v", line, col, orRoot(jsonPathAt(b, te.Offset)), te.Value, te.Type)
	}
	return fmt.Errorf("malformed house JSON: %v", err)
}

func orRoot(path string) string {
	if path == "" {
		return "top level"
	}
	return path
}

// lineCol returns the 1-based line and column of byte offset off.
func lineCol(b []byte, off int64) (line, col int) {
	if off > int64(len(b)) {
		off = int64(len(b))
	}
	pre := b[:off]
	line = 1 + bytes.Count(pre, []byte("\n"))
	col = int(off) - bytes.LastIndexByte(pre, '\n')
	return line, col
}

// nonFiniteLiteral returns the NaN/Infinity word starting around offset off,
// or "" when the text there is something else.
func nonFiniteLiteral(b []byte, off int64) string {
	start := int(off)
	for start > 0 && isWordByte(b[start-1]) {
		start--
	}
	end := int(off)
	for end < len(b) && isWordByte(b[end]) {
		end++
	}
	if start >= end {
		return ""
	}
	w := string(b[start:end])
	switch strings.ToLower(strings.TrimLeft(w, "+-")) {
	case "nan", "infinity", "inf":
		return w
	}
	return ""
}

func isWordByte(c byte) bool {
	return c == '-' || c == '+' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// jsonPathAt returns the field path, e.g. "rooms[2].floorPolygon[0].x", of the
// value being read when byte offset stop is reached, or of the value at which
// the JSON becomes invalid when stop is negative. It runs in time linear in
// len(b) whatever the nesting: the path is built once, for the one token that
// names it.
func jsonPathAt(b []byte, stop int64) string {
	// The first pass finds which token's path is wanted; the second replays
	// the tokens up to it and builds that one path.
	target, path := walkJSONPath(b, stop, -1)
	switch {
	case target == -1:
		return path // the failure point's path, built once
	case target < 0:
		return ""
	}
	_, path = walkJSONPath(b, stop, target)
	return path
}

// jsonFrame is one open object or array while walking JSON tokens.
type jsonFrame struct {
	obj     bool
	key     string
	idx     int
	wantKey bool
}

// jsonFramesPath formats the path of an open-container stack.
func jsonFramesPath(st []jsonFrame) string {
	var sb strings.Builder
	for _, f := range st {
		switch {
		case f.obj && !f.wantKey:
			if sb.Len() > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(f.key)
		case !f.obj:
			sb.WriteByte('[')
			sb.WriteString(strconv.Itoa(f.idx))
			sb.WriteByte(']')
		}
	}
	return sb.String()
}

// walkJSONPath walks b's tokens as jsonPathAt describes. Value-starting
// tokens are numbered from 0; the result names the number of the token whose
// path jsonPathAt returns (-1 for "the path at the failure point", -2 for
// none) and, when want is that number, the path itself.
func walkJSONPath(b []byte, stop int64, want int) (int, string) {
	var st []jsonFrame
	endValue := func() {
		if n := len(st); n > 0 {
			if st[n-1].obj {
				st[n-1].wantKey = true
			} else {
				st[n-1].idx++
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // a number too large for float64 is still a token
	last, n := -2, 0
	lastPath := ""
	valueStart := func() {
		last = n
		if n == want {
			lastPath = jsonFramesPath(st)
		}
		n++
	}
	for {
		t, err := dec.Token()
		if err != nil {
			if stop >= 0 {
				return last, lastPath
			}
			return -1, jsonFramesPath(st)
		}
		if d, ok := t.(json.Delim); ok {
			switch d {
			case '{', '[':
				valueStart()
				st = append(st, jsonFrame{obj: d == '{', wantKey: d == '{'})
			default:
				st = st[:len(st)-1]
				endValue()
			}
		} else if k := len(st); k > 0 && st[k-1].obj && st[k-1].wantKey {
			st[k-1].key, _ = t.(string)
			st[k-1].wantKey = false
			continue
		} else {
			valueStart()
			endValue()
		}
		if stop >= 0 && dec.InputOffset() >= stop {
			return last, lastPath
		}
	}
}

// UnknownHouseFields lists, sorted, the JSON fields of a house file that the
// House type does not model and that a decode/encode round trip therefore
// drops. Array indices are written as "[]", e.g. "objects[].children[].foo".
// Malformed JSON yields an empty list (DecodeHouse reports it). The values
// of unknown fields are skipped, not decoded.
func UnknownHouseFields(b []byte) []string {
	if !json.Valid(b) {
		return nil
	}
	seen := map[string]bool{}
	_ = scanHouseJSON(b, seen) // a house past its bounds still lists what was seen
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// EncodeHouse encodes a house as indented JSON with a trailing newline.
// The output bytes depend only on the house's contents. A non-finite number
// is an error naming its field.
func EncodeHouse(h *House) ([]byte, error) {
	b, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		var ue *json.UnsupportedValueError
		if errors.As(err, &ue) {
			if ferr := checkHouseFinite(h); ferr != nil {
				return nil, fmt.Errorf("encode house: %w", ferr)
			}
		}
		return nil, fmt.Errorf("encode house: %w", err)
	}
	return append(b, '\n'), nil
}

// WriteFileAtomic writes data to a temporary file beside path and renames it
// into place, so a reader never sees a half-written file
// (WriteFileAtomicFunc).
func WriteFileAtomic(path string, data []byte) error {
	return WriteFileAtomicFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFileAtomicFunc writes path through a temporary file beside it
// (.<name>.tmp-*) filled by fill, fsynced and renamed: path is either absent
// or complete, and on an error the temporary file is removed. The file gets
// mode 0644 rather than CreateTemp's 0600. An error of the file system
// names path, not the temporary file the user never asked for.
func WriteFileAtomicFunc(path string, fill func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return atPath(path, err)
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		err = fill(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return atPath(path, err)
	}
	return nil
}

// atPath returns err as an *os.PathError of op "write" at path when err is
// a file system error (which names the temporary file), else err.
func atPath(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return &os.PathError{Op: "write", Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &os.PathError{Op: "write", Path: path, Err: le.Err}
	}
	return err
}
