package sim

import "math"

// ReseatVersion numbers ReseatChildren's rule; it changes with the rule, so
// that the asset dresser's key (and a run's resume fingerprint) does too.
// Version 2 left objects on the box top where the model has no room for
// them; version 3 puts every child onto the drawn model's mesh, moving it
// on its receptacle or removing it when the mesh holds it nowhere
// (support_rest.go).
const ReseatVersion = 3

// ReseatMeshTol is how far above the bottom of an object resting on a
// receptacle's drawn model the model may rise under it (a cushion's curve,
// a seam): MeshSinkTol.
const ReseatMeshTol = 0.02

// enclosureProbe is the height above a support surface at which
// ReseatChildren looks sideways for walls around an object (enclosedBy), or
// half the object's height when that is lower.
const enclosureProbe = 0.10

// HeightAt returns the height of triangle t straight above or below (x, z),
// and false when (x, z) lies outside its footprint or t is vertical.
func (t *Triangle) HeightAt(x, z float64) (float64, bool) {
	a, b, c := t.V[0], t.V[1], t.V[2]
	det := (b[0]-a[0])*(c[2]-a[2]) - (c[0]-a[0])*(b[2]-a[2])
	if math.Abs(det) < 1e-12 {
		return 0, false
	}
	u := ((x-a[0])*(c[2]-a[2]) - (c[0]-a[0])*(z-a[2])) / det
	v := ((b[0]-a[0])*(z-a[2]) - (x-a[0])*(b[2]-a[2])) / det
	if u < 0 || v < 0 || u+v > 1 {
		return 0, false
	}
	return a[1] + u*(b[1]-a[1]) + v*(c[1]-a[1]), true
}

// enclosedBy reports whether the point p inside receptacle r's box is shut
// in by mesh (r's drawn model, ObjectMesh) on all four sides: a horizontal
// ray from p along each of r's axes (±x, ±z) meets the model before leaving
// r's box. Something standing there would be hidden in a closed cabinet; on
// an open shelf, a bed or a sofa at least one side is open.
func enclosedBy(mesh *Mesh, r *Object, p Vec3) bool {
	ax, az := r.Axes()
	off := p.Sub(r.Position)
	for _, side := range [4]struct {
		d    Vec3
		half float64
	}{{ax, r.Size[0] / 2}, {ax.Mul(-1), r.Size[0] / 2}, {az, r.Size[2] / 2}, {az.Mul(-1), r.Size[2] / 2}} {
		limit := side.half - off.Dot(side.d) + CollisionTolerance // to r's box boundary along d
		hit := false
		for k := range mesh.Tris {
			v := &mesh.Tris[k].V
			if t, _, _, ok := intersect(&rayTri{v[0], v[1].Sub(v[0]), v[2].Sub(v[0])}, p, side.d, true); ok && t <= limit {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}
