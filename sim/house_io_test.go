package sim

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// referencePath returns a file under the shared reference folder
// (../../shared/reference from the package dir, i.e. ../shared next to the
// repository root, or $FLOWBENCH_SHARED/reference), skipping the test with a
// message when it is absent.
func referencePath(t testing.TB, rel string) string {
	t.Helper()
	root := filepath.Join("..", "..", "shared")
	if env := os.Getenv("FLOWBENCH_SHARED"); env != "" {
		root = env
	}
	p := filepath.Join(root, "reference", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("reference file %s not available (%v): set FLOWBENCH_SHARED or check out ../shared next to the repository", p, err)
	}
	return p
}

// goodHouses lists the hand-written houses that must load.
func goodHouses(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "houses", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.Contains(filepath.Base(f), "asset-db") {
			out = append(out, f)
		}
	}
	if len(out) < 6 {
		t.Fatalf("found only %d test houses: %v", len(out), out)
	}
	return out
}

// roundTrip checks Decode → Encode → Decode → Encode gives identical bytes
// and returns the first encoding.
func roundTrip(t *testing.T, name string, b []byte) []byte {
	t.Helper()
	h1, err := DecodeHouse(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	e1, err := EncodeHouse(h1)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	h2, err := DecodeHouse(e1)
	if err != nil {
		t.Fatalf("%s: re-decode: %v", name, err)
	}
	e2, err := EncodeHouse(h2)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !bytes.Equal(e1, e2) {
		t.Fatalf("%s: encode(decode(encode(decode(x)))) differs from encode(decode(x))", name)
	}
	return e1
}

// pruneJSON removes nulls and empty objects, which the House type omits
// without loss for AI2-THOR.
func pruneJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			e = pruneJSON(e)
			if e == nil {
				continue
			}
			if m, ok := e.(map[string]any); ok && len(m) == 0 {
				continue
			}
			out[k] = e
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = pruneJSON(e)
		}
		return out
	}
	return v
}

func TestHouseRoundTripBytes(t *testing.T) {
	for _, f := range goodHouses(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		enc := roundTrip(t, f, b)
		// The hand-written houses use only modelled fields: the generic JSON
		// trees of input and output must match, so nothing was dropped or renamed.
		var in, out any
		if err := json.Unmarshal(b, &in); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(enc, &out); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pruneJSON(in), pruneJSON(out)) {
			t.Errorf("%s: re-encoded JSON differs from the input beyond nulls and empty objects", f)
		}
		if u := UnknownHouseFields(b); len(u) != 0 {
			t.Errorf("%s: unexpected unknown fields %v", f, u)
		}
	}
}

func TestReferenceHouseRoundTripKeepsEveryField(t *testing.T) {
	p := referencePath(t, "procthor/house-procthor-train-1.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if u := UnknownHouseFields(b); len(u) != 0 {
		t.Errorf("reference house has fields the House type drops: %v", u)
	}
	enc := roundTrip(t, p, b)
	var in, out any
	json.Unmarshal(b, &in)
	json.Unmarshal(enc, &out)
	// The only loss allowed: nulls, empty objects, and doors' "openness": 0
	// (omitted; AI2-THOR's default is 0).
	in, out = pruneJSON(in), pruneJSON(out)
	for _, d := range in.(map[string]any)["doors"].([]any) {
		if m := d.(map[string]any); m["openness"] == 0.0 {
			delete(m, "openness")
		}
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("reference house: re-encoded JSON lost or changed fields")
	}
}

func TestUnknownHouseFieldsListsDroppedFields(t *testing.T) {
	b := []byte(`{"rooms":[{"id":"r","floorPolygon":[{"x":0,"y":0,"z":0,"w":1}],"fancy":true}],
		"objects":[{"id":"a","children":[{"id":"b","glow":2}]}],"extra":1,"metadata":{"agentPoses":{"arm":{"horizon":0,"foo":1}}}}`)
	got := UnknownHouseFields(b)
	want := []string{"extra", "metadata.agentPoses.arm.foo", "objects[].children[].glow", "rooms[].fancy", "rooms[].floorPolygon[].w"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("UnknownHouseFields = %v, want %v", got, want)
	}
}

func TestDecodeHouseErrorsNameLineAndField(t *testing.T) {
	cases := []struct {
		name, json string
		want       []string
	}{
		{"syntax", "{\n \"rooms\": [\n  {\"id\": \"a\",\n   \"floorPolygon\": [{\"x\": 1 \"y\": 2}]}\n ]\n}", []string{"line 4", "rooms[0].floorPolygon[0]", "malformed JSON"}},
		{"nan", "{\"objects\": [{\"id\": \"a\", \"position\": {\"x\": 1, \"y\": NaN}}]}", []string{"line 1", "objects[0].position.y", "NaN is not a finite number"}},
		{"infinity", "{\"objects\": [{\"id\": \"a\",\n \"position\": {\"x\": -Infinity}}]}", []string{"line 2", "objects[0].position.x", "-Infinity is not a finite number"}},
		{"type", "{\"rooms\": [{\"id\": \"a\", \"floorPolygon\": [{\"x\": \"one\"}]}]}", []string{"line 1", "rooms[0].floorPolygon[0].x", "wrong JSON type"}},
		{"overflow", "{\"rooms\": [{\"floorPolygon\": [{\"x\": 0}, {\"z\": 1e400}]}]}", []string{"rooms[0].floorPolygon[1].z", "number 1e400"}},
		{"container", "{\"rooms\": [{\"floorPolygon\": {\"x\": 1}}]}", []string{"(rooms[0].floorPolygon)", "got object"}},
		{"truncated", "{\"rooms\": [{\"id\": \"a\"", []string{"unexpected end of input", "rooms[0]"}},
		{"trailing", "{\"rooms\": []}\n{}", []string{"line 2", "after the house object"}},
		{"empty", "  \n", []string{"the file is empty"}},
	}
	for _, c := range cases {
		_, err := DecodeHouse([]byte(c.json))
		if err == nil {
			t.Errorf("%s: decoded without error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not contain %q", c.name, err, w)
			}
		}
	}
}

func TestJSONPathAtTracksNesting(t *testing.T) {
	b := []byte(`{"a": [1, {"b": [true, "x"]}], "c": {"d": null}}`)
	cases := map[string]string{`1`: "a[0]", `true`: "a[1].b[0]", `"x"`: "a[1].b[1]", `null`: "c.d"}
	for tok, want := range cases {
		off := int64(bytes.Index(b, []byte(tok)) + len(tok))
		if got := jsonPathAt(b, off); got != want {
			t.Errorf("path at %s = %q, want %q", tok, got, want)
		}
	}
}

func TestEncodeHouseRejectsNaNNamingField(t *testing.T) {
	h, err := ReadHouseFile(filepath.Join("..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	h.Objects[0].Children[0].Position.Z = math.NaN()
	_, err = EncodeHouse(h)
	if err == nil || !strings.Contains(err.Error(), "objects[0].children[0].position.z") {
		t.Fatalf("EncodeHouse error = %v, want one naming objects[0].children[0].position.z", err)
	}
}

func TestWriteFileAtomicReplacesWholeFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "h.json")
	if err := WriteFileAtomic(p, []byte("first version, long")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte("second")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "second" {
		t.Fatalf("file holds %q", got)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("temporary files left behind: %v", ents)
	}
}
