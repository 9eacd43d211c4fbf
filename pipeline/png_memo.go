package pipeline

import (
	"bytes"
	"image"
)

// PNG memo. Consecutive examples of one view share their before frame: the
// unmarked I0 (image_before_raw) is the same picture, and so is the marked
// I0 when the examples mark the same objects. A PNG's bytes are a function
// of the pixels alone (render.EncodePNGFast), so the annotator keeps the
// pixels and encodings of its last few before images and reuses an
// encoding when a new image has exactly the same pixels, instead of
// compressing it again. Comparing two frames costs far less than encoding one.

// pngMemoSlots is how many recent images the memo keeps: the marked and
// unmarked I0 of the current view, and one spare.
const pngMemoSlots = 3

// pngMemo holds the encodings of recent images. It is not safe for
// concurrent use.
type pngMemo struct {
	slots [pngMemoSlots]pngMemoSlot
	tick  uint64 // use counter: the least recently used slot is replaced
	hits  int    // encodings reused, for tests
}

// pngMemoSlot is one remembered image: its pixels (4·W bytes a row, no
// padding) and its PNG bytes.
type pngMemoSlot struct {
	w, h int
	pix  []uint8
	png  []byte
	used uint64
}

// lookup returns the remembered encoding of an image with img's pixels.
// The bytes are shared: callers must not modify them.
func (m *pngMemo) lookup(img *image.RGBA) ([]byte, bool) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for i := range m.slots {
		s := &m.slots[i]
		if s.png == nil || s.w != w || s.h != h || !samePixels(s.pix, img) {
			continue
		}
		m.tick++
		s.used = m.tick
		m.hits++
		return s.png, true
	}
	return nil, false
}

// store remembers img's pixels and encoding in the least recently used slot.
func (m *pngMemo) store(img *image.RGBA, png []byte) {
	s := &m.slots[0]
	for i := range m.slots {
		if m.slots[i].used < s.used {
			s = &m.slots[i]
		}
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	m.tick++
	s.w, s.h, s.png, s.used = w, h, png, m.tick
	if cap(s.pix) < 4*w*h {
		s.pix = make([]uint8, 4*w*h)
	}
	s.pix = s.pix[:4*w*h]
	for y := range h {
		copy(s.pix[4*w*y:4*w*(y+1)], rgbaRow(img, y))
	}
}

// samePixels reports whether pix (rows of 4·W bytes laid end to end) holds
// exactly img's pixels; the sizes must already agree.
func samePixels(pix []uint8, img *image.RGBA) bool {
	w := img.Rect.Dx()
	for y := range img.Rect.Dy() {
		if !bytes.Equal(pix[4*w*y:4*w*(y+1)], rgbaRow(img, y)) {
			return false
		}
	}
	return true
}

// rgbaRow returns row y (0 at the top of img's rectangle) of img's pixels.
func rgbaRow(img *image.RGBA, y int) []uint8 {
	off := img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y)
	return img.Pix[off : off+4*img.Rect.Dx()]
}
