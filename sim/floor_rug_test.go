package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// testRugs draws a rug per room of s: mostly inside the room, sometimes
// reaching past its outline, sometimes with sides through the polygon's
// vertices (the cut's special cases).
func testRugs(s *Scene, rng *rand.Rand) map[string]Rug {
	out := map[string]Rug{}
	for i, r := range s.Rooms {
		bx0, bz0, bx1, bz1 := PolygonBounds(r.Polygon)
		lo, hi := [2]float64{bx0, bz0}, [2]float64{bx1, bz1}
		pick := func(k int) float64 { return lo[k] + (hi[k]-lo[k])*(rng.Float64()*1.4-0.2) }
		x0, x1, z0, z1 := pick(0), pick(0), pick(1), pick(1)
		if i%3 == 1 { // sides through polygon vertices
			a, b := r.Polygon[rng.IntN(len(r.Polygon))], r.Polygon[rng.IntN(len(r.Polygon))]
			if a[0] != b[0] && a[1] != b[1] {
				x0, z0, x1, z1 = a[0], a[1], b[0], b[1]
			} else {
				x0, z0 = a[0], a[1] // one corner on a vertex
			}
		}
		if x1 < x0 {
			x0, x1 = x1, x0
		}
		if z1 < z0 {
			z0, z1 = z1, z0
		}
		if x1-x0 < 0.05 || z1-z0 < 0.05 {
			x1, z1 = x0+0.5, z0+0.5
		}
		out[r.ID] = Rug{X0: x0, Z0: z0, X1: x1, Z1: z1, Surface: &Surface{Name: "rug", Color: RGB{R: 0.6, G: 0.2, B: 0.2}}}
	}
	return out
}

// triArea2 is a floor triangle's area seen from above (positive when it
// faces up).
func triArea2(t Triangle) float64 { return t.Normal()[1] / 2 }

// clipRect returns polygon p clipped to the rectangle (Sutherland–Hodgman),
// an independent way to the rug's visible part.
func clipRect(p [][2]float64, r Rug) [][2]float64 {
	edges := []struct {
		axis int
		at   float64
		keep float64 // +1: keep ≥ at, −1: keep ≤ at
	}{{0, r.X0, 1}, {0, r.X1, -1}, {1, r.Z0, 1}, {1, r.Z1, -1}}
	for _, e := range edges {
		var out [][2]float64
		in := func(q [2]float64) bool { return (q[e.axis]-e.at)*e.keep >= 0 }
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			if in(a) {
				out = append(out, a)
			}
			if in(a) != in(b) {
				f := (e.at - a[e.axis]) / (b[e.axis] - a[e.axis])
				out = append(out, [2]float64{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f})
			}
		}
		p = out
		if len(p) == 0 {
			break
		}
	}
	return p
}

// shoelace is a polygon's unsigned area.
func shoelace(p [][2]float64) float64 {
	s := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a[0]*b[1] - b[0]*a[1]
	}
	return math.Abs(s) / 2
}

