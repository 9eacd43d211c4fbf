package sim

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"
)

// Hit is the first surface a ray meets.
type Hit struct {
	Point    Vec3     // world point hit
	ID       string   // objectId, "floor|<room>", "ceiling|<room>" or a wall id
	Kind     MeshKind // what the id names
	Distance float64  // Euclidean distance from the ray origin
	Depth    float64  // for camera rays: planar depth (camera z); otherwise the ray parameter
	// Tri is the index of the triangle hit in its mesh's Tris (the mesh is
	// ObjectMesh of the object, or the StructureMeshes entry, named by ID).
	Tri int
	// Surface is the triangle's surface (Mesh.Surfaces[Attrs[Tri].Surface]),
	// nil for plain-coloured meshes; UV the texture coordinates at the hit,
	// interpolated with the hit's barycentrics (zero without Attrs).
	Surface *Surface
	UV      [2]float64
}

// rayTri is a triangle prepared for Möller–Trumbore: V0 and the edges
// E1 = V1-V0, E2 = V2-V0 (the same values the test would compute).
type rayTri struct {
	v0, e1, e2 Vec3
}

type rayMesh struct {
	id     string
	kind   MeshKind
	bounds AABB
	ntris  int // triangles (len(tris) once prepared)
	// lazy, when set, prepares this mesh on first use (a real model's
	// mesh: posing and preparing it costs more than most casts need);
	// until then only id, kind, bounds and ntris are filled.
	lazy     *lazyMesh
	tris     []rayTri
	twoSided bool
	attrs    []TriAttr
	surfaces []*Surface
	cutout   []bool // per surface: HasCutout; nil when no surface has holes
	// tree culls triangles; in the mesh's world frame, or, when local is
	// set, in the object's frame (its model's, or its shape's unit box
	// centred on the origin; see toLocal).
	tree            *bvh
	local           bool
	pos, ax, az, is Vec3 // local frame: origin, world x and z axes, 1/stretch per axis
}

// objectFrame maps an object's local frame (its model's, or its shape's
// unit box centred on the origin) to the world: p ↦ pos + ax·p.x·sc.x +
// (0, p.y·sc.y, 0) + az·p.z·sc.z.
type objectFrame struct {
	pos, ax, az, sc Vec3
}

// prepareMesh prepares m for casting. tree, when not nil, is m's tree in the
// local frame fr; otherwise a world tree is built when the mesh is big
// enough.
func prepareMesh(m *Mesh, tree *bvh, fr objectFrame) rayMesh {
	rm := rayMesh{id: m.ID, kind: m.Kind, bounds: m.Bounds, ntris: len(m.Tris), tris: make([]rayTri, len(m.Tris)),
		twoSided: m.TwoSided, attrs: m.Attrs, surfaces: m.Surfaces}
	for k := range m.Tris {
		v := &m.Tris[k].V
		rm.tris[k] = rayTri{v[0], v[1].Sub(v[0]), v[2].Sub(v[0])}
	}
	if len(m.Attrs) == len(m.Tris) {
		for i, sf := range m.Surfaces {
			if sf.HasCutout() {
				if rm.cutout == nil {
					rm.cutout = make([]bool, len(m.Surfaces))
				}
				rm.cutout[i] = true
			}
		}
	} else {
		rm.attrs = nil
	}
	if tree != nil && len(tree.prims) == len(m.Tris) {
		rm.tree, rm.local = tree, true
		rm.pos, rm.ax, rm.az = fr.pos, fr.ax, fr.az
		rm.is = Vec3{1 / fr.sc[0], 1 / fr.sc[1], 1 / fr.sc[2]}
		return rm
	}
	rm.tree = buildBVH(len(m.Tris), func(i int) [3]Vec3 { return m.Tris[i].V })
	return rm
}

// modelStretch is the per-axis scale from the model's Size to the object's,
// as modelMesh applies it.
func modelStretch(o *Object, md *Model) Vec3 {
	var sc Vec3
	for k := 0; k < 3; k++ {
		sc[k] = 1
		if md.Size[k] > 0 && o.Size[k] > 0 {
			sc[k] = o.Size[k] / md.Size[k]
		}
	}
	return sc
}

