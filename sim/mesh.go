package sim

import (
	"math"
	"slices"
)

// Tessellation resolution of curved primitives.
const (
	CylinderSegments = 16
	SphereRings      = 8
	SphereSegments   = 16
)

// MeshKind tells what a mesh belongs to.
type MeshKind int

// Mesh kinds.
const (
	MeshObject MeshKind = iota
	MeshFloor
	MeshCeiling
	MeshWall
)

// Triangle is one world-space triangle. Its front face is the side its
// normal cross(V1-V0, V2-V0) points to; Shade scales the mesh colour.
type Triangle struct {
	V     [3]Vec3
	Shade float64
}

// Normal returns the unnormalised front normal cross(V1-V0, V2-V0).
func (t *Triangle) Normal() Vec3 { return t.V[1].Sub(t.V[0]).Cross(t.V[2].Sub(t.V[0])) }

// Mesh is the triangle geometry of one object or structure element.
// Primitive object meshes are closed, so only front faces can be seen;
// structure meshes (walls, floors, ceilings) are one-sided: seen and hit from
// the front only. Real models (Object.Model) are not always closed or
// consistently wound, so their meshes are TwoSided. The renderer and the ray
// caster both honour the same rule.
type Mesh struct {
	ID     string // objectId, or "floor|<room>", "ceiling|<room>", or a wall id
	Kind   MeshKind
	Color  RGB
	Tris   []Triangle
	Bounds AABB
	// Attrs, when not nil, runs parallel to Tris with vertex normals, UVs and
	// surface indices into Surfaces (textured, smooth-shaded meshes).
	Attrs    []TriAttr
	Surfaces []*Surface
	TwoSided bool // both faces are seen and hit
}

func (m *Mesh) finish() {
	m.Bounds = AABB{Min: Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, Max: Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for _, t := range m.Tris {
		for _, v := range t.V {
			for k := 0; k < 3; k++ {
				m.Bounds.Min[k] = min(m.Bounds.Min[k], v[k]) // same NaN and ±0 rules as math.Min, inlined
				m.Bounds.Max[k] = max(m.Bounds.Max[k], v[k])
			}
		}
	}
}

// ObjectMesh returns the object's full-detail mesh at its current pose: its
// real model's level 0 when it has one, otherwise its primitive shape.
func ObjectMesh(o *Object) Mesh { return ObjectMeshLevel(o, 0) }

// ObjectMeshLevel returns the object's mesh at its current pose using model
// level lvl (clamped to the model's levels; ignored for primitive shapes).
func ObjectMeshLevel(o *Object, lvl int) Mesh {
	if o.Model != nil && len(o.Model.Levels) > 0 {
		return modelMesh(o, o.Model, min(max(lvl, 0), len(o.Model.Levels)-1))
	}
	m := Mesh{ID: o.ID, Kind: MeshObject, Color: o.Color}
	ax, az := o.Axes()
	toWorld := func(u Vec3) Vec3 { // unit-box coordinates → world
		l := Vec3{(u[0] - 0.5) * o.Size[0], (u[1] - 0.5) * o.Size[1], (u[2] - 0.5) * o.Size[2]}
		return o.Position.Add(ax.Mul(l[0])).Add(Vec3{0, l[1], 0}).Add(az.Mul(l[2]))
	}
	for _, p := range o.Shape.Parts() {
		start := len(m.Tris)
		m.Tris = appendPrimitive(m.Tris, p)
		c := toWorld(p.Lo.Add(p.Hi).Mul(0.5))
		for i := start; i < len(m.Tris); i++ {
			t := &m.Tris[i]
			for k := range t.V {
				t.V[k] = toWorld(t.V[k])
			}
			orientOutward(t, c)
		}
	}
	m.finish()
	return m
}

// orientOutward flips t so that its normal points away from the convex part's centre c.
func orientOutward(t *Triangle, c Vec3) {
	mid := t.V[0].Add(t.V[1]).Add(t.V[2]).Mul(1.0 / 3)
	if t.Normal().Dot(mid.Sub(c)) < 0 {
		t.V[1], t.V[2] = t.V[2], t.V[1]
	}
}

func appendQuad(ts []Triangle, a, b, c, d Vec3, shade float64) []Triangle {
	return append(ts, Triangle{[3]Vec3{a, b, c}, shade}, Triangle{[3]Vec3{a, c, d}, shade})
}

// appendPrimitive adds a part's triangles in unit-box coordinates.
func appendPrimitive(ts []Triangle, p Part) []Triangle {
	lo, hi := p.Lo, p.Hi
	switch p.Kind {
	case PrimBox:
		c := func(i int) Vec3 {
			v := lo
			if i&1 != 0 {
				v[0] = hi[0]
			}
			if i&2 != 0 {
				v[1] = hi[1]
			}
			if i&4 != 0 {
				v[2] = hi[2]
			}
			return v
		}
		for _, f := range [6][4]int{{0, 2, 6, 4}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 5, 7, 6}} {
			ts = appendQuad(ts, c(f[0]), c(f[1]), c(f[2]), c(f[3]), p.Shade)
		}
	case PrimCylinder:
		cx, cz := (lo[0]+hi[0])/2, (lo[2]+hi[2])/2
		rx, rz := (hi[0]-lo[0])/2, (hi[2]-lo[2])/2
		ring := func(i int, y float64) Vec3 {
			s, c := math.Sincos(2 * math.Pi * float64(i) / CylinderSegments)
			return Vec3{cx + rx*c, y, cz + rz*s}
		}
		top, bot := Vec3{cx, hi[1], cz}, Vec3{cx, lo[1], cz}
		for i := 0; i < CylinderSegments; i++ {
			a0, a1 := ring(i, lo[1]), ring(i+1, lo[1])
			b0, b1 := ring(i, hi[1]), ring(i+1, hi[1])
			ts = appendQuad(ts, a0, a1, b1, b0, p.Shade)
			ts = append(ts, Triangle{[3]Vec3{top, b0, b1}, p.Shade}, Triangle{[3]Vec3{bot, a0, a1}, p.Shade})
		}
	case PrimSphere:
		c := lo.Add(hi).Mul(0.5)
		r := hi.Sub(lo).Mul(0.5)
		pt := func(ring, seg int) Vec3 {
			st, ct := math.Sincos(math.Pi * float64(ring) / SphereRings)
			sp, cp := math.Sincos(2 * math.Pi * float64(seg) / SphereSegments)
			return Vec3{c[0] + r[0]*st*cp, c[1] + r[1]*ct, c[2] + r[2]*st*sp}
		}
		for i := 0; i < SphereRings; i++ {
			for j := 0; j < SphereSegments; j++ {
				a, b, cc, d := pt(i, j), pt(i, j+1), pt(i+1, j+1), pt(i+1, j)
				switch i {
				case 0:
					ts = append(ts, Triangle{[3]Vec3{a, cc, d}, p.Shade})
				case SphereRings - 1:
					ts = append(ts, Triangle{[3]Vec3{a, b, cc}, p.Shade})
				default:
					ts = appendQuad(ts, a, b, cc, d, p.Shade)
				}
			}
		}
	}
	return ts
}

