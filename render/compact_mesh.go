package render

import (
	"math"

	"flowbench/sim"
)

// Posed models. A model level posed by sim.ObjectMeshLevel is a triangle
// soup: three world positions, normals and UVs per triangle, about 180
// bytes, although its triangles share vertices (sim.ModelTri holds their
// indices). A renderer holds every object's posed levels for the life of a
// house, so it poses a model level itself, straight into a compact form:
// the world position and normal of each vertex (the level's UVs and vertex
// indices are shared with the model), about 48 bytes a vertex and no
// garbage. The numbers are those of sim.ObjectMeshLevel, bit for bit, so
// the renderer and the ray caster draw the same triangles.
//
// The vertex indices are also a vertex cache: each distinct vertex is
// prepared once per view (camera coordinates, projection, the image sides
// it lies beyond) instead of three times per triangle, which makes set-up
// cheaper and lets a triangle beyond one side be dropped with one AND of its
// vertices' bits. The set-up of a triangle depends on its vertices only
// through what camVert holds, so it is the same either way.

// poseCompact poses level lvl of o's model straight into e's compact form,
// without the triangle soup: each vertex's world position and normal with
// the arithmetic of sim.ObjectMeshLevel (stretch from Model.Size to the
// object's size, turn by the yaw, move to the position; normals by the
// inverse-transpose of the stretch, then the turn, normalised), the UVs of
// the level, and the bounds of the vertices the triangles use. It reports
// false, leaving e alone, when o has no model level or a triangle indexes
// past the vertices (o is then drawn from sim.ObjectMeshLevel's soup).
// TestPoseCompactMatchesObjectMesh checks every number against
// sim.ObjectMeshLevel, bit for bit.
func (r *Renderer) poseCompact(e *meshEntry, o *sim.Object, lvl int) bool {
	md := o.Model
	if md == nil || len(md.Levels) == 0 {
		return false
	}
	l := &md.Levels[min(max(lvl, 0), len(md.Levels)-1)]
	n := len(l.Pos)
	for _, t := range l.Tris {
		if int(t.V[0]) >= n || int(t.V[1]) >= n || int(t.V[2]) >= n {
			return false
		}
	}
	var sc sim.Vec3
	for k := 0; k < 3; k++ {
		sc[k] = 1
		if md.Size[k] > 0 && o.Size[k] > 0 {
			sc[k] = o.Size[k] / md.Size[k]
		}
	}
	ax, az := o.Axes()
	verts := grow(e.verts, n)
	for i, p := range l.Pos {
		verts[i] = o.Position.Add(ax.Mul(p[0] * sc[0])).Add(sim.Vec3{0, p[1] * sc[1], 0}).Add(az.Mul(p[2] * sc[2]))
	}
	norm := make([]sim.Vec3, n)
	for i := range min(n, len(l.Normal)) {
		nv := l.Normal[i]
		w := ax.Mul(nv[0] / sc[0]).Add(sim.Vec3{0, nv[1] / sc[1], 0}).Add(az.Mul(nv[2] / sc[2]))
		if ln := w.Len(); ln > 0 {
			norm[i] = w.Mul(1 / ln)
		} else {
			norm[i] = sim.Vec3{0, 1, 0}
		}
	}
	uv := l.UV
	if len(uv) < n {
		uv = make([][2]float32, n)
		copy(uv, l.UV)
	}
	inf := math.Inf(1)
	b := sim.AABB{Min: sim.Vec3{inf, inf, inf}, Max: sim.Vec3{-inf, -inf, -inf}}
	for _, t := range l.Tris {
		for _, vi := range t.V {
			v := verts[vi]
			for k := 0; k < 3; k++ {
				b.Min[k] = min(b.Min[k], v[k])
				b.Max[k] = max(b.Max[k], v[k])
			}
		}
	}
	r.fillEntry(e, sim.Mesh{ID: o.ID, Kind: sim.MeshObject, Color: o.Color, Surfaces: md.Surfaces, Bounds: b, TwoSided: true})
	e.vidx, e.verts = l.Tris, verts
	e.ntri, e.vnorm, e.vuv = len(l.Tris), norm, uv
	if r.opts.ClusterLOD && lvl == 0 {
		lc := lodClustersOf(md)
		e.vidx = lc.all // the level's triangles, then the coarser clusters'
		poseClusters(e, lc)
		poseLOD(e, lc, o.Position, ax, az, sc)
		return true
	}
	poseClusters(e, clustersOf(md, min(max(lvl, 0), len(md.Levels)-1)))
	return true
}

// compact reports whether e holds a compact posed model (poseCompact).
func (e *meshEntry) compact() bool { return e.vnorm != nil }

// triCount returns the number of triangles of e's mesh (of a posed model,
// its level's, without the coarser clusters of a hierarchy).
func (e *meshEntry) triCount() int {
	if e.compact() {
		return e.ntri
	}
	return len(e.mesh.Tris)
}

// hasAttrs reports whether e's triangles carry shading attributes (normals,
// UVs, surfaces).
func (e *meshEntry) hasAttrs() bool { return e.compact() || e.mesh.Attrs != nil }

// tri returns triangle j of e's mesh.
func (e *meshEntry) tri(j int) sim.Triangle {
	if !e.compact() {
		return e.mesh.Tris[j]
	}
	ix := &e.vidx[j].V
	return sim.Triangle{V: [3]sim.Vec3{e.verts[ix[0]], e.verts[ix[1]], e.verts[ix[2]]}, Shade: 1}
}

// shadeOf returns triangle j's shade factor.
func (e *meshEntry) shadeOf(j int) float64 {
	if e.compact() {
		return 1
	}
	return e.mesh.Tris[j].Shade
}

// surfaceOf returns triangle j's surface index (e.hasAttrs()).
func (e *meshEntry) surfaceOf(j int) int {
	if e.compact() {
		return int(e.vidx[j].Surface)
	}
	return int(e.mesh.Attrs[j].Surface)
}

// uvOf returns triangle j's texture coordinates (e.hasAttrs()).
func (e *meshEntry) uvOf(j int) [3][2]float32 {
	if !e.compact() {
		return e.mesh.Attrs[j].UV
	}
	ix := &e.vidx[j].V
	return [3][2]float32{e.vuv[ix[0]], e.vuv[ix[1]], e.vuv[ix[2]]}
}

// normalsOf returns triangle j's vertex normals (e.hasAttrs()).
func (e *meshEntry) normalsOf(j int) [3]sim.Vec3 {
	if !e.compact() {
		return e.mesh.Attrs[j].N
	}
	ix := &e.vidx[j].V
	return [3]sim.Vec3{e.vnorm[ix[0]], e.vnorm[ix[1]], e.vnorm[ix[2]]}
}
