package pairfile

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"testing"

	"flowbench/real"
)

// synthOptions choose what synthPair makes.
type synthOptions struct {
	w, h    int
	overlap bool // frame 1's masks overlap (forcing COCO RLE)
	jpeg    bool // frames are JPEG (Encoded set)
	source  real.Source
}

// rectPix returns the row-major pixels of [x0,x1)×[y0,y1) in a w-wide
// frame.
func rectPix(x0, y0, x1, y1, w int) []int32 {
	var pix []int32
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			pix = append(pix, int32(y*w+x))
		}
	}
	return pix
}

// synthPair builds a pair with every field filled: gradient frames,
// rectangle masks, smooth positive depth, an arm mask, tracks with a few
// lost pixels and finite flow.
func synthPair(t testing.TB, o synthOptions) *real.Pair {
	t.Helper()
	w, h := o.w, o.h
	p := &real.Pair{ID: "ep-12.a", Source: o.source, Task: "put the cup left of the bowl", W: w, H: h,
		K: real.Intrinsics{Fx: 0.9 * float64(w), Fy: 0.95 * float64(w), Cx: float64(w) / 2, Cy: float64(h)/2 + 0.25}}
	if p.Source.Name == "" {
		src, err := real.CustomSource(1.2, 0.03, false, true)
		if err != nil {
			t.Fatal(err)
		}
		p.Source = src
	}
	for i, fr := range []*real.Frame{&p.F0, &p.F1} {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), uint8(40 * i), 255})
			}
		}
		fr.Image = img
		if o.jpeg {
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
				t.Fatal(err)
			}
			fr.Encoded = buf.Bytes()
			dec, err := jpeg.Decode(bytes.NewReader(fr.Encoded))
			if err != nil {
				t.Fatal(err)
			}
			fr.Image = dec
		}
		dx := 3 * i
		fr.Masks = []real.Mask{
			{Label: "cup", Score: 0.91, Pix: rectPix(2+dx, 3, 12+dx, 11, w)},
			{Label: "bowl", Score: 0.5, TaskNoun: true, Pix: rectPix(20, 20, 30, 33, w)},
			{Label: "small object", Score: 0.35, Pix: rectPix(w-8, h-6, w, h, w)},
		}
		if i == 1 && o.overlap {
			fr.Masks = append(fr.Masks, real.Mask{Label: "table", Score: 1, Pix: rectPix(0, 0, w, h/2, w)})
		}
		fr.Depth = make([]float32, w*h)
		for j := range fr.Depth {
			fr.Depth[j] = 0.5 + float32(j%w)*0.01 + float32(j/w)*0.002 + float32(i)*0.001
		}
		fr.Arm = make([]bool, w*h)
		for j := range fr.Arm {
			fr.Arm[j] = j%w > w-5 && j/w < h/3+i
		}
	}
	p.F0.Arm = nil // one frame without an arm mask
	p.Tracks = make([]float32, 2*w*h)
	p.Flow = make([]float32, 2*w*h)
	for j := 0; j < w*h; j++ {
		p.Tracks[2*j], p.Tracks[2*j+1] = 3.25, -1.5+float32(j%7)
		p.Flow[2*j], p.Flow[2*j+1] = 3, -1
	}
	nan := float32(math.NaN())
	p.Tracks[2*5], p.Tracks[2*5+1] = nan, nan
	return p
}

// writeSynth writes synthPair(o) as dir/<id> and returns the folder.
func writeSynth(t testing.TB, dir string, o synthOptions) (string, *real.Pair) {
	t.Helper()
	p := synthPair(t, o)
	folder := filepath.Join(dir, p.ID)
	if err := Write(folder, p); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return folder, p
}

// editJSON rewrites a JSON file through a generic value.
func editJSON(t testing.TB, path string, edit func(v any) any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	v = edit(v)
	if b, err = json.Marshal(v); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// obj returns v's member key as an object.
func obj(v any, key string) map[string]any { return v.(map[string]any)[key].(map[string]any) }

// frameObj returns pair.json's frames[i].
func frameObj(v any, i int) map[string]any {
	return v.(map[string]any)["frames"].([]any)[i].(map[string]any)
}
