package mine

import (
	"image"
	"image/color"

	"golang.org/x/image/draw"

	"flowbench/real"
)

// InteriorMargin is the share of the width and of the height left out at
// each border when eq. 47 averages over the image interior Ω. B.1 says
// "the image interior" without a number; 2 % is flowbench's choice: it
// leaves out the black or smeared borders some robot cameras have and the
// resampling edge, and keeps 92 % of the frame.
const InteriorMargin = 0.02

// resize returns img scaled to w×h (bilinear) as RGBA.
func resize(img image.Image, w, h int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.BiLinear.Scale(out, out.Bounds(), img, img.Bounds(), draw.Src, nil)
	return out
}

// grey is a pixel's grey level on 0..255 (ITU-R BT.601 luma, as
// grayscale conversion usually is).
func grey(c color.RGBA) float64 {
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}

// ChangeFraction is φ of eq. 47: the share of the interior pixels whose
// grey level differs by more than ChangeGrayThreshold between two frames
// of the same size.
func ChangeFraction(a, b *image.RGBA) float64 {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	mx, my := int(InteriorMargin*float64(w)), int(InteriorMargin*float64(h))
	n, changed := 0, 0
	for y := my; y < h-my; y++ {
		for x := mx; x < w-mx; x++ {
			d := grey(a.RGBAAt(x, y)) - grey(b.RGBAAt(x, y))
			if d > real.ChangeGrayThreshold || -d > real.ChangeGrayThreshold {
				changed++
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(changed) / float64(n)
}
