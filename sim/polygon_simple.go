package sim

import (
	"fmt"
	"math"
)

// simplePolygonEps is the distance, in metres, under which two floor
// points count as one and a point counts as lying on an edge: a tenth of a
// millimetre, far below any real room's detail and far above float noise.
const simplePolygonEps = 1e-4

// polygonNotSimple says why a floor polygon (x, z of each point) is not a
// simple polygon, or returns "": a point repeats another (a polygon wound
// twice repeats all of them), two adjacent edges fold back onto each other
// (a zero-width spike), or two other edges touch or cross. The check is
// quadratic in the points, which MaxPolygonPoints bounds.
func polygonNotSimple(p []XYZ) string {
	n := len(p)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if math.Hypot(p[i].X-p[j].X, p[i].Z-p[j].Z) < simplePolygonEps {
				return fmt.Sprintf("point %d repeats point %d (x %g, z %g)", j, i, p[i].X, p[i].Z)
			}
		}
	}
	edge := func(i int) (a, b [2]float64) {
		q := p[(i+1)%n]
		return [2]float64{p[i].X, p[i].Z}, [2]float64{q.X, q.Z}
	}
	for i := 0; i < n; i++ {
		a, b := edge(i)
		_, c := edge((i + 1) % n)
		// b is the shared point; a spike turns back by 180°.
		u, v := [2]float64{a[0] - b[0], a[1] - b[1]}, [2]float64{c[0] - b[0], c[1] - b[1]}
		cross := u[0]*v[1] - u[1]*v[0]
		if math.Abs(cross) < simplePolygonEps*math.Hypot(u[0], u[1])*math.Hypot(v[0], v[1]) && u[0]*v[0]+u[1]*v[1] > 0 {
			return fmt.Sprintf("edges %d and %d fold back onto each other at point %d (a zero-width spike)", i, (i+1)%n, (i+1)%n)
		}
	}
	for i := 0; i < n; i++ {
		a, b := edge(i)
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue // adjacent through the closing edge
			}
			c, d := edge(j)
			if segmentsTouch(a, b, c, d) {
				return fmt.Sprintf("edges %d and %d cross or touch (the polygon intersects itself)", i, j)
			}
		}
	}
	return ""
}

// segmentsTouch reports whether segments ab and cd share a point, within
// simplePolygonEps.
func segmentsTouch(a, b, c, d [2]float64) bool {
	if segmentPointDist(a, b, c) < simplePolygonEps || segmentPointDist(a, b, d) < simplePolygonEps ||
		segmentPointDist(c, d, a) < simplePolygonEps || segmentPointDist(c, d, b) < simplePolygonEps {
		return true
	}
	o1, o2 := orient(a, b, c), orient(a, b, d)
	o3, o4 := orient(c, d, a), orient(c, d, b)
	return o1*o2 < 0 && o3*o4 < 0
}

// orient is the sign of the turn a→b→c (twice the signed area).
func orient(a, b, c [2]float64) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// segmentPointDist is the distance from p to segment ab.
func segmentPointDist(a, b, p [2]float64) float64 {
	dx, dz := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dz*dz
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dz)/l2))
	}
	return math.Hypot(a[0]+t*dx-p[0], a[1]+t*dz-p[1])
}
