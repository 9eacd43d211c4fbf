package marks

import (
	"image/color"

	"flowbench/render"
)

// Lab is a CIELAB colour (D65 white point, CIE 1931 2° observer): the
// simulated half's colour space, so both halves judge dots alike.
type Lab = render.Lab

// LabOfRGB converts an 8-bit sRGB colour to CIELAB (render.LabOf).
func LabOfRGB(r, g, b uint8) Lab { return render.LabOf(color.RGBA{R: r, G: g, B: b, A: 255}) }

// LabOf converts a colour's sRGB channels to CIELAB (D65), ignoring alpha.
func LabOf(c color.NRGBA) Lab { return LabOfRGB(c.R, c.G, c.B) }

// DeltaE76 is the CIE 1976 colour difference ΔE*ab, the Euclidean
// distance in CIELAB (render.DeltaE76): the distance the dot rules use
// (B.4's "40 CIELAB units").
func DeltaE76(p, q Lab) float64 { return render.DeltaE76(p, q) }
