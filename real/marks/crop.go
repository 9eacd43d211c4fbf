package marks

import (
	"image"
	"image/color"
	"image/draw"
)

// The images of the naming requests (B.4.9): a crop around one object, and
// the whole frame with one object boxed for the name check (B.5).

// CropPad is the margin a crop adds on every side, as a share of the
// box's larger side; CropMinSide the least width and height of a crop.
const (
	CropPad     = 0.25
	CropMinSide = 64
)

// BoxColor is the name check's box colour ("the green box"), BoxWidth its
// line width in pixels.
var BoxColor = color.NRGBA{0, 230, 0, 255}

// BoxWidth is the name check's box line width in pixels.
const BoxWidth = 3

// Crop returns the part of img around box: padded by CropPad of its larger
// side on every side, grown to at least CropMinSide pixels each way, then
// clipped to the image. Its origin is (0, 0).
func Crop(img image.Image, box image.Rectangle) *image.NRGBA {
	pad := int(CropPad * float64(max(box.Dx(), box.Dy())))
	r := box.Inset(-pad)
	if d := CropMinSide - r.Dx(); d > 0 {
		r.Min.X, r.Max.X = r.Min.X-d/2, r.Max.X+d-d/2
	}
	if d := CropMinSide - r.Dy(); d > 0 {
		r.Min.Y, r.Max.Y = r.Min.Y-d/2, r.Max.Y+d-d/2
	}
	r = r.Intersect(img.Bounds())
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	return out
}

// Boxed returns a copy of img with box outlined in BoxColor, BoxWidth
// pixels wide, the outline drawn just outside the box where the image
// allows.
func Boxed(img image.Image, box image.Rectangle) *image.NRGBA {
	out := copyNRGBA(img)
	outer := box.Inset(-BoxWidth).Intersect(out.Bounds())
	for y := outer.Min.Y; y < outer.Max.Y; y++ {
		for x := outer.Min.X; x < outer.Max.X; x++ {
			if !(image.Pt(x, y).In(box)) {
				out.SetNRGBA(x, y, BoxColor)
			}
		}
	}
	return out
}
