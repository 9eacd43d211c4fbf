package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"sync"
	"testing"
)

// decodeRGBA decodes PNG bytes and returns the pixels as RGBA.
func decodeRGBA(t *testing.T, b []byte) *image.RGBA {
	t.Helper()
	m, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(image.Rect(0, 0, m.Bounds().Dx(), m.Bounds().Dy()))
	for y := 0; y < out.Rect.Dy(); y++ {
		for x := 0; x < out.Rect.Dx(); x++ {
			out.Set(x, y, m.At(m.Bounds().Min.X+x, m.Bounds().Min.Y+y))
		}
	}
	return out
}

// sameRGBA reports whether two images have the same size and pixels.
func sameRGBA(a, b *image.RGBA) bool {
	if a.Rect.Dx() != b.Rect.Dx() || a.Rect.Dy() != b.Rect.Dy() {
		return false
	}
	for y := 0; y < a.Rect.Dy(); y++ {
		for x := 0; x < a.Rect.Dx(); x++ {
			if a.RGBAAt(a.Rect.Min.X+x, a.Rect.Min.Y+y) != b.RGBAAt(b.Rect.Min.X+x, b.Rect.Min.Y+y) {
				return false
			}
		}
	}
	return true
}

// TestEncodePNGFastRoundTrip encodes rendered frames, random images of odd
// sizes (every byte value, so every filter wrap-around) and sub-images, and
// decodes them with image/png: the pixels come back exactly, as 8-bit RGB. A
// translucent image gets image/png's own encoding.
func TestEncodePNGFastRoundTrip(t *testing.T) {
	s, cam := benchModelScene(t)
	cam.Width, cam.Height = 160, 120
	_, f := renderScene(t, s, Options{Workers: 1}, cam)
	rng := rand.New(rand.NewPCG(3, 4))
	imgs := map[string]*image.RGBA{"frame": f.RGB, "frame-sub": f.RGB.SubImage(image.Rect(7, 5, 101, 77)).(*image.RGBA)}
	for _, sz := range [][2]int{{1, 1}, {1, 7}, {2, 1}, {33, 17}, {200, 3}} {
		img := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(256))
			if i%4 == 3 {
				img.Pix[i] = 255
			}
		}
		imgs[string(rune('a'+len(imgs)))] = img
	}
	see := image.NewRGBA(image.Rect(0, 0, 9, 9))
	for i := range see.Pix {
		see.Pix[i] = uint8(i * 7)
	}
	see.Pix[3] = 255
	see.SetRGBA(4, 4, color.RGBA{10, 20, 30, 40})
	imgs["translucent"] = see
	for name, img := range imgs {
		var b bytes.Buffer
		if err := EncodePNGFast(&b, img); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		opaque := name != "translucent"
		if rgb := cfg.ColorModel == color.RGBAModel; rgb != opaque {
			t.Errorf("%s: decodes as 8-bit RGB: %v, want %v (opaque)", name, rgb, opaque)
		}
		if !opaque {
			// Translucent images are image/png's (which stores them
			// unpremultiplied, so not every *image.RGBA comes back).
			var want bytes.Buffer
			if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&want, img); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want.Bytes()) {
				t.Errorf("%s: not image/png's encoding", name)
			}
			continue
		}
		if got := decodeRGBA(t, b.Bytes()); !sameRGBA(got, img) {
			t.Errorf("%s: decoded pixels differ from the image", name)
		}
	}
	if err := EncodePNGFast(&bytes.Buffer{}, image.NewRGBA(image.Rect(0, 0, 0, 5))); err == nil {
		t.Error("empty image: no error")
	}
}

// TestEncodePNGFastDeterministic encodes the same frame from many
// goroutines at once (sharing the pooled encoder state): every copy has the
// same bytes.
func TestEncodePNGFastDeterministic(t *testing.T) {
	s, cam := benchModelScene(t)
	cam.Width, cam.Height = 96, 64
	_, f := renderScene(t, s, Options{Workers: 1}, cam)
	var want bytes.Buffer
	if err := EncodePNGFast(&want, f.RGB); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([][]byte, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			if err := EncodePNGFast(&b, f.RGB); err != nil {
				t.Error(err)
			}
			got[i] = b.Bytes()
		}()
	}
	wg.Wait()
	for i, g := range got {
		if !bytes.Equal(g, want.Bytes()) {
			t.Fatalf("copy %d: %d bytes differ from the first encoding's %d", i, len(g), want.Len())
		}
	}
}

// BenchmarkEncodePNG compares EncodePNGFast with image/png at BestSpeed on
// a 512×512 frame of the model scene.
func BenchmarkEncodePNG(b *testing.B) {
	s, cam := benchModelScene(b)
	cam.Width, cam.Height = 512, 512
	_, f := renderScene(b, s, Options{}, cam)
	for _, c := range []struct {
		name string
		enc  func(*bytes.Buffer) error
	}{
		{"fast", func(w *bytes.Buffer) error { return EncodePNGFast(w, f.RGB) }},
		{"image-png", func(w *bytes.Buffer) error {
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, f.RGB)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var w bytes.Buffer
			for i := 0; i < b.N; i++ {
				w.Reset()
				if err := c.enc(&w); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(w.Len()), "bytes")
		})
	}
}