// modelTree returns the tree of a model's level 0 in its own frame, built
// once per model: every scene and worker dressed with the model shares it
// (a model is not modified once built).
func modelTree(md *Model) *bvh {
	md.ray.once.Do(func() {
		l := &md.Levels[0]
		md.ray.tree = buildBVH(len(l.Tris), func(i int) [3]Vec3 {
			t := &l.Tris[i]
			return [3]Vec3{l.Pos[t.V[0]], l.Pos[t.V[1]], l.Pos[t.V[2]]}
		})
	})
	return md.ray.tree
}

// shapeTrees holds each primitive shape's tree over its triangles in unit
// box coordinates centred on the origin (built on first use).
var shapeTrees [numShapes]struct {
	once sync.Once
	tree *bvh
}

func shapeTree(k ShapeKind) *bvh {
	if k < 0 || k >= numShapes {
		return nil
	}
	st := &shapeTrees[k]
	st.once.Do(func() {
		var tris []Triangle
		for _, p := range k.Parts() {
			tris = appendPrimitive(tris, p)
		}
		half := Vec3{0.5, 0.5, 0.5}
		st.tree = buildBVH(len(tris), func(i int) [3]Vec3 {
			v := tris[i].V
			return [3]Vec3{v[0].Sub(half), v[1].Sub(half), v[2].Sub(half)}
		})
	})
	return st.tree
}

// toLocal maps a world ray into the object frame. The map is affine, so a
// point keeps its ray parameter t.
func (m *rayMesh) toLocal(o, d Vec3) (Vec3, Vec3) {
	q := o.Sub(m.pos)
	return Vec3{q.Dot(m.ax) * m.is[0], q[1] * m.is[1], q.Dot(m.az) * m.is[2]},
		Vec3{d.Dot(m.ax) * m.is[0], d[1] * m.is[1], d.Dot(m.az) * m.is[2]}
}

// Caster is an immutable snapshot of a scene's meshes for ray casting, safe
// for concurrent use. Meshes are tested in a fixed order: the objects in
// Scene.Objects order, then StructureMeshes order; among equally near hits
// the earlier mesh (and within a mesh the earlier triangle) wins.
type Caster struct {
	meshes []rayMesh
	// top is a tree over the mesh bounds (nil for few meshes); its
	// primitives index topMesh, the meshes that have triangles.
	top     *bvh
	topMesh []int32
	refits  int // how many snapshots in a row refitted top instead of rebuilding it
}

// topMinMeshes: casters with fewer meshes test every mesh's bounds in turn.
const topMinMeshes = 8

// topRefits is how many snapshots in a row may refit the previous
// snapshot's top-level tree (same meshes, some moved) before it is rebuilt.
const topRefits = 32

// buildTop builds the tree over the meshes' bounds, or refits prev's when
// prev has one over the same meshes.
func (c *Caster) buildTop(prev *Caster) {
	c.topMesh = nil
	for i := range c.meshes {
		if c.meshes[i].ntris > 0 {
			c.topMesh = append(c.topMesh, int32(i))
		}
	}
	if len(c.topMesh) < topMinMeshes {
		c.top = nil
		return
	}
	box := func(i int) (lo, hi Vec3) {
		b := c.meshes[c.topMesh[i]].bounds
		return b.Min, b.Max
	}
	if prev != nil && prev.top != nil && prev.refits < topRefits && slices.Equal(prev.topMesh, c.topMesh) {
		c.top, c.topMesh, c.refits = prev.top.refit(box), prev.topMesh, prev.refits+1
		return
	}
	c.top = buildBoxBVH(len(c.topMesh), box)
}

// NewCaster prepares meshes for ray casting in the given order.
func NewCaster(meshes []Mesh) *Caster {
	c := &Caster{meshes: make([]rayMesh, len(meshes))}
	for i := range meshes {
		c.meshes[i] = prepareMesh(&meshes[i], nil, objectFrame{})
	}
	c.buildTop(nil)
	return c
}

// meshPose is what an object mesh depends on.
type meshPose struct {
	pos   Vec3
	yaw   float64
	size  Vec3
	shape ShapeKind
	id    string
	model *Model
}

func poseOf(o *Object) meshPose { return meshPose{o.Position, o.Yaw, o.Size, o.Shape, o.ID, o.Model} }

