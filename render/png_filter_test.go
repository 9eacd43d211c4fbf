package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"image"
	"math/rand/v2"
	"testing"
)

// averageRef is the PNG Average filter byte by byte, as the specification
// states it, over the RGB samples of RGBA rows (up nil: zeros).
func averageRef(cur, up []uint8) []uint8 {
	W := len(cur) / 4
	out := make([]uint8, 3*W)
	for x := 0; x < W; x++ {
		for c := 0; c < 3; c++ {
			var left, prior int
			if x > 0 {
				left = int(cur[4*(x-1)+c])
			}
			if up != nil {
				prior = int(up[4*x+c])
			}
			out[3*x+c] = cur[4*x+c] - uint8((left+prior)/2)
		}
	}
	return out
}

// TestAverageRowMatchesSpec compares the word-at-a-time filter with the
// byte-by-byte definition on random rows (every byte value, so every
// wrap-around and carry case) and on rows of extremes, with and without a
// row above.
func TestAverageRowMatchesSpec(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	fills := []func(i int) uint8{
		func(int) uint8 { return uint8(rng.IntN(256)) },
		func(int) uint8 { return 255 },
		func(int) uint8 { return 0 },
		func(i int) uint8 { return uint8(255 * (i % 2)) },
		func(i int) uint8 { return uint8(127 + i%3) },
	}
	for _, W := range []int{1, 2, 3, 7, 64, 513} {
		for fi, fill := range fills {
			for _, withUp := range []bool{false, true} {
				cur := make([]uint8, 4*W)
				for i := range cur {
					cur[i] = fill(i)
				}
				var up []uint8
				if withUp {
					up = make([]uint8, 4*W)
					for i := range up {
						up[i] = fills[(fi+1)%len(fills)](i + 1)
					}
				}
				out := make([]uint8, 3*W+1)
				averageRow(out, cur, up)
				if want := averageRef(cur, up); !bytes.Equal(out[:3*W], want) {
					t.Fatalf("W=%d fill %d up %v: filtered row differs from the definition", W, fi, withUp)
				}
			}
		}
	}
}

// TestEncodePNGFastBytes encodes frames and random opaque images (also a
// sub-image, whose rows have a stride, and heights around a band's) and
// compares the bytes with a plain encoder written from the PNG and zlib
// specifications: signature, IHDR (8-bit RGB), Average-filtered rows
// (averageRef) in bands of pngBandRows rows, each deflated at BestSpeed by
// a new compressor and ended by a sync flush, an empty final block, the
// Adler-32 of all filtered rows, in one IDAT; IEND.
func TestEncodePNGFastBytes(t *testing.T) {
	s, cam := benchModelScene(t)
	cam.Width, cam.Height = 150, 110
	_, f := renderScene(t, s, Options{Workers: 1}, cam)
	rng := rand.New(rand.NewPCG(1, 2))
	imgs := map[string]*image.RGBA{"frame": f.RGB, "sub": f.RGB.SubImage(image.Rect(9, 4, 120, 99)).(*image.RGBA)}
	for _, h := range []int{1, pngBandRows - 1, pngBandRows, pngBandRows + 1, 41} {
		noise := image.NewRGBA(image.Rect(0, 0, 77, h))
		for i := range noise.Pix {
			noise.Pix[i] = uint8(rng.IntN(256)) | uint8(255*(i%4/3))
		}
		imgs[fmt.Sprintf("noise-%d", h)] = noise
	}
	for name, img := range imgs {
		var got bytes.Buffer
		if err := EncodePNGFast(&got, img); err != nil {
			t.Fatal(err)
		}
		if want := referencePNG(t, img); !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: EncodePNGFast's bytes differ from the reference encoding", name)
		}
	}
}

// referencePNG encodes an opaque image as EncodePNGFast specifies.
func referencePNG(t *testing.T, img *image.RGBA) []byte {
	t.Helper()
	W, H := img.Rect.Dx(), img.Rect.Dy()
	idat := bytes.NewBuffer([]byte{0x78, 0x01})
	sum := adler32.New()
	var prev []uint8
	for y0 := 0; y0 < H; y0 += pngBandRows {
		fw, err := flate.NewWriter(idat, flate.BestSpeed)
		if err != nil {
			t.Fatal(err)
		}
		for y := y0; y < min(y0+pngBandRows, H); y++ {
			cur := img.Pix[y*img.Stride : y*img.Stride+4*W]
			row := append([]byte{3}, averageRef(cur, prev)...)
			fw.Write(row)
			sum.Write(row)
			prev = cur
		}
		if err := fw.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	idat.Write([]byte{0x03, 0x00}) // BFINAL, fixed codes, end of block
	idat.Write(sum.Sum(nil))
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(W))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(H))
	ihdr[8], ihdr[9] = 8, 2
	for _, c := range []struct {
		typ  string
		data []byte
	}{{"IHDR", ihdr}, {"IDAT", idat.Bytes()}, {"IEND", nil}} {
		if err := writeChunk(&out, c.typ, c.data); err != nil {
			t.Fatal(err)
		}
	}
	return out.Bytes()
}

// BenchmarkAverageRow filters one 512-pixel row under another.
func BenchmarkAverageRow(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	cur, up := make([]uint8, 4*512), make([]uint8, 4*512)
	for i := range cur {
		cur[i], up[i] = uint8(rng.IntN(256)), uint8(rng.IntN(256))
	}
	out := make([]uint8, 3*512+1)
	b.SetBytes(int64(len(cur)))
	for b.Loop() {
		averageRow(out, cur, up)
	}
}
