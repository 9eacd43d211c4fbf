package marks

import (
	"image"
	"image/color"
	"testing"
)

// TestCropAndBox checks a crop's extent (padding, minimum side, clipping,
// content) and that the box outline surrounds the box without touching it.
func TestCropAndBox(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 200, 100))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	for _, c := range []struct {
		box  image.Rectangle
		w, h int
	}{
		{image.Rect(50, 20, 110, 80), 90, 90},   // 60 px + 15 on each side
		{image.Rect(100, 40, 110, 50), 64, 64},  // grown to the minimum
		{image.Rect(0, 0, 40, 40), 52, 52},      // grown to 64, clipped at the corner
		{image.Rect(180, 80, 200, 100), 42, 42}, // grown, then clipped
	} {
		got := Crop(img, c.box)
		if got.Bounds() != image.Rect(0, 0, c.w, c.h) {
			t.Errorf("crop of %v: %v, want %dx%d", c.box, got.Bounds(), c.w, c.h)
			continue
		}
		pad := int(CropPad * float64(max(c.box.Dx(), c.box.Dy())))
		if c.box.Dx()+2*pad >= CropMinSide {
			x0, y0 := max(0, c.box.Min.X-pad), max(0, c.box.Min.Y-pad)
			if got.NRGBAAt(5, 5) != img.NRGBAAt(x0+5, y0+5) {
				t.Errorf("crop of %v: pixel (5,5) is not the image's (%d,%d)", c.box, x0+5, y0+5)
			}
		}
	}
	box := image.Rect(50, 20, 90, 60)
	b := Boxed(img, box)
	for _, p := range []image.Point{{49, 40}, {47, 40}, {70, 19}, {90, 59}, {92, 62}} {
		if b.NRGBAAt(p.X, p.Y) != BoxColor {
			t.Errorf("outline pixel %v is %v", p, b.NRGBAAt(p.X, p.Y))
		}
	}
	for _, p := range []image.Point{{50, 20}, {89, 59}, {46, 40}, {70, 16}} {
		if b.NRGBAAt(p.X, p.Y) != img.NRGBAAt(p.X, p.Y) {
			t.Errorf("pixel %v changed", p)
		}
	}
	if img.NRGBAAt(49, 40) == (color.NRGBA{0, 230, 0, 255}) {
		t.Error("Boxed drew on its input")
	}
}
