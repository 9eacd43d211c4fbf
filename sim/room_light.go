package sim

import "math"

// Room lights and their lamps. Every room has one light (the renderers'
// room light, render/lights.go and the Blender bridge) below the ceiling at
// RoomLightXZ, and a square flush ceiling lamp, CeilingLampSize a side,
// centred over it: paint on the ceiling, as a rug is on the floor (the
// ceiling's triangles are cut along the lamp's sides, sim/floor_rug.go),
// in CeilingLampSurface, which the renderers draw unlit (Surface.Emissive).
// Ids, depth, ray casts, collisions and flow are those of the plain ceiling.

// CeilingLampSize is the side of a room's ceiling lamp in metres.
const CeilingLampSize = 0.5

// CeilingLampRim is the width in metres of the lamp's frame round its
// diffuser (inside CeilingLampSize).
const CeilingLampRim = 0.03

// CeilingLampSurface is a ceiling lamp's glowing diffuser: warm white,
// drawn as is without lighting; CeilingLampFrame its lit grey frame.
var (
	CeilingLampSurface = &Surface{Name: "ceiling-lamp", Color: RGB{R: 1, G: 0.97, B: 0.9}, Tile: 1, Emissive: true}
	CeilingLampFrame   = &Surface{Name: "ceiling-lamp-frame", Color: RGB{R: 0.55, G: 0.55, B: 0.56}, Tile: 1}
)

// RoomLightXZ returns where a room's light hangs, in the floor plane: the
// polygon's area centroid, or, for a concave room whose centroid lies
// outside it, the middle of the longest chord of the line through the
// centroid parallel to x.
func RoomLightXZ(poly [][2]float64) [2]float64 {
	c := polyCentroid(poly)
	if !PointInPolygon(poly, c[0], c[1]) && len(poly) > 0 {
		c = chordMiddle(poly, c)
	}
	return c
}

// ceilingLamp returns the squares of a room's ceiling lamp as rectangles of
// the ceiling plane: its frame (CeilingLampFrame) and, inside it, the
// diffuser (CeilingLampSurface).
func ceilingLamp(poly [][2]float64) (frame, diffuser Rug) {
	c := RoomLightXZ(poly)
	h := CeilingLampSize / 2
	frame = Rug{X0: c[0] - h, Z0: c[1] - h, X1: c[0] + h, Z1: c[1] + h, Surface: CeilingLampFrame}
	h -= CeilingLampRim
	diffuser = Rug{X0: c[0] - h, Z0: c[1] - h, X1: c[0] + h, Z1: c[1] + h, Surface: CeilingLampSurface}
	return frame, diffuser
}

// polyCentroid returns the area centroid of a polygon (vertex mean when degenerate).
func polyCentroid(p [][2]float64) [2]float64 {
	var a, cx, cz float64
	for i := range p {
		q, r := p[i], p[(i+1)%len(p)]
		k := q[0]*r[1] - r[0]*q[1]
		a += k
		cx += (q[0] + r[0]) * k
		cz += (q[1] + r[1]) * k
	}
	if math.Abs(a) < 1e-12 {
		var m [2]float64
		for _, q := range p {
			m[0] += q[0] / float64(len(p))
			m[1] += q[1] / float64(len(p))
		}
		return m
	}
	return [2]float64{cx / (3 * a), cz / (3 * a)}
}

// chordMiddle returns the middle of the longest inside segment of the line z = c[1].
func chordMiddle(p [][2]float64, c [2]float64) [2]float64 {
	var xs []float64
	for i := range p {
		q, r := p[i], p[(i+1)%len(p)]
		if (q[1] > c[1]) != (r[1] > c[1]) {
			xs = append(xs, q[0]+(c[1]-q[1])/(r[1]-q[1])*(r[0]-q[0]))
		}
	}
	sortFloats(xs)
	best, out := -1.0, p[0]
	for i := 0; i+1 < len(xs); i += 2 {
		if d := xs[i+1] - xs[i]; d > best {
			best, out = d, [2]float64{(xs[i] + xs[i+1]) / 2, c[1]}
		}
	}
	return out
}
