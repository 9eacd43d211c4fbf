package render

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"io"
	"sync/atomic"
)

// EncodePNGFast writes img as a PNG quickly. An opaque image (every alpha
// 255) becomes an 8-bit RGB PNG whose rows all use the Average filter,
// compressed with deflate at BestSpeed in bands of rows (png_bands.go):
// image/png tries all five filters on every row, which costs more than the
// compression itself, and on rendered frames the Average filter alone
// compresses as well. Other images go to image/png at BestSpeed. The bytes
// are a function of the pixels only, and any PNG decoder reads back exactly
// img's colours.
func EncodePNGFast(w io.Writer, img *image.RGBA) error {
	p, err := EncodePNGBands(img, false)
	if err != nil {
		return err
	}
	_, err = w.Write(p.Bytes())
	return err
}

// errPNGSize is the error for an image PNG cannot hold.
func errPNGSize(w, h int) error {
	return fmt.Errorf("png: invalid image size %dx%d", w, h)
}

// averageRow writes into out (at least 3·W+1 bytes; the byte after the
// 3·W it fills is scratch) the PNG Average filter of the RGB samples of the
// RGBA row cur (W pixels) under the RGBA row up (nil for the first row, read
// as zeros): out[i] = raw(i) − ⌊(raw(i−3) + prior(i)) / 2⌋ mod 256, raw(i−3)
// being 0 in the first pixel. Two pixels' eight bytes are handled at once in
// a uint64 (SWAR): the byte-wise floor mean is (a & b) + ((a ^ b) >> 1 & 0x7f…)
// and the byte-wise difference ((x | H) − (y &^ H)) ^ ((x ^ ^y) & H) with
// H = 0x80…, neither carrying between bytes; each pixel's alpha result is
// overwritten by the next pixel's samples.
func averageRow(out, cur, up []uint8) {
	W := len(cur) / 4
	if W == 0 {
		return
	}
	out = out[:3*W+1]
	cur = cur[:4*W]
	if up == nil {
		up = zeroRow(4 * W)
	}
	up = up[:4*W]
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	sub := func(x, y uint64) uint64 { return ((x | hi) - (y &^ hi)) ^ ((x ^ ^y) & hi) }
	mean := func(a, b uint64) uint64 { return (a & b) + ((a ^ b) >> 1 & lo7) }
	left := uint64(0) // the pixel before the pair, in the low half
	x := 0
	for ; x+2 <= W; x += 2 {
		c := binary.LittleEndian.Uint64(cur[4*x:])
		u := binary.LittleEndian.Uint64(up[4*x:])
		d := sub(c, mean(c<<32|left, u))
		o := out[3*x : 3*x+7]
		binary.LittleEndian.PutUint32(o, uint32(d))
		binary.LittleEndian.PutUint32(o[3:], uint32(d>>32))
		left = c >> 32
	}
	if x < W { // an odd last pixel
		c := uint64(binary.LittleEndian.Uint32(cur[4*x:]))
		u := uint64(binary.LittleEndian.Uint32(up[4*x:]))
		binary.LittleEndian.PutUint32(out[3*x:], uint32(sub(c, mean(left, u))))
	}
}

// zeroRow returns n zero bytes (the row above the first row), shared and
// never written.
func zeroRow(n int) []uint8 {
	if p := zeroRowBuf.Load(); p != nil && len(*p) >= n {
		return (*p)[:n]
	}
	b := make([]uint8, n)
	zeroRowBuf.Store(&b)
	return b
}

var zeroRowBuf atomic.Pointer[[]uint8]

// maxIDAT is the largest IDAT chunk EncodePNGFast writes (PNG allows 2³¹−1 bytes).
const maxIDAT = 1 << 24

// writeChunk writes one PNG chunk: length, type, data and CRC.
func writeChunk(w io.Writer, typ string, data []byte) error {
	var h [8]byte
	binary.BigEndian.PutUint32(h[:4], uint32(len(data)))
	copy(h[4:], typ)
	crc := crc32.Update(crc32.ChecksumIEEE(h[4:]), crc32.IEEETable, data)
	var t [4]byte
	binary.BigEndian.PutUint32(t[:], crc)
	for _, b := range [][]byte{h[:], data, t[:]} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// opaqueRGBA reports whether every pixel of img has alpha 255.
func opaqueRGBA(img *image.RGBA) bool {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < H; y++ {
		p := img.Pix[y*img.Stride : y*img.Stride+4*W]
		for i := 3; i < len(p); i += 4 {
			if p[i] != 255 {
				return false
			}
		}
	}
	return true
}