// meshCache keeps the prepared meshes of a scene and rebuilds only the
// object meshes whose pose changed since they were built. Model trees are
// built once per model (in the model's frame) and shared by every pose and
// scene (modelTree).
type meshCache struct {
	mu         sync.Mutex
	structures []rayMesh
	built      bool
	poses      []meshPose
	caster     *Caster
}

// Caster returns a ray-casting snapshot of the scene's current state. It is
// cached: only objects that moved since the last call are re-tessellated
// (changes are detected by comparing poses, so direct edits of an object's
// Position, Yaw or Size are seen too). Previously returned Casters are not
// modified.
func (s *Scene) Caster() *Caster {
	mc := s.meshes
	if mc == nil { // a Scene not built by NewScene: no cache
		return NewCaster(append(objectMeshes(s), StructureMeshes(s)...))
	}
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if !mc.built {
		sm := StructureMeshes(s)
		mc.structures = make([]rayMesh, len(sm))
		for i := range sm {
			mc.structures[i] = prepareMesh(&sm[i], nil, objectFrame{})
		}
		mc.built = true
	}
	n := len(s.Objects)
	fresh := mc.caster != nil && len(mc.poses) == n
	if fresh {
		for i, o := range s.Objects {
			if mc.poses[i] != poseOf(o) {
				fresh = false
				break
			}
		}
	}
	if fresh {
		return mc.caster
	}
	c := &Caster{meshes: make([]rayMesh, 0, n+len(mc.structures))}
	poses := make([]meshPose, n)
	for i, o := range s.Objects {
		poses[i] = poseOf(o)
		if mc.caster != nil && i < len(mc.poses) && mc.poses[i] == poses[i] {
			c.meshes = append(c.meshes, mc.caster.meshes[i])
			continue
		}
		tree, fr := mc.objectTree(o)
		if tree != nil && o.Model != nil {
			c.meshes = append(c.meshes, lazyModelMesh(o, tree, fr))
			continue
		}
		m := ObjectMesh(o)
		c.meshes = append(c.meshes, prepareMesh(&m, tree, fr))
	}
	c.meshes = append(c.meshes, mc.structures...)
	c.buildTop(mc.caster)
	mc.caster, mc.poses = c, poses
	return c
}

// objectTree returns the tree of o's mesh in o's local frame, shared by
// every pose: its model's (built once per model) or its shape's
// (built once per shape). It returns nil when there is none (too few
// triangles, or a shape with a zero or non-finite size: the mesh then gets
// a world tree). Called with mc.mu held.
func (mc *meshCache) objectTree(o *Object) (*bvh, objectFrame) {
	fr := objectFrame{pos: o.Position}
	fr.ax, fr.az = o.Axes()
	if md := o.Model; md != nil && len(md.Levels) > 0 {
		if len(md.Levels[0].Tris) < bvhMinTris {
			return nil, fr
		}
		fr.sc = modelStretch(o, md)
		return modelTree(md), fr
	}
	for k := 0; k < 3; k++ {
		if !(o.Size[k] > 0) || math.IsInf(o.Size[k], 1) {
			return nil, fr
		}
	}
	fr.sc = o.Size
	return shapeTree(o.Shape), fr
}

func objectMeshes(s *Scene) []Mesh {
	out := make([]Mesh, len(s.Objects))
	for i, o := range s.Objects {
		out[i] = ObjectMesh(o)
	}
	return out
}

// Raycast casts the camera ray through pixel coordinates (u, v) (OpenCV
// convention: the centre of pixel (i, j) is (i, j)) and returns the first
// triangle it meets (see Caster.Cast for which faces count) among the
// meshes the renderer draws:
// ObjectMesh of every object and StructureMeshes of the scene. Depth is the
// planar depth (camera z) of the hit, Distance its distance from the eye.
func (s *Scene) Raycast(cam Camera, u, v float64) (Hit, bool) {
	return s.Caster().Raycast(cam, u, v)
}

// RaycastViewport is Raycast for AI2-THOR viewport fractions (x right,
// y = 0 at the top), as GetCoordinateFromRaycast takes them.
func (s *Scene) RaycastViewport(cam Camera, x, y float64) (Hit, bool) {
	u, v := cam.ViewportToPixel(x, y)
	return s.Raycast(cam, u, v)
}

