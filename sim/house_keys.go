package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// House JSON keys are case-sensitive. encoding/json matches a key to a
// struct field ignoring case, so without this check "ID" or "Position"
// would silently set id or position (and override the real key when both
// are present) while UnknownHouseFields calls them unknown and dropped.
// checkHouseKeys refuses such a key before it can apply; keys that match
// no field in any case stay allowed (UnknownHouseFields lists them).

// jsonFieldNames maps each struct type of the house to its fields' exact
// JSON names and types.
var jsonFieldNames sync.Map // reflect.Type → map[string]reflect.Type

func structJSONFields(t reflect.Type) map[string]reflect.Type {
	if m, ok := jsonFieldNames.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = f.Type
	}
	jsonFieldNames.Store(t, m)
	return m
}

// keyFrame is one open JSON object or array of the walk: the Go type whose
// fields (struct), elements (slice, map) or nothing (nil: free-form) it
// holds, and the path and position for messages.
type keyFrame struct {
	obj     bool
	typ     reflect.Type // nil: free-form JSON, no keys to check
	path    string
	idx     int
	key     string
	wantKey bool
}

// checkHouseKeys walks JSON that decoded as a House and refuses the first
// object key that is not the exact JSON name of a House field but equals
// one ignoring case (as encoding/json would match it), naming its field
// path, line and column and the exact name.
func checkHouseKeys(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var st []keyFrame
	// childType returns the Go type of the value about to start in the top
	// frame, and its path.
	child := func() (reflect.Type, string) {
		if len(st) == 0 {
			return reflect.TypeOf(House{}), ""
		}
		f := &st[len(st)-1]
		if !f.obj {
			p := fmt.Sprintf("%s[%d]", f.path, f.idx)
			if f.typ == nil {
				return nil, p
			}
			return f.typ.Elem(), p
		}
		p := f.key
		if f.path != "" {
			p = f.path + "." + f.key
		}
		if f.typ == nil {
			return nil, p
		}
		if f.typ.Kind() == reflect.Map {
			return f.typ.Elem(), p
		}
		return structJSONFields(f.typ)[f.key], p
	}
	endValue := func() {
		if n := len(st); n > 0 {
			if st[n-1].obj {
				st[n-1].wantKey = true
			} else {
				st[n-1].idx++
			}
		}
	}
	for {
		start := dec.InputOffset()
		t, err := dec.Token()
		if err != nil {
			return nil // the end, or malformed JSON, which DecodeHouse reports
		}
		if d, ok := t.(json.Delim); ok {
			switch d {
			case '{', '[':
				typ, p := child()
				for typ != nil && typ.Kind() == reflect.Pointer {
					typ = typ.Elem()
				}
				if typ != nil {
					switch k := typ.Kind(); {
					case d == '{' && (k == reflect.Struct || k == reflect.Map):
					case d == '[' && (k == reflect.Slice || k == reflect.Array):
					default:
						typ = nil // free-form (any) or a type error DecodeHouse reports
					}
				}
				st = append(st, keyFrame{obj: d == '{', typ: typ, path: p, wantKey: d == '{'})
			default:
				st = st[:len(st)-1]
				endValue()
			}
			continue
		}
		if n := len(st); n > 0 && st[n-1].obj && st[n-1].wantKey {
			f := &st[n-1]
			f.key, _ = t.(string)
			f.wantKey = false
			if f.typ == nil || f.typ.Kind() != reflect.Struct {
				continue
			}
			fields := structJSONFields(f.typ)
			if _, ok := fields[f.key]; ok {
				continue
			}
			for name := range fields {
				if strings.EqualFold(name, f.key) {
					p := f.key
					if f.path != "" {
						p = f.path + "." + f.key
					}
					line, col := lineCol(b, start+int64(bytes.IndexByte(b[start:], '"')))
					return fmt.Errorf("line %d, column %d (%s): unknown field %q: house JSON keys are case-sensitive (did you mean %q?)", line, col, p, f.key, name)
				}
			}
			continue
		}
		endValue()
	}
}
