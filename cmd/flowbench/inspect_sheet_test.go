package main

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"flowbench/export"
)

// The contact sheet draws n distinct questions of the split, in split
// order, the same ones for the same seed and (almost always) others for
// another seed, each tile scaled to --tile: checked against the ids read
// back from the dataset.
func TestInspectSheetSamplesQuestions(t *testing.T) {
	referenceRun(t)
	ds, err := export.Open(generateOnce.dir)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, q.ID)
	}
	n := min(6, len(all)-1)
	if n < 2 {
		t.Fatalf("the reference dataset has %d questions", len(all))
	}
	sample := func(seed uint64) []string {
		qs, err := export.SampleQuestions(ds, "train", n, seed)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, q := range qs {
			ids = append(ids, q.ID)
		}
		return ids
	}
	a := sample(1)
	if len(a) != n || !slices.Equal(a, sample(1)) {
		t.Fatalf("seed 1 drew %v, then %v", a, sample(1))
	}
	last := -1
	for _, id := range a {
		k := slices.Index(all, id)
		if k <= last {
			t.Fatalf("sample %v is not a subset of the split in split order", a)
		}
		last = k
	}
	differs := false
	for seed := uint64(2); seed < 12 && !differs; seed++ {
		differs = !slices.Equal(a, sample(seed))
	}
	if !differs {
		t.Errorf("ten other seeds all drew %v", a)
	}
	if got, _ := export.SampleQuestions(ds, "train", len(all)+5, 1); len(got) != len(all) {
		t.Errorf("asking for more than the split holds gave %d of %d", len(got), len(all))
	}
	sheet := filepath.Join(t.TempDir(), "sheet.png")
	out, code := genCLI(t, "inspect", generateOnce.dir, "--sheet", "4", "--tile", "64", "--out", sheet)
	if code != 0 || !strings.Contains(out, "4 random I0 images") {
		t.Fatalf("inspect --sheet: code %d\n%s", code, out)
	}
	f, err := os.Open(sheet)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 4*64 || cfg.Height != 64+30 {
		t.Errorf("a 4-image sheet of 64 px tiles is %dx%d", cfg.Width, cfg.Height)
	}
	if out, code := genCLI(t, "inspect", generateOnce.dir, "--sheet", "4", "--tile", "8", "--out", sheet); code != 2 || !strings.Contains(out, "--tile") {
		t.Errorf("--tile 8: code %d\n%s", code, out)
	}
}
