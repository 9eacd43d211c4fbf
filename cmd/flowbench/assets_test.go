package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAssetsCommandUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"assets"}, &out, &errb); code != 2 {
		t.Errorf("flowbench assets without a subcommand: exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "coverage") || !strings.Contains(errb.String(), "list") || !strings.Contains(errb.String(), "build") {
		t.Errorf("usage does not list the subcommands:\n%s", errb.String())
	}
	if code := run([]string{"assets", "nope"}, &out, &errb); code != 2 {
		t.Errorf("unknown subcommand: exit %d, want 2", code)
	}
}

func TestAssetsCoverageAndList(t *testing.T) {
	if _, err := os.Stat("/usr/share/sweethome3d/furniture"); err != nil {
		t.Skip("Sweet Home 3D libraries not installed (assets/install_debian.sh)")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"assets", "coverage", "--houses", "2", "--no-ithor", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Houses    int `json:"houses"`
		Instances int `json:"instances"`
		Fit       int `json:"fit"`
		Types     []struct {
			Type string `json:"type"`
		} `json:"types"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("coverage --json: %v\n%s", err, out.String())
	}
	if rep.Houses != 2 || rep.Instances == 0 || rep.Fit == 0 || rep.Fit > rep.Instances || len(rep.Types) == 0 {
		t.Errorf("coverage report: %+v", rep)
	}
	out.Reset()
	if code := run([]string{"assets", "coverage", "--houses", "1", "--no-ithor"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "covered by a real model") {
		t.Errorf("coverage table (exit %d):\n%s", code, out.String())
	}
	out.Reset()
	if code := run([]string{"assets", "list", "--type", "Sofa"}, &out, &errb); code != 0 {
		t.Fatalf("list: exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 5 {
		t.Fatalf("list --type Sofa printed too little:\n%s", out.String())
	}
	for _, l := range lines[1 : len(lines)-1] {
		if !strings.Contains(l, "Sofa") {
			t.Errorf("list --type Sofa printed a non-sofa: %s", l)
		}
	}
}

// TestAssetsGalleryProcedural: the gallery of one type shows its catalog
// model and, unless --procedural=false, its procedural forms (SideTable:
// three), one cell each.
func TestAssetsGalleryProcedural(t *testing.T) {
	if _, err := os.Stat("/usr/share/sweethome3d/furniture"); err != nil {
		t.Skip("Sweet Home 3D libraries not installed (assets/install_debian.sh)")
	}
	for _, c := range []struct {
		flag  string
		cells int
	}{{"--procedural=true", 4}, {"--procedural=false", 1}} {
		out := filepath.Join(t.TempDir(), "sheet.png")
		var stdout, errb bytes.Buffer
		if code := run([]string{"assets", "gallery", "--types", "SideTable", "--size", "40", "--cols", "1", c.flag, "--out", out}, &stdout, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.flag, code, errb.String())
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%d models of 1 types", c.cells); cfg.Height != 70*c.cells || !strings.Contains(stdout.String(), want) {
			t.Errorf("%s: sheet %d px high, printed %q; want %d cells of 70 px (with the label) and %q", c.flag, cfg.Height, stdout.String(), c.cells, want)
		}
	}
}
