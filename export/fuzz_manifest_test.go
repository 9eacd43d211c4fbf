package export

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzManifest replaces the manifest.json of a small valid dataset (the
// base of FuzzShard) by arbitrary bytes and runs CheckDataset, the check
// every reader runs first. It must not panic; a refusal must be a
// *ValidationError naming DIR/manifest.json (the shards are unchanged);
// the unchanged manifest must pass; and a manifest it accepts must give
// every reader what it trusts: a manifest of this schema version with
// statistics for every split on disk, none negative. The seeds are the
// good manifest and the hostile ones of issue 54 (null, null splits,
// config and schema, a future schema_version, a negative width) plus a few
// malformed documents.
func FuzzManifest(f *testing.F) {
	base := fuzzBaseFiles(f)
	good := base[ManifestFile]
	f.Add(good)
	for _, s := range [][2]string{
		{`"splits": {`, `"splits": null, "x": {`},
		{`"schema": [`, `"config": null, "schema": [`},
		{`"schema_version": "` + SchemaVersion + `"`, `"schema_version": "99"`},
		{`"width": 8`, `"width": -8`},
		{`"questions": 2`, `"questions": -2`},
	} {
		if !bytes.Contains(good, []byte(s[0])) {
			f.Fatalf("the base manifest has no %s", s[0])
		}
		f.Add(bytes.Replace(good, []byte(s[0]), []byte(s[1]), 1))
	}
	for _, s := range []string{"null", "", "{}", "[]", `{"splits": {"train": null}}`, "\"manifest\"", "{\"name\": \"flowbench\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		for rel, b := range base {
			if rel == ManifestFile {
				b = data
			}
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ds, err := CheckDataset(dir)
		if bytes.Equal(data, good) {
			if err != nil {
				t.Fatalf("CheckDataset refuses the unchanged dataset: %v", err)
			}
			return
		}
		if err != nil {
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Shard != filepath.Join(dir, ManifestFile) {
				// Open's own errors (a manifest of another family) name
				// the directory and the manifest's family instead.
				if !bytes.Contains([]byte(err.Error()), []byte(dir)) {
					t.Fatalf("error %v names neither %s nor the dataset", err, ManifestFile)
				}
			}
			return
		}
		m := ds.Manifest
		if m == nil || m.SchemaVersion != SchemaVersion {
			t.Fatalf("accepted a manifest without this schema version: %+v", m)
		}
		for _, split := range ds.Splits() {
			st := m.Splits[split]
			if st == nil || st.Questions < 0 || st.Width < 0 || st.Height < 0 || st.Shards < 0 || st.Houses < 0 || st.Changed < 0 {
				t.Fatalf("accepted split %s with statistics %+v", split, st)
			}
		}
	})
}
