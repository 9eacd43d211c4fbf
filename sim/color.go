package sim

import "math"

// HSV returns the colour of hue h (in turns; any real, taken modulo 1),
// saturation s and value v (both in [0, 1]).
func HSV(h, s, v float64) RGB {
	h6 := (h - math.Floor(h)) * 6
	i := math.Floor(h6)
	f := h6 - i
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	switch int(i) % 6 {
	case 0:
		return RGB{R: v, G: t, B: p}
	case 1:
		return RGB{R: q, G: v, B: p}
	case 2:
		return RGB{R: p, G: v, B: t}
	case 3:
		return RGB{R: p, G: q, B: v}
	case 4:
		return RGB{R: t, G: p, B: v}
	}
	return RGB{R: v, G: p, B: q}
}

// Scale returns c with every channel multiplied by f.
func (c RGB) Scale(f float64) RGB {
	return RGB{R: c.R * f, G: c.G * f, B: c.B * f}
}
