package render

import (
	"math"

	"flowbench/sim"
)

// refHit is what the test-only ray caster reports, mirroring sim.Hit.
type refHit struct {
	Point    sim.Vec3
	ID       string
	Distance float64 // along the unit ray
	Depth    float64 // planar z
}

// refCaster is an independent, brute-force float64 ray caster over the same
// meshes the renderer draws (sim.ObjectMesh and sim.StructureMeshes): exact
// Möller–Trumbore, front faces only, nearest hit beyond the near plane,
// distances equal within tieFactor resolved to the earlier mesh (objects in scene order, then
// structure meshes).
type refCaster struct {
	meshes []sim.Mesh
	near   float64
}

func newRefCaster(s *sim.Scene) *refCaster {
	c := &refCaster{near: DefaultNear}
	for _, o := range s.Objects {
		c.meshes = append(c.meshes, sim.ObjectMesh(o))
	}
	c.meshes = append(c.meshes, sim.StructureMeshes(s)...)
	return c
}

// cast shoots the ray through pixel (u, v) (pixel centre (i, j) at (i, j)).
func (c *refCaster) cast(cam sim.Camera, u, v float64) (refHit, bool) {
	o := cam.Position
	d := cam.RayCamera(u, v) // forward component 1: ray parameter = planar depth
	best := math.Inf(1)
	bestID := ""
	for mi := range c.meshes {
		m := &c.meshes[mi]
		if !rayHitsBox(o, d, m.Bounds, best) {
			continue
		}
		for ti := range m.Tris {
			tr := &m.Tris[ti]
			v0 := tr.V[0]
			if tr.Normal().Dot(o.Sub(v0)) <= 0 {
				continue // back face
			}
			e1, e2 := tr.V[1].Sub(v0), tr.V[2].Sub(v0)
			p := d.Cross(e2)
			det := e1.Dot(p)
			if math.Abs(det) < 1e-300 {
				continue
			}
			inv := 1 / det
			s := o.Sub(v0)
			a := s.Dot(p) * inv
			if a < 0 || a > 1 {
				continue
			}
			q := s.Cross(e1)
			b := d.Dot(q) * inv
			if b < 0 || a+b > 1 {
				continue
			}
			t := e2.Dot(q) * inv
			if t < c.near || t*tieFactor >= best {
				continue
			}
			best, bestID = t, m.ID
		}
	}
	if bestID == "" {
		return refHit{}, false
	}
	return refHit{Point: o.Add(d.Mul(best)), ID: bestID, Distance: best * d.Len(), Depth: best}, true
}

// rayHitsBox is a slab test of the ray o + t·d, t in [0, tmax], against b (slightly padded).
func rayHitsBox(o, d sim.Vec3, b sim.AABB, tmax float64) bool {
	t0, t1 := 0.0, tmax
	for k := 0; k < 3; k++ {
		lo, hi := b.Min[k]-1e-9, b.Max[k]+1e-9
		if d[k] == 0 {
			if o[k] < lo || o[k] > hi {
				return false
			}
			continue
		}
		ta, tb := (lo-o[k])/d[k], (hi-o[k])/d[k]
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = math.Max(t0, ta), math.Min(t1, tb)
		if t0 > t1 {
			return false
		}
	}
	return true
}

// crossCheckCaster returns the ray caster the cross-check compares the
// renderer against. It is the test-only refCaster; once sim.Raycast exists,
// the lead can switch the cross-check to it by returning instead
//
//	func(cam sim.Camera, u, v float64) (string, float64, bool) {
//		h, ok := s.Raycast(cam, u, v)
//		return h.ID, h.Depth, ok
//	}
func crossCheckCaster(s *sim.Scene) func(cam sim.Camera, u, v float64) (id string, depth float64, ok bool) {
	c := newRefCaster(s)
	return func(cam sim.Camera, u, v float64) (string, float64, bool) {
		h, ok := c.cast(cam, u, v)
		return h.ID, h.Depth, ok
	}
}
