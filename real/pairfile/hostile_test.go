package pairfile

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"flowbench/render"
)

// putFile writes b to dir/name.
func putFile(t *testing.T, dir, name string, b []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// putNPYFile writes an .npy array with render.WriteNPY.
func putNPYFile(t *testing.T, dir, name string, shape []int, data any) {
	t.Helper()
	var buf bytes.Buffer
	if err := render.WriteNPY(&buf, shape, data); err != nil {
		t.Fatal(err)
	}
	putFile(t, dir, name, buf.Bytes())
}

// putPNG encodes img as dir/name.
func putPNG(t *testing.T, dir, name string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	putFile(t, dir, name, buf.Bytes())
}

// readDepth0 returns the pair's depth0.npy values.
func depthOf(t *testing.T, dir, name string) []float32 {
	t.Helper()
	_, data, err := render.ReadNPYFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data.([]float32)
}

// labelsOf decodes the pair's label PNG.
func labelsOf(t *testing.T, dir, name string) *image.Gray16 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img.(*image.Gray16)
}

// setPair sets pair.json's member key (nil deletes it).
func setPair(t *testing.T, dir, key string, val any) {
	editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
		if val == nil {
			delete(v.(map[string]any), key)
		} else {
			v.(map[string]any)[key] = val
		}
		return v
	})
}

