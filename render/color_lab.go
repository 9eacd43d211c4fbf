package render

import (
	"image/color"
	"math"
)

// Lab is a CIELAB colour (D65 white point).
type Lab struct{ L, A, B float64 }

// srgbToLinear undoes the sRGB transfer curve of a channel in [0, 1].
func srgbToLinear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// srgbLinear8 is srgbToLinear of every 8-bit channel value, so that
// per-pixel conversions (a mask's mean colour) skip the power function.
var srgbLinear8 = func() (t [256]float64) {
	for i := range t {
		t[i] = srgbToLinear(float64(i) / 255)
	}
	return t
}()

// LabOf converts an 8-bit sRGB colour to CIELAB (D65, 2° observer).
func LabOf(c color.RGBA) Lab {
	r, g, b := srgbLinear8[c.R], srgbLinear8[c.G], srgbLinear8[c.B]
	x := (0.4124564*r + 0.3575761*g + 0.1804375*b) / 0.95047
	y := 0.2126729*r + 0.7151522*g + 0.0721750*b
	z := (0.0193339*r + 0.1191920*g + 0.9503041*b) / 1.08883
	f := func(t float64) float64 {
		const d = 6.0 / 29
		if t > d*d*d {
			return math.Cbrt(t)
		}
		return t/(3*d*d) + 4.0/29
	}
	fx, fy, fz := f(x), f(y), f(z)
	return Lab{L: 116*fy - 16, A: 500 * (fx - fy), B: 200 * (fy - fz)}
}

// DeltaE76 is the CIE76 colour difference: the Euclidean distance in CIELAB.
func DeltaE76(p, q Lab) float64 {
	return math.Sqrt((p.L-q.L)*(p.L-q.L) + (p.A-q.A)*(p.A-q.A) + (p.B-q.B)*(p.B-q.B))
}
