package sim

import (
	"math"
	"slices"
	"testing"
)

// openingHouses returns generated procthor scenes, undressed, for the
// opening tests.
func openingHouses(t *testing.T, n int) []*Scene {
	t.Helper()
	var out []*Scene
	for i := 0; i < n; i++ {
		h, err := Generate(StyleProcTHOR, 7, i)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// wallCoords returns the wall coordinates of world point p: u along wall w
// from A, y up and d behind its room side.
func wallCoords(w WallShape, p Vec3) (u, y, d float64) {
	l := w.Length()
	u = ((p[0]-w.A[0])*(w.B[0]-w.A[0]) + (p[2]-w.A[1])*(w.B[1]-w.A[1])) / l
	d = -((p[0]-w.A[0])*w.Normal[0] + (p[2]-w.A[1])*w.Normal[1])
	return u, p[1], d
}

// TestOpeningsGeometry checks every lining and frame triangle of 30
// generated houses: it lies behind its wall's room side (0 ≤ d ≤
// RevealDepth for openings to the outdoors, RevealDepth/2 for doorways
// between rooms) inside its hole's rectangle, it faces the room or the
// hole's middle (so it is seen from the room), linings carry the wall's
// surface and frames FrameSurface (outdoor windows only), and walls with
// neither kind of hole have none.
func TestOpeningsGeometry(t *testing.T) {
	const eps = 1e-9
	windows, doors, frames := 0, 0, 0
	for hi, s := range openingHouses(t, 30) {
		outdoor := s.OutdoorHoles()
		meshes := map[string]Mesh{}
		for _, m := range StructureMeshes(s) {
			meshes[m.ID] = m
		}
		for _, w := range s.Walls {
			m, ok := meshes[w.ID]
			if !ok {
				continue
			}
			panels := 2 * len(wallCells(w))
			// Surfaces: the wall's own, then TrimSurface when it has trim
			// (every room-side wall has a skirting board).
			own := 1
			if !w.Exterior {
				if len(m.Surfaces) < 2 || m.Surfaces[1] != TrimSurface {
					t.Fatalf("house %d wall %s: surfaces %v, want the wall's own and TrimSurface first", hi, w.ID, m.Surfaces)
				}
				own = 2
			}
			var mine []Hole
			for _, h := range w.Holes {
				if (outdoor[h.ID] || h.Door) && !w.Exterior {
					mine = append(mine, h)
				}
			}
			if len(mine) == 0 {
				if len(m.Tris) != panels || m.Attrs != nil && len(m.Surfaces) != own {
					t.Fatalf("house %d wall %s: no outdoor hole or door but %d triangles (%d panel triangles), %d surfaces", hi, w.ID, len(m.Tris), panels, len(m.Surfaces))
				}
				continue
			}
			framed := slices.ContainsFunc(mine, func(h Hole) bool { return outdoor[h.ID] && !h.Door })
			if framed != (len(m.Surfaces) == own+1) || framed && m.Surfaces[own] != FrameSurface || len(m.Attrs) != len(m.Tris) {
				t.Fatalf("house %d wall %s: %d attrs for %d triangles, surfaces %v", hi, w.ID, len(m.Attrs), len(m.Tris), m.Surfaces)
			}
			if m.Surfaces[0].Color != w.Color || m.Surfaces[0].Texture != nil {
				t.Fatalf("house %d wall %s: undressed wall's own surface %+v, want its colour %v", hi, w.ID, *m.Surfaces[0], w.Color)
			}
			for _, h := range mine {
				if outdoor[h.ID] {
					windows++
				} else {
					doors++
				}
			}
			for i := panels; i < len(m.Tris); i++ {
				tri := &m.Tris[i]
				c := tri.V[0].Add(tri.V[1]).Add(tri.V[2]).Mul(1.0 / 3)
				cu, cy, _ := wallCoords(w, c)
				var hole *Hole
				for k := range mine {
					if h := &mine[k]; h.U0-eps <= cu && cu <= h.U1+eps && h.Y0-eps <= cy && cy <= h.Y1+eps {
						hole = h
					}
				}
				if hole == nil {
					t.Fatalf("house %d wall %s: opening triangle %d at u %.3f y %.3f is in no outdoor hole", hi, w.ID, i, cu, cy)
				}
				depth := RevealDepth
				if !outdoor[hole.ID] {
					depth /= 2 // a doorway between rooms: half a lining per side
				}
				for _, v := range tri.V {
					u, y, d := wallCoords(w, v)
					if d < -eps || d > depth+eps || u < hole.U0-eps || u > hole.U1+eps || y < hole.Y0-eps || y > hole.Y1+eps {
						t.Fatalf("house %d wall %s: opening vertex (u %.4f, y %.4f, d %.4f) outside hole %s (u %.3f–%.3f, y %.3f–%.3f, d 0–%.2f)", hi, w.ID, u, y, d, hole.ID, hole.U0, hole.U1, hole.Y0, hole.Y1, depth)
					}
				}
				n := unitNormal(tri)
				room := Vec3{w.Normal[0], 0, w.Normal[1]}
				// The hole's middle on the triangle's depth.
				_, _, cd := wallCoords(w, c)
				mu, my := (hole.U0+hole.U1)/2, (hole.Y0+hole.Y1)/2
				mid := wallPoint(w, mu, my).Sub(room.Mul(cd))
				toMid := mid.Sub(c)
				frame := int(m.Attrs[i].Surface) == own
				switch {
				case n.Dot(room) > 1-1e-9: // a frame or bar face
					if !frame || !outdoor[hole.ID] || hole.Door {
						t.Fatalf("house %d wall %s: a face towards the room that is not frame", hi, w.ID)
					}
					frames++
				case n.Dot(room) < -1e-9:
					t.Fatalf("house %d wall %s: opening triangle %d faces out of the house (n %v)", hi, w.ID, i, n)
				case !frame && n.Dot(toMid) <= 0:
					t.Fatalf("house %d wall %s: lining triangle %d faces away from the hole's middle", hi, w.ID, i)
				}
			}
		}
	}
	if windows < 20 || doors < 20 || frames == 0 {
		t.Fatalf("only %d outdoor windows, %d doorways and %d frame faces: the test saw too little", windows, doors, frames)
	}
}

// TestOpeningsRaycast casts rays from 1.5 m in front of each outdoor window
// and doorway of 10 houses. At a doorway's jamb, a quarter of RevealDepth
// behind the wall's plane, the ray meets the wall's own half lining, and as
// far in front of it the other room's wall's half. At a window: at the left
// stile the ray hits the wall's frame at FrameFront behind the wall, at a
// quarter of the hole's width and height it passes through the pane to the
// outdoors, and just inside the hole's left edge, aimed obliquely, it meets
// the lining.
func TestOpeningsRaycast(t *testing.T) {
	checked, doors := 0, 0
	for hi, s := range openingHouses(t, 10) {
		outdoor := s.OutdoorHoles()
		c := NewCaster(StructureMeshes(s))
		for _, w := range s.Walls {
			if w.Exterior {
				continue
			}
			room := Vec3{w.Normal[0], 0, w.Normal[1]}
			for _, h := range w.Holes {
				if !outdoor[h.ID] || h.Door {
					continue
				}
				my := (h.Y0 + h.Y1) / 2
				atY := func(u, y, d float64) Vec3 { return wallPoint(w, u, y).Sub(room.Mul(d)) }
				at := func(u, d float64) Vec3 { return atY(u, my, d) }
				shoot := func(from, to Vec3) (Hit, bool) { return c.Cast(from, to.Sub(from).Normalize()) }
				stile := at(h.U0+FrameWidth/2, FrameFront)
				from := stile.Add(room.Mul(1.5 + FrameFront))
				hit, ok := shoot(from, stile)
				if !ok || hit.ID != w.ID || math.Abs(hit.Distance-1.5-FrameFront) > 1e-6 || hit.Surface != FrameSurface {
					t.Fatalf("house %d wall %s window %s: ray at the stile: hit %v %+v, want the frame at %.3f m", hi, w.ID, h.ID, ok, hit, 1.5+FrameFront)
				}
				pane := atY(h.U0+(h.U1-h.U0)/4, h.Y0+(h.Y1-h.Y0)/4, 0) // clear of the bars
				// Beyond the lining it may meet another wing's outside.
				if hit, ok := shoot(pane.Add(room.Mul(1.5)), pane); ok && (hit.ID == w.ID || hit.Distance < 1.5+RevealDepth) {
					t.Fatalf("house %d wall %s window %s: ray through the pane hit %s at %.3f m", hi, w.ID, h.ID, hit.ID, hit.Distance)
				}
				// From in front of the hole's middle, aimed at the left jamb
				// in front of the frame.
				jamb := at(h.U0, FrameFront/2)
				hit, ok = shoot(at((h.U0+h.U1)/2, -1.5), jamb)
				if !ok || hit.ID != w.ID || hit.Point.Sub(jamb).Len() > 1e-6 || hit.Surface == FrameSurface {
					t.Fatalf("house %d wall %s window %s: ray at the jamb: hit %v %+v, want the lining at %v", hi, w.ID, h.ID, ok, hit, jamb)
				}
				checked++
			}
			// A doorway between rooms: aimed from this room at its left jamb,
			// a ray meets this wall's half of the lining behind the plane
			// and the other room's wall's half in front of it.
			for _, h := range w.Holes {
				if outdoor[h.ID] || !h.Door {
					continue
				}
				other := ""
				for _, v := range s.Walls {
					if v.ID != w.ID && !v.Exterior && slices.ContainsFunc(v.Holes, func(g Hole) bool { return g.ID == h.ID }) {
						other = v.ID
					}
				}
				at := func(u, d float64) Vec3 { return wallPoint(w, u, (h.Y0+h.Y1)/2).Sub(room.Mul(d)) }
				from := at((h.U0+h.U1)/2, -1.5)
				for _, want := range []struct {
					d  float64
					id string
				}{{RevealDepth / 4, w.ID}, {-RevealDepth / 4, other}} {
					p := at(h.U0, want.d)
					hit, ok := c.Cast(from, p.Sub(from).Normalize())
					if !ok || hit.ID != want.id || hit.Point.Sub(p).Len() > 1e-6 {
						t.Fatalf("house %d doorway %s: ray at the jamb %.3f m behind %s's plane: hit %v %s at %v, want %q at %v", hi, h.ID, want.d, w.ID, ok, hit.ID, hit.Point, want.id, p)
					}
				}
				doors++
			}
		}
	}
	if checked < 5 || doors < 5 {
		t.Fatalf("only %d windows and %d doorways checked", checked, doors)
	}
}

// TestOpeningKinds checks an outside door's opening on a 4 m wall: a lining
// on both jambs and the head (6 triangles, no sill) and no frame; a
// window's: the lining with its sill and a frame with a horizontal bar; the
// same holes between rooms: the door's half lining only.
func TestOpeningKinds(t *testing.T) {
	w := WallShape{ID: "w", A: [2]float64{0, 0}, B: [2]float64{4, 0}, Height: 2.5, Normal: [2]float64{0, 1}, Holes: []Hole{
		{ID: "door", U0: 1, U1: 1.9, Y0: 0, Y1: 2.1, Door: true},
		{ID: "win", Asset: "Window_Hung_32x60", U0: 2.5, U1: 3.3, Y0: 0.6, Y1: 2.1},
	}}
	count := func(outdoor map[string]bool) (lining, frame int) {
		for _, op := range openingTris(w, outdoor) {
			if op.frame {
				frame++
			} else {
				lining++
			}
		}
		return
	}
	if l, f := count(map[string]bool{"door": true}); l != 6 || f != 0 {
		t.Errorf("door: %d lining and %d frame triangles, want 6 and 0", l, f)
	}
	// Frame: 4 faces + 4 inner sides; the bar: a face and 2 sides; 2 each.
	// The door, now between rooms, adds its half lining.
	if l, f := count(map[string]bool{"win": true}); l != 8+6 || f != 22 {
		t.Errorf("hung window: %d lining and %d frame triangles, want 8+6 and 22", l, f)
	}
	// A doorway between rooms: its half lining; a window between rooms:
	// nothing.
	if l, f := count(map[string]bool{}); l != 6 || f != 0 {
		t.Errorf("no outdoor hole: %d lining and %d frame triangles, want the door's 6 and 0", l, f)
	}
	w.Exterior = true
	if l, f := count(map[string]bool{"door": true, "win": true}); l != 0 || f != 0 {
		t.Errorf("exterior face: %d lining and %d frame triangles, want none", l, f)
	}
}

// TestGlazingBars pins the glazing bars of AI2-THOR's window assets and of
// unknown ones by shape.
func TestGlazingBars(t *testing.T) {
	for _, c := range []struct {
		asset      string
		w, h       float64
		vert, horz bool
	}{
		{"Window_Hung_32x60", 0.81, 1.57, false, true},
		{"Window_Hung_48x44", 1.22, 1.27, false, true},
		{"Window_Slider_36x36", 0.91, 0.91, true, false},
		{"Window_Fixed_36x48", 0.91, 1.21, false, false},
		{"Window_Fixed_60x36", 1.52, 0.91, true, false},
		{"", 0.8, 1.4, false, true},
		{"", 1.4, 1.0, true, false},
		{"", 0.9, 0.8, false, false},
	} {
		v, h := glazingBars(Hole{Asset: c.asset}, c.w, c.h)
		if v != c.vert || h != c.horz {
			t.Errorf("%q %.2f×%.2f: vertical %v horizontal %v, want %v %v", c.asset, c.w, c.h, v, h, c.vert, c.horz)
		}
	}
}
