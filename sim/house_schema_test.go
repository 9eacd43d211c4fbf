package sim

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/internal/schematest"
)

// TestGeneratedHousesMatchSchema validates generated houses of both styles
// over many seeds, with and without object colours, against the published
// house schema (docs/schemas/house.schema.json).
func TestGeneratedHousesMatchSchema(t *testing.T) {
	schema := schematest.Compile(t, "house.schema.json")
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	ithor := len(IthorSceneNames())
	for _, style := range Styles {
		for seed := int64(1); seed <= int64(seeds); seed++ {
			index := 0
			if style == StyleITHOR {
				index = int(seed*7) % ithor
			}
			h, err := GenerateWith(style, seed, index, GenerateOptions{ObjectColors: seed%3 == 0})
			if err != nil {
				t.Fatal(err)
			}
			b, err := EncodeHouse(h)
			if err != nil {
				t.Fatal(err)
			}
			if err := schematest.Validate(schema, b); err != nil {
				t.Errorf("%s house seed %d index %d: %v", style, seed, index, err)
			}
		}
	}
}

// houseFiles lists the valid house files under testdata and, when the
// shared reference directory is there, AI2-THOR's reference ProcTHOR house.
func houseFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../testdata/houses/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasPrefix(filepath.Base(f), "asset-db") {
			out = append(out, f)
		}
	}
	if len(out) < 6 {
		t.Fatalf("found %d testdata houses: %v", len(out), out)
	}
	if ref := filepath.Join(referenceDir, "house-procthor-train-1.json"); fileExists(ref) {
		out = append(out, ref)
	} else {
		t.Logf("%s is not there; validating the testdata houses only", ref)
	}
	return out
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestImportedHousesMatchSchema validates the testdata houses and the
// reference ProcTHOR house as they are, and the normalised house the import
// writes back (Scene.HouseJSON), against the house schema.
func TestImportedHousesMatchSchema(t *testing.T) {
	schema := schematest.Compile(t, "house.schema.json")
	for _, f := range houseFiles(t) {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := schematest.Validate(schema, raw); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		s, _, err := LoadHouseFile(f, ImportOptions{Lenient: true})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		b, err := EncodeHouse(s.HouseJSON())
		if err != nil {
			t.Fatal(err)
		}
		if err := schematest.Validate(schema, b); err != nil {
			t.Errorf("%s normalised: %v", f, err)
		}
	}
}

// TestHouseSchemaIsStrict shows the schema refuses what it should: the
// testdata houses flowbench refuses for their schema version or a two-point
// floor, and mutations of a valid house (a missing required field, a wrong
// type, an unknown field at the top and deep down, a case-mismatched key).
func TestHouseSchemaIsStrict(t *testing.T) {
	schema := schematest.Compile(t, "house.schema.json")
	for name, want := range map[string]string{
		"schema.json":   "/metadata/schema",
		"polygon2.json": "/rooms/1/floorPolygon",
	} {
		raw, err := os.ReadFile(filepath.Join("../testdata/houses/bad", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := schematest.Validate(schema, raw); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bad/%s: %v, want a violation at %s", name, err, want)
		}
	}
	raw, err := os.ReadFile("../testdata/houses/two_rooms_door.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(schema, raw); err != nil {
		t.Fatalf("the unmutated house: %v", err)
	}
	for _, c := range []struct {
		name, want string
		mutate     func(h map[string]any)
	}{
		{"no rooms", "missing property 'rooms'", func(h map[string]any) { delete(h, "rooms") }},
		{"no object position", "missing property 'position'", func(h map[string]any) { delete(at(h, "objects", 0), "position") }},
		{"x a string", "/objects/0/position/x", func(h map[string]any) { at(h, "objects", 0)["position"].(map[string]any)["x"] = "1.5" }},
		{"kinematic a number", "/objects/0/kinematic", func(h map[string]any) { at(h, "objects", 0)["kinematic"] = 1 }},
		{"doors an object", "/doors", func(h map[string]any) { h["doors"] = map[string]any{} }},
		{"unknown top-level field", "additional properties 'extra'", func(h map[string]any) { h["extra"] = true }},
		{"unknown wall field", "additional properties 'thickness'", func(h map[string]any) { at(h, "walls", 0)["thickness"] = 0.1 }},
		{"key differing in case", "additional properties 'ID'", func(h map[string]any) { at(h, "objects", 0)["ID"] = "x" }},
		{"unknown room type", "/rooms/0/roomType", func(h map[string]any) { at(h, "rooms", 0)["roomType"] = "Garage" }},
		{"empty id", "/walls/0/id", func(h map[string]any) { at(h, "walls", 0)["id"] = "" }},
	} {
		var h map[string]any
		if err := json.Unmarshal(raw, &h); err != nil {
			t.Fatal(err)
		}
		c.mutate(h)
		b, _ := json.Marshal(h)
		if err := schematest.Validate(schema, b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a violation naming %q", c.name, err, c.want)
		}
	}
}

// at returns element i of the list h[key] as an object.
func at(h map[string]any, key string, i int) map[string]any {
	l, ok := h[key].([]any)
	if !ok || i >= len(l) {
		panic(fmt.Sprintf("%s has no element %d", key, i))
	}
	return l[i].(map[string]any)
}