// ceilingColor is the colour of a house's ceilings: its procedural
// parameters' ceiling colour, else a warm white.
func ceilingColor(h *House) RGB {
	if h != nil && h.ProceduralParameters.CeilingColor != nil {
		return *h.ProceduralParameters.CeilingColor
	}
	return RGB{0.92, 0.92, 0.9}
}

// StructureMeshes returns the floors, ceilings and wall sides of the scene.
func StructureMeshes(s *Scene) []Mesh {
	var out []Mesh
	ceilingH := 0.0
	for _, w := range s.Walls {
		ceilingH = math.Max(ceilingH, w.Height)
	}
	if ceilingH == 0 {
		ceilingH = 2.5
	}
	for _, r := range s.Rooms {
		tris := TriangulatePolygon(r.Polygon)
		fl := Mesh{ID: "floor|" + r.ID, Kind: MeshFloor, Color: r.Floor}
		ce := Mesh{ID: "ceiling|" + r.ID, Kind: MeshCeiling, Color: ceilingColor(s.House)}
		for _, t := range tris {
			a, b, c := r.Polygon[t[0]], r.Polygon[t[1]], r.Polygon[t[2]]
			f := Triangle{[3]Vec3{{a[0], 0, a[1]}, {b[0], 0, b[1]}, {c[0], 0, c[1]}}, 1}
			if f.Normal()[1] < 0 {
				f.V[1], f.V[2] = f.V[2], f.V[1]
			}
			fl.Tris = append(fl.Tris, f)
			g := f
			for k := range g.V {
				g.V[k][1] = ceilingH
			}
			g.V[1], g.V[2] = g.V[2], g.V[1]
			ce.Tris = append(ce.Tris, g)
		}
		rug, hasRug := s.Rugs[r.ID]
		hasRug = hasRug && rug.valid()
		if hasRug {
			fl.Tris = cutRect(fl.Tris, rug)
		}
		dressStructure(s, &fl, floorUV)
		if hasRug {
			paintRect(&fl, rug, r.floorPaint)
		}
		frame, lamp := ceilingLamp(r.Polygon)
		ce.Tris = cutRect(cutRect(ce.Tris, frame), lamp)
		dressStructure(s, &ce, floorUV)
		paintRect(&ce, frame, r.ceilingPaint)
		paintRect(&ce, lamp, r.ceilingPaint)
		fl.finish()
		ce.finish()
		out = append(out, fl, ce)
	}
	outdoor := s.OutdoorHoles()
	for _, w := range s.Walls {
		m := Mesh{ID: w.ID, Kind: MeshWall, Color: w.Color}
		var trim []bool
		for _, r := range wallCells(w) {
			a := wallPoint(w, r.u0, r.y0)
			b := wallPoint(w, r.u1, r.y0)
			c := wallPoint(w, r.u1, r.y1)
			d := wallPoint(w, r.u0, r.y1)
			t0, t1 := Triangle{[3]Vec3{a, b, c}, 1}, Triangle{[3]Vec3{a, c, d}, 1}
			n := Vec3{w.Normal[0], 0, w.Normal[1]}
			if t0.Normal().Dot(n) < 0 {
				t0.V[1], t0.V[2] = t0.V[2], t0.V[1]
				t1.V[1], t1.V[2] = t1.V[2], t1.V[1]
			}
			m.Tris = append(m.Tris, t0, t1)
			trim = append(trim, r.trim, r.trim)
		}
		if len(m.Tris) > 0 {
			dressStructure(s, &m, func(p Vec3) [2]float32 {
				u := (p[0]-w.A[0])*(w.B[0]-w.A[0]) + (p[2]-w.A[1])*(w.B[1]-w.A[1])
				if l := w.Length(); l > 0 {
					u /= l
				}
				return [2]float32{float32(u), float32(p[1])}
			})
			paintTrim(&m, trim, w)
			addOpenings(&m, openingTris(w, outdoor), w)
			m.finish()
			out = append(out, m)
		}
	}
	return out
}

