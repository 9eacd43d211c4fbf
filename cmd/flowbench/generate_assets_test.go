package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"flowbench/export"
)

// With the Sweet Home 3D libraries installed, a generate run draws real
// models and its manifest and dataset card credit every model and texture
// used, with the asset cache hash; without them (or with --assets none) the
// split says it draws primitive shapes.
func TestGenerateRecordsAssetAttribution(t *testing.T) {
	lib, err := openAssets("auto")
	if err != nil {
		t.Fatal(err)
	}
	files := referenceRun(t)
	var m export.Manifest
	if err := json.Unmarshal(files["manifest.json"], &m); err != nil {
		t.Fatal(err)
	}
	a := m.Splits["train"].Assets
	card := string(files["README.md"])
	if lib == nil {
		if a == nil || a.Mode != "none" {
			t.Fatalf("without libraries: assets %+v, want mode none", a)
		}
		t.Skip("Sweet Home 3D libraries not installed (assets/install_debian.sh): checked the primitive-shape record only")
	}
	if a == nil || a.Mode != "sh3d" || a.CacheHash != lib.Hash || len(a.Credits) == 0 {
		t.Fatalf("assets record %+v, want mode sh3d, cache %s and credits", a, lib.Hash)
	}
	models, textures := 0, 0
	for _, c := range a.Credits {
		if c.Key == "" || c.Library == "" || c.License == "" || c.Instances <= 0 {
			t.Errorf("incomplete credit %+v", c)
		}
		if _, ok := lib.Entry(c.Key); ok {
			models++
		} else {
			textures++
		}
		if !strings.Contains(card, "| "+cardName(c.Name)+" |") {
			t.Errorf("dataset card does not credit %s (%s)", c.Name, c.Key)
		}
	}
	if models == 0 || textures == 0 {
		t.Errorf("credits: %d models and %d textures; want both", models, textures)
	}
	if !strings.Contains(card, a.CacheHash) {
		t.Error("dataset card lacks the asset cache hash")
	}
	// --assets none records primitive shapes and changes the resume fingerprint.
	dir := t.TempDir()
	if out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--houses", "1", "--assets", "none")...)...); code != 0 {
		t.Fatalf("generate --assets none failed:\n%s", out)
	}
	none := readTree(t, dir)
	var mn export.Manifest
	if err := json.Unmarshal(none["manifest.json"], &mn); err != nil {
		t.Fatal(err)
	}
	if st := mn.Splits["train"]; st.Assets == nil || st.Assets.Mode != "none" || len(st.Assets.Credits) != 0 {
		t.Errorf("--assets none: assets record %+v", st.Assets)
	}
}

// cardName is a credit's name as the card's table cell writes it.
func cardName(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

// A wrong --assets directory is an error naming it, before any output.
func TestGenerateRejectsMissingAssetsDir(t *testing.T) {
	dir := t.TempDir() + "/out"
	out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--assets", "/nonexistent/sh3d")...)...)
	if code == 0 || !strings.Contains(out, "/nonexistent/sh3d") {
		t.Fatalf("generate --assets /nonexistent/sh3d: exit %d, output:\n%s", code, out)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the output directory was created (%v)", err)
	}
}
