package pairfile

import (
	"bytes"
	"image"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"flowbench/real"
)

// samePixels reports the first pixel where two images differ.
func samePixels(a, b image.Image) (image.Point, bool) {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Min, false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return image.Pt(x, y), false
			}
		}
	}
	return image.Point{}, true
}

// sameFloats compares float32 arrays bit for bit (NaN included).
func sameFloats(a, b []float32) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// comparePairs fails the test where got differs from want.
func comparePairs(t *testing.T, got, want *real.Pair) {
	t.Helper()
	if got.ID != want.ID || got.Source != want.Source || got.Task != want.Task || got.W != want.W || got.H != want.H || got.K != want.K {
		t.Errorf("header: got %q %+v %q %d×%d %+v, want %q %+v %q %d×%d %+v", got.ID, got.Source, got.Task, got.W, got.H, got.K,
			want.ID, want.Source, want.Task, want.W, want.H, want.K)
	}
	if !sameFloats(got.Tracks, want.Tracks) || !sameFloats(got.Flow, want.Flow) {
		t.Error("tracks or flow differ")
	}
	for i, pr := range [][2]*real.Frame{{&got.F0, &want.F0}, {&got.F1, &want.F1}} {
		g, w := pr[0], pr[1]
		if at, ok := samePixels(g.Image, w.Image); !ok {
			t.Errorf("frame %d: images differ at %v", i, at)
		}
		if w.Encoded != nil && !bytes.Equal(g.Encoded, w.Encoded) {
			t.Errorf("frame %d: Encoded differs", i)
		}
		if len(g.Encoded) == 0 {
			t.Errorf("frame %d: Encoded is empty", i)
		}
		if !reflect.DeepEqual(g.Masks, w.Masks) {
			t.Errorf("frame %d: masks differ:\n got %+v\nwant %+v", i, g.Masks, w.Masks)
		}
		if !sameFloats(g.Depth, w.Depth) {
			t.Errorf("frame %d: depth differs", i)
		}
		if !reflect.DeepEqual(g.Arm, w.Arm) {
			t.Errorf("frame %d: arm differs", i)
		}
	}
}

// TestRoundTrip writes synthetic pairs and reads them back equal: PNG
// frames with a label PNG per frame and a custom source; JPEG frames with
// overlapping masks (COCO RLE) and a named source; at 640×480 for the
// default-size path.
func TestRoundTrip(t *testing.T) {
	bridge, _ := real.LookupSource(real.BridgeV2)
	droid, _ := real.LookupSource(real.DROID)
	for _, c := range []struct {
		name string
		o    synthOptions
		rle  bool
	}{
		{"labels-png", synthOptions{w: 64, h: 48}, false},
		{"rle-jpeg", synthOptions{w: 48, h: 40, overlap: true, jpeg: true, source: bridge}, true},
		{"640x480-droid", synthOptions{w: 640, h: 480, source: droid}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, want := writeSynth(t, t.TempDir(), c.o)
			ext := ".png"
			if c.o.jpeg {
				ext = ".jpg"
			}
			for _, f := range []string{"pair.json", "frame0" + ext, "frame1" + ext, "masks0.png", "depth0.npy", "depth1.npy", "arm1.png", "tracks.npy", "flow.npy"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Errorf("missing %s: %v", f, err)
				}
			}
			m1 := "masks1.png"
			if c.rle {
				m1 = "masks1.json"
			}
			if _, err := os.Stat(filepath.Join(dir, m1)); err != nil {
				t.Errorf("frame 1's masks: %v", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "arm0.png")); err == nil {
				t.Error("arm0.png written for a frame without an arm mask")
			}
			got, err := Read(dir)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			comparePairs(t, got, want)
			// A second Write over the pair folder replaces it.
			got.Task = "another task"
			if err := Write(dir, got); err != nil {
				t.Fatalf("rewriting: %v", err)
			}
			again, err := Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			comparePairs(t, again, got)
		})
	}
}

// TestDefaultIntrinsics: a 640×480 pair without intrinsics gets the
// appendix default.
func TestDefaultIntrinsics(t *testing.T) {
	bridge, _ := real.LookupSource(real.BridgeV2)
	dir, _ := writeSynth(t, t.TempDir(), synthOptions{w: 640, h: 480, source: bridge})
	editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
		delete(v.(map[string]any), "intrinsics")
		return v
	})
	p, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.K != real.DefaultIntrinsics {
		t.Errorf("K = %+v, want %+v", p.K, real.DefaultIntrinsics)
	}
}

// TestWriteRefuses: Write checks the pair as Read would, leaves neither
// the folder nor a temporary one behind, and replaces only pair folders.
func TestWriteRefuses(t *testing.T) {
	root := t.TempDir()
	p := synthPair(t, synthOptions{w: 48, h: 40})
	p.F1.Depth[40] = -1
	err := Write(filepath.Join(root, "bad"), p)
	var pe *Error
	if !asError(err, &pe) || pe.File != "depth1.npy" || pe.Field != "frames[1].depth" {
		t.Errorf("negative depth: %v", err)
	}
	p = synthPair(t, synthOptions{w: 48, h: 40})
	p.F0.Masks[1].Pix = []int32{5, 4}
	if err := Write(filepath.Join(root, "bad"), p); !asError(err, &pe) || pe.Field != "frames[0].masks" {
		t.Errorf("unsorted mask: %v", err)
	}
	p = synthPair(t, synthOptions{w: 48, h: 40})
	p.Source.MaxTravel = 0.5 // constants no source description gives
	if err := Write(filepath.Join(root, "bad"), p); !asError(err, &pe) || pe.Field != "source" {
		t.Errorf("odd source: %v", err)
	}
	if ents, _ := os.ReadDir(root); len(ents) != 0 {
		t.Errorf("refused writes left %v", ents)
	}
	busy := filepath.Join(root, "busy")
	os.MkdirAll(busy, 0o755)
	os.WriteFile(filepath.Join(busy, "notes.txt"), []byte("mine"), 0o644)
	if err := Write(busy, synthPair(t, synthOptions{w: 48, h: 40})); err == nil {
		t.Error("Write replaced a folder that is not a pair folder")
	}
	if b, err := os.ReadFile(filepath.Join(busy, "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("the other folder's file: %q, %v", b, err)
	}
}
