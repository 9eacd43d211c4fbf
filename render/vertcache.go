package render

import "flowbench/sim"

// Vertex cache. A posed model level is a triangle soup (sim.Mesh), but its
// triangles share vertices: sim.ModelTri holds their indices. Preparing each
// distinct vertex once per view (camera coordinates, projection, the image
// sides it lies beyond) instead of three times per triangle makes set-up
// cheaper, and lets a triangle beyond one side be dropped with one AND of
// its vertices' bits. The set-up of a triangle depends on its vertices only
// through what camVert holds, so it is the same either way.

// indexEntry gives e, object o's mesh at level lvl, its vertex cache: the
// level's vertex indices and each vertex's world position, read back from
// the posed triangles. The cache is left off (e.vidx nil) unless the mesh
// has exactly the level's triangles and every corner that shares an index
// has bit for bit the same world position.
func indexEntry(e *meshEntry, o *sim.Object, lvl int) {
	e.vidx = nil
	md := o.Model
	if md == nil || len(md.Levels) == 0 {
		return
	}
	l := &md.Levels[min(max(lvl, 0), len(md.Levels)-1)]
	if len(l.Tris) != len(e.mesh.Tris) {
		return
	}
	n := len(l.Pos)
	verts := grow(e.verts, n)
	seen := make([]bool, n)
	for j, t := range l.Tris {
		for k, vi := range t.V {
			if int(vi) >= n {
				return
			}
			w := e.mesh.Tris[j].V[k]
			if seen[vi] {
				if verts[vi] != w {
					return
				}
				continue
			}
			verts[vi], seen[vi] = w, true
		}
	}
	e.vidx, e.verts = l.Tris, verts
}
