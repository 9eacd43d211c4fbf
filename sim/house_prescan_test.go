package sim

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDecodeHouseKeysCaseSensitive: a key equal to a field's JSON name
// only when case is ignored is refused with its path, line and the exact
// name, wherever the house's types put it (top level, objects and their
// children, points, map values); before, encoding/json applied it ("ID"
// overrode "id") while the unknown-field warning said it was not kept.
// Exact keys, unknown keys and free-form values (rooms[].children) decode
// as before.
func TestDecodeHouseKeysCaseSensitive(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	base := string(b)
	edit := func(old, new string) string {
		if !strings.Contains(base, old) {
			t.Fatalf("one_room.json has no %q", old)
		}
		return strings.Replace(base, old, new, 1)
	}
	cases := []struct {
		name, json string
		want       []string
	}{
		{"ID beside id", edit(`"id": "Chair|1|2",`, `"id": "Chair|1|2", "ID": "Chair|9|9",`),
			[]string{"(objects[1].ID): unknown field \"ID\"", `did you mean "id"?`, "case-sensitive"}},
		{"Position beside position", edit(`"id": "Chair|1|2",`, `"id": "Chair|1|2", "Position": {"x": 9, "y": 0.5, "z": 9},`),
			[]string{"objects[1].Position", `did you mean "position"?`}},
		{"child's Rotation", edit(`"id": "Mug|surface|1|1",`, `"id": "Mug|surface|1|1", "ROTATION": {"x": 0, "y": 90, "z": 0},`),
			[]string{"objects[0].children[0].ROTATION", `did you mean "rotation"?`}},
		{"point's X", edit(`"floorPolygon": [`, `"floorPolygon": [{"X": 7, "x": 0, "y": 0, "z": 0},`),
			[]string{"rooms[0].floorPolygon[0].X", `did you mean "x"?`}},
		{"top-level Objects", edit(`"objects": [`, `"Objects": [], "objects": [`),
			[]string{"(Objects)", `did you mean "objects"?`}},
		{"agent pose in a map", edit(`"schema": "1.0.0"`, `"schema": "1.0.0", "agentPoses": {"arm": {"Horizon": 30}}`),
			[]string{"metadata.agentPoses.arm.Horizon", `did you mean "horizon"?`}},
	}
	for _, c := range cases {
		_, err := DecodeHouse([]byte(c.json))
		if err == nil {
			t.Errorf("%s: decoded", c.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("%s: error %q does not give the line", c.name, err)
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not contain %q", c.name, err, w)
			}
		}
	}
	// Allowed: unknown keys, any key inside free-form values, and keys
	// equal to a field name in a struct where that field does not exist.
	for name, j := range map[string]string{
		"unknown key":          edit(`"id": "Chair|1|2",`, `"id": "Chair|1|2", "fooBar": 1,`),
		"free-form room child": edit(`"floorPolygon": [`, `"children": [{"ID": 1, "Position": 2}], "floorPolygon": [`),
		"the exact house":      base,
	} {
		h, err := DecodeHouse([]byte(j))
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if h.Objects[1].ID != "Chair|1|2" {
			t.Errorf("%s: object id %q", name, h.Objects[1].ID)
		}
	}
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestDecodeHouseRefusesLongListsBeforeDecoding: lists past their bounds
// are refused by the scan before decoding, with checkHouseSize's message,
// allocating little more than the input: before, a 32 MiB file of ten
// million empty objects was decoded (7 GB, 71 s) before the bound refused
// it. A million empty objects, rooms or points here; the free-form fields
// kept as they are hold at most MaxHouseFreeFormValues values.
func TestDecodeHouseRefusesLongListsBeforeDecoding(t *testing.T) {
	many := func(n int, v string) string { return strings.TrimSuffix(strings.Repeat(v+",", n), ",") }
	const n = 1000000
	cases := []struct {
		name, json string
		want       string
	}{
		{"a million objects", `{"rooms": [], "objects": [` + many(n, `{}`) + `]}`, "objects[1000]: the house has more than 1000 objects (children included)"},
		{"a million children", `{"objects": [{"id": "Table|1", "children": [` + many(n, `{}`) + `]}]}`, "objects[0].children[999]: the house has more than 1000 objects"},
		{"150 rooms with commas and brackets in strings", `{"rooms": [` + many(150, `{"id": "a,]}[{\\\",", "floorPolygon": [{"x": 1, "y": 0, "z": 2}, {"x": 3, "y": 0, "z": 2}]}`) + `]}`, "rooms: 150 entries, more than the limit of 100"},
		{"a million rooms", `{"rooms": [` + many(n, `{}`) + `]}`, "rooms: 1000000 entries, more than the limit of 100"},
		{"a million floor points", `{"rooms": [{"id": "r", "floorPolygon": [` + many(n, `{}`) + `]}]}`, "rooms[0].floorPolygon: 1000000 points, more than the limit of 200"},
		{"a million culled layers", `{"proceduralParameters": {"lights": [{"cullingMaskOff": [` + many(n, `""`) + `]}]}}`, "proceduralParameters.lights[0].cullingMaskOff: 1000000 entries, more than the limit of 1000"},
		{"a million numbers in a room's children", `{"rooms": [{"id": "r", "children": [` + many(n, `0`) + `]}]}`, "rooms[0].children[10000]: the free-form fields kept as they are"},
	}
	for _, c := range cases {
		var err error
		bytes := allocated(func() { _, err = DecodeHouse([]byte(c.json)) })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		if limit := 16*uint64(len(c.json)) + 1<<20; bytes > limit {
			t.Errorf("%s: %d bytes allocated for %d bytes of JSON, more than %d", c.name, bytes, len(c.json), limit)
		}
	}
	// Within the bounds: free-form values up to the limit are kept.
	ok := `{"rooms": [{"id": "r", "children": [` + many(MaxHouseFreeFormValues, `0`) + `]}]}`
	if h, err := DecodeHouse([]byte(ok)); err != nil || len(h.Rooms[0].Children) != MaxHouseFreeFormValues {
		t.Errorf("%d free-form values: %v", MaxHouseFreeFormValues, err)
	}
}
