package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"io"
	"math/rand/v2"
	"testing"
)

// TestEncodePNGBandsReuse edits copies of a rendered frame (a mark-like
// square, a changed row band, the first and last rows, a one-pixel change
// on a band's last row, which the next band's filter also reads) and
// encodes each with the original and other edits as references: the bytes
// equal those of encoding it with no reference, the pixels decode back
// exactly, and exactly the bands whose rows (and row above) are untouched
// are taken from a reference.
func TestEncodePNGBandsReuse(t *testing.T) {
	s, cam := benchModelScene(t)
	cam.Width, cam.Height = 131, 5*pngBandRows+3
	_, f := renderScene(t, s, Options{Workers: 1}, cam)
	base, err := EncodePNGBands(f.RGB, true)
	if err != nil {
		t.Fatal(err)
	}
	if base.Reused() != 0 {
		t.Fatalf("no references, yet %d bands reused", base.Reused())
	}
	H := cam.Height
	bands := (H + pngBandRows - 1) / pngBandRows
	edits := map[string][]int{ // rows changed
		"square":     {pngBandRows + 2, pngBandRows + 3, pngBandRows + 4},
		"band":       {2*pngBandRows - 1, 2 * pngBandRows, 2*pngBandRows + 5},
		"first-last": {0, H - 1},
		"band-end":   {3*pngBandRows - 1},
		"none":       nil,
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var refs []*PNGBands
	for name, rows := range edits {
		img := image.NewRGBA(f.RGB.Rect)
		copy(img.Pix, f.RGB.Pix)
		touched := map[int]bool{}
		for _, y := range rows {
			x := rng.IntN(cam.Width)
			img.Pix[y*img.Stride+4*x] ^= 0x5a
			touched[y/pngBandRows] = true
			if y+1 < H && (y+1)%pngBandRows == 0 { // the next band's first row reads this one
				touched[(y+1)/pngBandRows] = true
			}
		}
		got, err := EncodePNGBands(img, true, append([]*PNGBands{base}, refs...)...)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := EncodePNGBands(img, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), fresh.Bytes()) {
			t.Errorf("%s: bytes with references differ from bytes without", name)
		}
		if want := bands - len(touched); got.Reused() != want {
			t.Errorf("%s: %d bands reused, want %d", name, got.Reused(), want)
		}
		if dec := decodeRGBA(t, got.Bytes()); !sameRGBA(dec, img) {
			t.Errorf("%s: decoded pixels differ", name)
		}
		checkZlibStream(t, name, got.Bytes())
		refs = append(refs, got)
	}
	// An image of another size shares nothing.
	small := f.RGB.SubImage(image.Rect(0, 0, cam.Width-1, H)).(*image.RGBA)
	if p, err := EncodePNGBands(small, false, base); err != nil || p.Reused() != 0 {
		t.Errorf("another size: %v, %d bands reused", err, p.Reused())
	}
}

// checkZlibStream reads a PNG's IDAT stream to its end with compress/zlib,
// which checks the Adler-32, and that nothing follows it.
func checkZlibStream(t *testing.T, name string, pngBytes []byte) {
	t.Helper()
	var idat []byte
	for b := pngBytes[8:]; len(b) >= 12; {
		n := int(binary.BigEndian.Uint32(b))
		if string(b[4:8]) == "IDAT" {
			idat = append(idat, b[8:8+n]...)
		}
		b = b[12+n:]
	}
	zr, err := zlib.NewReader(bytes.NewReader(idat))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		t.Errorf("%s: zlib stream: %v", name, err)
	}
}

// TestAdler32Combine checks the combined checksum of random splits of
// random bytes against the checksum of the whole.
func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 9))
	for range 200 {
		n := rng.IntN(300000)
		b := make([]byte, n)
		for i := range b {
			b[i] = uint8(rng.IntN(256))
			if rng.IntN(3) == 0 {
				b[i] = 255
			}
		}
		k := rng.IntN(n + 1)
		got := adler32Combine(adler32.Checksum(b[:k]), adler32.Checksum(b[k:]), n-k)
		if want := adler32.Checksum(b); got != want {
			t.Fatalf("n=%d split %d: %08x, want %08x", n, k, got, want)
		}
	}
}
