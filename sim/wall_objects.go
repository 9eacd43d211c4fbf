package sim

import "math"

// WallMountReach is how far, in metres, a box may stand off a wall and
// still count as lying against it (a painting's or a towel holder's back).
const WallMountReach = 0.05

// HoleBehind returns the door or window hole that box b, lying against a
// wall (its footprint within WallMountReach of the wall's line, between the
// wall's ends), covers: its extent along the wall and its height span each
// overlap the hole's by more than CollisionTolerance. ok is false when it
// covers none.
func (s *Scene) HoleBehind(b OBB) (hole string, ok bool) {
	y0, y1 := b.Center[1]-b.Half[1], b.Center[1]+b.Half[1]
	fp := b.footprint()
	for k := range s.Walls {
		w := &s.Walls[k]
		l := w.Length()
		if len(w.Holes) == 0 || l <= 0 {
			continue
		}
		ux, uz := (w.B[0]-w.A[0])/l, (w.B[1]-w.A[1])/l
		e0, e1, near := math.Inf(1), math.Inf(-1), math.Inf(1)
		for _, p := range fp {
			rx, rz := p[0]-w.A[0], p[1]-w.A[1]
			e, d := rx*ux+rz*uz, -rx*uz+rz*ux
			e0, e1, near = math.Min(e0, e), math.Max(e1, e), math.Min(near, math.Abs(d))
		}
		if near > WallMountReach || e1 < 0 || e0 > l {
			continue
		}
		for _, h := range w.Holes {
			if math.Min(e1, h.U1)-math.Max(e0, h.U0) > CollisionTolerance && math.Min(y1, h.Y1)-math.Max(y0, h.Y0) > CollisionTolerance {
				return h.ID, true
			}
		}
	}
	return "", false
}

// WallObjectsOverHoles returns the objects hanging on a wall (onWall of
// their type) that cover a door or window hole (HoleBehind), in scene
// order.
func (s *Scene) WallObjectsOverHoles(onWall func(typ string) bool) []string {
	var out []string
	for _, o := range s.Objects {
		if onWall(o.Type) {
			if _, over := s.HoleBehind(o.OBB()); over {
				out = append(out, o.ID)
			}
		}
	}
	return out
}
