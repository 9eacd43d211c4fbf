package flow

import (
	"image"
	"image/color"
	"math"
)

// Segment lengths of the Baker et al. (Middlebury) colour wheel: red→yellow,
// yellow→green, green→cyan, cyan→blue, blue→magenta, magenta→red.
const (
	wheelRY = 15
	wheelYG = 6
	wheelGC = 4
	wheelCB = 11
	wheelBM = 13
	wheelMR = 6
	// WheelColors is the number of colours on the wheel (55).
	WheelColors = wheelRY + wheelYG + wheelGC + wheelCB + wheelBM + wheelMR
)

// colorWheel is the 55-entry RGB table of the Middlebury colour code.
var colorWheel = func() [WheelColors][3]float64 {
	var w [WheelColors][3]float64
	k := 0
	seg := func(n int, set func(t float64) [3]float64) {
		for i := 0; i < n; i++ {
			w[k] = set(math.Floor(255 * float64(i) / float64(n)))
			k++
		}
	}
	seg(wheelRY, func(t float64) [3]float64 { return [3]float64{255, t, 0} })
	seg(wheelYG, func(t float64) [3]float64 { return [3]float64{255 - t, 255, 0} })
	seg(wheelGC, func(t float64) [3]float64 { return [3]float64{0, 255, t} })
	seg(wheelCB, func(t float64) [3]float64 { return [3]float64{0, 255 - t, 255} })
	seg(wheelBM, func(t float64) [3]float64 { return [3]float64{t, 0, 255} })
	seg(wheelMR, func(t float64) [3]float64 { return [3]float64{255, 0, 255 - t} })
	return w
}()

// WheelColor returns the Middlebury colour of a flow vector already divided
// by the normalising magnitude: the hue is the direction (interpolated
// between the two nearest of the 55 wheel colours), saturation grows with the
// length up to 1, and longer vectors are drawn at 75 % brightness.
func WheelColor(u, v float64) color.RGBA {
	rad := math.Hypot(u, v)
	a := math.Atan2(-v, -u) / math.Pi
	fk := (a + 1) / 2 * (WheelColors - 1)
	k0 := int(math.Floor(fk))
	k1 := k0 + 1
	if k1 == WheelColors {
		k1 = 0
	}
	f := fk - float64(k0)
	var out [3]uint8
	for c := 0; c < 3; c++ {
		col := ((1-f)*colorWheel[k0][c] + f*colorWheel[k1][c]) / 255
		if rad <= 1 {
			col = 1 - rad*(1-col)
		} else {
			col *= 0.75
		}
		out[c] = uint8(math.Floor(255 * col))
	}
	return color.RGBA{out[0], out[1], out[2], 255}
}

// WheelOptions controls ColorImage.
type WheelOptions struct {
	// Max is the magnitude drawn at full saturation; ≤ 0 uses the largest
	// magnitude among the drawn pixels.
	Max float64
	// Mask, when not nil (length W·H), limits drawing to pixels with a non-zero entry;
	// the others are black, like unknown flow.
	Mask []uint8
	// NoLegend leaves out the legend wheel in the top-right corner.
	NoLegend bool
}

// ColorImage renders a flow field with the Middlebury colour code, normalised
// by opt.Max (or the largest drawn magnitude), with a legend wheel of radius
// min(W, H)/12 (at least 8 px) in the top-right corner. Unknown vectors and
// masked-out pixels are black.
func ColorImage(f Field, opt WheelOptions) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, f.W, f.H))
	maxMag := opt.Max
	if maxMag <= 0 {
		maxMag = f.MaxMagnitude(opt.Mask)
	}
	scale := 1 / (maxMag + 1e-12)
	for p := 0; p < f.W*f.H; p++ {
		dx, dy := f.D[2*p], f.D[2*p+1]
		var c color.RGBA
		if (opt.Mask == nil || opt.Mask[p] != 0) && Known(dx, dy) {
			c = WheelColor(float64(dx)*scale, float64(dy)*scale)
		} else {
			c = color.RGBA{0, 0, 0, 255}
		}
		img.Pix[4*p], img.Pix[4*p+1], img.Pix[4*p+2], img.Pix[4*p+3] = c.R, c.G, c.B, c.A
	}
	if !opt.NoLegend {
		drawLegend(img)
	}
	return img
}

// drawLegend paints the colour wheel for unit magnitude inside a disc in the
// top-right corner, with a grey outline.
func drawLegend(img *image.RGBA) {
	b := img.Bounds()
	r := min(b.Dx(), b.Dy()) / 12
	if r < 8 {
		r = 8
	}
	margin := r / 4
	cx := float64(b.Max.X - margin - r - 1)
	cy := float64(b.Min.Y + margin + r)
	rf := float64(r)
	for y := int(cy) - r - 1; y <= int(cy)+r+1; y++ {
		for x := int(cx) - r - 1; x <= int(cx)+r+1; x++ {
			if !(image.Point{x, y}.In(b)) {
				continue
			}
			u, v := (float64(x)-cx)/rf, (float64(y)-cy)/rf
			d := math.Hypot(u, v)
			switch {
			case d <= 1:
				img.SetRGBA(x, y, WheelColor(u, v))
			case d <= 1+1.5/rf:
				img.SetRGBA(x, y, color.RGBA{96, 96, 96, 255})
			}
		}
	}
}

// MaskImage returns a mask as an 8-bit grey image: 255 where set, 0 elsewhere.
func MaskImage(m Mask) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, m.W, m.H))
	for p, v := range m.M {
		if v != 0 {
			img.Pix[p] = 255
		}
	}
	return img
}
