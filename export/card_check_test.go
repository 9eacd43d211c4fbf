package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/internal/cardcheck"
)

// TestCardMatchesShards writes a dataset of two splits and checks every
// claim of its card against the shards (cardcheck): features against the
// Arrow schema, num_examples against the rows, size category, licences,
// data_files patterns against the shard files. Then the card is rewritten
// for a manifest whose splits show third-party assets and checked again,
// and a card edited to lie is refused.
func TestCardMatchesShards(t *testing.T) {
	dir := t.TempDir()
	writeSplit(t, dir, "train", 5, 2)
	writeSplit(t, dir, "test", 3, 2)
	for _, err := range cardcheck.Check(dir) {
		t.Error(err)
	}
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := ds.Manifest
	m.Splits["train"].Assets = &export.AssetUse{Mode: "sh3d", CacheHash: "abc", Credits: []export.AssetCredit{
		{Key: "a:1", Name: "Sofa", Library: "a", Creator: "x", License: "CC-BY 4.0", Instances: 2},
		{Key: "b:1", Name: "Lamp", Library: "b", Creator: "y", License: "CC-BY 3.0 US", Instances: 1},
	}}
	m.Splits["test"].Assets = &export.AssetUse{Mode: "sh3d", CacheHash: "abc", Credits: []export.AssetCredit{
		{Key: "c:1", Name: "Chair", Library: "c", Creator: "z", License: "GPL / CC-BY 3.0", Instances: 1},
	}}
	if err := export.WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	if err := export.WriteCard(dir, m); err != nil {
		t.Fatal(err)
	}
	front, err := cardcheck.ReadFront(dir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(front.License, ",") != "cc-by-3.0,cc-by-4.0,gpl,other" || front.LicenseName != "cc-by-3.0-us" {
		t.Errorf("licences %v, license_name %q", front.License, front.LicenseName)
	}
	for _, err := range cardcheck.Check(dir) {
		t.Error(err)
	}

	// Mutants: each edit of the card is caught.
	card, _ := os.ReadFile(filepath.Join(dir, export.CardFile))
	for _, c := range []struct{ from, to string }{
		{"num_examples: 5\n", "num_examples: 6\n"},
		{"- name: view_id\n    dtype: int32\n", "- name: view_id\n    dtype: int64\n"},
		{"- name: image\n    dtype: image\n", "- name: image\n    dtype: binary\n"},
		{"- gpl\n", ""},
		{"size_categories:\n- \"n<1K\"", "size_categories:\n- \"1K<n<10K\""},
		{"train-[0-9]", "t*-[0-9]"},
		{"      sequence: float64\n      length: 9\n", "      sequence: float64\n"},
	} {
		if !strings.Contains(string(card), c.from) {
			t.Errorf("card lacks %q", c.from)
			continue
		}
		os.WriteFile(filepath.Join(dir, export.CardFile), []byte(strings.Replace(string(card), c.from, c.to, 1)), 0o644)
		if errs := cardcheck.Check(dir); len(errs) == 0 {
			t.Errorf("card with %q replaced by %q passes the check", c.from, c.to)
		}
	}
}

// writeSplit adds split with n synthetic rows cut every perShard rows.
func writeSplit(t *testing.T, dir, split string, n, perShard int) {
	t.Helper()
	dw, err := export.Create(dir, export.Options{RowsPerShard: perShard})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split(split, 16, 8)
	if err != nil {
		t.Fatal(err)
	}
	for k := range n {
		q, a := export.SynthRowsForTest(k, 16, 8)
		q.Split = split
		if err := sw.Add(q, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := dw.Finish("test", map[string]any{"houses": 1}, map[string]int64{split: 1}); err != nil {
		t.Fatal(err)
	}
}
