package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// scanHouseJSON walks house JSON once, before it is decoded, against the
// House type, and refuses what decoding would either apply wrongly or pay
// for before the bounds could refuse it:
//
//   - a key that is not the exact JSON name of a field but equals one when
//     case is ignored: encoding/json would match it, so "ID" or "Position"
//     would silently set id or position (overriding the real key) while
//     UnknownHouseFields calls them dropped. The error names the field
//     path, line and column and the exact name;
//   - a list longer than its bound (rooms, walls, doors, windows, lights,
//     polygon points, and any other list or map of the format beyond
//     MaxHouseListEntries), objects beyond MaxHouseObjects in all, and
//     more than MaxHouseFreeFormValues values in the free-form fields kept
//     as they are (rooms[].ceilings and children,
//     proceduralParameters.reflections, metadata.warnings): a 32 MiB file
//     of ten million empty objects took 7 GB and 71 s to decode before
//     checkHouseSize refused it. The messages are checkHouseSize's.
//
// Keys that match no field are allowed; their values are skipped unread
// and their paths go into unknown when it is not nil (array indices written
// "[]", as UnknownHouseFields lists them). Malformed JSON ends the walk
// without an error: DecodeHouse reports it.
func scanHouseJSON(b []byte, unknown map[string]bool) error {
	sc := houseScan{b: b, dec: json.NewDecoder(bytes.NewReader(b)), unknown: unknown}
	sc.dec.UseNumber()
	err := sc.value(reflect.TypeOf(House{}), nil, scanTyped)
	if err == errScanEnd {
		return nil
	}
	return err
}

// MaxHouseListEntries bounds any list or map of the house format without a
// bound of its own (a light's cullingMaskOff, metadata.agentPoses).
const MaxHouseListEntries = 1000

// MaxHouseFreeFormValues bounds the JSON values (numbers, strings, objects,
// arrays, each counted) of the free-form fields a house keeps as they are:
// rooms[].ceilings, rooms[].children, proceduralParameters.reflections and
// metadata.warnings. Real houses leave them empty.
const MaxHouseFreeFormValues = 10000

// errScanEnd stops the walk at malformed JSON, which DecodeHouse reports.
var errScanEnd = fmt.Errorf("end of scan")

// scanMode says how a value is walked: against its Go type, as free-form
// kept JSON (counted against MaxHouseFreeFormValues), or skipped (a value
// of the wrong JSON kind, which decoding reports).
type scanMode int

const (
	scanTyped scanMode = iota
	scanFree
	scanSkip
)

type houseScan struct {
	b       []byte
	dec     *json.Decoder
	unknown map[string]bool
	objects int // objects seen, children included
	free    int // free-form values seen
	route   []int
}

// scanPath is the field path of a value, built into a string only for a
// message or an unknown field (a million list entries cost no strings).
type scanPath struct {
	up  *scanPath
	key string // the member's key, or "" for a list entry
	idx int    // the list entry's index
}

// String returns the path, e.g. "rooms[0].floorPolygon[3]".
func (p *scanPath) String() string { return p.format(false) }

// generic returns the path with list indices written "[]".
func (p *scanPath) generic() string { return p.format(true) }

func (p *scanPath) format(generic bool) string {
	if p == nil {
		return ""
	}
	up := p.up.format(generic)
	switch {
	case p.key == "" && generic:
		return up + "[]"
	case p.key == "":
		return fmt.Sprintf("%s[%d]", up, p.idx)
	}
	return joinPath(up, p.key)
}

// token reads the next token; malformed JSON ends the walk.
func (sc *houseScan) token() (json.Token, error) {
	t, err := sc.dec.Token()
	if err != nil {
		return nil, errScanEnd
	}
	return t, nil
}

// value walks the next value, of Go type t (nil: free-form or skipped),
// at field path path.
func (sc *houseScan) value(t reflect.Type, path *scanPath, mode scanMode) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if mode == scanTyped && t != nil && t.Kind() == reflect.Interface {
		mode = scanFree
	}
	if mode == scanFree {
		if sc.free++; sc.free > MaxHouseFreeFormValues {
			return fieldErr(path.String(), "the free-form fields kept as they are (rooms[].ceilings, rooms[].children, proceduralParameters.reflections, metadata.warnings) hold more than %d JSON values in all", MaxHouseFreeFormValues)
		}
	}
	tok, err := sc.token()
	if err != nil {
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil // a scalar
	}
	if mode == scanTyped {
		k := t.Kind()
		if d == '{' && k != reflect.Struct && k != reflect.Map || d == '[' && k != reflect.Slice && k != reflect.Array {
			mode = scanSkip // the wrong JSON kind: decoding reports it
		}
	}
	if d == '{' {
		return sc.object(t, path, mode)
	}
	return sc.array(t, path, mode)
}

