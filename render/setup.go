package render

import (
	"math"

	"flowbench/sim"
)

// view is a camera prepared for rasterisation at k samples per pixel side.
type view struct {
	w, h             int
	f, cx, cy        float64
	right, down, fwd sim.Vec3
	eye              sim.Vec3
	near, invNear    float64
}

// newView prepares cam for a raster of (k·Width)×(k·Height) samples. Sample
// (s, t) then lies at pixel coordinates ((s+0.5)/k-0.5, (t+0.5)/k-0.5).
func newView(cam sim.Camera, k int, near float64) view {
	c := cam
	c.Width, c.Height = cam.Width*k, cam.Height*k
	v := view{w: c.Width, h: c.Height, f: c.Focal(), eye: cam.Position, near: near, invNear: 1 / near}
	v.cx, v.cy = c.Principal()
	v.right, v.down, v.fwd = cam.Basis()
	return v
}

// toCam maps a world point to OpenCV camera coordinates.
func (v *view) toCam(p sim.Vec3) sim.Vec3 {
	q := sim.Vec3{p[0] - v.eye[0], p[1] - v.eye[1], p[2] - v.eye[2]}
	return sim.Vec3{
		q[0]*v.right[0] + q[1]*v.right[1] + q[2]*v.right[2],
		q[0]*v.down[0] + q[1]*v.down[1] + q[2]*v.down[2],
		q[0]*v.fwd[0] + q[1]*v.fwd[1] + q[2]*v.fwd[2],
	}
}

// triSetup is a triangle prepared for one view. With d the camera ray of
// pixel (u, v) (forward component 1), edge i's function
// E_i(u, v) = ea[i]·u + eb[i]·v + ec[i] is f·det(d, …) of the eye-space
// vertices; the ray crosses the front face iff all three are ≤ 0 (with the
// top-left rule for exact zeros). w(u, v) = wa·u + wb·v + wc is the inverse
// planar depth of that crossing.
type triSetup struct {
	ea, eb, ec     [3]float64
	wa, wb, wc     float64
	x0, x1, y0, y1 int32 // inclusive pixel bounds
	own            uint8 // bit i: edge i owns pixels with E_i == 0
	ok             bool
}

// setupTri prepares t for view v; s.ok is false when t is back-facing,
// edge-on, behind the near plane or outside the image.
func setupTri(v *view, t *sim.Triangle, s *triSetup) {
	s.ok = false
	a, b, c := v.toCam(t.V[0]), v.toCam(t.V[1]), v.toCam(t.V[2])
	if a[2] < v.near && b[2] < v.near && c[2] < v.near {
		return
	}
	// The world→camera map (right, down, forward) is a reflection, so a
	// front face (world normal towards the eye) has det(a, b, c) > 0 here.
	n := b.Sub(a).Cross(c.Sub(a))
	det := n.Dot(a) // = det(a, b, c)
	if !(det > 1e-12*n.Len()*a.Len()) {
		return
	}
	// Bounding box of the part in front of the near plane.
	var minU, minV, maxU, maxV = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(p sim.Vec3) {
		u, w := v.cx+v.f*p[0]/p[2], v.cy+v.f*p[1]/p[2]
		minU, maxU = math.Min(minU, u), math.Max(maxU, u)
		minV, maxV = math.Min(minV, w), math.Max(maxV, w)
	}
	vs := [3]sim.Vec3{a, b, c}
	for i := 0; i < 3; i++ {
		p, q := vs[i], vs[(i+1)%3]
		pin, qin := p[2] >= v.near, q[2] >= v.near
		if pin {
			add(p)
		}
		if pin != qin {
			k := (v.near - p[2]) / (q[2] - p[2])
			r := p.Add(q.Sub(p).Mul(k))
			r[2] = v.near
			add(r)
		}
	}
	const eps = 1e-6
	x0, x1 := clampPix(math.Ceil(minU-eps), v.w), clampPix(math.Floor(maxU+eps), v.w)
	y0, y1 := clampPix(math.Ceil(minV-eps), v.h), clampPix(math.Floor(maxV+eps), v.h)
	if minU-eps > float64(v.w-1) || maxU+eps < 0 || minV-eps > float64(v.h-1) || maxV+eps < 0 || x0 > x1 || y0 > y1 {
		return
	}
	s.x0, s.x1, s.y0, s.y1 = int32(x0), int32(x1), int32(y0), int32(y1)
	// Edge i: -f·det(d, ·, ·) so that the inside is where all three are ≤ 0.
	edges := [3]sim.Vec3{c.Cross(b), a.Cross(c), b.Cross(a)}
	s.own = 0
	for i, e := range edges {
		s.ea[i] = e[0]
		s.eb[i] = e[1]
		s.ec[i] = e[2]*v.f - e[0]*v.cx - e[1]*v.cy
		if e[0] > 0 || (e[0] == 0 && e[1] > 0) {
			s.own |= 1 << i
		}
	}
	fd := v.f * det
	s.wa = n[0] / fd
	s.wb = n[1] / fd
	s.wc = (n[2] - n[0]*v.cx/v.f - n[1]*v.cy/v.f) / det
	s.ok = true
}

