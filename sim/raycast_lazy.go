package sim

import (
	"math"
	"sync"
)

// Lazy model meshes. A ray-casting snapshot (Scene.Caster) of a furnished
// house would pose and prepare every model's full-detail mesh, hundreds of
// thousands of triangles, while a camera ray reaches a few of them. A model
// mesh is therefore prepared on first use: the snapshot keeps a copy of the
// object and the bounds of its box, which holds the posed mesh (a model spans
// its Size, stretched to the object's), padded against rounding. The box
// only culls (Cast replays every hit in mesh and triangle order), so casts
// give exactly the hits of a snapshot prepared in full.

// lazyMesh is a model mesh prepared on first use; safe for concurrent use.
type lazyMesh struct {
	once sync.Once
	obj  Object // the object when the snapshot was taken
	tree *bvh
	fr   objectFrame
	rm   rayMesh
}

// lazyPad is how far (metres, and relative to the box's extent) a lazy
// mesh's bounds are widened beyond its object's box.
const lazyPad = 1e-6

// lazyModelMesh returns the snapshot entry of object o, which has a model
// with a tree (objectTree).
func lazyModelMesh(o *Object, tree *bvh, fr objectFrame) rayMesh {
	b := o.AABB()
	for k := 0; k < 3; k++ {
		p := lazyPad * (1 + math.Abs(b.Max[k]-b.Min[k]) + math.Abs(b.Max[k]) + math.Abs(b.Min[k]))
		b.Min[k] -= p
		b.Max[k] += p
	}
	return rayMesh{id: o.ID, kind: MeshObject, bounds: b, ntris: len(o.Model.Levels[0].Tris),
		lazy: &lazyMesh{obj: *o, tree: tree, fr: fr}}
}

// ready returns the prepared mesh: m itself, or its lazy mesh prepared.
func (m *rayMesh) ready() *rayMesh {
	l := m.lazy
	if l == nil {
		return m
	}
	l.once.Do(func() {
		mesh := ObjectMesh(&l.obj)
		l.rm = prepareMesh(&mesh, l.tree, l.fr)
	})
	return &l.rm
}
