package simsource

import (
	"math"

	"flowbench/sim"
)

// Surface-to-surface distances between objects: hullDistance between the
// convex hulls of their posed meshes (GJK; exact for convex shapes, a lower
// bound of the mesh-to-mesh distance for a mug's handle or a bowl's hollow),
// boxDistance between their oriented boxes (turned about the vertical axis
// only, so each box is a prism: footprint rectangle × height interval).

// meshPoints returns the distinct vertices of the object's mesh at its
// current pose (world frame).
func meshPoints(o *sim.Object) []sim.Vec3 {
	m := sim.ObjectMesh(o)
	seen := make(map[sim.Vec3]struct{}, 3*len(m.Tris))
	pts := make([]sim.Vec3, 0, len(m.Tris))
	for _, t := range m.Tris {
		for _, v := range t.V {
			if _, ok := seen[v]; !ok {
				seen[v] = struct{}{}
				pts = append(pts, v)
			}
		}
	}
	return pts
}

// support returns the point of pts farthest along d.
func support(pts []sim.Vec3, d sim.Vec3) sim.Vec3 {
	best, bi := math.Inf(-1), 0
	for i, p := range pts {
		if s := p.Dot(d); s > best {
			best, bi = s, i
		}
	}
	return pts[bi]
}

// hullDistance returns the distance between the convex hulls of a and b
// (0 when they meet), by GJK on the Minkowski difference a − b.
func hullDistance(a, b []sim.Vec3) float64 {
	if len(a) == 0 || len(b) == 0 {
		return math.Inf(1)
	}
	v := a[0].Sub(b[0])
	simplex := make([]sim.Vec3, 0, 4)
	for iter := 0; iter < 100; iter++ {
		vv := v.Dot(v)
		if vv < 1e-18 {
			return 0
		}
		w := support(a, v.Mul(-1)).Sub(support(b, v))
		if vv-v.Dot(w) <= 1e-12+1e-10*vv {
			break
		}
		dup := false
		for _, s := range simplex {
			if s == w {
				dup = true
			}
		}
		if dup {
			break
		}
		simplex = append(simplex, w)
		v, simplex = closestOnSimplex(simplex)
		if len(simplex) == 4 {
			return 0
		}
	}
	return v.Len()
}

// closestOnSimplex returns the point of the convex hull of s (1–4 points)
// nearest the origin and the smallest subset of s whose hull holds it. It
// tries every subset (at most 15) and keeps the nearest point that lies
// inside its subset's hull.
func closestOnSimplex(s []sim.Vec3) (sim.Vec3, []sim.Vec3) {
	n := len(s)
	best := math.Inf(1)
	var bestP sim.Vec3
	bestMask := 0
	for mask := 1; mask < 1<<n; mask++ {
		var idx [4]int
		k := 0
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				idx[k] = i
				k++
			}
		}
		p, ok := affineClosest(s, idx[:k])
		if !ok {
			continue
		}
		if d := p.Dot(p); d < best-1e-20 || (d <= best+1e-20 && bitCount(mask) < bitCount(bestMask)) {
			best, bestP, bestMask = math.Min(d, best), p, mask
		}
	}
	out := s[:0:0]
	for i := 0; i < n; i++ {
		if bestMask&(1<<i) != 0 {
			out = append(out, s[i])
		}
	}
	return bestP, out
}

func bitCount(m int) int {
	c := 0
	for ; m != 0; m &= m - 1 {
		c++
	}
	return c
}

// affineClosest projects the origin onto the affine hull of the points
// s[idx] and reports whether the projection lies inside their convex hull
// (all barycentric weights ≥ 0).
func affineClosest(s []sim.Vec3, idx []int) (sim.Vec3, bool) {
	p0 := s[idx[0]]
	k := len(idx) - 1
	if k == 0 {
		return p0, true
	}
	var d [3]sim.Vec3
	for i := 0; i < k; i++ {
		d[i] = s[idx[i+1]].Sub(p0)
	}
	// Normal equations (DᵀD) μ = −Dᵀ p0.
	var m [3][3]float64
	var r [3]float64
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			m[i][j] = d[i].Dot(d[j])
		}
		r[i] = -d[i].Dot(p0)
	}
	mu, ok := solve(m, r, k)
	if !ok {
		return sim.Vec3{}, false
	}
	l0 := 1.0
	p := p0
	for i := 0; i < k; i++ {
		if mu[i] < -1e-12 {
			return sim.Vec3{}, false
		}
		l0 -= mu[i]
		p = p.Add(d[i].Mul(mu[i]))
	}
	return p, l0 >= -1e-12
}

