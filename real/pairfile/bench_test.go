package pairfile

import (
	"path/filepath"
	"testing"

	"flowbench/real"
)

// benchPair writes a 640×480 pair with 24 masks per frame (label PNGs,
// PNG frames, arm masks, tracks and flow) and returns its folder.
func benchPair(b *testing.B, overlap bool) string {
	b.Helper()
	bridge, _ := real.LookupSource(real.BridgeV2)
	p := synthPair(b, synthOptions{w: 640, h: 480, source: bridge, overlap: overlap})
	for _, fr := range []*real.Frame{&p.F0, &p.F1} {
		fr.Masks = fr.Masks[:0]
		for k := 0; k < 24; k++ {
			x, y := 40+(k%6)*95, 60+(k/6)*100
			fr.Masks = append(fr.Masks, real.Mask{Label: "cup", Score: 0.8, Pix: rectPix(x, y, x+60, y+70, 640)})
		}
	}
	if overlap {
		p.F1.Masks = append(p.F1.Masks, real.Mask{Label: "table", Score: 0.9, Pix: rectPix(0, 240, 640, 480, 640)})
	}
	dir := filepath.Join(b.TempDir(), p.ID)
	if err := Write(dir, p); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkRead reads a 640×480 pair folder: two PNG frames, two label
// PNGs (or one label PNG and one COCO RLE file), depth, arm masks, tracks
// and flow.
func BenchmarkRead(b *testing.B) {
	for _, c := range []struct {
		name    string
		overlap bool
	}{{"labels", false}, {"rle", true}} {
		b.Run(c.name, func(b *testing.B) {
			dir := benchPair(b, c.overlap)
			b.ResetTimer()
			for b.Loop() {
				if _, err := Read(dir); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWrite writes the same pair.
func BenchmarkWrite(b *testing.B) {
	dir := benchPair(b, false)
	p, err := Read(dir)
	if err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "out")
	for b.Loop() {
		if err := Write(out, p); err != nil {
			b.Fatal(err)
		}
	}
}
