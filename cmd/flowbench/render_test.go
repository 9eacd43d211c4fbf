package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/render"
)

const oneRoom = "../../testdata/houses/one_room.json"

// TestRenderCommand renders the one-room house with marks and checks every file.
func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"render", "--scene", oneRoom, "--camera", "2,1.576,0.4,0,25", "--size", "96",
		"--out", dir, "--marks", "DiningTable|1|0,Chair|1|2", "--style", "dots", "--seed", "5"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, name := range []string{"rgb.png", "depth.png", "depth.npy", "ids.npy", "seg.png", "ids.json", "rgb_marks.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("missing %s: %v", name, err)
		}
	}
	shape, data, err := render.ReadNPYFile(filepath.Join(dir, "depth.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if len(shape) != 2 || shape[0] != 96 || shape[1] != 96 {
		t.Fatalf("depth.npy shape %v", shape)
	}
	depth := data.([]float32)
	_, idData, err := render.ReadNPYFile(filepath.Join(dir, "ids.npy"))
	if err != nil {
		t.Fatal(err)
	}
	ids := idData.([]uint16)
	var table []render.IDTableEntry
	b, _ := os.ReadFile(filepath.Join(dir, "ids.json"))
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if table[0].ID != "DiningTable|1|0" || table[0].Pixels == 0 {
		t.Fatalf("first id table entry %+v", table[0])
	}
	count := 0
	for i, id := range ids {
		if (id == 0) != (depth[i] == 0) {
			t.Fatalf("pixel %d: id %d but depth %g", i, id, depth[i])
		}
		if int(id) == table[0].Instance {
			count++
		}
	}
	if count != table[0].Pixels {
		t.Fatalf("ids.npy has %d table pixels, ids.json says %d", count, table[0].Pixels)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "DiningTable|1|0\t") || !strings.HasPrefix(lines[1], "Chair|1|2\t") {
		t.Fatalf("stdout %q: want one colour line per marked object", out.String())
	}
	named := false
	for _, c := range render.Palette {
		if strings.Contains(lines[0], "\t"+c.Name+"\t") {
			named = true
		}
	}
	if !named {
		t.Errorf("stdout line %q names no palette colour", lines[0])
	}
}

// TestRenderCommandBadInput checks that each bad input fails with a message
// naming the input and the reason, and writes nothing.
func TestRenderCommandBadInput(t *testing.T) {
	base := func(extra ...string) []string {
		a := []string{"render", "--scene", oneRoom, "--camera", "2,1.576,0.4,0,25", "--size", "32"}
		return append(a, extra...)
	}
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"size 0", append(base(), "--size", "0"), []string{`invalid value "0" for --size`, "outside 1..4096"}},
		{"fov 180", append(base(), "--fov", "180"), []string{`invalid value "180" for --fov`, "not a number in 1..179"}},
		{"fov 0", append(base(), "--fov", "0"), []string{`invalid value "0" for --fov`, "not a number in 1..179"}},
		{"malformed camera", []string{"render", "--scene", oneRoom, "--camera", "1,2,3"}, []string{"--camera", "5 numbers"}},
		{"non-numeric camera", []string{"render", "--scene", oneRoom, "--camera", "1,2,x,0,0"}, []string{"--camera", "z \"x\" is not a finite number"}},
		{"unknown mark", append(base(), "--marks", "Nope|9"), []string{"--marks", "unknown object id \"Nope|9\""}},
		{"inside object", []string{"render", "--scene", oneRoom, "--camera", "2,0.6,3,0,0"}, []string{"--camera", "inside object \"DiningTable|1|0\""}},
		{"inside wall", []string{"render", "--scene", oneRoom, "--camera", "0.02,1.5,2,90,0"}, []string{"--camera", "wall|", "inside the wall"}},
		{"outside rooms", []string{"render", "--scene", oneRoom, "--camera", "-1,1.5,2,90,0"}, []string{"--camera", "outside every room"}},
		{"horizon", []string{"render", "--scene", oneRoom, "--camera", "2,1.5,2,0,95"}, []string{"--camera", "horizon"}},
		{"bad style", append(base(), "--style", "stars"), []string{"--style", "stars"}},
		{"missing scene", []string{"render", "--scene", "nope.json", "--camera", "1,1,1,0,0"}, []string{"--scene nope.json"}},
	}
	for _, c := range cases {
		dir := filepath.Join(t.TempDir(), "out")
		var out, errb bytes.Buffer
		code := run(append(c.args, "--out", dir), &out, &errb)
		if code == 0 {
			t.Errorf("%s: exit 0, want failure", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(errb.String(), w) {
				t.Errorf("%s: stderr %q does not mention %q", c.name, errb.String(), w)
			}
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s: output directory was created", c.name)
		}
	}
}
