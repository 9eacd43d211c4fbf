package export

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// flipInFooter returns shard b with the byte at offset at of the first
// occurrence of needle in its footer set to to.
func flipInFooter(t *testing.T, b []byte, needle string, at int, to byte) []byte {
	t.Helper()
	fs := footerStart(t, b)
	i := bytes.Index(b[fs:], []byte(needle))
	if i < 0 {
		t.Fatalf("%q is not in the footer", needle)
	}
	m := bytes.Clone(b)
	if m[fs+i+at] == to {
		to++
	}
	m[fs+i+at] = to
	return m
}

// TestValidateRefusesFooterEdits changes one byte of a footer value that
// readers trust but the old validate never compared with the data (the
// hostile-input run's cases) and checks that Validate refuses the shard,
// naming it and what differs: the id column's minimum statistic (DuckDB
// then returns no row for `where id = <first id>`), the huggingface
// features JSON, flowbench.first_id, a schema field name, and the
// fingerprint of one shard of a split.
func TestValidateRefusesFooterEdits(t *testing.T) {
	base := t.TempDir()
	qs, _ := writeSynth(t, base, 2, 8, 8, 2, Options{Fingerprint: "0123456789abcdef"})
	if _, err := Validate(base); err != nil {
		t.Fatalf("the unedited dataset: %v", err)
	}
	id := qs[0].ID
	for _, c := range []struct {
		name, table, needle string
		at                  int
		to                  byte
		want                []string // in the reason
	}{
		// The first copy of the first id in the footer is the id column's
		// statistics (row groups come before the key-value metadata).
		{"id statistic", QuestionsTable, id, len(id) - 2, 'x', []string{"footer.row_groups[0].columns[0] (column id)", "statistics"}},
		{"huggingface JSON", QuestionsTable, `{"info":{"features":`, 2, 'x', []string{"key_value_metadata", "huggingface"}},
		{"first_id", AnnotationsTable, "flowbench.first_id", len("flowbench.first_id") + 3, 'x', []string{"key_value_metadata"}},
		{"schema field name", AnnotationsTable, "element", 0, 'f', []string{"footer.schema"}},
		{"fingerprint", AnnotationsTable, "0123456789abcdef", 5, 'f', []string{FingerprintKey}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyDir(t, base)
			path := ShardPath(dir, c.table, "train", 0, 1)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, flipInFooter(t, b, c.needle, c.at, c.to), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err = Validate(dir)
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Shard != path {
				t.Fatalf("Validate: %v, want an error for %s", err, path)
			}
			t.Log(ve.Reason)
			for _, w := range c.want {
				if !strings.Contains(ve.Reason, w) {
					t.Errorf("reason %q does not say %q", ve.Reason, w)
				}
			}
		})
	}
}

// TestValidateRefusesManifestConfig edits a split's recorded generation
// config so that it contradicts the shards (the hostile-input run's
// manifest claimed size 512 and seed 99 for 8-pixel shards of seed 7) and
// checks that Validate refuses the manifest, naming the setting.
func TestValidateRefusesManifestConfig(t *testing.T) {
	base := t.TempDir()
	writeSynth(t, base, 2, 8, 8, 2, Options{})
	for _, c := range []struct {
		key  string
		val  any
		want string
	}{
		{"size", 512, "config size is 512, but the shards' images are 8x8"},
		{"seed", 99, "config seed is 99, but seeds.train is 7"},
		{"shards", 3, "config shards is 3, but data/questions/ holds 1 of its shards"},
		{"questions_only", true, "config questions_only is true"},
		{"houses", 0, "config houses is 0, but the shards hold questions of 1 houses"},
		{"categories", []string{"nothing"}, "does not list"},
		{"size", "big", "config size is big, not an integer"},
	} {
		t.Run(c.key, func(t *testing.T) {
			dir := copyDir(t, base)
			editManifest(t, dir, func(m *Manifest) {
				m.Splits["train"].Config = nil
				m.Config = map[string]any{"train": map[string]any{c.key: c.val}}
			})
			_, err := Validate(dir)
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Shard != filepath.Join(dir, ManifestFile) || !strings.Contains(ve.Reason, c.want) {
				t.Fatalf("Validate: %v, want a manifest error saying %q", err, c.want)
			}
		})
	}
	ok := copyDir(t, base)
	editManifest(t, ok, func(m *Manifest) {
		m.Config = map[string]any{"train": map[string]any{"size": 8, "seed": 7, "shards": 1, "questions_only": false, "houses": 1}}
	})
	if _, err := Validate(ok); err != nil {
		t.Errorf("a config that agrees with the shards: %v", err)
	}
}

// TestValidateRefusesPageHeaderStatistic changes one byte of the id
// column's minimum in its data page header (the page data is compressed,
// so the id's first plain copy in the file is there), which no decoder
// reads but page-index-aware readers may, and checks that Validate refuses
// the shard naming the row group and column.
func TestValidateRefusesPageHeaderStatistic(t *testing.T) {
	dir := t.TempDir()
	qs, _ := writeSynth(t, dir, 2, 8, 8, 2, Options{})
	path := ShardPath(dir, QuestionsTable, "train", 0, 1)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(b, []byte(qs[0].ID))
	if i < 0 || i >= footerStart(t, b) {
		t.Fatalf("the first id's first copy is at %d, not in a page header", i)
	}
	b[i+3] ^= 0x01
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Validate(dir)
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Shard != path || !strings.Contains(ve.Reason, "row group 0 column id: a page header") {
		t.Fatalf("Validate: %v, want an error for %s naming row group 0 column id", err, path)
	}
}
