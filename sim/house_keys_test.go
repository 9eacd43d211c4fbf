package sim

import (
	"os"
	"path/filepath"
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
