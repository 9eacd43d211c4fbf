package sim

import (
	"math"
	"sync"
)

// Hit is the first surface a ray meets.
type Hit struct {
	Point    Vec3     // world point hit
	ID       string   // objectId, "floor|<room>", "ceiling|<room>" or a wall id
	Kind     MeshKind // what the id names
	Distance float64  // Euclidean distance from the ray origin
	Depth    float64  // for camera rays: planar depth (camera z); otherwise the ray parameter
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
	tris   []rayTri
}

func prepareMesh(m *Mesh) rayMesh {
	rm := rayMesh{id: m.ID, kind: m.Kind, bounds: m.Bounds, tris: make([]rayTri, len(m.Tris))}
	for k := range m.Tris {
		v := &m.Tris[k].V
		rm.tris[k] = rayTri{v[0], v[1].Sub(v[0]), v[2].Sub(v[0])}
	}
	return rm
}

// Caster is an immutable snapshot of a scene's meshes for ray casting, safe
// for concurrent use. Meshes are tested in a fixed order: the objects in
// Scene.Objects order, then StructureMeshes order; among equally near hits
// the earlier mesh (and within a mesh the earlier triangle) wins.
type Caster struct {
	meshes []rayMesh
}

// NewCaster prepares meshes for ray casting in the given order.
func NewCaster(meshes []Mesh) *Caster {
	c := &Caster{meshes: make([]rayMesh, len(meshes))}
	for i := range meshes {
		c.meshes[i] = prepareMesh(&meshes[i])
	}
	return c
}

// meshPose is what an object mesh depends on.
type meshPose struct {
	pos   Vec3
	yaw   float64
	size  Vec3
	shape ShapeKind
	id    string
}

// meshCache keeps the prepared meshes of a scene and rebuilds only the
// object meshes whose pose changed since they were built.
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
			mc.structures[i] = prepareMesh(&sm[i])
		}
		mc.built = true
	}
	n := len(s.Objects)
	fresh := mc.caster != nil && len(mc.poses) == n
	if fresh {
		for i, o := range s.Objects {
			if mc.poses[i] != (meshPose{o.Position, o.Yaw, o.Size, o.Shape, o.ID}) {
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
		poses[i] = meshPose{o.Position, o.Yaw, o.Size, o.Shape, o.ID}
		if mc.caster != nil && i < len(mc.poses) && mc.poses[i] == poses[i] {
			c.meshes = append(c.meshes, mc.caster.meshes[i])
			continue
		}
		m := ObjectMesh(o)
		c.meshes = append(c.meshes, prepareMesh(&m))
	}
	c.meshes = append(c.meshes, mc.structures...)
	mc.caster, mc.poses = c, poses
	return c
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
// front-facing triangle it meets among the meshes the renderer draws:
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

// Cast returns the first front-facing triangle hit by the ray origin + t·dir
// with t > 0 (dir need not be unit length). Depth is t. A triangle counts
// only when dir·normal < 0, with normal = cross(V1-V0, V2-V0). Intersections
// use Möller–Trumbore in float64; edges and vertices belong to the triangle.
// Hits within a relative 1e-9 (rayTie) go to the earlier mesh.
func (c *Caster) Cast(origin, dir Vec3) (Hit, bool) {
	inv := Vec3{1 / dir[0], 1 / dir[1], 1 / dir[2]}
	best := math.Inf(1)
	bestMesh := -1
	for mi := range c.meshes {
		m := &c.meshes[mi]
		tn, ok := slab(m.bounds, origin, inv)
		if !ok || tn > best {
			continue
		}
		for k := range m.tris {
			if t, ok := intersect(&m.tris[k], origin, dir); ok && t*rayTie < best {
				best, bestMesh = t, mi
			}
		}
	}
	if bestMesh < 0 {
		return Hit{}, false
	}
	m := &c.meshes[bestMesh]
	return Hit{
		Point:    origin.Add(dir.Mul(best)),
		ID:       m.id,
		Kind:     m.kind,
		Distance: best * dir.Len(),
		Depth:    best,
	}, true
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

// intersect is the Möller–Trumbore test restricted to front faces: the
// determinant e1·(dir×e2) equals -dir·(e1×e2), so it is positive exactly
// when the ray meets the front face.
func intersect(tr *rayTri, o, d Vec3) (float64, bool) {
	e1, e2 := tr.e1, tr.e2
	px, py, pz := d[1]*e2[2]-d[2]*e2[1], d[2]*e2[0]-d[0]*e2[2], d[0]*e2[1]-d[1]*e2[0]
	det := e1[0]*px + e1[1]*py + e1[2]*pz
	if !(det > 0) {
		return 0, false
	}
	sx, sy, sz := o[0]-tr.v0[0], o[1]-tr.v0[1], o[2]-tr.v0[2]
	u := (sx*px + sy*py + sz*pz) / det
	if u < 0 || u > 1 {
		return 0, false
	}
	qx, qy, qz := sy*e1[2]-sz*e1[1], sz*e1[0]-sx*e1[2], sx*e1[1]-sy*e1[0]
	v := (d[0]*qx + d[1]*qy + d[2]*qz) / det
	if v < 0 || u+v > 1 {
		return 0, false
	}
	t := (e2[0]*qx + e2[1]*qy + e2[2]*qz) / det
	if !(t > 0) {
		return 0, false
	}
	return t, true
}