// Raycast casts the camera ray through pixel coordinates (u, v); see Scene.Raycast.
func (c *Caster) Raycast(cam Camera, u, v float64) (Hit, bool) {
	dir := cam.RayCamera(u, v) // forward component 1: the ray parameter is planar depth
	return c.Cast(cam.Position, dir)
}

// rayTie makes hits within a relative 1e-9 of each other count as equal: a
// later mesh wins only when it is nearer by more than that, the same rule as
// the renderer's depth test, so coplanar faces (two counters of the same
// height) resolve to the same object in both.
const rayTie = 1 + 1e-9

// Cast returns the first triangle hit by the ray origin + t·dir with t > 0
// (dir need not be unit length). Depth is t. A triangle of a one-sided mesh
// counts only when dir·normal < 0, with normal = cross(V1-V0, V2-V0); a
// triangle of a TwoSided mesh counts from both sides (a zero determinant, a
// ray in the triangle's plane, never counts). A hit on a surface with
// HasCutout counts only where Texture.Opaque(uv), uv being the triangle's
// UVs interpolated as (1-b1-b2)·UV0 + b1·UV1 + b2·UV2 with the hit's
// barycentrics (b1, b2). Intersections use Möller–Trumbore in float64;
// edges and vertices belong to the triangle.
//
// The result is exactly that of testing every triangle of every mesh in
// order (meshes in Caster order, triangles in mesh order) and keeping a hit
// when t·rayTie < the best t so far, which is what the renderer's depth test
// does per pixel. Bounding volume hierarchies only cull: the caster collects
// every hit within a relative castSlack of the nearest, takes the cluster of
// hits chained to the nearest by gaps within rayTie (hits beyond a larger
// gap can neither win nor block), and replays that cluster in mesh and
// triangle order. Should a cluster reach the edge of what was collected
// (more than castCands hits, or a chain of about 100 near-equal hits) the
// caster falls back to the full ordered loop.
func (c *Caster) Cast(origin, dir Vec3) (Hit, bool) {
	var st castState
	st.best, st.lim = math.Inf(1), math.Inf(1)
	inv := boxInv(dir)
	if c.top != nil {
		c.castTop(&st, origin, dir, inv)
	} else {
		for mi := range c.meshes {
			c.castMesh(&st, int32(mi), origin, dir, inv)
		}
	}
	if st.overflow {
		castFallbacks.Add(1)
		return c.castOrdered(origin, dir)
	}
	// Keep the hits still within the limit, nearest first.
	cs := st.c[:0]
	for _, h := range st.c[:st.n] {
		if h.t <= st.lim {
			cs = append(cs, h)
		}
	}
	if len(cs) == 0 {
		return Hit{}, false
	}
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].t < cs[j-1].t; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	top := 0
	for top+1 < len(cs) && !(cs[top].t*rayTie < cs[top+1].t) {
		top++
	}
	if !(cs[top].t*rayTie < st.lim*(1-1e-12)) {
		castFallbacks.Add(1) // the chain may go on past the collected hits
		return c.castOrdered(origin, dir)
	}
	cs = cs[:top+1]
	for i := 1; i < len(cs); i++ { // mesh, then triangle order
		for j := i; j > 0 && (cs[j].mesh < cs[j-1].mesh || cs[j].mesh == cs[j-1].mesh && cs[j].tri < cs[j-1].tri); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	best, w := math.Inf(1), -1
	for i := range cs {
		if cs[i].t*rayTie < best {
			best, w = cs[i].t, i
		}
	}
	h := cs[w]
	return c.hit(origin, dir, int(h.mesh), int(h.tri), h.t, h.u, h.v), true
}

// castFallbacks counts Casts that fell back to the ordered loop (for tests).
var castFallbacks atomic.Uint64

// castMesh collects the hits of mesh mi.
func (c *Caster) castMesh(st *castState, mi int32, origin, dir, inv Vec3) {
	m := &c.meshes[mi]
	tn, ok := boxSlab(&m.bounds, origin, inv)
	if !ok || tn > st.lim {
		return
	}
	m = m.ready()
	if m.tree == nil {
		for k := range m.tris {
			st.test(m, mi, int32(k), origin, dir)
		}
		return
	}
	lo, ld, linv := origin, dir, inv
	if m.local {
		lo, ld = m.toLocal(origin, dir)
		linv = boxInv(ld)
	}
	st.traverse(m, mi, lo, linv, origin, dir)
}

