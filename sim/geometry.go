package sim

import (
	"fmt"
	"math"
)

// RoomOf returns the id of the room containing object id's bounding-box
// centre (RoomAt of its x, z), or "" when the centre is outside every room.
func (s *Scene) RoomOf(id string) (string, error) {
	o := s.Object(id)
	if o == nil {
		return "", fmt.Errorf("RoomOf: unknown objectId %q", id)
	}
	return s.RoomAt(o.Position[0], o.Position[2]), nil
}

// Clearance is the signed free distance from a box's faces to the nearest
// wall along each world axis direction, in metres.
type Clearance struct {
	PosX, NegX, PosZ, NegZ float64
}

// Min returns the smallest of the four clearances.
func (c Clearance) Min() float64 {
	return math.Min(math.Min(c.PosX, c.NegX), math.Min(c.PosZ, c.NegZ))
}

// WallClearance returns the signed clearance between object id's world AABB
// and the walls along +x, -x, +z and -z; see BoxWallClearance.
func (s *Scene) WallClearance(id string) (Clearance, error) {
	o := s.Object(id)
	if o == nil {
		return Clearance{}, fmt.Errorf("WallClearance: unknown objectId %q", id)
	}
	return s.BoxWallClearance(o.AABB()), nil
}

// BoxWallClearance returns the signed clearance between box a and the walls
// along each of ±x and ±z. The definition, for +x (the others are alike):
//
//   - The walls are their solid panels (WallPanels: door and window holes are
//     open). A panel counts if its height range overlaps the box's by more
//     than CollisionTolerance and its floor segment has points strictly inside
//     the box's z-range shrunk by CollisionTolerance at both ends (so a wall
//     the box merely touches with a side face does not count).
//   - Of such a panel's points inside that z-range, take the ones with
//     x ≥ the box centre's x; if there are any, the panel's distance is the
//     smallest such x minus the box's max x.
//   - PosX is the smallest distance over all panels, +Inf when none.
//
// So a positive value is the gap the +x face can travel before it meets a
// wall, zero means touching, and a negative value means a wall cuts into the
// box between its centre and its +x face (by that much). A wall that runs
// through the box parallel to x, across its centre, gives minus the half
// width: there is no way out along x either.
func (s *Scene) BoxWallClearance(a AABB) Clearance {
	c := Clearance{math.Inf(1), math.Inf(1), math.Inf(1), math.Inf(1)}
	ctr := a.Center()
	for wi := range s.Walls {
		w := &s.Walls[wi]
		l := w.Length()
		if l == 0 {
			continue
		}
		for _, p := range WallPanels(*w) {
			if math.Min(p[3], a.Max[1])-math.Max(p[2], a.Min[1]) <= CollisionTolerance {
				continue
			}
			t0, t1 := p[0]/l, p[1]/l
			pa := [2]float64{w.A[0] + t0*(w.B[0]-w.A[0]), w.A[1] + t0*(w.B[1]-w.A[1])}
			pb := [2]float64{w.A[0] + t1*(w.B[0]-w.A[0]), w.A[1] + t1*(w.B[1]-w.A[1])}
			// Along x: clip to the z-slab, look at x values.
			if lo, hi, ok := clipSegment(pa, pb, 1, a.Min[2]+CollisionTolerance, a.Max[2]-CollisionTolerance, 0); ok {
				if hi >= ctr[0] {
					c.PosX = math.Min(c.PosX, math.Max(lo, ctr[0])-a.Max[0])
				}
				if lo <= ctr[0] {
					c.NegX = math.Min(c.NegX, a.Min[0]-math.Min(hi, ctr[0]))
				}
			}
			// Along z: clip to the x-slab, look at z values.
			if lo, hi, ok := clipSegment(pa, pb, 0, a.Min[0]+CollisionTolerance, a.Max[0]-CollisionTolerance, 1); ok {
				if hi >= ctr[2] {
					c.PosZ = math.Min(c.PosZ, math.Max(lo, ctr[2])-a.Max[2])
				}
				if lo <= ctr[2] {
					c.NegZ = math.Min(c.NegZ, a.Min[2]-math.Min(hi, ctr[2]))
				}
			}
		}
	}
	return c
}

// clipSegment clips segment pa–pb to lo ≤ p[slabAxis] ≤ hi and returns the
// range of the clipped part's coordinate out; ok is false when nothing is left.
func clipSegment(pa, pb [2]float64, slabAxis int, lo, hi float64, out int) (min, max float64, ok bool) {
	if lo > hi {
		return 0, 0, false
	}
	a, b := pa[slabAxis], pb[slabAxis]
	if a == b {
		if a < lo || a > hi {
			return 0, 0, false
		}
		return math.Min(pa[out], pb[out]), math.Max(pa[out], pb[out]), true
	}
	t0, t1 := (lo-a)/(b-a), (hi-a)/(b-a)
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	t0, t1 = math.Max(t0, 0), math.Min(t1, 1)
	if t0 > t1 {
		return 0, 0, false
	}
	v0 := pa[out] + t0*(pb[out]-pa[out])
	v1 := pa[out] + t1*(pb[out]-pa[out])
	return math.Min(v0, v1), math.Max(v0, v1), true
}

// CenterDistance returns the Euclidean distance between the bounding-box
// centres of objects a and b.
func (s *Scene) CenterDistance(a, b string) (float64, error) {
	oa, ob, err := s.pair("CenterDistance", a, b)
	if err != nil {
		return 0, err
	}
	return oa.Position.Sub(ob.Position).Len(), nil
}

// PlanarCenterDistance returns the distance between the centres of objects a
// and b in the horizontal (x, z) plane, as the method's eq. (26) uses it.
func (s *Scene) PlanarCenterDistance(a, b string) (float64, error) {
	oa, ob, err := s.pair("PlanarCenterDistance", a, b)
	if err != nil {
		return 0, err
	}
	return math.Hypot(oa.Position[0]-ob.Position[0], oa.Position[2]-ob.Position[2]), nil
}

// SurfaceClearance returns AABBSurfaceClearance of objects a and b's world AABBs.
func (s *Scene) SurfaceClearance(a, b string) (float64, error) {
	oa, ob, err := s.pair("SurfaceClearance", a, b)
	if err != nil {
		return 0, err
	}
	return AABBSurfaceClearance(oa.AABB(), ob.AABB()), nil
}

func (s *Scene) pair(op, a, b string) (*Object, *Object, error) {
	oa, ob := s.Object(a), s.Object(b)
	if oa == nil {
		return nil, nil, fmt.Errorf("%s: unknown objectId %q", op, a)
	}
	if ob == nil {
		return nil, nil, fmt.Errorf("%s: unknown objectId %q", op, b)
	}
	return oa, ob, nil
}

// AABBSurfaceClearance is the method's eq. (27): the Euclidean norm of the
// per-axis gaps g_i = max(0, |c_i − c'_i| − (s_i + s'_i)/2) over x, y, z,
// where c and s are each box's centre and extents. It is 0 when the boxes
// touch or overlap, and equals the distance between their nearest points.
func AABBSurfaceClearance(a, b AABB) float64 {
	sum := 0.0
	for i := 0; i < 3; i++ {
		ca, cb := (a.Min[i]+a.Max[i])/2, (b.Min[i]+b.Max[i])/2
		sa, sb := a.Max[i]-a.Min[i], b.Max[i]-b.Min[i]
		g := math.Max(0, math.Abs(ca-cb)-(sa+sb)/2)
		sum += g * g
	}
	return math.Sqrt(sum)
}
