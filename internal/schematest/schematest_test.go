package schematest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPublishedSchemas compiles every docs/schemas/*.schema.json, requires
// each to declare draft 2020-12 and a title, and to be linked from a
// document under docs/.
func TestPublishedSchemas(t *testing.T) {
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.schema.json"))
	if err != nil || len(files) < 4 {
		t.Fatalf("schemas %v, %v; want house, manifest, part and protocol", files, err)
	}
	docs, err := filepath.Glob(filepath.Join(dir, "..", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("docs %v, %v", docs, err)
	}
	var text strings.Builder
	for _, d := range docs {
		b, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		text.Write(b)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Schema string `json:"$schema"`
			Title  string `json:"title"`
		}
		if err := json.Unmarshal(b, &head); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if head.Schema != "https://json-schema.org/draft/2020-12/schema" || head.Title == "" {
			t.Errorf("%s: $schema %q, title %q; want draft 2020-12 and a title", f, head.Schema, head.Title)
		}
		if link := "(schemas/" + filepath.Base(f) + ")"; !strings.Contains(text.String(), link) {
			t.Errorf("no document under docs/ links %s", link)
		}
		CompileFile(t, f)
	}
}
