package render

import (
	"math"
	"math/bits"

	"flowbench/sim"
)

// view is a camera prepared for rasterisation at k samples per pixel side.
type view struct {
	w, h             int
	f, cx, cy        float64
	right, down, fwd sim.Vec3
	eye              sim.Vec3
	near, invNear    float64
	// The camera ray of sample (x, y) is base + x·rx + y·dy (forward component 1).
	base, rx, dy sim.Vec3
	// lodScale turns an error at planar depth z into output pixels (times
	// 1/z): the focal length in output pixels times the most the image's
	// corners stretch a displacement over the centre's, √(1 + tan²x + tan²y)
	// (cluster_lod.go).
	lodScale float64
}

// newView prepares cam for a raster of (k·Width)×(k·Height) samples. Sample
// (s, t) then lies at pixel coordinates ((s+0.5)/k-0.5, (t+0.5)/k-0.5).
func newView(cam sim.Camera, k int, near float64) view {
	c := cam
	c.Width, c.Height = cam.Width*k, cam.Height*k
	v := view{w: c.Width, h: c.Height, f: c.Focal(), eye: cam.Position, near: near, invNear: 1 / near}
	v.cx, v.cy = c.Principal()
	v.right, v.down, v.fwd = cam.Basis()
	v.rx = v.right.Mul(1 / v.f)
	v.dy = v.down.Mul(1 / v.f)
	v.base = v.fwd.Sub(v.rx.Mul(v.cx)).Sub(v.dy.Mul(v.cy))
	tx := max(v.cx+0.5, float64(v.w)-0.5-v.cx) / v.f
	ty := max(v.cy+0.5, float64(v.h)-0.5-v.cy) / v.f
	v.lodScale = v.f / float64(k) * math.Sqrt(1+tx*tx+ty*ty)
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
// planar depth of that crossing. The perspective-correct barycentric
// coordinate of vertex i at (u, v) is E_i / (E_0 + E_1 + E_2): the same
// ray–plane crossing the depth comes from.
//
// Two-sided meshes (sim.Mesh.TwoSided): a triangle seen from its back is set
// up as the front-facing triangle (V0, V2, V1), so its coverage, top-left
// edge ownership and depth are those of that triangle, and back is set
// (barycentrics 1 and 2 swap back for attributes). Depth ties are resolved
// exactly as for one-sided triangles (see tieFactor).
type triSetup struct {
	ea, eb, ec     [3]float64
	wa, wb, wc     float64
	x0, x1, y0, y1 int32 // inclusive pixel bounds
	local          int32 // triangle index in its mesh
	inst           uint16
	own            uint8 // bit i: edge i owns pixels with E_i == 0
	ok             bool
	back           bool // seen from the back (two-sided mesh)
	attr           bool // the mesh has shading attributes (meshEntry.hasAttrs)
	cut            bool // alpha cut-out surface (Surface.HasCutout)
}

// A triSetup holds no pointers, so the garbage collector never scans the
// large set-up arrays; the mesh of a set-up is its draw list's entry for
// inst (entryOf).

// entryOf returns the mesh a set-up made from draw list dl belongs to.
func (dl *drawList) entryOf(s *triSetup) *meshEntry { return dl.mesh[s.inst-1] }

// cutoutOf returns the alpha cut-out texture of a set-up's triangle (nil
// when solid).
func (dl *drawList) cutoutOf(s *triSetup) *sim.Texture {
	if !s.cut {
		return nil
	}
	e := dl.mesh[s.inst-1]
	return e.mesh.Surfaces[e.surfaceOf(int(s.local))].Texture
}

// setupTri prepares t for view v; s.ok is false when t is back-facing (and
// not two-sided), edge-on, behind the near plane or outside the image.
func setupTri(v *view, t *sim.Triangle, twoSided bool, s *triSetup) {
	var ca, cb, cc camVert
	v.prepVert(t.V[0], &ca)
	v.prepVert(t.V[1], &cb)
	v.prepVert(t.V[2], &cc)
	setupVerts(v, &ca, &cb, &cc, twoSided, s)
}

// camVert is a vertex prepared for a view: its camera coordinates and,
// when in front of the near plane, its projection and the image sides it
// lies more than half a pixel beyond (bits of out: left, right, top,
// bottom). A triangle's set-up depends on its vertices only through these,
// so vertices shared by several triangles are prepared once (compact_mesh.go).
type camVert struct {
	p    sim.Vec3
	u, v float64
	in   bool
	out  uint8
}

// prepVert prepares the world point w for view v.
func (v *view) prepVert(w sim.Vec3, cv *camVert) {
	p := v.toCam(w)
	cv.p = p
	cv.in = p[2] >= v.near
	cv.out = 0
	if !cv.in {
		return
	}
	iz := 1 / p[2]
	cv.u, cv.v = v.cx+v.f*p[0]*iz, v.cy+v.f*p[1]*iz
	// u < -0.5 ⇔ f·x + (cx+0.5)·z < 0 for z > 0; likewise for the other
	// sides (no division, so the test does not depend on rounding of u).
	l, r := v.cx+0.5, float64(v.w)-0.5-v.cx
	t, d := v.cy+0.5, float64(v.h)-0.5-v.cy
	if v.f*p[0]+l*p[2] < 0 {
		cv.out |= 1
	}
	if v.f*p[0]-r*p[2] > 0 {
		cv.out |= 2
	}
	if v.f*p[1]+t*p[2] < 0 {
		cv.out |= 4
	}
	if v.f*p[1]-d*p[2] > 0 {
		cv.out |= 8
	}
}

// setupVerts prepares the triangle of prepared vertices (ca, cb, cc) for
// view v (see setupTri).
func setupVerts(v *view, ca, cb, cc *camVert, twoSided bool, s *triSetup) {
	s.ok = false
	s.back = false
	if !ca.in && !cb.in && !cc.in {
		return
	}
	allIn := ca.in && cb.in && cc.in
	// All three beyond one side: the bounding box holds no pixel centre.
	if allIn && ca.out&cb.out&cc.out != 0 {
		return
	}
	a, b, c := ca.p, cb.p, cc.p
	// Bounding box of the part in front of the near plane (the same for
	// either winding): a triangle whose box holds no pixel centre, as most
	// triangles of distant models, is dropped before anything else.
	var minU, minV, maxU, maxV float64
	if allIn {
		minU, maxU = min(ca.u, cb.u, cc.u), max(ca.u, cb.u, cc.u)
		minV, maxV = min(ca.v, cb.v, cc.v), max(ca.v, cb.v, cc.v)
	} else {
		minU, minV, maxU, maxV = clippedBounds(v, a, b, c)
	}
	const eps = 1e-6
	x0, x1 := clampPix(math.Ceil(minU-eps), v.w), clampPix(math.Floor(maxU+eps), v.w)
	y0, y1 := clampPix(math.Ceil(minV-eps), v.h), clampPix(math.Floor(maxV+eps), v.h)
	if minU-eps > float64(v.w-1) || maxU+eps < 0 || minV-eps > float64(v.h-1) || maxV+eps < 0 || x0 > x1 || y0 > y1 {
		return
	}
	// The world→camera map (right, down, forward) is a reflection, so a
	// front face (world normal towards the eye) has det(a, b, c) > 0 here.
	n := b.Sub(a).Cross(c.Sub(a))
	det := n.Dot(a) // = det(a, b, c)
	if twoSided && det < 0 {
		b, c = c, b
		n, det = n.Mul(-1), -det
		s.back = true
	}
	// det > 1e-12·|n|·|a|, squared (both sides are ≥ 0 when det > 0).
	if !(det > 0) || !(det*det > 1e-24*n.Dot(n)*a.Dot(a)) {
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

// clippedBounds returns the projected bounding box of the part of triangle
// (a, b, c) (camera space, at least one vertex in front of the near plane)
// in front of the near plane.
func clippedBounds(v *view, a, b, c sim.Vec3) (minU, minV, maxU, maxV float64) {
	minU, minV, maxU, maxV = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(p sim.Vec3) {
		iz := 1 / p[2]
		u, w := v.cx+v.f*p[0]*iz, v.cy+v.f*p[1]*iz
		minU, maxU = min(minU, u), max(maxU, u)
		minV, maxV = min(minV, w), max(maxV, w)
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
	return minU, minV, maxU, maxV
}

// bary returns the perspective-correct barycentric coordinates of the
// triangle's original vertices V0, V1, V2 at sample (x, y).
func (s *triSetup) bary(x, y float64) (l0, l1, l2 float64) {
	e0 := s.ea[0]*x + s.eb[0]*y + s.ec[0]
	e1 := s.ea[1]*x + s.eb[1]*y + s.ec[1]
	e2 := s.ea[2]*x + s.eb[2]*y + s.ec[2]
	sum := e0 + e1 + e2
	if sum == 0 {
		return 1.0 / 3, 1.0 / 3, 1.0 / 3
	}
	inv := 1 / sum
	l0, l1, l2 = e0*inv, e1*inv, e2*inv
	if s.back {
		l1, l2 = l2, l1
	}
	return l0, l1, l2
}

// uvAt returns the texture coordinates at sample (x, y) of a triangle whose
// vertices have texture coordinates a.
func (s *triSetup) uvAt(a *[3][2]float32, x, y float64) (u, v float64) {
	l0, l1, l2 := s.bary(x, y)
	u = l0*float64(a[0][0]) + l1*float64(a[1][0]) + l2*float64(a[2][0])
	v = l0*float64(a[0][1]) + l1*float64(a[1][1]) + l2*float64(a[2][1])
	return u, v
}

// opaqueAt reports whether a triangle of draw list dl is solid at sample
// (x, y): always for solid triangles; for cut-outs, the shared nearest-texel
// rule sim.Texture.Opaque at the UVs interpolated with the same barycentrics
// as the depth.
func (s *triSetup) opaqueAt(dl *drawList, x, y float64) bool {
	if !s.cut {
		return true
	}
	uv := dl.mesh[s.inst-1].uvOf(int(s.local))
	u, v := s.uvAt(&uv, x, y)
	return dl.cutoutOf(s).Opaque(u, v)
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

// setupChunkSize is about the number of triangles one work unit prepares.
const setupChunkSize = 2048

// setupUnit is one work unit of setupAll: set-ups [g0, g1), from
// draw-list mesh i on. Units split meshes without a vertex cache at will,
// but hold a mesh with one whole, since the unit prepares its vertices.
type setupUnit struct{ mesh, g0, g1 int }

// setupAll prepares every triangle of the draw list's meshes inside v's
// frustum into setups (resized and returned). all draws every triangle
// two-sided (shadow maps); within, when set, also culls the meshes whose
// bounds do not meet it (a shadow map needs only its own room's casters:
// points are lit by their own room's light, and a segment between two points
// of the room's box stays in it).
//
// The set-up array holds only the meshes that are not culled, in draw-list
// order (dl.start gives each mesh's first set-up; a culled mesh has none),
// so it is as large as what the view can see, not as the whole house. Of a
// posed model it holds only the triangles of the clusters the view keeps
// (cluster_cull.go), in the model's order.
func (r *Renderer) setupAll(v *view, dl *drawList, setups []triSetup, all bool, within *sim.AABB) []triSetup {
	total := 0
	r.inMesh = 0
	r.alive = r.alive[:0]
	r.tbits = r.tbits[:0]
	r.abase = grow(r.abase, len(dl.mesh))
	r.tbase = grow(r.tbase, len(dl.mesh))
	clusters := !r.opts.NoClusterCulling
	occlusion := r.occActive && v == &r.v // r.occMin's tiles are r.v's
	for i, e := range dl.mesh {
		r.abase[i] = -1
		r.cull[i] = e.triCount() == 0 || (r.occActive && r.occluded[i]) || cullMesh(v, e.mesh.Bounds) ||
			(within != nil && !boxesMeet(e.mesh.Bounds, *within)) ||
			(r.shRect != nil && !r.castersMeet(v, e.mesh.Bounds))
		dl.start[i] = total
		if r.cull[i] {
			continue
		}
		n := e.triCount()
		r.inMesh += n
		if lod := len(e.lself) > 0; (clusters || lod) && e.clusters != nil && e.clusters.count() > 1 {
			var whole bool
			n, whole = r.cullClusters(v, i, e, occlusion, clusters)
			if whole {
				r.abase[i] = -1 // every cluster of the level: set up as without clusters
			}
			r.cull[i] = n == 0
		}
		total += n
	}
	dl.start[len(dl.mesh)] = total
	setups = grow(setups, total)
	keep := r.setupsKept(setups, dl)
	r.vbase = grow(r.vbase, len(dl.mesh))
	r.units = r.units[:0]
	nv := 0
	var u *setupUnit // the open unit
	for i, e := range dl.mesh {
		r.vbase[i] = -1
		if r.cull[i] {
			continue // no set-ups: binAll skips culled meshes
		}
		if keep && r.lc.unchanged(dl, i) {
			r.vbase[i] = vbaseKept
			continue // set-ups as the label cache's frame left them
		}
		cached := e.vidx != nil
		if cached {
			r.vbase[i] = nv
			nv += len(e.verts)
		}
		for g, g1 := dl.start[i], dl.start[i+1]; g < g1; {
			if u == nil {
				r.units = append(r.units, setupUnit{mesh: i, g0: g, g1: g})
				u = &r.units[len(r.units)-1]
			}
			end := g1
			if !cached {
				end = min(g1, u.g0+setupChunkSize)
			}
			u.g1, g = end, end
			if u.g1-u.g0 >= setupChunkSize {
				u = nil
			}
		}
	}
	r.vcache = grow(r.vcache, nv)
	r.cur, r.curDL, r.curSet, r.curAll = v, dl, setups, all
	r.parallel(len(r.units), jobSetup)
	return setups
}

// vbaseKept marks in r.vbase a mesh whose set-ups setupAll keeps from the
// label cache's frame: a unit spanning it leaves it alone.
const vbaseKept = -2

// setupChunk prepares work unit k of setupAll for r.cur.
func (r *Renderer) setupChunk(k int) {
	dl := r.curDL
	u := r.units[k]
	for i := u.mesh; i < len(dl.mesh) && dl.start[i] < u.g1; i++ {
		if r.cull[i] || r.vbase[i] == vbaseKept {
			continue
		}
		e := dl.mesh[i]
		m := &e.mesh
		twoSided := m.TwoSided || r.curAll
		var vc []camVert
		if b := r.vbase[i]; b >= 0 { // the unit holds the whole mesh
			vc = r.vcache[b : b+len(e.verts)]
			if r.abase[i] >= 0 {
				r.setupClusters(i, e, vc, twoSided)
				continue
			}
			for k := range e.verts {
				r.cur.prepVert(e.verts[k], &vc[k])
			}
		}
		for g := max(u.g0, dl.start[i]); g < min(u.g1, dl.start[i+1]); g++ {
			s := &r.curSet[g]
			j := g - dl.start[i]
			if vc != nil {
				ix := &e.vidx[j].V
				setupVerts(r.cur, &vc[ix[0]], &vc[ix[1]], &vc[ix[2]], twoSided, s)
			} else {
				setupTri(r.cur, &m.Tris[j], twoSided, s)
			}
			if s.ok {
				s.label(e, i, j)
			}
		}
	}
}

// setupClusters prepares, for r.cur, the triangles of draw-list mesh i
// (posed model e, set-ups from dl.start[i] on) whose clusters cullClusters
// kept, in the mesh's triangle order, and the vertices they use into vc (a
// vertex that several kept clusters share is prepared for each, to the same
// numbers).
func (r *Renderer) setupClusters(i int, e *meshEntry, vc []camVert, twoSided bool) {
	lc := e.clusters
	alive := r.alive[r.abase[i] : r.abase[i]+lc.count()]
	for c, ok := range alive {
		if ok {
			for _, vi := range lc.verts[lc.vstart[c]:lc.vstart[c+1]] {
				r.cur.prepVert(e.verts[vi], &vc[vi])
			}
		}
	}
	g := r.curDL.start[i]
	words := r.tbits[r.tbase[i] : r.tbase[i]+(len(lc.of)+63)/64]
	for w, word := range words {
		for word != 0 {
			j := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			s := &r.curSet[g]
			g++
			ix := &e.vidx[j].V
			setupVerts(r.cur, &vc[ix[0]], &vc[ix[1]], &vc[ix[2]], twoSided, s)
			if s.ok {
				s.label(e, i, j)
			}
		}
	}
}

// label records in a surviving set-up that it is triangle j of draw-list
// mesh i (posed as e), and its shading attributes' kind.
func (s *triSetup) label(e *meshEntry, i, j int) {
	m := &e.mesh
	s.inst = uint16(i + 1)
	s.local = int32(j)
	s.attr, s.cut = e.hasAttrs(), false
	if s.attr {
		if k := e.surfaceOf(j); k < len(m.Surfaces) && m.Surfaces[k].HasCutout() {
			s.cut = true
		}
	}
}

// binAll lists, for each band of bandH rows, the prepared triangles touching
// it, in triangle order; count records the frame's triangle counters and
// each mesh's bands and columns (r.tb0, r.tb1, r.tx0, r.tx1, for the label
// cache). It
// follows the setupAll call that prepared setups from dl: the meshes it
// culled (r.cull) have no set-ups and are skipped.
func (r *Renderer) binAll(dl *drawList, setups []triSetup, bins [][]int32, nb, bandH int, count bool) [][]int32 {
	bins = grow(bins, nb)
	for b := range bins {
		bins[b] = bins[b][:0]
	}
	visible := 0
	if count {
		n := len(dl.mesh)
		r.tb0, r.tb1 = grow(r.tb0, n), grow(r.tb1, n)
		r.tx0, r.tx1 = grow(r.tx0, n), grow(r.tx1, n)
	}
	for m := range dl.mesh {
		b0, b1 := int32(nb), int32(-1)
		x0, x1 := int32(math.MaxInt32), int32(-1)
		if !r.cull[m] {
			for i := dl.start[m]; i < dl.start[m+1]; i++ {
				s := &setups[i]
				if !s.ok {
					continue
				}
				visible++
				lo, hi := int(s.y0)/bandH, min(int(s.y1)/bandH, nb-1)
				for b := lo; b <= hi; b++ {
					bins[b] = append(bins[b], int32(i))
				}
				b0, b1 = min(b0, int32(lo)), max(b1, int32(hi))
				x0, x1 = min(x0, s.x0), max(x1, s.x1)
			}
		}
		if count {
			r.tb0[m], r.tb1[m] = b0, b1
			r.tx0[m], r.tx1[m] = x0, x1
		}
	}
	if count {
		r.lastTris, r.lastVisible = dl.tris, visible
	}
	return bins
}
