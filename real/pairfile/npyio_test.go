package pairfile

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"codeberg.org/sbinet/npyio/npy"
)

// TestNpyioInterop: the arrays Write makes read through
// codeberg.org/sbinet/npyio with the shape the format states, and depth
// that npyio writes (format 2.0, from a nested slice) reads through Read.
func TestNpyioInterop(t *testing.T) {
	const w, h = 48, 40
	dir, p := writeSynth(t, t.TempDir(), synthOptions{w: w, h: h})
	for _, c := range []struct {
		file  string
		shape []int
		want  []float32
	}{{"tracks.npy", []int{h, w, 2}, p.Tracks}, {"flow.npy", []int{h, w, 2}, p.Flow}, {"depth1.npy", []int{h, w}, p.F1.Depth}} {
		b, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		r, err := npy.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: npyio header: %v", c.file, err)
		}
		var got []float32
		if err := r.Read(&got); err != nil {
			t.Fatalf("%s: npyio data: %v", c.file, err)
		}
		if !slices.Equal(r.Header.Descr.Shape, c.shape) || strings.Trim(r.Header.Descr.Type, "'") != "<f4" || r.Header.Descr.Fortran || !sameFloats(got, c.want) {
			t.Errorf("%s: npyio reads %+v (%d values), want shape %v of <f4 in C order", c.file, r.Header.Descr, len(got), c.shape)
		}
	}

	nested := make([][]float32, h)
	for y := range nested {
		nested[y] = p.F0.Depth[y*w : (y+1)*w]
	}
	var buf bytes.Buffer
	if err := npy.Write(&buf, nested); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "depth0.npy"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatalf("depth written by npyio: %v", err)
	}
	if !sameFloats(got.F0.Depth, p.F0.Depth) {
		t.Error("depth written by npyio reads back different")
	}
}
