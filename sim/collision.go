package sim

import (
	"fmt"
	"math"
)

// CollisionTolerance is the penetration depth, in metres, that still counts
// as touching rather than colliding (1 mm, as in AI2-THOR's teleport checks).
const CollisionTolerance = 0.001

// Pseudo-object names used in collision reports besides object and wall ids.
const (
	FloorID        = "Floor"             // the floor plane y = 0
	OutsideHouseID = "outside the house" // a footprint corner left every room
)

// CollisionError reports that an action was refused because an object's box
// would penetrate something. Its message follows AI2-THOR:
// "<Object> is colliding with <Other> after teleport."
type CollisionError struct {
	Mover  string  // the object the action was applied to
	Object string  // the box that collides: Mover or one of the objects resting on it
	Other  string  // an objectId, a wall id, FloorID or OutsideHouseID
	Depth  float64 // penetration depth in metres (0 for OutsideHouseID)
	Action string  // "teleport" or "settle"
}

// Error formats the collision like AI2-THOR does.
func (e *CollisionError) Error() string {
	act := e.Action
	if act == "" {
		act = "teleport"
	}
	return fmt.Sprintf("%s is colliding with %s after %s.", e.Object, e.Other, act)
}

// OBBPenetration returns the signed penetration depth of two yaw-only
// oriented boxes by the separating-axis test: the smallest overlap of their
// projections on the five candidate axes (world y and the two horizontal
// axes of each box), which is complete for boxes that share the vertical
// axis. A positive value is the depth by which they interpenetrate; zero
// means touching; a negative value means they are separated (its magnitude
// is a lower bound on the gap).
func OBBPenetration(a, b OBB) float64 {
	// Vertical interval.
	depth := math.Min(a.Center[1]+a.Half[1], b.Center[1]+b.Half[1]) - math.Max(a.Center[1]-a.Half[1], b.Center[1]-b.Half[1])
	dx, dz := b.Center[0]-a.Center[0], b.Center[2]-a.Center[2]
	axes := [4][2]float64{{a.AxisX[0], a.AxisX[2]}, {a.AxisZ[0], a.AxisZ[2]}, {b.AxisX[0], b.AxisX[2]}, {b.AxisZ[0], b.AxisZ[2]}}
	for _, l := range axes {
		ra := a.Half[0]*math.Abs(a.AxisX[0]*l[0]+a.AxisX[2]*l[1]) + a.Half[2]*math.Abs(a.AxisZ[0]*l[0]+a.AxisZ[2]*l[1])
		rb := b.Half[0]*math.Abs(b.AxisX[0]*l[0]+b.AxisX[2]*l[1]) + b.Half[2]*math.Abs(b.AxisZ[0]*l[0]+b.AxisZ[2]*l[1])
		o := ra + rb - math.Abs(dx*l[0]+dz*l[1])
		if o < depth {
			depth = o
		}
	}
	return depth
}

// footprint returns the four xz corners of the box's footprint in order
// around the rectangle.
func (b *OBB) footprint() [4][2]float64 {
	ax, az := b.AxisX.Mul(b.Half[0]), b.AxisZ.Mul(b.Half[2])
	c := [2]float64{b.Center[0], b.Center[2]}
	return [4][2]float64{
		{c[0] - ax[0] - az[0], c[1] - ax[2] - az[2]},
		{c[0] + ax[0] - az[0], c[1] + ax[2] - az[2]},
		{c[0] + ax[0] + az[0], c[1] + ax[2] + az[2]},
		{c[0] - ax[0] + az[0], c[1] - ax[2] + az[2]},
	}
}