func wallPoint(w WallShape, u, y float64) Vec3 {
	l := w.Length()
	t := u / l
	return Vec3{w.A[0] + t*(w.B[0]-w.A[0]), y, w.A[1] + t*(w.B[1]-w.A[1])}
}

// WallPanels splits a wall with holes into solid rectangles {u0, u1, y0, y1}.
func WallPanels(w WallShape) [][4]float64 {
	l := w.Length()
	cuts := []float64{0, l}
	for _, h := range w.Holes {
		cuts = append(cuts, clamp(h.U0, 0, l), clamp(h.U1, 0, l))
	}
	sortFloats(cuts)
	var out [][4]float64
	for i := 0; i+1 < len(cuts); i++ {
		u0, u1 := cuts[i], cuts[i+1]
		if u1-u0 < 1e-9 {
			continue
		}
		um := (u0 + u1) / 2
		// Solid y intervals: [0,H] minus the holes covering this column.
		ys := [][2]float64{{0, w.Height}}
		for _, h := range w.Holes {
			if h.U0 < um && um < h.U1 {
				var next [][2]float64
				for _, iv := range ys {
					if h.Y1 <= iv[0] || h.Y0 >= iv[1] {
						next = append(next, iv)
						continue
					}
					if h.Y0 > iv[0] {
						next = append(next, [2]float64{iv[0], h.Y0})
					}
					if h.Y1 < iv[1] {
						next = append(next, [2]float64{h.Y1, iv[1]})
					}
				}
				ys = next
			}
		}
		for _, iv := range ys {
			if iv[1]-iv[0] > 1e-9 {
				out = append(out, [4]float64{u0, u1, iv[0], iv[1]})
			}
		}
	}
	return out
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

func sortFloats(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// TriangulatePolygon ear-clips a simple polygon (either winding) and returns
// vertex index triples.
func TriangulatePolygon(p [][2]float64) [][3]int {
	n := len(p)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	area := 0.0
	for i := range p {
		j := (i + 1) % n
		area += p[i][0]*p[j][1] - p[j][0]*p[i][1]
	}
	sign := 1.0
	if area < 0 {
		sign = -1
	}
	cross := func(a, b, c [2]float64) float64 {
		return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
	}
	var out [][3]int
	for guard := 0; len(idx) > 3 && guard < n*n; guard++ {
		clipped := false
		for i := range idx {
			a, b, c := idx[(i+len(idx)-1)%len(idx)], idx[i], idx[(i+1)%len(idx)]
			if sign*cross(p[a], p[b], p[c]) <= 1e-12 {
				continue
			}
			ear := true
			for _, k := range idx {
				if k == a || k == b || k == c {
					continue
				}
				if sign*cross(p[a], p[b], p[k]) >= 0 && sign*cross(p[b], p[c], p[k]) >= 0 && sign*cross(p[c], p[a], p[k]) >= 0 {
					ear = false
					break
				}
			}
			if ear {
				out = append(out, [3]int{a, b, c})
				idx = append(idx[:i], idx[i+1:]...)
				clipped = true
				break
			}
		}
		if !clipped { // degenerate (collinear) vertex: drop it
			idx = append(idx[:0], idx[1:]...)
		}
	}
	if len(idx) == 3 {
		out = append(out, [3]int{idx[0], idx[1], idx[2]})
	}
	return out
}

// addOpenings appends the linings and frames ops to wall w's mesh m, after
// dressStructure: linings take the wall's surface (or its plain colour) with
// UVs continuing the wall's, frames FrameSurface, which the mesh lists only
// when it has frames (ensureAttrs gives a plain wall per-triangle surfaces).
func addOpenings(m *Mesh, ops []openingTri, w WallShape) {
	if len(ops) == 0 {
		return
	}
	ensureAttrs(m, w.paint)
	tile := float32(m.Surfaces[0].Tile)
	if !(tile > 0) {
		tile = 1
	}
	frame := uint16(len(m.Surfaces))
	if slices.ContainsFunc(ops, func(op openingTri) bool { return op.frame }) {
		m.Surfaces = append(m.Surfaces, FrameSurface) // windows to the outdoors only
	}
	for _, op := range ops {
		n := unitNormal(&op.tri)
		a := TriAttr{N: [3]Vec3{n, n, n}}
		if op.frame {
			a.Surface = frame
		} else {
			for k := range a.UV {
				a.UV[k] = [2]float32{op.uv[k][0] / tile, op.uv[k][1] / tile}
			}
		}
		m.Tris = append(m.Tris, op.tri)
		m.Attrs = append(m.Attrs, a)
	}
}

// ensureAttrs gives an undressed structure mesh (a plain colour, no
// attributes) per-triangle attributes: its own colour as a plain surface
// and flat normals, so that trim, linings, frames, rugs and lamps can have
// their own surfaces. The plain surface is plain, the scene's shared one,
// when it has the mesh's colour, else a new one (a shape not made by
// NewScene, or recoloured). A dressed mesh is left as it is.
func ensureAttrs(m *Mesh, plain *Surface) {
	if m.Attrs != nil {
		return
	}
	if plain == nil || plain.Color != m.Color {
		plain = &Surface{Name: "paint:" + m.ID, Color: m.Color, Tile: 1}
	}
	m.Surfaces = []*Surface{plain}
	m.Attrs = make([]TriAttr, len(m.Tris))
	for i := range m.Tris {
		n := unitNormal(&m.Tris[i])
		m.Attrs[i].N = [3]Vec3{n, n, n}
	}
}

// unitNormal returns t's unit front normal (zero for a degenerate triangle).
func unitNormal(t *Triangle) Vec3 {
	n := t.Normal()
	if l := n.Len(); l > 0 {
		n = n.Mul(1 / l)
	}
	return n
}

// floorUV maps a floor or ceiling point to metres in the xz plane.
func floorUV(p Vec3) [2]float32 { return [2]float32{float32(p[0]), float32(p[2])} }

// dressStructure gives a structure mesh its surface from Scene.Surfaces:
// flat normals and UVs = uvMetres(point) / Tile. Meshes without a surface keep
// their plain colour.
func dressStructure(s *Scene, m *Mesh, uvMetres func(Vec3) [2]float32) {
	sf := s.Surfaces[m.ID]
	if sf == nil {
		return
	}
	tile := float32(sf.Tile)
	if !(tile > 0) {
		tile = 1
	}
	m.Surfaces = []*Surface{sf}
	m.Attrs = make([]TriAttr, len(m.Tris))
	for i := range m.Tris {
		t := &m.Tris[i]
		n := unitNormal(t)
		for k, v := range t.V {
			uv := uvMetres(v)
			m.Attrs[i].N[k] = n
			m.Attrs[i].UV[k] = [2]float32{uv[0] / tile, uv[1] / tile}
		}
	}
}
