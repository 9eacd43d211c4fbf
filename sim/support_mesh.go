package sim

import "math"

// ReseatVersion numbers ReseatChildren's rule; it changes with the rule, so
// that the asset dresser's key (and a run's resume fingerprint) does too.
// Version 2 leaves objects on the box top where the model has no room for
// them (meshCrosses, enclosedBy).
const ReseatVersion = 2

// ReseatMeshTol is how far above a receptacle's support surface its drawn
// model may rise under an object and the object still be lowered onto that
// surface by ReseatChildren (a cushion's curve, a seam).
const ReseatMeshTol = 0.02

// enclosureProbe is the height above a support surface at which
// ReseatChildren looks sideways for walls around an object (enclosedBy), or
// half the object's height when that is lower.
const enclosureProbe = 0.10

// reseatSamples is the number of sample lines per footprint axis along
// which meshCrosses looks at the model (an n × n grid).
const reseatSamples = 5

// meshCrosses reports whether an object with the footprint of box b,
// standing at height lo and reaching hi, would mostly lie inside mesh (a
// receptacle's drawn model, ObjectMesh). It looks along vertical lines on a
// reseatSamples² grid spanning 90 % of the footprint at the first surface
// of the model above lo: a line is cut when that surface is lower than hi,
// or when it faces up (a top face: the line runs inside a solid part, a
// sofa's back, a cushion or a closed cabinet, up to it); a surface facing
// down above hi is the underside of a shelf over an open space. The object
// lies inside the model when more than half of the lines are cut (an object
// merely touching a headboard or a sofa's back at one edge does not).
func meshCrosses(mesh *Mesh, b OBB, lo, hi float64) bool {
	var pts [reseatSamples * reseatSamples][2]float64
	bmin, bmax := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for i := 0; i < reseatSamples; i++ {
		fu := 0.9 * (2*float64(i)/(reseatSamples-1) - 1)
		for j := 0; j < reseatSamples; j++ {
			fv := 0.9 * (2*float64(j)/(reseatSamples-1) - 1)
			p := b.Center.Add(b.AxisX.Mul(fu * b.Half[0])).Add(b.AxisZ.Mul(fv * b.Half[2]))
			pts[i*reseatSamples+j] = [2]float64{p[0], p[2]}
			bmin = [2]float64{math.Min(bmin[0], p[0]), math.Min(bmin[1], p[2])}
			bmax = [2]float64{math.Max(bmax[0], p[0]), math.Max(bmax[1], p[2])}
		}
	}
	var first [len(pts)]float64 // per line, the lowest surface above lo
	var up [len(pts)]bool       // and whether it faces up
	for i := range first {
		first[i] = math.Inf(1)
	}
	for k := range mesh.Tris {
		t := &mesh.Tris[k]
		if math.Max(t.V[0][0], math.Max(t.V[1][0], t.V[2][0])) < bmin[0] || math.Min(t.V[0][0], math.Min(t.V[1][0], t.V[2][0])) > bmax[0] ||
			math.Max(t.V[0][2], math.Max(t.V[1][2], t.V[2][2])) < bmin[1] || math.Min(t.V[0][2], math.Min(t.V[1][2], t.V[2][2])) > bmax[1] ||
			math.Max(t.V[0][1], math.Max(t.V[1][1], t.V[2][1])) <= lo {
			continue
		}
		for i, p := range pts {
			if y, ok := t.HeightAt(p[0], p[1]); ok && y > lo && y < first[i] {
				first[i], up[i] = y, facesUp(mesh, k)
			}
		}
	}
	cut := 0
	for i, y := range first {
		if y < hi || (!math.IsInf(y, 1) && up[i]) {
			cut++
		}
	}
	return 2*cut > len(first)
}

// facesUp reports whether triangle k of mesh faces up: by its vertex normals
// where the mesh has them (models are drawn two-sided, so their windings
// need not agree), else by its winding.
func facesUp(mesh *Mesh, k int) bool {
	if k < len(mesh.Attrs) {
		if n := mesh.Attrs[k].N; n[0] != (Vec3{}) || n[1] != (Vec3{}) || n[2] != (Vec3{}) {
			return n[0][1]+n[1][1]+n[2][1] > 0
		}
	}
	return mesh.Tris[k].Normal()[1] > 0
}

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