// WallPenetration returns how deep box b cuts through the zero-thickness wall
// w, or 0 when it does not collide with it. The footprint is clipped to the
// wall's extent along its length (shrunk by CollisionTolerance at both ends);
// the clipped part must reach more than CollisionTolerance past the wall line
// on both sides, and the box must overlap the wall's height [0, Height] by
// more than CollisionTolerance. The result is then the smaller of the two
// reaches (the shortest push that frees the box). A box whose cross-section
// with the wall plane, the rectangle [s0, s1] along the wall × the box's
// height, lies entirely inside one door or window hole (within the
// tolerance) passes through and does not collide.
func WallPenetration(w *WallShape, b OBB) float64 {
	y0, y1 := b.Center[1]-b.Half[1], b.Center[1]+b.Half[1]
	if math.Min(y1, w.Height)-math.Max(y0, 0) <= CollisionTolerance {
		return 0
	}
	l := w.Length()
	if l <= 2*CollisionTolerance {
		return 0
	}
	ux, uz := (w.B[0]-w.A[0])/l, (w.B[1]-w.A[1])/l
	// Footprint in wall coordinates: e along the wall from A, d across it.
	fp := b.footprint()
	var poly, tmp [8][2]float64
	n := 4
	for k, p := range fp {
		rx, rz := p[0]-w.A[0], p[1]-w.A[1]
		poly[k] = [2]float64{rx*ux + rz*uz, -rx*uz + rz*ux}
	}
	n = clipHalfPlane(&poly, n, &tmp, CollisionTolerance, 1)
	n = clipHalfPlane(&tmp, n, &poly, l-CollisionTolerance, -1)
	if n < 2 {
		return 0
	}
	dmin, dmax := math.Inf(1), math.Inf(-1)
	for k := 0; k < n; k++ {
		dmin, dmax = math.Min(dmin, poly[k][1]), math.Max(dmax, poly[k][1])
	}
	if dmax <= CollisionTolerance || dmin >= -CollisionTolerance {
		return 0
	}
	depth := math.Min(dmax, -dmin)
	if len(w.Holes) == 0 {
		return depth
	}
	// Cross-section along the wall: where the clipped polygon meets d = 0.
	s0, s1 := math.Inf(1), math.Inf(-1)
	for k := 0; k < n; k++ {
		p, q := poly[k], poly[(k+1)%n]
		if (p[1] <= 0) != (q[1] <= 0) || p[1] == 0 {
			e := p[0]
			if p[1] != q[1] {
				e = p[0] + (q[0]-p[0])*(0-p[1])/(q[1]-p[1])
			}
			s0, s1 = math.Min(s0, e), math.Max(s1, e)
		}
	}
	for _, h := range w.Holes {
		if h.U0-CollisionTolerance <= s0 && s1 <= h.U1+CollisionTolerance &&
			h.Y0-CollisionTolerance <= y0 && y1 <= h.Y1+CollisionTolerance {
			return 0
		}
	}
	return depth
}

// clipHalfPlane clips the convex polygon src[:n] to the half plane
// sign*(x - at) >= 0 and writes the result to dst, returning its length.
func clipHalfPlane(src *[8][2]float64, n int, dst *[8][2]float64, at, sign float64) int {
	m := 0
	for k := 0; k < n; k++ {
		p, q := src[k], src[(k+1)%n]
		fp, fq := sign*(p[0]-at), sign*(q[0]-at)
		if fp >= 0 {
			if m < len(dst) {
				dst[m] = p
				m++
			}
		}
		if (fp >= 0) != (fq >= 0) && m < len(dst) {
			t := fp / (fp - fq)
			dst[m] = [2]float64{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1])}
			m++
		}
	}
	return m
}

// InsideHouse reports whether every corner of the box's footprint lies in
// some room's floor polygon or within CollisionTolerance of its boundary.
func (s *Scene) InsideHouse(b OBB) bool {
	for _, p := range b.footprint() {
		if !s.pointInHouse(p[0], p[1]) {
			return false
		}
	}
	return true
}

func (s *Scene) pointInHouse(x, z float64) bool {
	for i := range s.Rooms {
		if PointInPolygon(s.Rooms[i].Polygon, x, z) {
			return true
		}
	}
	for i := range s.Rooms {
		poly := s.Rooms[i].Polygon
		for j, k := 0, len(poly)-1; j < len(poly); k, j = j, j+1 {
			if segmentDistance(poly[k], poly[j], x, z) <= CollisionTolerance {
				return true
			}
		}
	}
	return false
}

// segmentDistance returns the distance from (x, z) to the segment a–b.
func segmentDistance(a, b [2]float64, x, z float64) float64 {
	dx, dz := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l2 := dx*dx + dz*dz; l2 > 0 {
		t = clamp(((x-a[0])*dx+(z-a[1])*dz)/l2, 0, 1)
	}
	return math.Hypot(x-a[0]-t*dx, z-a[1]-t*dz)
}

// obbAt returns the oriented box object o would have at pose (pos, yaw).
func obbAt(o *Object, pos Vec3, yaw float64) OBB {
	x, z := YawAxes(yaw)
	return OBB{Center: pos, Half: o.Size.Mul(0.5), AxisX: x, AxisZ: z}
}

