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
	checkCardMutants(t, dir, string(card), []cardEdit{
		{"num_examples: 5\n", "num_examples: 6\n"},
		{"- name: view_id\n    dtype: int32\n", "- name: view_id\n    dtype: int64\n"},
		{"- name: image\n    dtype: image\n", "- name: image\n    dtype: binary\n"},
		{"- gpl\n", ""},
		{"size_categories:\n- \"n<1K\"", "size_categories:\n- \"1K<n<10K\""},
		{"train-[0-9]", "t*-[0-9]"},
		{"      sequence: float64\n      length: 9\n", "      sequence: float64\n"},
	})
}

// writeSplit adds split with n synthetic rows of 16×8 images cut every
// perShard rows.
func writeSplit(t *testing.T, dir, split string, n, perShard int) {
	t.Helper()
	writeSplitOf(t, dir, split, 0, n, 16, 8, perShard, false)
}

// writeSplitOf adds split with n synthetic rows (ids from first) of w×h
// images, cut every perShard rows, questions only when asked.
func writeSplitOf(t *testing.T, dir, split string, first, n, w, h, perShard int, questionsOnly bool) {
	t.Helper()
	dw, err := export.Create(dir, export.Options{RowsPerShard: perShard, QuestionsOnly: questionsOnly})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split(split, w, h)
	if err != nil {
		t.Fatal(err)
	}
	for k := first; k < first+n; k++ {
		q, a := export.SynthRowsForTest(k, w, h)
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

// TestCardMixedSplits: splits of two image sizes and a questions-only
// split in one dataset. The annotations config lists only the splits that
// have annotations shards (a data_files pattern matching no file fails the
// config in datasets), and its dense columns are variable-length sequences
// (one config has one set of features, which every split is cast to: a
// fixed length fits one image size only); the card agrees with the shards,
// and an edit back to a fixed length, or listing the questions-only split
// under annotations, is caught.
func TestCardMixedSplits(t *testing.T) {
	dir := t.TempDir()
	writeSplitOf(t, dir, "train", 0, 5, 16, 8, 2, false)
	writeSplitOf(t, dir, "val", 5, 3, 24, 16, 2, false)
	writeSplitOf(t, dir, "test", 8, 2, 16, 8, 2, true)
	for _, err := range cardcheck.Check(dir) {
		t.Error(err)
	}
	front, err := cardcheck.ReadFront(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(front.Configs) != 2 || len(front.Configs[1].DataFiles) != 2 || front.Configs[1].DataFiles[1].Split != "val" {
		t.Fatalf("configs %+v, want annotations with train and val only", front.Configs)
	}
	card, _ := os.ReadFile(filepath.Join(dir, export.CardFile))
	const depth = "  - name: depth_before\n    sequence: float32\n  - name: depth_after\n"
	if !strings.Contains(string(card), depth) {
		t.Fatalf("depth_before is not a variable-length sequence:\n%s", card)
	}
	if !strings.Contains(string(card), "      sequence: float64\n      length: 9\n") {
		t.Error("the camera's K lost its length, though it is 9 in every split")
	}
	checkCardMutants(t, dir, string(card), []cardEdit{
		{depth, "  - name: depth_before\n    sequence: float32\n    length: 128\n  - name: depth_after\n"},
		{"    path: \"data/annotations/val-", "    path: \"data/annotations/test-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9].parquet\"\n  - split: val\n    path: \"data/annotations/val-"},
	})
}

// cardEdit replaces from by to in a dataset card.
type cardEdit struct{ from, to string }

// checkCardMutants writes each edit of card (the text of dir's card) into
// dir in turn and requires cardcheck to refuse it; an edit whose from is
// not in the card is an error of the test.
func checkCardMutants(t *testing.T, dir, card string, edits []cardEdit) {
	t.Helper()
	for _, c := range edits {
		if !strings.Contains(card, c.from) {
			t.Errorf("card lacks %q", c.from)
			continue
		}
		os.WriteFile(filepath.Join(dir, export.CardFile), []byte(strings.Replace(card, c.from, c.to, 1)), 0o644)
		if errs := cardcheck.Check(dir); len(errs) == 0 {
			t.Errorf("card with %q replaced by %q passes the check", c.from, c.to)
		}
	}
}
