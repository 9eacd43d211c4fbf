package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/internal/schematest"
)

// schemaConfig is a tiny split: 2 houses, 1 view, 32 px, one house per
// shard (it may hold no question: an empty split is allowed).
func schemaConfig() Config {
	cfg := DefaultConfig()
	cfg.Houses, cfg.Size, cfg.Views, cfg.Assets = 2, 32, 1, "none"
	cfg.BalanceHouses, cfg.BlocksPerShard, cfg.AllowEmpty = 1, 1, true
	return cfg
}

// TestRunRecordsMatchSchemas validates what generate writes against the
// published schemas: the manifest of a whole run (with annotations and a
// category mix), the part records of the same split run as two parts, and
// the manifest their merge writes.
func TestRunRecordsMatchSchemas(t *testing.T) {
	manifest := schematest.Compile(t, "manifest.schema.json")
	part := schematest.Compile(t, "part.schema.json")
	cfg := schemaConfig()
	cfg.CategoryMix = "equal"
	whole := filepath.Join(t.TempDir(), "whole")
	if _, err := Run(context.Background(), cfg, Options{Out: whole, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(whole, export.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"category_mix"`) || !strings.Contains(string(b), `"assets"`) {
		t.Fatalf("the whole run's manifest lacks category_mix or assets:\n%s", b)
	}
	if err := schematest.Validate(manifest, b); err != nil {
		t.Errorf("whole run manifest: %v", err)
	}

	dirs := runParts(t, cfg, 2, t.TempDir())
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, PartFile))
		if err != nil {
			t.Fatal(err)
		}
		if err := schematest.Validate(part, b); err != nil {
			t.Errorf("%s: %v", d, err)
		}
	}
	merged := filepath.Join(t.TempDir(), "merged")
	if err := Merge(context.Background(), dirs, merged); err != nil {
		t.Fatal(err)
	}
	if b, err = os.ReadFile(filepath.Join(merged, export.ManifestFile)); err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(manifest, b); err != nil {
		t.Errorf("merged manifest: %v", err)
	}
}

// TestPartSchemaIsStrict mutates a part record written by a run: missing
// and mistyped fields, unknown fields, a malformed fingerprint or digest
// and an unknown tensor type are refused; a rephrase server is accepted.
func TestPartSchemaIsStrict(t *testing.T) {
	schema := schematest.Compile(t, "part.schema.json")
	cfg := schemaConfig()
	cfg.QuestionsOnly = true
	dirs := runParts(t, cfg, 2, t.TempDir())
	raw, err := os.ReadFile(filepath.Join(dirs[1], PartFile))
	if err != nil {
		t.Fatal(err)
	}
	obj := func(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }
	for _, c := range []struct {
		name, want string // want: a substring of the violation; empty: valid
		mutate     func(m map[string]any)
	}{
		{"a rephrase server", "", func(m map[string]any) {
			obj(m, "config")["rephrase"] = map[string]any{"endpoint": "http://127.0.0.1:1/v1", "model": "m", "api_key_env": "KEY"}
		}},
		{"no digest", "missing property 'digest'", func(m map[string]any) { delete(m, "digest") }},
		{"short fingerprint", "/fingerprint", func(m map[string]any) { m["fingerprint"] = "abc" }},
		{"digest in capitals", "/digest", func(m map[string]any) { m["digest"] = strings.ToUpper(m["digest"].(string)) }},
		{"seed a string", "/config/seed", func(m map[string]any) { obj(m, "config")["seed"] = "1" }},
		{"unknown config field", "additional properties 'gpu'", func(m map[string]any) { obj(m, "config")["gpu"] = true }},
		{"unknown rephrase field", "/config/rephrase", func(m map[string]any) {
			obj(m, "config")["rephrase"] = map[string]any{"endpoint": "e", "model": "m", "api_key": "secret"}
		}},
		{"unknown tensor type", "/config/tensor_type", func(m map[string]any) { obj(m, "config")["tensor_type"] = "dense" }},
		{"file without sha256", "missing property 'sha256'", func(m map[string]any) {
			delete(m["files"].([]any)[0].(map[string]any), "sha256")
		}},
		{"zero shards", "/layout/shards", func(m map[string]any) { obj(m, "layout")["shards"] = 0 }},
		{"unknown split info", "additional properties 'manifest'", func(m map[string]any) { obj(m, "split")["manifest"] = map[string]any{} }},
	} {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
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