// TestFloorRugCut checks, over the rooms of 20 houses with rugs drawn at
// random (some reaching past the room, some with sides through the
// polygon's corners): the cut floor covers the room's polygon exactly
// (same area, every triangle facing up, none crossing a rug side), the
// triangles on the rug add up to the area of the polygon clipped to the
// rug (Sutherland–Hodgman, an independent computation), and they carry the
// rug's surface with UVs spanning the rug.
func TestFloorRugCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	rooms, cutRooms := 0, 0
	for hi, s := range openingHouses(t, 20) {
		s.Rugs = testRugs(s, rng)
		meshes := StructureMeshes(s)
		for _, r := range s.Rooms {
			var fl *Mesh
			for i := range meshes {
				if meshes[i].ID == "floor|"+r.ID {
					fl = &meshes[i]
				}
			}
			if fl == nil {
				t.Fatalf("house %d room %s: no floor mesh", hi, r.ID)
			}
			rug := s.Rugs[r.ID]
			want := shoelace(r.Polygon)
			onRug := shoelace(clipRect(r.Polygon, rug))
			total, rugArea := 0.0, 0.0
			for i, tr := range fl.Tris {
				a := triArea2(tr)
				if a < 0 {
					t.Fatalf("house %d room %s: triangle %d faces down", hi, r.ID, i)
				}
				total += a
				for _, l := range [][2]float64{{0, rug.X0}, {0, rug.X1}, {2, rug.Z0}, {2, rug.Z1}} {
					lo, hi2 := math.Inf(1), math.Inf(-1)
					for _, v := range tr.V {
						lo, hi2 = min(lo, v[int(l[0])]-l[1]), max(hi2, v[int(l[0])]-l[1])
					}
					if lo < 0 && hi2 > 0 {
						t.Fatalf("house %d room %s: triangle %d crosses the rug side %v", hi, r.ID, i, l)
					}
				}
				if fl.Attrs != nil && fl.Surfaces[fl.Attrs[i].Surface] == rug.Surface {
					rugArea += a
					for k, v := range tr.V {
						uv := fl.Attrs[i].UV[k]
						wu, wv := (v[0]-rug.X0)/(rug.X1-rug.X0), (v[2]-rug.Z0)/(rug.Z1-rug.Z0)
						if math.Abs(float64(uv[0])-wu) > 1e-6 || math.Abs(float64(uv[1])-wv) > 1e-6 || wu < -1e-9 || wu > 1+1e-9 || wv < -1e-9 || wv > 1+1e-9 {
							t.Fatalf("house %d room %s: rug triangle %d vertex %d UV %v, want (%.4f, %.4f) in [0, 1]", hi, r.ID, i, k, uv, wu, wv)
						}
					}
				}
			}
			if math.Abs(total-want) > 1e-9*max(1, want) {
				t.Fatalf("house %d room %s: cut floor area %.12f, polygon %.12f", hi, r.ID, total, want)
			}
			if math.Abs(rugArea-onRug) > 1e-9*max(1, want) {
				t.Fatalf("house %d room %s: rug triangles %.12f m², polygon ∩ rug %.12f m²", hi, r.ID, rugArea, onRug)
			}
			rooms++
			if onRug > 0 && onRug < want {
				cutRooms++
			}
		}
	}
	if cutRooms < rooms/3 {
		t.Fatalf("only %d of %d rooms had a rug covering part of the floor", cutRooms, rooms)
	}
}

// TestFloorRugRaycast casts rays straight down at the floors of 10 houses
// with rugs: every ray hits the room's floor at exactly the eye's height,
// on the rug's surface where the point lies inside the rug and on the
// floor's own surface elsewhere. The rug is paint: a scene without rugs
// gives the same ids and distances (within 1e-9 m: the cut triangles'
// intersections round differently).
func TestFloorRugRaycast(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	onRug, off := 0, 0
	for hi, s := range openingHouses(t, 10) {
		plain := NewCaster(StructureMeshes(s))
		s.Rugs = testRugs(s, rng)
		c := NewCaster(StructureMeshes(s))
		for _, r := range s.Rooms {
			rug := s.Rugs[r.ID]
			for k := 0; k < 40; k++ {
				x := rug.X0 + (rug.X1-rug.X0)*(rng.Float64()*1.6-0.3)
				z := rug.Z0 + (rug.Z1-rug.Z0)*(rng.Float64()*1.6-0.3)
				if !PointInPolygon(r.Polygon, x, z) || math.Abs(x-rug.X0) < 1e-6 || math.Abs(x-rug.X1) < 1e-6 ||
					math.Abs(z-rug.Z0) < 1e-6 || math.Abs(z-rug.Z1) < 1e-6 {
					continue
				}
				eye := Vec3{x, 1.5, z}
				hit, ok := c.Cast(eye, Vec3{0, -1, 0})
				ph, pok := plain.Cast(eye, Vec3{0, -1, 0})
				if !ok || hit.ID != "floor|"+r.ID || math.Abs(hit.Distance-1.5) > 1e-9 {
					t.Fatalf("house %d room %s at (%.3f, %.3f): hit %v %v", hi, r.ID, x, z, ok, hit)
				}
				if !pok || ph.ID != hit.ID || math.Abs(ph.Distance-hit.Distance) > 1e-9 {
					t.Fatalf("house %d room %s at (%.3f, %.3f): without the rug %v %v, with it %v", hi, r.ID, x, z, pok, ph, hit)
				}
				if in := rug.Inside(x, z); in != (hit.Surface == rug.Surface) {
					t.Fatalf("house %d room %s at (%.3f, %.3f): inside the rug %v, hit surface %v", hi, r.ID, x, z, in, hit.Surface)
				} else if in {
					onRug++
				} else {
					off++
				}
			}
		}
	}
	if onRug < 100 || off < 100 {
		t.Fatalf("rays on the rug %d, off it %d: want at least 100 each", onRug, off)
	}
}
