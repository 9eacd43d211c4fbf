package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A real ProcTHOR house (the reference house-procthor-train-1.json, whose
// assets are not all in the catalog) generates directly from its JSON with
// no asset-database file: the built-in asset table resolves it everywhere.
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
	out, code := genCLI(t, "generate", "--split", "train", "--import", imp, "--size", "64", "--views", "2", "--quiet", "--out", filepath.Join(t.TempDir(), "ds"))
	if code != 0 || !strings.Contains(out, "from 1 houses") || strings.Contains(out, "generated 0 questions") || strings.Contains(out, "failed") {
		t.Fatalf("generate --import of the reference house: exit %d\n%s", code, out)
	}
}
