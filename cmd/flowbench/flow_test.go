package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/flow"
	"flowbench/render"
)

// TestFlowCommand moves the dining table (carrying its mug) and checks the
// files against each other: the .npy holds the same field as the .flo, the
// flow is exactly zero on valid pixels outside the change mask and non-zero
// on the table's pixels inside it, and the pictures have the image size.
func TestFlowCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"flow", "--scene", oneRoom, "--camera", "2,1.576,1.6,0,40", "--move", "DiningTable|1|0:0.3,0,0.2,25",
		"--size", "96", "--out", dir}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, id := range []string{"DiningTable|1|0", "Mug|surface|1|1"} {
		if !strings.Contains(out.String(), "moved\t"+id) {
			t.Errorf("stdout does not report %s as moved:\n%s", id, out.String())
		}
	}
	fwd, err := flow.ReadFlo(filepath.Join(dir, flowForwardFlo))
	if err != nil {
		t.Fatal(err)
	}
	bwd, err := flow.ReadFlo(filepath.Join(dir, flowBackwardFlo))
	if err != nil {
		t.Fatal(err)
	}
	if fwd.W != 96 || fwd.H != 96 || bwd.W != 96 || bwd.H != 96 {
		t.Fatalf("flow sizes %dx%d and %dx%d", fwd.W, fwd.H, bwd.W, bwd.H)
	}
	for name, want := range map[string]flow.Field{flowForwardNPY: fwd, flowBackwardNPY: bwd} {
		shape, data, err := render.ReadNPYFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if len(shape) != 3 || shape[0] != 96 || shape[1] != 96 || shape[2] != 2 {
			t.Fatalf("%s shape %v, want [96 96 2]", name, shape)
		}
		for k, v := range data.([]float32) {
			if v != want.D[k] {
				t.Fatalf("%s value %d is %g, the .flo has %g", name, k, v, want.D[k])
			}
		}
	}
	masks := map[string][]uint8{}
	for _, name := range []string{flowValidPNG, flowChangePNG, flowWheelPNG, flowRGB0PNG, flowRGB1PNG} {
		fh, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(fh)
		fh.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() != 96 || b.Dy() != 96 {
			t.Fatalf("%s is %v", name, b)
		}
		if name == flowValidPNG || name == flowChangePNG {
			m := make([]uint8, 96*96)
			for p := range m {
				r, _, _, _ := img.At(p%96, p/96).RGBA()
				if r > 0 {
					m[p] = 1
				}
			}
			masks[name] = m
		}
	}
	valid, change := masks[flowValidPNG], masks[flowChangePNG]
	moving, still := 0, 0
	for p := range valid {
		dx, dy := fwd.D[2*p], fwd.D[2*p+1]
		switch {
		case change[p] == 0 && valid[p] == 1:
			still++
			if dx != 0 || dy != 0 {
				t.Fatalf("pixel %d is valid and outside the change mask but has flow (%g, %g)", p, dx, dy)
			}
		case change[p] == 1 && (dx != 0 || dy != 0):
			moving++
		}
	}
	if moving < 200 || still < 3000 {
		t.Fatalf("%d moving and %d still valid pixels: the table's motion did not show", moving, still)
	}
}

func TestFlowCommandErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"blocked move", []string{"--move", "DiningTable|1|0:1,0,-1"}, 1, []string{"blocked", "DiningTable|1|0", "Chair|1|2"}},
		{"move out of the house", []string{"--move", "Mug|surface|1|1:0,0,-9"}, 1, []string{"blocked", "Mug|surface|1|1"}},
		{"unknown object", []string{"--move", "Ghost|1:0.1,0,0"}, 1, []string{`unknown object id "Ghost|1"`}},
		{"bad numbers", []string{"--move", "Mug|surface|1|1:0.1,x,0"}, 2, []string{`dy "x" is not a finite number`}},
		{"too few numbers", []string{"--move", "Mug|surface|1|1:0.1,0"}, 2, []string{"want 3 or 4 numbers"}},
		{"no object", []string{"--move", ":0.1,0,0"}, 2, []string{"want objectId:dx,dy,dz"}},
		{"missing move", []string{}, 2, []string{"--move is required"}},
		{"camera in the table", []string{"--move", "Mug|surface|1|1:0.1,0,0", "--camera", "2,0.5,3,0,0"}, 1, []string{`inside object "DiningTable|1|0"`}},
	}
	for _, tc := range cases {
		dir := filepath.Join(t.TempDir(), "out")
		args := []string{"flow", "--scene", oneRoom, "--camera", "2,1.576,1.0,0,30", "--size", "48", "--out", dir}
		args = append(args, tc.args...)
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (%s)", tc.name, code, tc.code, errb.String())
		}
		for _, w := range tc.want {
			if !strings.Contains(errb.String(), w) {
				t.Errorf("%s: stderr %q does not mention %q", tc.name, errb.String(), w)
			}
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s: the output directory was created although the command failed", tc.name)
		}
	}
}

// With --settle a lifted mug falls back onto the table: the realised motion,
// which the flow uses, has no vertical part.
func TestFlowCommandSettle(t *testing.T) {
	for _, tc := range []struct {
		settle bool
		want   string
	}{{false, "Mug|surface|1|1 (+0.100, +0.200, +0.000) m"}, {true, "Mug|surface|1|1 (+0.100, +0.000, +0.000) m"}} {
		args := []string{"flow", "--scene", oneRoom, "--camera", "2,1.576,1.6,0,40", "--move", "Mug|surface|1|1:0.1,0.2,0",
			"--size", "64", "--out", t.TempDir()}
		if tc.settle {
			args = append(args, "--settle")
		}
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("settle=%v: exit %d: %s", tc.settle, code, errb.String())
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("settle=%v: stdout %q does not report %q", tc.settle, out.String(), tc.want)
		}
	}
}