// object walks the members of an object whose '{' was read.
func (sc *houseScan) object(t reflect.Type, path *scanPath, mode scanMode) error {
	var fields map[string]reflect.Type
	if mode == scanTyped && t.Kind() == reflect.Struct {
		fields = structJSONFields(t)
	}
	n := 0 // members of a map
	for sc.dec.More() {
		start := sc.dec.InputOffset()
		tok, err := sc.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		p := &scanPath{up: path, key: key}
		if mode != scanTyped {
			if err := sc.value(nil, p, mode); err != nil {
				return err
			}
			continue
		}
		if t.Kind() == reflect.Map {
			n++
			if err := sc.value(t.Elem(), p, scanTyped); err != nil {
				return err
			}
			continue
		}
		ft, ok := fields[key]
		if !ok {
			for name := range fields {
				if strings.EqualFold(name, key) {
					line, col := lineCol(sc.b, start+int64(bytes.IndexByte(sc.b[start:], '"')))
					return fmt.Errorf("line %d, column %d (%s): unknown field %q: house JSON keys are case-sensitive (did you mean %q?)", line, col, p, key, name)
				}
			}
			if sc.unknown != nil {
				sc.unknown[p.generic()] = true
			}
			var skip json.RawMessage
			if err := sc.dec.Decode(&skip); err != nil {
				return errScanEnd
			}
			continue
		}
		if err := sc.value(ft, p, scanTyped); err != nil {
			return err
		}
	}
	if n > MaxHouseListEntries {
		return fieldErr(path.String(), "%d entries, more than the limit of %d", n, MaxHouseListEntries)
	}
	_, err := sc.token() // '}'
	return err
}

// array walks the elements of an array whose '[' was read, refusing more
// elements than the list's bound. Past the bound the elements are only
// counted, from the bytes, for the message.
func (sc *houseScan) array(t reflect.Type, path *scanPath, mode scanMode) error {
	var elem reflect.Type
	limit, unit := 0, "entries"
	objects := false
	if mode == scanTyped {
		elem = t.Elem()
		limit, unit = houseListBound(path.String(), elem)
		objects = elem == reflect.TypeOf(HouseObject{})
	}
	n := 0
	p := &scanPath{up: path}
	for sc.dec.More() {
		if limit > 0 && n >= limit {
			// Past the bound: count the rest from the bytes, unread.
			n += countRestOfArray(sc.b[sc.dec.InputOffset():])
			return fieldErr(path.String(), "%d %s, more than the limit of %d", n, unit, limit)
		}
		if objects {
			sc.route = append(sc.route, n)
			if sc.objects++; sc.objects > MaxHouseObjects {
				return fieldErr(objectPath(sc.route), "the house has more than %d objects (children included)", MaxHouseObjects)
			}
		}
		p.idx = n
		if err := sc.value(elem, p, mode); err != nil {
			return err
		}
		if objects {
			sc.route = sc.route[:len(sc.route)-1]
		}
		n++
	}
	_, err := sc.token() // ']'
	return err
}

// countRestOfArray counts the elements left in an array whose next byte
// (after whitespace) is the ',' before the next element: the commas at its
// own level up to its closing ']'.
func countRestOfArray(b []byte) int {
	n, depth, str := 0, 0, jsonStrings{}
	for _, c := range b {
		switch {
		case str.skip(c):
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return n
			}
			depth--
		case c == ',' && depth == 0:
			n++
		}
	}
	return n
}

// houseListBound returns the bound on a typed list at path with elements of
// type elem (as checkHouseSize applies it) and what its entries are called;
// 0 for the object lists, which count towards MaxHouseObjects together, and
// for free-form lists, whose values count towards MaxHouseFreeFormValues.
func houseListBound(path string, elem reflect.Type) (int, string) {
	switch {
	case elem == reflect.TypeOf(HouseObject{}), elem.Kind() == reflect.Interface:
		return 0, "" // objects count together; free-form values too
	case path == "rooms":
		return MaxHouseRooms, "entries"
	case path == "walls":
		return MaxHouseWalls, "entries"
	case path == "doors", path == "windows":
		return MaxHouseOpenings, "entries"
	case path == "proceduralParameters.lights":
		return MaxHouseLights, "entries"
	case strings.HasSuffix(path, ".floorPolygon"):
		return MaxPolygonPoints, "points"
	case strings.HasSuffix(path, ".polygon"), strings.HasSuffix(path, ".holePolygon"):
		return MaxWallPolygonPoints, "points"
	}
	return MaxHouseListEntries, "entries"
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

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
