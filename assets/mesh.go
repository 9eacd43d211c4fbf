package assets

import (
	"fmt"
	"math"
	"slices"

	"flowbench/sim"
)

// workMesh is a triangle mesh in the model's local frame with welded
// positions and per-corner attributes, the form the simplifier works on.
type workMesh struct {
	pos  []sim.Vec3
	tris [][3]int32 // position indices, counter-clockwise seen from the front (left-handed frame)
	mat  []uint16   // surface of each triangle
	uv   [][3][2]float32
	nrm  [][3][3]float32
	// twin is, per triangle, the surface of its back-facing copy (the same
	// positions in reverse order: a double-sided leaf or pane) when it
	// differs from the triangle's, -1 if none.
	// The simplifier sees one triangle; level() emits both, the copy with
	// the same UVs and negated normals. Nil means no twins.
	twin []int32
}

func (w *workMesh) twinOf(t int) int32 {
	if t < len(w.twin) {
		return w.twin[t]
	}
	return -1
}

// count is the number of triangles level() emits.
func (w *workMesh) count() int {
	n := len(w.tris)
	for _, t := range w.twin {
		if t >= 0 {
			n++
		}
	}
	return n
}

// creaseCos is the cosine of the crease angle: computed normals are smoothed
// across faces whose normals differ by at most 60°.
var creaseCos = math.Cos(60 * math.Pi / 180)

// degenerateLen is the cross-product length (twice the area, m²) below which
// a triangle counts as degenerate and is dropped.
const degenerateLen = 1e-14

