package export

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/internal/schematest"
)

// readManifestFile returns DIR/manifest.json's bytes.
func readManifestFile(t *testing.T, dir string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestManifestsMatchSchema validates the manifests of freshly written
// datasets against docs/schemas/manifest.schema.json: a motion dataset as
// Finish writes it, the same manifest with every optional field filled
// (asset credits, a category mix, skipped houses, questions only), and a
// viewpoint dataset's.
func TestManifestsMatchSchema(t *testing.T) {
	schema := schematest.Compile(t, "manifest.schema.json")
	dir := t.TempDir()
	writeSynth(t, dir, 9, 16, 8, 4, Options{})
	if err := schematest.Validate(schema, readManifestFile(t, dir)); err != nil {
		t.Errorf("motion manifest: %v", err)
	}

	m, err := readManifest(dir)
	if err != nil || m == nil {
		t.Fatalf("reading the manifest back: %v", err)
	}
	st := m.Splits["train"]
	st.Config = map[string]any{"houses": 2, "source": map[string]any{"kind": "generated"}}
	st.QuestionsOnly = true
	st.Assets = &AssetUse{Mode: "sh3d", CacheHash: "abc123", Credits: []AssetCredit{
		{Key: "sh3d:chair", Name: "Chair", Library: "default", Creator: "someone", License: "CC-BY 4.0", Instances: 3}}}
	st.Mix = &CategoryMix{Name: "equal", Target: map[string]float64{"occlusion": 0.5, "visibility": 0.5},
		Achieved: map[string]float64{"occlusion": 0.75, "visibility": 0.25}, Short: map[string]string{"visibility": "too few candidates"}}
	st.Skipped = []SkippedHouse{{Index: 2, House: "house_2", Reason: "duplicate mesh id"}}
	full := t.TempDir()
	if err := WriteManifest(full, m); err != nil {
		t.Fatal(err)
	}
	b := readManifestFile(t, full)
	for _, key := range []string{`"credits"`, `"category_mix"`, `"short"`, `"skipped_houses"`, `"questions_only"`, `"cache_hash"`} {
		if !strings.Contains(string(b), key) {
			t.Fatalf("the filled manifest has no %s", key)
		}
	}
	if err := schematest.Validate(schema, b); err != nil {
		t.Errorf("manifest with every optional field: %v", err)
	}

	qs, vs := viewpointRows(t)
	vdir := t.TempDir()
	writeViewpoint(t, vdir, qs, vs)
	if err := schematest.Validate(schema, readManifestFile(t, vdir)); err != nil {
		t.Errorf("viewpoint manifest: %v", err)
	}
}

// TestManifestSchemaIsStrict mutates a written manifest: a missing required
// field, wrong types, unknown fields (at the top, in a split, in a
// viewpoint manifest), a non-numeric schema_version and a viewpoint field in
// a motion manifest are refused; another numeric schema_version is not.
func TestManifestSchemaIsStrict(t *testing.T) {
	schema := schematest.Compile(t, "manifest.schema.json")
	dir := t.TempDir()
	writeSynth(t, dir, 5, 16, 8, 4, Options{})
	raw := readManifestFile(t, dir)
	qs, vs := viewpointRows(t)
	vdir := t.TempDir()
	writeViewpoint(t, vdir, qs, vs)
	vraw := readManifestFile(t, vdir)
	split := func(m map[string]any, name string) map[string]any {
		return m["splits"].(map[string]any)[name].(map[string]any)
	}
	for _, c := range []struct {
		name      string
		viewpoint bool
		want      string // a substring of the violation; empty: valid
		mutate    func(m map[string]any)
	}{
		{"schema_version 3", false, "", func(m map[string]any) { m["schema_version"] = "3" }},
		{"schema_version v2", false, "/schema_version", func(m map[string]any) { m["schema_version"] = "v2" }},
		{"schema_version a number", false, "/schema_version", func(m map[string]any) { m["schema_version"] = 2 }},
		{"no splits", false, "missing property 'splits'", func(m map[string]any) { delete(m, "splits") }},
		{"no question count", false, "missing property 'questions'", func(m map[string]any) { delete(split(m, "train"), "questions") }},
		{"chance a string", false, "/chance", func(m map[string]any) { m["chance"] = "0.4" }},
		{"fractional question count", false, "/splits/train/questions", func(m map[string]any) { split(m, "train")["questions"] = 2.5 }},
		{"negative shards", false, "/splits/train/shards", func(m map[string]any) { split(m, "train")["shards"] = -1 }},
		{"unknown top-level field", false, "additional properties 'extra'", func(m map[string]any) { m["extra"] = 1 }},
		{"unknown split field", false, "additional properties 'rows'", func(m map[string]any) { split(m, "train")["rows"] = 1 }},
		{"another name", false, "/name", func(m map[string]any) { m["name"] = "other" }},
		{"a family other than viewpoint", false, "/family", func(m map[string]any) { m["family"] = "motion" }},
		{"viewpoint: valid", true, "", func(m map[string]any) {}},
		{"viewpoint: no pairs", true, "missing property 'pairs'", func(m map[string]any) { delete(split(m, "test"), "pairs") }},
		{"viewpoint: unknown field", true, "additional properties 'chance'", func(m map[string]any) { m["chance"] = 0.5 }},
		{"viewpoint: tags_visible over 1", true, "/splits/test/tags_visible", func(m map[string]any) { split(m, "test")["tags_visible"] = 1.5 }},
	} {
		src := raw
		if c.viewpoint {
			src = vraw
		}
		var m map[string]any
		if err := json.Unmarshal(src, &m); err != nil {
			t.Fatal(err)
		}
		c.mutate(m)
		b, _ := json.Marshal(m)
		err := schematest.Validate(schema, b)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want a violation naming %q (none if empty)", c.name, err, c.want)
		}
	}
}
