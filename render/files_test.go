package render

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"flowbench/sim"
)

// TestDepthImage16 checks millimetre rounding, zero and saturation.
func TestDepthImage16(t *testing.T) {
	depth := []float32{0, 1.2344, 1.2346, 70, -1, 0.0004}
	want := []uint16{0, 1234, 1235, 65535, 0, 0}
	img := DepthImage16(depth, 3, 2)
	for i, w := range want {
		if got := img.Gray16At(i%3, i/3).Y; got != w {
			t.Errorf("depth %g: %d mm, want %d", depth[i], got, w)
		}
	}
}

// TestWriteFrameFiles writes a frame and reads every file back.
func TestWriteFrameFiles(t *testing.T) {
	s := loadOneRoom(t)
	r, err := New(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.Camera{Position: sim.Vec3{2, sim.CameraHeight, 0.4}, Horizon: 20, FOV: 90, Width: 40, Height: 30}
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "frame")
	if err := WriteFrameFiles(dir, f); err != nil {
		t.Fatal(err)
	}
	shape, d, err := ReadNPYFile(filepath.Join(dir, FileDepthNPY))
	if err != nil || !reflect.DeepEqual(shape, []int{30, 40}) || !reflect.DeepEqual(d, f.Depth) {
		t.Fatalf("depth.npy: shape %v err %v", shape, err)
	}
	shape, ids, err := ReadNPYFile(filepath.Join(dir, FileIDsNPY))
	if err != nil || !reflect.DeepEqual(shape, []int{30, 40}) || !reflect.DeepEqual(ids, f.IDs) {
		t.Fatalf("ids.npy: shape %v err %v", shape, err)
	}
	fh, err := os.Open(filepath.Join(dir, FileDepthPNG))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(fh)
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	want := DepthImage16(f.Depth, 40, 30)
	for i := 0; i < 40*30; i++ {
		r, _, _, _ := img.At(i%40, i/40).RGBA()
		if uint16(r) != want.Gray16At(i%40, i/40).Y {
			t.Fatalf("depth.png pixel %d: %d, want %d", i, r, want.Gray16At(i%40, i/40).Y)
		}
	}
	var rows []IDTableEntry
	b, err := os.ReadFile(filepath.Join(dir, FileIDTable))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(f.IDTable)-1 {
		t.Fatalf("ids.json has %d rows, want %d", len(rows), len(f.IDTable)-1)
	}
	for _, row := range rows {
		if f.IDTable[row.Instance] != row.ID || f.Stats[row.Instance].Pixels != row.Pixels {
			t.Fatalf("ids.json row %+v disagrees with the frame", row)
		}
	}
	for _, name := range []string{FileRGB, FileSegPNG} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
}
