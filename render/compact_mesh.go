package render

import "flowbench/sim"

// Compact posed models. A posed model level (sim.ObjectMeshLevel) is a
// triangle soup: three world positions, three normals and three UVs per
// triangle, about 180 bytes, although its triangles share vertices. Once
// its vertex cache is filled (indexEntry), a renderer keeps only the world
// position, normal and UV of each distinct vertex (about 56 bytes) and the
// level's own vertex indices, and drops the soup: a renderer holds every
// object's posed levels for the life of a house, so this is most of its
// memory. The numbers are those of the soup, bit for bit (compactEntry
// checks every corner), so nothing drawn changes.

// compactEntry drops e's posed triangles and attributes when its vertex
// cache (e.vidx, e.verts) is set and every corner's normal, UV, surface and
// shade follow from its vertex index; otherwise e keeps its soup.
func compactEntry(e *meshEntry) {
	m := &e.mesh
	if e.vidx == nil || m.Attrs == nil || len(m.Attrs) != len(m.Tris) || len(e.vidx) != len(m.Tris) {
		return
	}
	n := len(e.verts)
	norm := make([]sim.Vec3, n)
	uv := make([][2]float32, n)
	seen := make([]bool, n)
	for j := range m.Tris {
		at := &m.Attrs[j]
		if m.Tris[j].Shade != 1 || at.Surface != e.vidx[j].Surface {
			return
		}
		for k, vi := range e.vidx[j].V {
			if seen[vi] {
				if norm[vi] != at.N[k] || uv[vi] != at.UV[k] {
					return
				}
				continue
			}
			norm[vi], uv[vi], seen[vi] = at.N[k], at.UV[k], true
		}
	}
	e.ntri = len(m.Tris)
	e.vnorm, e.vuv = norm, uv
	m.Tris, m.Attrs = nil, nil
}

// compact reports whether e holds a compact posed model (see compactEntry).
func (e *meshEntry) compact() bool { return e.vnorm != nil }

// triCount returns the number of triangles of e's mesh.
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