// solve solves the k×k system m x = r (k ≤ 3) by Gaussian elimination with
// partial pivoting; ok is false when it is (nearly) singular.
func solve(m [3][3]float64, r [3]float64, k int) ([3]float64, bool) {
	scale := 0.0
	for i := 0; i < k; i++ {
		scale = math.Max(scale, math.Abs(m[i][i]))
	}
	for c := 0; c < k; c++ {
		p := c
		for i := c + 1; i < k; i++ {
			if math.Abs(m[i][c]) > math.Abs(m[p][c]) {
				p = i
			}
		}
		if math.Abs(m[p][c]) <= 1e-12*scale || m[p][c] == 0 {
			return r, false
		}
		m[c], m[p] = m[p], m[c]
		r[c], r[p] = r[p], r[c]
		for i := c + 1; i < k; i++ {
			f := m[i][c] / m[c][c]
			for j := c; j < k; j++ {
				m[i][j] -= f * m[c][j]
			}
			r[i] -= f * r[c]
		}
	}
	var x [3]float64
	for i := k - 1; i >= 0; i-- {
		s := r[i]
		for j := i + 1; j < k; j++ {
			s -= m[i][j] * x[j]
		}
		x[i] = s / m[i][i]
	}
	return x, true
}

// boxDistance returns the distance between two oriented boxes turned about
// the vertical axis only: the horizontal distance of their footprints and
// the vertical gap of their height intervals, combined (exact for prisms).
func boxDistance(a, b sim.OBB) float64 {
	fa, fb := footprint(a), footprint(b)
	dh := polygonDistance(fa[:], fb[:])
	dv := math.Max(0, math.Max((a.Center[1]-a.Half[1])-(b.Center[1]+b.Half[1]), (b.Center[1]-b.Half[1])-(a.Center[1]+a.Half[1])))
	return math.Hypot(dh, dv)
}

// footprint returns a box's footprint corners (x, z) in order around it.
func footprint(b sim.OBB) [4][2]float64 {
	ex, ez := b.AxisX.Mul(b.Half[0]), b.AxisZ.Mul(b.Half[2])
	c := b.Center
	var out [4][2]float64
	for i, s := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		p := c.Add(ex.Mul(s[0])).Add(ez.Mul(s[1]))
		out[i] = [2]float64{p[0], p[2]}
	}
	return out
}

// polygonDistance returns the distance between two convex polygons (0 when
// they overlap).
func polygonDistance(a, b [][2]float64) float64 {
	if convexOverlap(a, b) {
		return 0
	}
	d := math.Inf(1)
	for _, pq := range [2][2][][2]float64{{a, b}, {b, a}} {
		p, q := pq[0], pq[1]
		for i := range q {
			s0, s1 := q[i], q[(i+1)%len(q)]
			for _, v := range p {
				d = math.Min(d, segDist(v, s0, s1))
			}
		}
	}
	return d
}

// convexOverlap tests two convex polygons for overlap by separating axes.
func convexOverlap(a, b [][2]float64) bool {
	for _, poly := range [2][][2]float64{a, b} {
		for i := range poly {
			e := [2]float64{poly[(i+1)%len(poly)][0] - poly[i][0], poly[(i+1)%len(poly)][1] - poly[i][1]}
			n := [2]float64{-e[1], e[0]}
			amin, amax := project(a, n)
			bmin, bmax := project(b, n)
			if amax < bmin || bmax < amin {
				return false
			}
		}
	}
	return true
}

func project(p [][2]float64, n [2]float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range p {
		s := v[0]*n[0] + v[1]*n[1]
		lo, hi = math.Min(lo, s), math.Max(hi, s)
	}
	return lo, hi
}

// segDist returns the distance from point p to segment ab.
func segDist(p, a, b [2]float64) float64 {
	dx, dz := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dz*dz
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dz)/l2))
	}
	return math.Hypot(p[0]-a[0]-t*dx, p[1]-a[1]-t*dz)
}