// castTop walks the tree over the mesh bounds, nearer subtrees first.
func (c *Caster) castTop(st *castState, origin, dir, inv Vec3) {
	walkBVH(c.top, origin, inv, &st.lim, func(prims []int32) {
		for _, p := range prims {
			c.castMesh(st, c.topMesh[p], origin, dir, inv)
		}
	})
}

// walkBVH visits the leaves of t whose boxes the ray (origin, inv) meets no
// farther than *lim, nearer subtrees first, with a fixed stack; leaf gets each
// leaf's primitive indices and may lower *lim (pruning what is left).
func walkBVH(t *bvh, origin, inv Vec3, lim *float64, leaf func(prims []int32)) {
	nodes := t.nodes
	if tn, ok := rayBox(&nodes[0], origin, inv); !ok || tn > *lim {
		return
	}
	var stack [bvhStack]struct {
		node int32
		t    float64
	}
	sp := 0
	ni := int32(0)
	for {
		nd := &nodes[ni]
		if nd.count > 0 {
			leaf(t.prims[nd.start : nd.start+nd.count])
		} else {
			l, r := ni+1, nd.start
			tl, okl := rayBox(&nodes[l], origin, inv)
			tr, okr := rayBox(&nodes[r], origin, inv)
			okl = okl && tl <= *lim
			okr = okr && tr <= *lim
			switch {
			case okl && okr:
				if tr < tl {
					l, r, tl, tr = r, l, tr, tl
				}
				stack[sp].node, stack[sp].t = r, tr
				sp++
				ni = l
				continue
			case okl:
				ni = l
				continue
			case okr:
				ni = r
				continue
			}
		}
		for {
			if sp == 0 {
				return
			}
			sp--
			if stack[sp].t <= *lim {
				ni = stack[sp].node
				break
			}
		}
	}
}

// castSlack is how far beyond the nearest hit, relatively, Cast collects hits
// for the tie replay; castCands is how many it can hold.
const (
	castSlack = 1e-7
	castCands = 32
)

type castCand struct {
	t, u, v   float64
	mesh, tri int32
}

// castState is one ray's search: the nearest t so far, the collection limit
// best·(1+castSlack) and the collected hits.
type castState struct {
	best, lim float64
	n         int
	overflow  bool
	c         [castCands]castCand
}

// test intersects triangle k of mesh m and records a hit within the limit.
func (st *castState) test(m *rayMesh, mi, k int32, o, d Vec3) {
	t, u, v, ok := intersect(&m.tris[k], o, d, m.twoSided)
	if !ok || t > st.lim || (m.cutout != nil && !m.opaqueAt(int(k), u, v)) {
		return
	}
	if t < st.best {
		st.best, st.lim = t, t*(1+castSlack)
	}
	if st.n == len(st.c) { // drop what fell behind the limit
		n := 0
		for _, h := range st.c {
			if h.t <= st.lim {
				st.c[n] = h
				n++
			}
		}
		st.n = n
		if n == len(st.c) {
			st.overflow = true
			return
		}
	}
	st.c[st.n] = castCand{t, u, v, mi, k}
	st.n++
}

// traverse walks m's tree with the ray (lo, linv) in the tree's frame and
// tests the leaves' triangles with the world ray (o, d).
func (st *castState) traverse(m *rayMesh, mi int32, lo, linv, o, d Vec3) {
	walkBVH(m.tree, lo, linv, &st.lim, func(prims []int32) {
		for _, k := range prims {
			st.test(m, mi, k, o, d)
		}
	})
}

// opaqueAt reports whether triangle k is solid at barycentrics (u, v).
func (m *rayMesh) opaqueAt(k int, u, v float64) bool {
	s := int(m.attrs[k].Surface)
	if s >= len(m.cutout) || !m.cutout[s] {
		return true
	}
	uv := m.uvAt(k, u, v)
	return m.surfaces[s].Texture.Opaque(uv[0], uv[1])
}

// uvAt interpolates triangle k's UVs at barycentrics (u, v).
func (m *rayMesh) uvAt(k int, u, v float64) [2]float64 {
	a := &m.attrs[k].UV
	w := 1 - u - v
	return [2]float64{
		w*float64(a[0][0]) + u*float64(a[1][0]) + v*float64(a[2][0]),
		w*float64(a[0][1]) + u*float64(a[1][1]) + v*float64(a[2][1]),
	}
}

