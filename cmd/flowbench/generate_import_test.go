package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/sim"
)

// A real ProcTHOR house (the reference house-procthor-train-1.json, whose
// assets are not all in the catalog) generates directly from its JSON with
// no asset-database file: the built-in asset table resolves it everywhere.
// (256 px and 4 views: at 64 px and 2 views the framing rule and the
// structure rule leave none of its views a question.)
func TestGenerateImportsReferenceProcTHORHouse(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "reference", "procthor", "house-procthor-train-1.json")
	if env := os.Getenv("FLOWBENCH_SHARED"); env != "" {
		src = filepath.Join(env, "reference", "procthor", "house-procthor-train-1.json")
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Skipf("reference house not available (%v): set FLOWBENCH_SHARED or check out ../shared next to the repository", err)
	}
	imp := t.TempDir()
	if err := os.WriteFile(filepath.Join(imp, "reference.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := genCLI(t, "generate", "--split", "train", "--import", imp, "--size", "256", "--views", "4", "--quiet", "--out", filepath.Join(t.TempDir(), "ds"))
	if code != 0 || !strings.Contains(out, "from 1 houses") || strings.Contains(out, "generated 0 questions") || strings.Contains(out, "failed") {
		t.Fatalf("generate --import of the reference house: exit %d\n%s", code, out)
	}
}

// An imported house with a floating object (lifted 0.5 m off its table):
// generate warns once, naming the object and the reason, and carries on
// without ever moving or mentioning it.
func TestGenerateImportWarnsImplausibleObject(t *testing.T) {
	h, err := sim.Generate(sim.StyleProcTHOR, 7, 2)
	if err != nil {
		t.Fatal(err)
	}
	var lifted string
	for i := range h.Objects {
		if c := h.Objects[i].Children; len(c) > 0 {
			c[0].Position.Y += 0.5
			lifted = c[0].ID
			break
		}
	}
	if lifted == "" {
		t.Fatal("test set-up: no object stands on another")
	}
	b, err := sim.EncodeHouse(h)
	if err != nil {
		t.Fatal(err)
	}
	imp := t.TempDir()
	if err := os.WriteFile(filepath.Join(imp, "floating.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "ds")
	out, code := genCLI(t, "generate", "--split", "train", "--import", imp, "--size", "256", "--views", "4", "--quiet", "--out", dir)
	if code != 0 {
		t.Fatalf("generate --import: exit %d\n%s", code, out)
	}
	if n := strings.Count(out, "not physically plausible"); n != 1 || !strings.Contains(out, lifted) || !strings.Contains(out, "reason=unstable") {
		t.Fatalf("want one warning naming %s as unstable:\n%s", lifted, out)
	}
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		if q.Mover.ObjectID == lifted {
			t.Fatalf("%s moves the floating object", q.ID)
		}
		for _, r := range q.Referenced {
			if r.ObjectID == lifted {
				t.Fatalf("%s mentions the floating object", q.ID)
			}
		}
	}
}
