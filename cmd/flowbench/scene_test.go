package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/sim"
)

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestSceneGenerate(t *testing.T) {
	dir := t.TempDir()
	house, plan := filepath.Join(dir, "house.json"), filepath.Join(dir, "plan.png")
	code, out, errs := runCLI("scene", "--style", "procthor", "--seed", "7", "--out", house, "--plan", plan)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "wrote "+house) || !strings.Contains(out, "reachable positions") {
		t.Errorf("stdout %q", out)
	}
	b, err := os.ReadFile(house)
	if err != nil {
		t.Fatal(err)
	}
	want, err := sim.Generate("procthor", 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	wb, _ := sim.EncodeHouse(want)
	if !bytes.Equal(b, wb) {
		t.Error("house.json differs from sim.Generate(procthor, 7, 0)")
	}
	f, err := os.Open(plan)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("plan is not a PNG: %v", err)
	}

	// An ithor scene by index, then the import path on the written file.
	ith := filepath.Join(dir, "ithor.json")
	if code, _, errs := runCLI("scene", "--style", "ithor", "--seed", "2", "--index", "119", "--out", ith); code != 0 {
		t.Fatalf("ithor: exit %d: %s", code, errs)
	}
	norm := filepath.Join(dir, "norm.json")
	code, out, errs = runCLI("scene", "--import", house, "--out", norm, "--plan", filepath.Join(dir, "plan2.png"))
	if code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	h, err := sim.ReadHouseFile(norm)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Rooms) != len(want.Rooms) || len(h.Objects) != len(want.Objects) {
		t.Errorf("normalised house has %d rooms, %d objects; want %d, %d", len(h.Rooms), len(h.Objects), len(want.Rooms), len(want.Objects))
	}
	if !strings.Contains(out, "imported "+house) {
		t.Errorf("import stdout %q", out)
	}
}

func TestSceneBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\"rooms\": [\n  {,}\n]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.json")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"scene", "--style", "hm3d", "--out", out}, 2, `unknown style "hm3d"`},
		{[]string{"scene", "--style", "procthor"}, 2, "--out is required"},
		{[]string{"scene", "--import", bad, "--out", out}, 1, "bad.json"},
		{[]string{"scene", "--import", filepath.Join(dir, "none.json"), "--out", out}, 1, "none.json"},
		{[]string{"scene", "--import", bad, "--style", "ithor", "--out", out}, 2, "cannot be combined"},
		{[]string{"scene", "--style", "ithor", "--index", "120", "--out", out}, 1, "out of range"},
		{[]string{"scene", "--bogus"}, 2, "bogus"},
		{[]string{"scene", "stats", "--style", "nope"}, 2, `unknown style "nope"`},
		{[]string{"scene", "stats", "--houses", "0"}, 2, "--houses"},
		{[]string{"scene", "stats", "--style", "ithor", "--houses", "121"}, 2, "121"},
	}
	for _, c := range cases {
		code, _, errs := runCLI(c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", c.args, code, errs, c.code, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed run left %s behind", out)
	}
}

func TestSceneStats(t *testing.T) {
	code, out, errs := runCLI("scene", "stats", "--style", "ithor", "--seed", "1", "--houses", "12")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"rooms per house", "objects per room", "movable objects per room", "12/12 (100.0%)", "Bathroom"} {
		if !strings.Contains(out, want) {
			t.Errorf("stats output lacks %q:\n%s", want, out)
		}
	}
}