// clampPix clamps a pixel coordinate to [0, n-1].
func clampPix(x float64, n int) int {
	if x < 0 {
		return 0
	}
	if x > float64(n-1) {
		return n - 1
	}
	return int(x)
}

// cullMesh reports whether the box b lies entirely outside the view frustum
// (behind the near plane or beyond one side of the image).
func cullMesh(v *view, b sim.AABB) bool {
	var out [5]int
	for _, p := range b.Corners() {
		q := v.toCam(p)
		if q[2] < v.near {
			out[0]++
		}
		// u ≥ -0.5 ⇔ f·x + (cx+0.5)·z ≥ 0 for z > 0; the half-spaces pass through the eye.
		if v.f*q[0]+(v.cx+0.5)*q[2] < 0 {
			out[1]++
		}
		if v.f*q[0]-(float64(v.w)-0.5-v.cx)*q[2] > 0 {
			out[2]++
		}
		if v.f*q[1]+(v.cy+0.5)*q[2] < 0 {
			out[3]++
		}
		if v.f*q[1]-(float64(v.h)-0.5-v.cy)*q[2] > 0 {
			out[4]++
		}
	}
	for _, o := range out {
		if o == 8 {
			return true
		}
	}
	return false
}

// setupChunkSize is the number of triangles one work unit prepares.
const setupChunkSize = 2048

// setupAll prepares every triangle of the meshes inside v's frustum.
func (r *Renderer) setupAll(v *view) {
	nm := len(r.ids) - 1
	for i := 1; i <= nm; i++ {
		r.cull[i-1] = cullMesh(v, r.mesh(i).Bounds)
	}
	r.cur = v
	r.setups = grow(r.setups, len(r.tris))
	r.parallel((len(r.tris)+setupChunkSize-1)/setupChunkSize, jobSetup)
}

// setupChunk prepares triangles [c·setupChunk, (c+1)·setupChunk) for r.cur.
func (r *Renderer) setupChunk(c int) {
	n := len(r.tris)
	end := min((c+1)*setupChunkSize, n)
	for i := c * setupChunkSize; i < end; i++ {
		if r.cull[r.triInst[i]-1] {
			r.setups[i].ok = false
			continue
		}
		setupTri(r.cur, &r.tris[i], &r.setups[i])
	}
}

// binAll lists, for each band of bandH rows, the prepared triangles touching
// it, in triangle order.
func (r *Renderer) binAll(bins [][]int32, nb, bandH int) [][]int32 {
	bins = grow(bins, nb)
	for b := range bins {
		bins[b] = bins[b][:0]
	}
	r.lastTris, r.lastVisible = len(r.tris), 0
	for i := range r.setups {
		s := &r.setups[i]
		if !s.ok {
			continue
		}
		r.lastVisible++
		for b := int(s.y0) / bandH; b <= int(s.y1)/bandH; b++ {
			bins[b] = append(bins[b], int32(i))
		}
	}
	return bins
}
