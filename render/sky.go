package render

import (
	"math"

	"flowbench/sim"
)

// The outdoors, seen through windows and outside doors where a camera ray
// hits nothing: a sky above the horizon and a lawn below it, each a
// piecewise-linear gradient in e, the sine of the ray's elevation (its unit
// direction's y). The two meet at the horizon (e = 0) with a step, so the
// horizon reads as one; the lawn is lightest there (distance haze), a band
// of distant trees stands on it and the sky is palest above the trees.
// Nothing else depends on it: depth and instance ids stay "no hit" there. The Blender bridge builds the same gradients in its world
// shader (SKY_STOPS and GROUND_STOPS in thor/bridge/blender_bridge.py; a
// test compares them).

// SkyStop is one stop of an outdoor gradient: colour C (sRGB, 0–255) at
// elevation sine E.
type SkyStop struct {
	E float64
	C [3]float64
}

// SkyStops is the sky's gradient for e ≥ 0, by increasing E from 0 to 1.
var SkyStops = []SkyStop{
	{0, [3]float64{96, 116, 92}}, // a band of distant trees, 2.3° high
	{0.04, [3]float64{112, 130, 104}},
	{0.0401, [3]float64{206, 222, 236}}, // the sky, palest at the trees
	{0.25, [3]float64{160, 194, 230}},
	{1, [3]float64{112, 152, 214}},
}

// GroundStops is the lawn's gradient for e < 0, by increasing depression
// −e from 0 to 1 (E holds −e).
var GroundStops = []SkyStop{
	{0, [3]float64{146, 156, 126}},
	{0.15, [3]float64{104, 124, 78}},
	{1, [3]float64{70, 94, 52}},
}

// OutdoorColor returns the colour of the outdoors along direction d (any
// non-zero length): SkyStops above the horizon, GroundStops below.
func OutdoorColor(d sim.Vec3) [3]uint8 {
	l := math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
	if !(l > 0) || math.IsInf(l, 0) {
		return outdoorRamp(SkyStops, 0)
	}
	e := d[1] / l
	if e < 0 {
		return outdoorRamp(GroundStops, -e)
	}
	return outdoorRamp(SkyStops, e)
}

// outdoorRamp interpolates stops (by increasing E) linearly at t, clamped to
// the first and last stop, and rounds to 0–255.
func outdoorRamp(stops []SkyStop, t float64) [3]uint8 {
	c := stops[len(stops)-1].C
	for i := 1; i < len(stops); i++ {
		a, b := stops[i-1], stops[i]
		if t <= b.E {
			f := 0.0
			if b.E > a.E {
				f = math.Max(0, (t-a.E)/(b.E-a.E))
			}
			for k := range c {
				c[k] = a.C[k] + (b.C[k]-a.C[k])*f
			}
			break
		}
	}
	return [3]uint8{quant(c[0] / 255), quant(c[1] / 255), quant(c[2] / 255)}
}

// backgroundColor returns what sample (x, y) of view v shows when its ray
// hits nothing: the outdoors, or Options.Background when one is set.
func (r *Renderer) backgroundColor(v *view, x, y float64) [3]uint8 {
	if bg := r.opts.Background; bg.A != 0 {
		return [3]uint8{bg.R, bg.G, bg.B}
	}
	return OutdoorColor(v.base.Add(v.rx.Mul(x)).Add(v.dy.Mul(y)))
}
