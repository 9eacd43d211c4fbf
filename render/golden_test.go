package render

import (
	"flag"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"flowbench/sim"
)

var update = flag.Bool("update", false, "rewrite the golden images under testdata/golden")

// goldenTolerance is the fraction of pixels allowed to differ from a golden
// image: 0 on the machine that wrote them, a margin for platforms whose
// compilers fuse multiply-adds (which moves a few edge pixels).
const goldenTolerance = 0.005

// checkGolden compares img with testdata/golden/name (or rewrites it with -update).
func checkGolden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := WritePNG(path, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	defer fh.Close()
	want, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, golden %v", name, img.Bounds(), want.Bounds())
	}
	a, b := toRGBA64(img), toRGBA64(want)
	diff := 0
	for i := 0; i < len(a.Pix); i += 8 {
		for k := 0; k < 8; k++ {
			if a.Pix[i+k] != b.Pix[i+k] {
				diff++
				break
			}
		}
	}
	n := img.Bounds().Dx() * img.Bounds().Dy()
	if diff > int(goldenTolerance*float64(n)) {
		t.Errorf("%s: %d of %d pixels differ from the golden image", name, diff, n)
	} else if diff > 0 {
		t.Logf("%s: %d of %d pixels differ (within tolerance)", name, diff, n)
	}
}

func toRGBA64(img image.Image) *image.RGBA64 {
	out := image.NewRGBA64(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// TestGoldenImages renders small views and compares RGB, 16-bit depth and
// segmentation with the stored golden PNGs.
func TestGoldenImages(t *testing.T) {
	one := loadOneRoom(t)
	rnd := randomScene(t, 11, 30)
	cases := []struct {
		name  string
		scene *sim.Scene
		cam   sim.Camera
		opts  Options
	}{
		{"one_room_front", one, sim.Camera{Position: sim.Vec3{2, sim.CameraHeight, 0.4}, Yaw: 0, Horizon: 20, FOV: 90, Width: 64, Height: 64}, Options{}},
		{"one_room_corner", one, sim.Camera{Position: sim.Vec3{3.6, 1.2, 4.6}, Yaw: 225, Horizon: 10, FOV: 75, Width: 64, Height: 48}, Options{}},
		{"one_room_aa", one, sim.Camera{Position: sim.Vec3{0.5, sim.CameraHeight, 0.5}, Yaw: 45, Horizon: 30, FOV: 90, Width: 64, Height: 64}, Options{Supersample: 3}},
		{"random_room", rnd, sim.Camera{Position: sim.Vec3{0.4, sim.CameraHeight, 0.4}, Yaw: 40, Horizon: 25, FOV: 90, Width: 64, Height: 64}, Options{Supersample: 2}},
	}
	for _, c := range cases {
		r, err := New(c.scene, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		f, err := r.Render(c.cam)
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, c.name+"_rgb.png", f.RGB)
		checkGolden(t, c.name+"_depth.png", DepthImage16(f.Depth, f.Width, f.Height))
		checkGolden(t, c.name+"_seg.png", SegImage(f.IDs, f.Width, f.Height))
	}
	// Set-of-Marks overlays on a 128×128 view of the one-room house.
	cam := sim.Camera{Position: sim.Vec3{2, sim.CameraHeight, 0.4}, Yaw: 0, Horizon: 25, FOV: 90, Width: 128, Height: 128}
	r, err := New(one, Options{Supersample: 2})
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"DiningTable|1|0", "Chair|1|2", "Mug|surface|1|1"}
	for _, style := range []MarkStyle{StyleDots, StyleBadges} {
		marks, err := PlaceMarks(f, ids, NewMarkRNG(7), style)
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "marks_"+style.String()+".png", DrawMarks(f.RGB, marks, style))
	}
}
