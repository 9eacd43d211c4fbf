package assets

import (
	"math"

	"flowbench/sim"
)

// Basin openings. A sink basin set into a counter (sim.SetInBasin) lies
// inside the counter's box with its rim just above the top, so the
// counter's drawn top would hide the bowl. The counter's model therefore
// gets an opening the size of the basin, less basinOpeningInset on each
// side: every triangle of every level is clipped against the vertical
// box over the basin's footprint from the basin's bottom up, and only its
// parts outside are kept (the cabinet's doors and what lies under the bowl
// stay).

// basinOpeningInset is how far the opening stays inside the basin's rim.
const basinOpeningInset = 0.005

// withBasinOpenings returns m, the model of counter o, with an opening
// under each basin set into it (m itself when none is).
func withBasinOpenings(s *sim.Scene, o *sim.Object, m *sim.Model) *sim.Model {
	if m == nil || o.Type != "CounterTop" {
		return m
	}
	var rects [][5]float64
	ax, az := sim.YawAxes(o.Yaw)
	for _, id := range s.Children(o.ID) {
		c := s.Object(id)
		if !sim.SetInBasin(c, o) {
			continue
		}
		d := [2]float64{c.Position[0] - o.Position[0], c.Position[2] - o.Position[2]}
		lx := d[0]*ax[0] + d[1]*ax[2]
		lz := d[0]*az[0] + d[1]*az[2]
		// The basin's half extents in the counter's frame (yaws differ by a
		// multiple of 90°).
		hx, hz := c.Size[0]/2, c.Size[2]/2
		if math.Mod(math.Abs(c.Yaw-o.Yaw)+45, 180) > 90 {
			hx, hz = hz, hx
		}
		hx, hz = hx-basinOpeningInset, hz-basinOpeningInset
		// Into the model's units: the model spans m.Size where the box
		// spans o.Size.
		sx, sy, sz := m.Size[0]/o.Size[0], m.Size[1]/o.Size[1], m.Size[2]/o.Size[2]
		yb := (c.Position[1] - c.Size[1]/2 - o.Position[1]) * sy // the basin's bottom
		rects = append(rects, [5]float64{(lx - hx) * sx, (lx + hx) * sx, (lz - hz) * sz, (lz + hz) * sz, yb})
	}
	if len(rects) == 0 {
		return m
	}
	t := copyModel(m)
	t.Levels = make([]sim.ModelLevel, len(m.Levels))
	for i := range m.Levels {
		l := m.Levels[i]
		for _, r := range rects {
			l = cutPrism(l, r)
		}
		t.Levels[i] = l
	}
	return t
}

// clipVert is a vertex being clipped: position, normal and UV.
type clipVert struct {
	p, n sim.Vec3
	uv   [2]float32
}

// lerpVert interpolates two vertices.
func lerpVert(a, b clipVert, t float64) clipVert {
	return clipVert{p: a.p.Add(b.p.Sub(a.p).Mul(t)), n: a.n.Add(b.n.Sub(a.n).Mul(t)),
		uv: [2]float32{a.uv[0] + float32(t)*(b.uv[0]-a.uv[0]), a.uv[1] + float32(t)*(b.uv[1]-a.uv[1])}}
}

// halfPlane keeps the points with sign·p[axis] ≤ sign·at.
type halfPlane struct {
	axis int
	sign float64
	at   float64
}

// clipPoly clips a convex polygon against a half plane.
func clipPoly(poly []clipVert, h halfPlane) []clipVert {
	var out []clipVert
	in := func(v clipVert) float64 { return h.sign*v.p[h.axis] - h.sign*h.at }
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		da, db := in(a), in(b)
		if da <= 0 {
			out = append(out, a)
		}
		if (da < 0 && db > 0) || (da > 0 && db < 0) {
			out = append(out, lerpVert(a, b, da/(da-db)))
		}
	}
	return out
}

// cutPrism returns level l without the parts of its triangles inside the
// box over the rectangle r = {x0, x1, z0, z1} from height r[4] up: each
// triangle meeting it is split into its parts in the five regions round it
// (x < x0; x > x1; the band between with z < z0; with z > z1; the
// rectangle below r[4]), so the cabinet under the basin keeps its doors.
func cutPrism(l sim.ModelLevel, r [5]float64) sim.ModelLevel {
	out := sim.ModelLevel{Pos: l.Pos, Normal: l.Normal, UV: l.UV}
	out.Pos = append([]sim.Vec3(nil), l.Pos...)
	out.Normal = append([]sim.Vec3(nil), l.Normal...)
	out.UV = append([][2]float32(nil), l.UV...)
	for len(out.Normal) < len(out.Pos) {
		out.Normal = append(out.Normal, sim.Vec3{})
	}
	for len(out.UV) < len(out.Pos) {
		out.UV = append(out.UV, [2]float32{})
	}
	regions := [][]halfPlane{
		{{0, 1, r[0]}},
		{{0, -1, r[1]}},
		{{0, -1, r[0]}, {0, 1, r[1]}, {2, 1, r[2]}},
		{{0, -1, r[0]}, {0, 1, r[1]}, {2, -1, r[3]}},
		{{0, -1, r[0]}, {0, 1, r[1]}, {2, -1, r[2]}, {2, 1, r[3]}, {1, 1, r[4]}},
	}
	for _, tr := range l.Tris {
		var poly []clipVert
		x0, x1, z0, z1, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, k := range tr.V {
			v := clipVert{p: out.Pos[k], n: out.Normal[k], uv: out.UV[k]}
			poly = append(poly, v)
			x0, x1 = math.Min(x0, v.p[0]), math.Max(x1, v.p[0])
			z0, z1 = math.Min(z0, v.p[2]), math.Max(z1, v.p[2])
			y1 = math.Max(y1, v.p[1])
		}
		if x1 <= r[0] || x0 >= r[1] || z1 <= r[2] || z0 >= r[3] || y1 <= r[4] {
			out.Tris = append(out.Tris, tr)
			continue
		}
		for _, reg := range regions {
			piece := poly
			for _, h := range reg {
				if len(piece) < 3 {
					break
				}
				piece = clipPoly(piece, h)
			}
			if len(piece) < 3 {
				continue
			}
			base := uint32(len(out.Pos))
			for _, v := range piece {
				out.Pos = append(out.Pos, v.p)
				out.Normal = append(out.Normal, v.n)
				out.UV = append(out.UV, v.uv)
			}
			for i := 1; i+1 < len(piece); i++ {
				out.Tris = append(out.Tris, sim.ModelTri{V: [3]uint32{base, base + uint32(i), base + uint32(i+1)}, Surface: tr.Surface})
			}
		}
	}
	return out
}