// checkBox tests box b against the scene and returns the first thing it
// penetrates by more than CollisionTolerance: objects first (the lowest
// object index among those hit, so the answer does not depend on the grid's
// layout), then walls in Scene order, then the floor, then the house
// outline. Objects whose indices are in skip are ignored, and so is a
// receptacle on whose lowered support surface b stands (standsClear,
// support.go). It allocates nothing and only reads the scene.
func (s *Scene) checkBox(b OBB, skip []int32) (other string, depth float64, hit bool) {
	a := b.AABB()
	g := s.grid
	best := int32(-1)
	bestDepth := 0.0
	x0, z0, x1, z1 := g.span(a)
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			for _, i := range g.cells[x*g.nz+z] {
				if best >= 0 && i > best {
					continue
				}
				if !g.firstShared(i, x, z, x0, z0) || !touches(g.boxes[i], a) || containsIndex(skip, i) {
					continue
				}
				if d := OBBPenetration(b, s.Objects[i].OBB()); d > CollisionTolerance && !standsClear(b, s.Objects[i]) {
					best, bestDepth = i, d
				}
			}
		}
	}
	if best >= 0 {
		return s.Objects[best].ID, bestDepth, true
	}
	for k := range s.Walls {
		w := &s.Walls[k]
		if math.Max(w.A[0], w.B[0]) < a.Min[0] || math.Min(w.A[0], w.B[0]) > a.Max[0] ||
			math.Max(w.A[1], w.B[1]) < a.Min[2] || math.Min(w.A[1], w.B[1]) > a.Max[2] {
			continue
		}
		if d := WallPenetration(w, b); d > CollisionTolerance {
			return w.ID, d, true
		}
	}
	if bottom := b.Center[1] - b.Half[1]; bottom < -CollisionTolerance {
		return FloorID, -bottom, true
	}
	if !s.InsideHouse(b) {
		return OutsideHouseID, 0, true
	}
	return "", 0, false
}

func containsIndex(list []int32, i int32) bool {
	for _, v := range list {
		if v == i {
			return true
		}
	}
	return false
}

// Collision is one thing a box penetrates.
type Collision struct {
	Other string  // an objectId, a wall id, FloorID or OutsideHouseID
	Depth float64 // penetration depth in metres (0 for OutsideHouseID)
}

// CheckBox tests a hypothetical oriented box, for example one the generator
// is about to place, against the scene: every object except those named in
// ignore, every wall, the floor and the house outline. It returns the first
// collision in the order objects (lowest index first), walls, floor,
// outside, and false when the box fits. It moves nothing.
func (s *Scene) CheckBox(b OBB, ignore ...string) (Collision, bool) {
	var buf [16]int32
	skip := buf[:0]
	for _, id := range ignore {
		if i, ok := s.index[id]; ok {
			skip = append(skip, int32(i))
		}
	}
	other, d, hit := s.checkBox(b, skip)
	return Collision{Other: other, Depth: d}, hit
}

// CollidingWith returns everything the object's current box penetrates by
// more than CollisionTolerance, in the order objects (scene order), walls
// (scene order), FloorID, OutsideHouseID. Objects resting on it (its
// descendants) are not reported, as in TeleportObject; the receptacle it
// rests on is, should it really cut into it (objects standing on or above a
// model's lowered support surface do not cut into it: see support.go). It
// returns nil for an unknown id.
func (s *Scene) CollidingWith(id string) []string {
	i, ok := s.index[id]
	if !ok {
		return nil
	}
	o := s.Objects[i]
	b := o.OBB()
	related := map[string]bool{}
	for _, d := range s.Descendants(id) {
		related[d] = true
	}
	var out []string
	for j, other := range s.Objects {
		if j == i || related[other.ID] {
			continue
		}
		if OBBPenetration(b, other.OBB()) > CollisionTolerance && !standsClear(b, other) {
			out = append(out, other.ID)
		}
	}
	for k := range s.Walls {
		if WallPenetration(&s.Walls[k], b) > CollisionTolerance {
			out = append(out, s.Walls[k].ID)
		}
	}
	if b.Center[1]-b.Half[1] < -CollisionTolerance {
		out = append(out, FloorID)
	}
	if !s.InsideHouse(b) {
		out = append(out, OutsideHouseID)
	}
	return out
}
