package pipeline

import (
	"image"
	"testing"

	"flowbench/render"
)

// TestPNGMemoSlots: the memo keeps the last pngMemoSlots distinct images,
// lists them most recent first, and an image with the same pixels as a
// kept one takes that slot instead of evicting another.
func TestPNGMemoSlots(t *testing.T) {
	enc := func(v uint8) *render.PNGBands {
		img := image.NewRGBA(image.Rect(0, 0, 5, 20))
		for i := range img.Pix {
			img.Pix[i] = v
			if i%4 == 3 {
				img.Pix[i] = 255
			}
		}
		p, err := render.EncodePNGBands(img, true)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	var m pngMemo
	ps := []*render.PNGBands{enc(1), enc(2), enc(3), enc(4)}
	for _, p := range ps {
		m.remember(p)
	}
	got := m.refs()
	if len(got) != pngMemoSlots || got[0] != ps[3] || got[1] != ps[2] || got[2] != ps[1] {
		t.Fatalf("refs after four images: want the last three, newest first")
	}
	again := enc(3) // same pixels as ps[2]
	m.remember(again)
	got = m.refs()
	if got[0] != again || got[1] != ps[3] || got[2] != ps[1] {
		t.Errorf("an image with kept pixels must replace its twin, not the oldest")
	}
}