// normalise turns a parsed OBJ into the model's local frame: modelRotation
// first (row-major, p' = R p), then centred on the bounding-box centre of the
// referenced vertices and scaled per axis to size (metres), then mirrored
// from OBJ's right-handed frame to flowbench's left-handed one by x → -x with
// every triangle's winding reversed. Missing normals are computed
// (area-weighted, split at creases above 60°). mats maps OBJ material
// indices to surface indices.
func normalise(o *objMesh, rot *[9]float64, size sim.Vec3, mats []uint16) (*workMesh, error) {
	R := [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
	if rot != nil {
		R = *rot
	}
	mul := func(m [9]float64, v sim.Vec3) sim.Vec3 {
		return sim.Vec3{m[0]*v[0] + m[1]*v[1] + m[2]*v[2], m[3]*v[0] + m[4]*v[1] + m[5]*v[2], m[6]*v[0] + m[7]*v[1] + m[8]*v[2]}
	}
	// cofactor matrix = det · R^-T: transforms normals.
	C := [9]float64{
		R[4]*R[8] - R[5]*R[7], R[5]*R[6] - R[3]*R[8], R[3]*R[7] - R[4]*R[6],
		R[2]*R[7] - R[1]*R[8], R[0]*R[8] - R[2]*R[6], R[1]*R[6] - R[0]*R[7],
		R[1]*R[5] - R[2]*R[4], R[2]*R[3] - R[0]*R[5], R[0]*R[4] - R[1]*R[3]}
	det := R[0]*C[0] + R[1]*C[1] + R[2]*C[2]
	if math.Abs(det) < 1e-9 {
		return nil, fmt.Errorf("modelRotation is singular")
	}
	used := make([]bool, len(o.pos))
	for _, t := range o.tris {
		for _, c := range t {
			used[c.p] = true
		}
	}
	rp := make([]sim.Vec3, len(o.pos))
	lo := sim.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := sim.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i, p := range o.pos {
		if !used[i] {
			continue
		}
		q := mul(R, p)
		rp[i] = q
		for k := 0; k < 3; k++ {
			lo[k] = math.Min(lo[k], q[k])
			hi[k] = math.Max(hi[k], q[k])
		}
	}
	var sc, ctr sim.Vec3
	ext := 0.0
	for k := 0; k < 3; k++ {
		ext = math.Max(ext, hi[k]-lo[k])
	}
	if !(ext > 0) || math.IsInf(ext, 0) {
		return nil, fmt.Errorf("model has no extent")
	}
	for k := 0; k < 3; k++ {
		ctr[k] = (lo[k] + hi[k]) / 2
		sc[k] = 1
		if d := hi[k] - lo[k]; d > ext*1e-9 {
			sc[k] = size[k] / d
		} else {
			sc[k] = 0 // flat along this axis
		}
	}
	flipX := sim.Vec3{-1, 1, 1}
	w := &workMesh{}
	weld := make(map[sim.Vec3]int32, len(o.pos))
	remap := make([]int32, len(o.pos))
	for i := range o.pos {
		remap[i] = -1
		if !used[i] {
			continue
		}
		var q sim.Vec3
		for k := 0; k < 3; k++ {
			q[k] = (rp[i][k] - ctr[k]) * sc[k] * flipX[k]
			if q[k] == 0 {
				q[k] = 0 // no negative zero
			}
		}
		// clamp rounding so the box is exactly [-size/2, size/2]
		for k := 0; k < 3; k++ {
			q[k] = math.Max(-size[k]/2, math.Min(size[k]/2, q[k]))
		}
		j, ok := weld[q]
		if !ok {
			j = int32(len(w.pos))
			w.pos = append(w.pos, q)
			weld[q] = j
		}
		remap[i] = j
	}
	// normal transform: cofactor (sign of det), inverse scale, mirror x
	nt := func(n sim.Vec3) sim.Vec3 {
		n = mul(C, n)
		if det < 0 {
			n = n.Mul(-1)
		}
		for k := 0; k < 3; k++ {
			if sc[k] != 0 {
				n[k] /= sc[k]
			} else {
				n[k] *= 1e9
			}
		}
		n[0] = -n[0]
		if l := n.Len(); l > 0 && !math.IsInf(l, 0) {
			return n.Mul(1 / l)
		}
		return sim.Vec3{}
	}
	tn := make([]sim.Vec3, len(o.nrm))
	for i, n := range o.nrm {
		tn[i] = nt(n)
	}
	// One reversal for the mirror, another if R itself mirrors.
	reverse := det > 0
	w.tris = make([][3]int32, 0, len(o.tris))
	w.mat = make([]uint16, 0, len(o.tris))
	w.uv = make([][3][2]float32, 0, len(o.tris))
	w.nrm = make([][3][3]float32, 0, len(o.tris))
	missing := false
	seen := make(map[[3]int32]int32, len(o.tris))
	for ti, t := range o.tris {
		if reverse {
			t[1], t[2] = t[2], t[1]
		}
		var tri [3]int32
		var uv [3][2]float32
		var nr [3][3]float32
		for k, c := range t {
			tri[k] = remap[c.p]
			if c.t >= 0 {
				uv[k] = o.uv[c.t]
			}
			if c.n >= 0 && tn[c.n] != (sim.Vec3{}) {
				n := tn[c.n]
				nr[k] = [3]float32{float32(n[0]), float32(n[1]), float32(n[2])}
			} else {
				missing = true
			}
		}
		if tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2] {
			continue
		}
		if triCross(w.pos, tri).Len() < degenerateLen {
			continue
		}
		// The same triangle twice: an exact copy is dropped; of a reversed
		// copy (double-sided leaf or pane) one triangle is kept, plus a
		// twin when the two sides have different surfaces.
		key := tri
		slices.Sort(key[:])
		if k, ok := seen[key]; ok {
			if !sameWinding(w.tris[k], tri) && w.twin[k] < 0 {
				m := mats[o.triMat[ti]]
				// Keep as the primary the copy whose normals agree with its
				// winding: the renderer shades a back face with negated
				// normals, so that copy alone looks right from both sides.
				if agreement(w.pos, tri, nr) > agreement(w.pos, w.tris[k], w.nrm[k]) {
					m = w.mat[k]
					w.tris[k], w.uv[k], w.nrm[k], w.mat[k] = tri, uv, nr, mats[o.triMat[ti]]
				}
				if m != w.mat[k] { // the back copy only matters with another surface
					w.twin[k] = int32(m)
				}
			}
			continue
		}
		seen[key] = int32(len(w.tris))
		w.twin = append(w.twin, -1)
		w.tris = append(w.tris, tri)
		w.mat = append(w.mat, mats[o.triMat[ti]])
		w.uv = append(w.uv, uv)
		w.nrm = append(w.nrm, nr)
	}
	if len(w.tris) == 0 {
		return nil, fmt.Errorf("all faces are degenerate")
	}
	if missing {
		w.computeNormals(true)
	}
	return w, nil
}

// agreement counts the corners whose normal points to the side of the
// triangle's winding, minus those pointing away.
func agreement(pos []sim.Vec3, t [3]int32, nr [3][3]float32) int {
	cr := triCross(pos, t)
	a := 0
	for _, n := range nr {
		d := cr[0]*float64(n[0]) + cr[1]*float64(n[1]) + cr[2]*float64(n[2])
		if d > 0 {
			a++
		} else if d < 0 {
			a--
		}
	}
	return a
}

