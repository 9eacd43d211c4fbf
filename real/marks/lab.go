package marks

import (
	"image/color"
	"math"
)

// Lab is a CIELAB colour (D65 white point, CIE 1931 2° observer).
type Lab struct{ L, A, B float64 }

// linearLUT maps an 8-bit sRGB channel to linear light in [0, 1].
var linearLUT = func() (t [256]float64) {
	for i := range t {
		c := float64(i) / 255
		if c <= 0.04045 {
			t[i] = c / 12.92
		} else {
			t[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return t
}()

// D65 reference white, XYZ with Y = 1 (the sRGB white point).
const (
	whiteX = 0.95047
	whiteZ = 1.08883
)

// labF is the CIELAB companding function f(t).
func labF(t float64) float64 {
	const d = 6.0 / 29
	if t > d*d*d {
		return math.Cbrt(t)
	}
	return t/(3*d*d) + 4.0/29
}

// LabOfRGB converts an 8-bit sRGB colour to CIELAB (D65): the sRGB
// transfer curve is undone, linear RGB goes to XYZ with the sRGB (D65)
// matrix, and XYZ goes to L*a*b* relative to the D65 white.
func LabOfRGB(r, g, b uint8) Lab {
	lr, lg, lb := linearLUT[r], linearLUT[g], linearLUT[b]
	x := (0.4124564*lr + 0.3575761*lg + 0.1804375*lb) / whiteX
	y := 0.2126729*lr + 0.7151522*lg + 0.0721750*lb
	z := (0.0193339*lr + 0.1191920*lg + 0.9503041*lb) / whiteZ
	fx, fy, fz := labF(x), labF(y), labF(z)
	return Lab{L: 116*fy - 16, A: 500 * (fx - fy), B: 200 * (fy - fz)}
}

// LabOf converts a colour's sRGB channels to CIELAB (D65), ignoring alpha.
func LabOf(c color.NRGBA) Lab { return LabOfRGB(c.R, c.G, c.B) }

// DeltaE76 is the CIE 1976 colour difference ΔE*ab: the Euclidean
// distance in CIELAB. It is the distance the dot rules use (B.4's "40
// CIELAB units").
func DeltaE76(p, q Lab) float64 {
	dl, da, db := p.L-q.L, p.A-q.A, p.B-q.B
	return math.Sqrt(dl*dl + da*da + db*db)
}
