package export

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// editManifestJSON rewrites DIR/manifest.json as a generic JSON value after
// edit, so that a test can write what Manifest cannot hold (null, a
// negative count, a missing field).
func editManifestJSON(t *testing.T, dir string, edit func(m map[string]any) any) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(readManifestFile(t, dir), &m); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(edit(m))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// wantManifestError fails unless err is a *ValidationError about
// DIR/manifest.json whose reason names every one of words.
func wantManifestError(t *testing.T, what, dir string, err error, words ...string) {
	t.Helper()
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Shard != filepath.Join(dir, ManifestFile) {
		t.Errorf("%s: got %v, want a ValidationError naming %s", what, err, filepath.Join(dir, ManifestFile))
		return
	}
	for _, w := range words {
		if !strings.Contains(ve.Reason, w) {
			t.Errorf("%s: %q does not name %q", what, err, w)
		}
	}
}

// TestCheckDatasetRefusesHostileManifests edits a good dataset's manifest
// the ways issue 54 found readers trusting: a null manifest, null splits,
// config and schema, a future schema_version, negative sizes and counts.
// CheckDataset and Validate both refuse each, naming manifest.json and the
// field; the unedited dataset passes both.
func TestCheckDatasetRefusesHostileManifests(t *testing.T) {
	base := t.TempDir()
	writeSynth(t, base, 3, 8, 8, 2, Options{})
	if _, err := CheckDataset(base); err != nil {
		t.Fatalf("the good dataset: %v", err)
	}
	split := func(m map[string]any) map[string]any { return m["splits"].(map[string]any)["train"].(map[string]any) }
	for _, c := range []struct {
		name  string
		edit  func(m map[string]any) any
		words []string
	}{
		{"null manifest", func(map[string]any) any { return nil }, []string{"(the document)", "null"}},
		{"null splits", func(m map[string]any) any { m["splits"] = nil; return m }, []string{"/splits", "null"}},
		{"null config", func(m map[string]any) any { m["config"] = nil; return m }, []string{"/config", "null"}},
		{"null schema", func(m map[string]any) any { m["schema"] = nil; return m }, []string{"/schema", "null"}},
		{"null split", func(m map[string]any) any { m["splits"].(map[string]any)["train"] = nil; return m }, []string{"/splits/train", "null"}},
		{"null split config", func(m map[string]any) any { split(m)["config"] = nil; return m }, []string{"/splits/train/config", "null"}},
		{"future schema_version", func(m map[string]any) any { m["schema_version"] = "99"; return m }, []string{"schema_version", `"99"`}},
		{"text schema_version", func(m map[string]any) any { m["schema_version"] = "three"; return m }, []string{"/schema_version"}},
		{"negative width", func(m map[string]any) any { split(m)["width"] = -8; return m }, []string{"/splits/train/width", "minimum"}},
		{"negative height", func(m map[string]any) any { split(m)["height"] = -1; return m }, []string{"/splits/train/height", "minimum"}},
		{"negative questions", func(m map[string]any) any { split(m)["questions"] = -3; return m }, []string{"/splits/train/questions"}},
		{"negative shards", func(m map[string]any) any { split(m)["shards"] = -1; return m }, []string{"/splits/train/shards"}},
		{"negative answer count", func(m map[string]any) any {
			for k := range split(m)["answers"].(map[string]any) {
				split(m)["answers"].(map[string]any)[k] = -1
			}
			return m
		}, []string{"/splits/train/answers/"}},
		{"missing splits", func(m map[string]any) any { delete(m, "splits"); return m }, []string{"splits"}},
	} {
		dir := copyDir(t, base)
		editManifestJSON(t, dir, c.edit)
		_, err := CheckDataset(dir)
		wantManifestError(t, c.name+" (CheckDataset)", dir, err, c.words...)
		_, err = Validate(dir)
		wantManifestError(t, c.name+" (Validate)", dir, err, c.words...)
	}
}