// sameWinding reports whether b is a rotation of a.
func sameWinding(a, b [3]int32) bool {
	for r := 0; r < 3; r++ {
		if a[r] == b[0] && a[(r+1)%3] == b[1] && a[(r+2)%3] == b[2] {
			return true
		}
	}
	return false
}

func triCross(pos []sim.Vec3, t [3]int32) sim.Vec3 {
	a, b, c := pos[t[0]], pos[t[1]], pos[t[2]]
	return b.Sub(a).Cross(c.Sub(a))
}

// vertexTris returns, in CSR form, the triangles incident to each position.
func vertexTris(npos int, tris [][3]int32) (start, list []int32) {
	start = make([]int32, npos+1)
	for _, t := range tris {
		for _, v := range t {
			start[v+1]++
		}
	}
	for i := 0; i < npos; i++ {
		start[i+1] += start[i]
	}
	fill := append([]int32(nil), start[:npos]...)
	list = make([]int32, len(tris)*3)
	for ti, t := range tris {
		for _, v := range t {
			list[fill[v]] = int32(ti)
			fill[v]++
		}
	}
	return start, list
}

// computeNormals sets corner normals from the faces: the area-weighted sum
// of the normals of the faces around the corner's position that are within
// the crease angle of the corner's face. With onlyMissing, corners that
// already have a normal keep it.
func (w *workMesh) computeNormals(onlyMissing bool) {
	fn := make([]sim.Vec3, len(w.tris))
	fu := make([]sim.Vec3, len(w.tris))
	for i, t := range w.tris {
		fn[i] = triCross(w.pos, t)
		if l := fn[i].Len(); l > 0 {
			fu[i] = fn[i].Mul(1 / l)
		}
	}
	start, list := vertexTris(len(w.pos), w.tris)
	for ti, t := range w.tris {
		for k, v := range t {
			if onlyMissing && w.nrm[ti][k] != ([3]float32{}) {
				continue
			}
			var s sim.Vec3
			for _, o := range list[start[v]:start[v+1]] {
				if fu[o].Dot(fu[ti]) >= creaseCos {
					s = s.Add(fn[o])
				}
			}
			if l := s.Len(); l > 0 {
				s = s.Mul(1 / l)
			} else {
				s = fu[ti]
			}
			w.nrm[ti][k] = [3]float32{float32(s[0]), float32(s[1]), float32(s[2])}
		}
	}
}

// level converts the mesh to a sim.ModelLevel, sharing a vertex between
// corners with the same position, UV and normal.
func (w *workMesh) level() sim.ModelLevel {
	type key struct {
		p  int32
		uv [2]float32
		n  [3]float32
	}
	idx := make(map[key]uint32, len(w.tris))
	var l sim.ModelLevel
	l.Tris = make([]sim.ModelTri, 0, len(w.tris))
	for ti, t := range w.tris {
		var mt sim.ModelTri
		mt.Surface = w.mat[ti]
		for k, p := range t {
			kk := key{p, w.uv[ti][k], w.nrm[ti][k]}
			i, ok := idx[kk]
			if !ok {
				i = uint32(len(l.Pos))
				idx[kk] = i
				l.Pos = append(l.Pos, w.pos[p])
				n := w.nrm[ti][k]
				l.Normal = append(l.Normal, sim.Vec3{float64(n[0]), float64(n[1]), float64(n[2])})
				l.UV = append(l.UV, kk.uv)
			}
			mt.V[k] = i
		}
		l.Tris = append(l.Tris, mt)
		if tw := w.twinOf(ti); tw >= 0 {
			back := sim.ModelTri{Surface: uint16(tw)}
			for k, kk := range [3]int{0, 2, 1} {
				n := w.nrm[ti][kk]
				key := key{t[kk], w.uv[ti][kk], [3]float32{-n[0], -n[1], -n[2]}}
				i, ok := idx[key]
				if !ok {
					i = uint32(len(l.Pos))
					idx[key] = i
					l.Pos = append(l.Pos, w.pos[key.p])
					l.Normal = append(l.Normal, sim.Vec3{float64(key.n[0]), float64(key.n[1]), float64(key.n[2])})
					l.UV = append(l.UV, key.uv)
				}
				back.V[k] = i
			}
			l.Tris = append(l.Tris, back)
		}
	}
	return l
}
