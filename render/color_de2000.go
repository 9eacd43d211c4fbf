package render

import "math"

// DeltaE2000 is the CIEDE2000 colour difference (CIE 142-2001, with
// kL = kC = kH = 1), written after Sharma, Wu & Dalal (2005), "The
// CIEDE2000 colour-difference formula: implementation notes, supplementary
// test data, and mathematical observations": hue angles in degrees in
// [0, 360), the mean hue of a pair whose hues lie more than 180° apart
// taken across 0°, and the hue of a neutral colour (C′ = 0) taken as 0.
// It is symmetric in p and q.
func DeltaE2000(p, q Lab) float64 {
	const deg = math.Pi / 180
	c1, c2 := math.Hypot(p.A, p.B), math.Hypot(q.A, q.B)
	cm := (c1 + c2) / 2
	cm7 := math.Pow(cm, 7)
	g := 0.5 * (1 - math.Sqrt(cm7/(cm7+math.Pow(25, 7))))
	a1, a2 := (1+g)*p.A, (1+g)*q.A
	c1p, c2p := math.Hypot(a1, p.B), math.Hypot(a2, q.B)
	h1p, h2p := hueDeg(p.B, a1), hueDeg(q.B, a2)

	dL := q.L - p.L
	dC := c2p - c1p
	var dh float64
	if c1p*c2p != 0 {
		dh = h2p - h1p
		switch {
		case dh > 180:
			dh -= 360
		case dh < -180:
			dh += 360
		}
	}
	dH := 2 * math.Sqrt(c1p*c2p) * math.Sin(dh/2*deg)

	lm := (p.L + q.L) / 2
	cmp := (c1p + c2p) / 2
	hm := h1p + h2p
	if c1p*c2p != 0 {
		switch {
		case math.Abs(h1p-h2p) <= 180:
			hm /= 2
		case hm < 360:
			hm = (hm + 360) / 2
		default:
			hm = (hm - 360) / 2
		}
	}
	t := 1 - 0.17*math.Cos((hm-30)*deg) + 0.24*math.Cos(2*hm*deg) +
		0.32*math.Cos((3*hm+6)*deg) - 0.20*math.Cos((4*hm-63)*deg)
	dTheta := 30 * math.Exp(-((hm-275)/25)*((hm-275)/25))
	cmp7 := math.Pow(cmp, 7)
	rc := 2 * math.Sqrt(cmp7/(cmp7+math.Pow(25, 7)))
	l50 := (lm - 50) * (lm - 50)
	sl := 1 + 0.015*l50/math.Sqrt(20+l50)
	sc := 1 + 0.045*cmp
	sh := 1 + 0.015*cmp*t
	rt := -math.Sin(2*dTheta*deg) * rc
	x, y, z := dL/sl, dC/sc, dH/sh
	return math.Sqrt(x*x + y*y + z*z + rt*y*z)
}

// hueDeg is atan2(b, a) in degrees in [0, 360), 0 for a = b = 0.
func hueDeg(b, a float64) float64 {
	if a == 0 && b == 0 {
		return 0
	}
	h := math.Atan2(b, a) * 180 / math.Pi
	if h < 0 {
		h += 360
	}
	return h
}