// TestManifestSchemaNullAndMissingPerProperty mutates a good motion
// manifest once per property the schema declares, at the top and in a
// split: every property set to JSON null is refused (the schema allows
// null nowhere), and every required one deleted is refused, each naming
// the property. The manifest check enforces the schema itself (embedded
// from docs/schemas), so this shows the embedded copy is the one checked.
func TestManifestSchemaNullAndMissingPerProperty(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 3, 8, 8, 2, Options{})
	var good map[string]any
	if err := json.Unmarshal(readManifestFile(t, dir), &good); err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Defs map[string]struct {
			Required   []string                   `json:"required"`
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"$defs"`
	}
	raw, err := os.ReadFile(filepath.Join("..", "docs", "schemas", "manifest.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	clone := func() map[string]any {
		var m map[string]any
		b, _ := json.Marshal(good)
		_ = json.Unmarshal(b, &m)
		return m
	}
	check := func(what, field string, m map[string]any) {
		b, _ := json.Marshal(m)
		err := CheckManifestSchema(dir, b)
		wantManifestError(t, what, dir, err, field)
	}
	for level, def := range map[string]string{"": "motionManifest", "/splits/train": "splitStats"} {
		d := schema.Defs[def]
		if len(d.Properties) == 0 {
			t.Fatalf("the schema has no properties under $defs.%s", def)
		}
		at := func(m map[string]any) map[string]any {
			if level == "" {
				return m
			}
			return m["splits"].(map[string]any)["train"].(map[string]any)
		}
		for p := range d.Properties {
			m := clone()
			at(m)[p] = nil
			check(def+"."+p+" null", level+"/"+p, m)
		}
		for _, p := range d.Required {
			m := clone()
			delete(at(m), p)
			check(def+"."+p+" missing", p, m)
		}
	}
}

// TestCheckDatasetRefusesSwappedShards swaps the questions shards of two
// splits (each file under the other's name): the rows' split column and
// the footer's flowbench.split name the other split. CheckDataset, which
// reads footers only, refuses the dataset naming the shard and the key.
func TestCheckDatasetRefusesSwappedShards(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 2, 8, 8, 2, Options{})
	addSynthSplit(t, dir, "test", 2, 8, 8, 2, Options{})
	if _, err := CheckDataset(dir); err != nil {
		t.Fatalf("the good dataset: %v", err)
	}
	a, b := ShardPath(dir, QuestionsTable, "train", 0, 1), ShardPath(dir, QuestionsTable, "test", 0, 1)
	tmp := a + ".swap"
	for _, mv := range [][2]string{{a, tmp}, {b, a}, {tmp, b}} {
		if err := os.Rename(mv[0], mv[1]); err != nil {
			t.Fatal(err)
		}
	}
	_, err := CheckDataset(dir)
	var ve *ValidationError
	if !errors.As(err, &ve) || (ve.Shard != a && ve.Shard != b) || !strings.Contains(ve.Reason, SplitKey) {
		t.Fatalf("swapped shards: got %v, want a ValidationError naming a swapped shard and %s", err, SplitKey)
	}
}

// TestValidateEmptySplit closes a split without questions: Validate refuses
// it naming manifest.json, the split and allow_empty, unless the split's
// recorded config says "allow_empty": true; a non-boolean value is refused.
func TestValidateEmptySplit(t *testing.T) {
	base := t.TempDir()
	writeSynth(t, base, 2, 8, 8, 2, Options{})
	addSynthSplit(t, base, "val", 0, 8, 8, 2, Options{})
	_, err := Validate(base)
	wantManifestError(t, "empty split", base, err, "split val has no questions", AllowEmptyKey)

	allowed := copyDir(t, base)
	editManifest(t, allowed, func(m *Manifest) { m.Config = map[string]any{"val": map[string]any{AllowEmptyKey: true}} })
	if counts, err := Validate(allowed); err != nil || counts["val"] != 0 || counts["train"] != 2 {
		t.Errorf("empty split with allow_empty: counts %v, %v", counts, err)
	}

	bad := copyDir(t, base)
	editManifest(t, bad, func(m *Manifest) { m.Config = map[string]any{"val": map[string]any{AllowEmptyKey: "yes"}} })
	_, err = Validate(bad)
	wantManifestError(t, "allow_empty not a boolean", bad, err, AllowEmptyKey, "not a boolean")
}

// TestValidateOtherFamiliesCheckTheSchema gives a viewpoint and a Real
// dataset a "config": null manifest: ValidateViewpoint and ValidateReal
// refuse them against the schema, naming manifest.json and the field; the
// unedited ones pass.
func TestValidateOtherFamiliesCheckTheSchema(t *testing.T) {
	qs, vs := viewpointRows(t)
	vdir := t.TempDir()
	writeViewpoint(t, vdir, qs, vs)
	rdir := t.TempDir()
	writeRealTestDataset(t, rdir, nil)
	for _, c := range []struct {
		name     string
		dir      string
		validate func(string) (map[string]int, error)
	}{{"viewpoint", vdir, ValidateViewpoint}, {"real", rdir, ValidateReal}} {
		if _, err := c.validate(c.dir); err != nil {
			t.Fatalf("%s: the good dataset: %v", c.name, err)
		}
		dir := copyDir(t, c.dir)
		editManifestJSON(t, dir, func(m map[string]any) any { m["config"] = nil; return m })
		_, err := c.validate(dir)
		wantManifestError(t, c.name+" null config", dir, err, "/config", "null")
	}
}