// TestHostilePairs breaks a good pair one way at a time; each gives an
// *Error naming the file and field, with a reason that says what is
// wrong.
func TestHostilePairs(t *testing.T) {
	const w, h = 48, 40
	nan := float32(math.NaN())
	cases := []struct {
		name  string
		o     synthOptions
		edit  func(t *testing.T, dir string)
		file  string
		field string
		why   string
	}{
		{"labels of the wrong size", synthOptions{}, func(t *testing.T, dir string) {
			putPNG(t, dir, "masks0.png", image.NewGray16(image.Rect(0, 0, w-1, h)))
		}, "masks0.png", "frames[0].masks.labels", "image is 47×40 (want 48×40"},
		{"RLE of the wrong size", synthOptions{overlap: true}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "masks1.json"), func(v any) any {
				obj(v.([]any)[2], "segmentation")["size"] = []int{w, h}
				return v
			})
		}, "masks1.json", "frames[1].masks.rle[2].segmentation.size", "[48 40] (want [h, w] = [40, 48])"},
		{"RLE counts short of the frame", synthOptions{overlap: true}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "masks1.json"), func(v any) any {
				obj(v.([]any)[0], "segmentation")["counts"] = []int{5, 10, 7}
				return v
			})
		}, "masks1.json", "frames[1].masks.rle[0].segmentation.counts", "add up to 22 pixels"},
		{"NaN depth", synthOptions{}, func(t *testing.T, dir string) {
			d := depthOf(t, dir, "depth1.npy")
			d[2*w+3] = nan
			putNPYFile(t, dir, "depth1.npy", []int{h, w}, d)
		}, "depth1.npy", "frames[1].depth", "depth at pixel (x=3, y=2) is NaN"},
		{"negative depth", synthOptions{}, func(t *testing.T, dir string) {
			d := depthOf(t, dir, "depth0.npy")
			d[w*h-1] = -0.5
			putNPYFile(t, dir, "depth0.npy", []int{h, w}, d)
		}, "depth0.npy", "frames[0].depth", "depth at pixel (x=47, y=39) is -0.5"},
		{"zero depth in float64", synthOptions{}, func(t *testing.T, dir string) {
			d := make([]float64, w*h)
			for i := range d {
				d[i] = 1
			}
			d[w] = 0
			putNPYFile(t, dir, "depth0.npy", []int{h, w}, d)
		}, "depth0.npy", "frames[0].depth", "depth at pixel (x=0, y=1) is 0"},
		{"depth of the wrong dtype", synthOptions{}, func(t *testing.T, dir string) {
			putNPYFile(t, dir, "depth0.npy", []int{h, w}, make([]int32, w*h))
		}, "depth0.npy", "frames[0].depth", "dtype int32 (want float32 or float64)"},
		{"depth transposed", synthOptions{}, func(t *testing.T, dir string) {
			putNPYFile(t, dir, "depth0.npy", []int{w, h}, make([]float32, w*h))
		}, "depth0.npy", "frames[0].depth", "shape (48, 40) (want (40, 48))"},
		{"depth too large for its shape", synthOptions{}, func(t *testing.T, dir string) {
			putNPYFile(t, dir, "depth0.npy", []int{3 * h, 3 * w}, make([]float64, 9*w*h))
		}, "depth0.npy", "frames[0].depth", "more than the"},
		{"tracks of the wrong shape", synthOptions{}, func(t *testing.T, dir string) {
			putNPYFile(t, dir, "tracks.npy", []int{h, w}, make([]float32, w*h))
		}, "tracks.npy", "tracks", "shape (40, 48) (want (40, 48, 2))"},
		{"infinite track", synthOptions{}, func(t *testing.T, dir string) {
			v := make([]float32, 2*w*h)
			v[2*(w+1)+1] = float32(math.Inf(1))
			putNPYFile(t, dir, "tracks.npy", []int{h, w, 2}, v)
		}, "tracks.npy", "tracks", "infinite displacement (0, +Inf) at pixel (x=1, y=1)"},
		{"half-lost track", synthOptions{}, func(t *testing.T, dir string) {
			v := make([]float32, 2*w*h)
			v[0] = nan
			putNPYFile(t, dir, "tracks.npy", []int{h, w, 2}, v)
		}, "tracks.npy", "tracks", "NaN in one component"},
		{"NaN flow", synthOptions{}, func(t *testing.T, dir string) {
			v := make([]float32, 2*w*h)
			v[6], v[7] = nan, nan
			putNPYFile(t, dir, "flow.npy", []int{h, w, 2}, v)
		}, "flow.npy", "flow", "flow must be finite"},
		{"huge declared shape", synthOptions{}, func(t *testing.T, dir string) {
			b := render.NPYHeader("<f4", []int{10000, 10000, 2})
			putFile(t, dir, "tracks.npy", append(b, make([]byte, 64)...))
		}, "tracks.npy", "tracks", "needs 800000000 bytes of data, the file has 192"},
		{"empty instance list", synthOptions{}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
				obj(frameObj(v, 1), "masks")["instances"] = []any{}
				return v
			})
		}, PairJSON, "frames[1].masks.instances", "no masks"},
		{"empty RLE list", synthOptions{overlap: true}, func(t *testing.T, dir string) {
			putFile(t, dir, "masks1.json", []byte("[]\n"))
		}, "masks1.json", "frames[1].masks.rle", "no masks"},
		{"8-bit labels", synthOptions{}, func(t *testing.T, dir string) {
			putPNG(t, dir, "masks0.png", image.NewGray(image.Rect(0, 0, w, h)))
		}, "masks0.png", "frames[0].masks.labels", "labels PNG is 8-bit gray (want 16-bit gray)"},
		{"paletted labels", synthOptions{}, func(t *testing.T, dir string) {
			putPNG(t, dir, "masks0.png", image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Black, color.White}))
		}, "masks0.png", "frames[0].masks.labels", "labels PNG is paletted"},
		{"label id not listed", synthOptions{}, func(t *testing.T, dir string) {
			g := labelsOf(t, dir, "masks1.png")
			g.Pix[2*(5*w+40)+1] = 99
			putPNG(t, dir, "masks1.png", g)
		}, "masks1.png", "frames[1].masks.labels", "id 99 at pixel (x=40, y=5) is not listed"},
		{"listed instance without pixels", synthOptions{}, func(t *testing.T, dir string) {
			g := labelsOf(t, dir, "masks0.png")
			for i := 1; i < len(g.Pix); i += 2 {
				if g.Pix[i] == 2 {
					g.Pix[i] = 0
				}
			}
			putPNG(t, dir, "masks0.png", g)
		}, "masks0.png", "frames[0].masks.labels", `instance id 2 ("bowl") has no pixels`},
		{"duplicate instance id", synthOptions{}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
				obj(frameObj(v, 0), "masks")["instances"].([]any)[2].(map[string]any)["id"] = 1
				return v
			})
		}, PairJSON, "frames[0].masks.instances[2].id", "also instance 0's"},
		{"score over 1", synthOptions{}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
				obj(frameObj(v, 0), "masks")["instances"].([]any)[0].(map[string]any)["score"] = 1.5
				return v
			})
		}, PairJSON, "frames[0].masks.instances[0]", "score 1.5 (want 0..1)"},
		{"label too long", synthOptions{overlap: true}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "masks1.json"), func(v any) any {
				v.([]any)[1].(map[string]any)["label"] = strings.Repeat("x", 201)
				return v
			})
		}, "masks1.json", "frames[1].masks.rle[1]", "label is 201 bytes (at most 200)"},
		{"truncated JPEG", synthOptions{jpeg: true}, func(t *testing.T, dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, "frame1.jpg"))
			putFile(t, dir, "frame1.jpg", b[:len(b)-100])
		}, "frame1.jpg", "frames[1].image", "decoding the JPEG"},
		{"frame of the wrong size", synthOptions{}, func(t *testing.T, dir string) {
			putPNG(t, dir, "frame0.png", image.NewRGBA(image.Rect(0, 0, w, h+1)))
		}, "frame0.png", "frames[0].image", "image is 48×41 (want 48×40"},
		{"frame neither PNG nor JPEG", synthOptions{}, func(t *testing.T, dir string) {
			putFile(t, dir, "frame0.png", []byte("GIF89a..."))
		}, "frame0.png", "frames[0].image", "not a PNG or JPEG file"},
		{"missing file", synthOptions{}, func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "depth1.npy"))
		}, "depth1.npy", "frames[1].depth", "missing file"},
		{"depth is a FIFO", synthOptions{}, func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "depth0.npy"))
			if err := syscall.Mkfifo(filepath.Join(dir, "depth0.npy"), 0o644); err != nil {
				t.Skip(err)
			}
		}, "depth0.npy", "frames[0].depth", "a named pipe"},
		{"frame links to /dev/zero", synthOptions{}, func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "frame1.png"))
			if err := os.Symlink("/dev/zero", filepath.Join(dir, "frame1.png")); err != nil {
				t.Skip(err)
			}
		}, "frame1.png", "frames[1].image", "a character device"},
		{"missing pair.json", synthOptions{}, func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, PairJSON))
		}, PairJSON, "", "missing file"},
		{"unknown field", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "colour", "red")
		}, PairJSON, "", `unknown field "colour"`},
		{"unknown field in a frame", synthOptions{}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
				frameObj(v, 1)["normals"] = "n.npy"
				return v
			})
		}, PairJSON, "", `unknown field "normals"`},
		{"unknown field in the RLE file", synthOptions{overlap: true}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "masks1.json"), func(v any) any {
				v.([]any)[0].(map[string]any)["iscrowd"] = 0
				return v
			})
		}, "masks1.json", "frames[1].masks.rle", `unknown field "iscrowd"`},
		{"unknown source", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "source", "bridge_v3")
		}, PairJSON, "source", `unknown source "bridge_v3"`},
		{"custom source as a name", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "source", "custom")
		}, PairJSON, "source", "a custom source is an object"},
		{"custom source without g", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "source", map[string]any{"name": "custom", "margin": 0.03})
		}, PairJSON, "source.g", "missing"},
		{"custom source with an unknown field", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "source", map[string]any{"name": "custom", "g": 1, "margin": 0.03, "scale": 2})
		}, PairJSON, "", `unknown field "scale"`},
		{"custom source with g out of range", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "source", map[string]any{"name": "custom", "g": -1, "margin": 0.03})
		}, PairJSON, "source", "want 0 < g <= 100"},
		{"no intrinsics at 48×40", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "intrinsics", nil)
		}, PairJSON, "intrinsics", "holds only at 640×480"},
		{"intrinsics without fy", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "intrinsics", map[string]any{"fx": 500, "cx": 20, "cy": 20})
		}, PairJSON, "intrinsics.fy", "missing"},
		{"width out of range", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "width", 5000)
		}, PairJSON, "width", "5000 (want 16..4096)"},
		{"width not an integer", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "width", 48.5)
		}, PairJSON, "width", "number 48.5 where an integer belongs"},
		{"one frame", synthOptions{}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
				m := v.(map[string]any)
				m["frames"] = m["frames"].([]any)[:1]
				return v
			})
		}, PairJSON, "frames", "1 frames (want exactly 2"},
		{"other format", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "format", "flowbench-real-pair/2")
		}, PairJSON, "format", `unsupported format "flowbench-real-pair/2"`},
		{"bad id", synthOptions{}, func(t *testing.T, dir string) {
			setPair(t, dir, "id", "../x")
		}, PairJSON, "id", "may hold only"},
		{"labels and rle", synthOptions{}, func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, PairJSON), func(v any) any {
				obj(frameObj(v, 0), "masks")["rle"] = "masks0.json"
				return v
			})
		}, PairJSON, "frames[0].masks", "both labels and rle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			o.w, o.h = w, h
			dir, _ := writeSynth(t, t.TempDir(), o)
			c.edit(t, dir)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			p, err := Read(dir)
			runtime.ReadMemStats(&after)
			if testing.Verbose() {
				t.Log(err)
			}
			if p != nil || err == nil {
				t.Fatalf("read the pair (err %v)", err)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("%T %v, want *Error", err, err)
			}
			if pe.Pair != "ep-12.a" || pe.File != c.file || pe.Field != c.field || !strings.Contains(pe.Reason, c.why) {
				t.Errorf("got pair %q file %q field %q reason %q\nwant pair %q file %q field %q reason containing %q",
					pe.Pair, pe.File, pe.Field, pe.Reason, "ep-12.a", c.file, c.field, c.why)
			}
			if !strings.HasPrefix(err.Error(), "pair ep-12.a: "+c.file) {
				t.Errorf("message %q does not start with the pair and the file", err)
			}
			if c.why == "missing file" && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%v does not wrap fs.ErrNotExist", err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
				t.Errorf("Read allocated %d bytes", alloc)
			}
		})
	}
}