func (c *Caster) hit(origin, dir Vec3, mi, k int, t, u, v float64) Hit {
	m := c.meshes[mi].ready()
	h := Hit{
		Point:    origin.Add(dir.Mul(t)),
		ID:       m.id,
		Kind:     m.kind,
		Distance: t * dir.Len(),
		Depth:    t,
		Tri:      k,
	}
	if m.attrs != nil {
		h.UV = m.uvAt(k, u, v)
		if s := int(m.attrs[k].Surface); s < len(m.surfaces) {
			h.Surface = m.surfaces[s]
		}
	}
	return h
}

// castOrdered is Cast by brute force: every triangle of every mesh (after a
// test against the mesh bounds) in order. Cast falls back to it; tests
// compare against it.
func (c *Caster) castOrdered(origin, dir Vec3) (Hit, bool) {
	inv := Vec3{1 / dir[0], 1 / dir[1], 1 / dir[2]}
	best := math.Inf(1)
	bestMesh, bestTri := -1, -1
	var bu, bv float64
	for mi := range c.meshes {
		m := &c.meshes[mi]
		tn, ok := slab(m.bounds, origin, inv)
		if !ok || tn > best {
			continue
		}
		m = m.ready()
		for k := range m.tris {
			if t, u, v, ok := intersect(&m.tris[k], origin, dir, m.twoSided); ok && t*rayTie < best &&
				(m.cutout == nil || m.opaqueAt(k, u, v)) {
				best, bestMesh, bestTri, bu, bv = t, mi, k, u, v
			}
		}
	}
	if bestMesh < 0 {
		return Hit{}, false
	}
	return c.hit(origin, dir, bestMesh, bestTri, best, bu, bv), true
}

// slab returns the ray parameter at which the ray enters box b (padded by a
// nanometre so flat meshes are not missed) and whether it meets it at t ≥ 0.
func slab(b AABB, o, inv Vec3) (float64, bool) {
	const pad = 1e-9
	tmin, tmax := 0.0, math.Inf(1)
	for k := 0; k < 3; k++ {
		lo, hi := b.Min[k]-pad, b.Max[k]+pad
		if math.IsInf(inv[k], 0) { // ray parallel to the slab
			if o[k] < lo || o[k] > hi {
				return 0, false
			}
			continue
		}
		t1, t2 := (lo-o[k])*inv[k], (hi-o[k])*inv[k]
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		tmin, tmax = math.Max(tmin, t1), math.Min(tmax, t2)
		if tmin > tmax {
			return 0, false
		}
	}
	return tmin, true
}

// intersect is the Möller–Trumbore test. It returns the ray parameter and
// the barycentrics (u weights V1, v weights V2). For one-sided triangles it
// is restricted to front faces: the determinant e1·(dir×e2) equals
// -dir·(e1×e2), so it is positive exactly when the ray meets the front face.
// Two-sided triangles accept either sign (not zero).
func intersect(tr *rayTri, o, d Vec3, twoSided bool) (t, u, v float64, ok bool) {
	e1, e2 := tr.e1, tr.e2
	px, py, pz := d[1]*e2[2]-d[2]*e2[1], d[2]*e2[0]-d[0]*e2[2], d[0]*e2[1]-d[1]*e2[0]
	det := e1[0]*px + e1[1]*py + e1[2]*pz
	if twoSided {
		if det == 0 || det != det {
			return 0, 0, 0, false
		}
	} else if !(det > 0) {
		return 0, 0, 0, false
	}
	sx, sy, sz := o[0]-tr.v0[0], o[1]-tr.v0[1], o[2]-tr.v0[2]
	u = (sx*px + sy*py + sz*pz) / det
	if u < 0 || u > 1 {
		return 0, 0, 0, false
	}
	qx, qy, qz := sy*e1[2]-sz*e1[1], sz*e1[0]-sx*e1[2], sx*e1[1]-sy*e1[0]
	v = (d[0]*qx + d[1]*qy + d[2]*qz) / det
	if v < 0 || u+v > 1 {
		return 0, 0, 0, false
	}
	t = (e2[0]*qx + e2[1]*qy + e2[2]*qz) / det
	if !(t > 0) {
		return 0, 0, 0, false
	}
	return t, u, v, true
}
