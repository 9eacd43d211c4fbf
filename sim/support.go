package sim

import "math"

// Support surfaces of real models.
//
// A receptacle's support surface is the top of its box, except when its
// Model has SupportY > 0 below the top (a sofa's seat, a bed's mattress, a
// shelf unit's lower board): then it is bottom + SupportY × (Size.y /
// Model.Size.y). Settle, TeleportObject's parent detection (SupportAt) and
// ReseatChildren all use SupportTop; parent detection also takes the box
// top, where ReseatChildren leaves the children it cannot lower.
//
// Collision rule for such a receptacle R: an object standing on R's
// support surface (its box bottom within CollisionTolerance of
// R.SupportTop(), its footprint inside R's) does not collide with R, since
// it rests on R (a pillow on a sofa's seat, a book on a shelf's lower
// board). Anything else meets R's whole box: an object hovering higher inside it (a pan at table height
// over a chair's seat) and R moved around a third object both collide, so
// no two boxes that are not a receptacle and what it holds interpenetrate.
// Objects without a lowered support surface (no model, SupportY = 0, or
// SupportY at or above the top) meet the whole box.

// SupportTop returns the world height of the surface objects rest on: the
// top of the object's box, or bottom + Model.SupportY × (Size.y /
// Model.Size.y) when its model has a support surface below the top.
func (o *Object) SupportTop() float64 {
	if sy, ok := o.supportHeight(); ok {
		return o.Position[1] - o.Size[1]/2 + sy
	}
	return o.Position[1] + o.Size[1]/2
}

// supportHeight returns the height of the model's support surface above the
// object's bottom, and whether it lies below the top of the box.
func (o *Object) supportHeight() (float64, bool) {
	md := o.Model
	if md == nil || !(md.SupportY > 0) {
		return 0, false
	}
	sy := md.SupportY
	if md.Size[1] > 0 && o.Size[1] > 0 {
		sy *= o.Size[1] / md.Size[1]
	}
	if !(sy < o.Size[1]) {
		return 0, false
	}
	return sy, true
}

// standsClear reports whether box b is exempt from colliding with other's
// current box because it stands on other's lowered support surface: b's
// bottom lies within CollisionTolerance of that surface and its footprint
// inside other's (see the package comment above). Such a box rests on other (TeleportObject and Settle make
// other its parent), so the two are a receptacle and what it holds, never
// two objects that interpenetrate. A box hovering higher inside other's box
// (a pan at table height over a chair's seat, next to its back) collides
// with it, and so does other's box moved around a third object.
func standsClear(b OBB, other *Object) bool {
	bBottom := b.Center[1] - b.Half[1]
	sy, ok := other.supportHeight()
	if !ok || math.Abs(bBottom-(other.Position[1]-other.Size[1]/2+sy)) > CollisionTolerance {
		return false
	}
	return footprintWithin(b, other.OBB())
}

// footprintWithin reports whether b's footprint lies inside outer's
// (within CollisionTolerance): only then can b stand on outer's lowered
// support surface without cutting through its sides (a book half inside an
// open box stands on the table next to it, against the box's wall).
func footprintWithin(b, outer OBB) bool {
	for _, p := range b.footprint() {
		dx, dz := p[0]-outer.Center[0], p[1]-outer.Center[2]
		if math.Abs(dx*outer.AxisX[0]+dz*outer.AxisX[2]) > outer.Half[0]+CollisionTolerance ||
			math.Abs(dx*outer.AxisZ[0]+dz*outer.AxisZ[2]) > outer.Half[2]+CollisionTolerance {
			return false
		}
	}
	return true
}

// ReseatBand is how far below a receptacle's support surface the bottom of
// an object resting on it may lie and still be reseated (raised) by
// ReseatChildren; objects lower than that (inside a shelf or a drawer) stay.
const ReseatBand = 0.05

// ReseatReport counts what ReseatChildren did.
type ReseatReport struct {
	Moved   int      // objects put onto their receptacle's support surface (carried descendants not counted)
	Blocked []string // objects left where they were because they would collide
	// OffSupport lists objects left where they were because the drawn model
	// would cut through them on its support surface (a sofa's back or arm, a
	// domed cushion, a shelf too low): lowered, they would sink into it.
	OffSupport []string
}

// ReseatChildren puts the objects resting on receptacles with a lowered
// support surface (a Model with SupportY below the box top, see SupportTop)
// onto that surface: the asset dresser calls it after attaching models. A
// child of such a receptacle is reseated when its bottom lies between
// SupportTop − ReseatBand and the top of the receptacle's box (+
// CollisionTolerance), i.e. it stood on the box top or near the surface; it
// moves vertically only (x, z and yaw kept) so that its bottom is at
// SupportTop, carrying its own children. It stays where it is (listed in
// OffSupport) when it would mostly lie inside the receptacle's drawn model
// there (meshCrosses, between ReseatMeshTol over the support surface and
// its height over it: over a sofa's back or arm, on a domed cushion, under
// a shelf too low for it) or would be shut in by the model on all four sides
// (enclosedBy: in a closed cabinet), so nothing is lowered into the model's
// mesh or out of sight. A move that would make the child or
// something it carries collide (CheckPlacement's test) is skipped and the
// child is listed in Blocked. Receptacles are processed in Scene.Objects
// order (parents before children), so stacked objects follow their support.
// Receptacles without a lowered support surface are left alone, so scenes
// without models are unchanged.
func ReseatChildren(s *Scene) ReseatReport {
	var rep ReseatReport
	var buf [32]int32
	for _, r := range s.Objects {
		if _, ok := r.supportHeight(); !ok {
			continue
		}
		top := r.Position[1] + r.Size[1]/2
		sup := r.SupportTop()
		var mesh *Mesh // r's drawn model, posed when a child needs it
		for _, cid := range append([]string(nil), s.children[r.ID]...) {
			ci, ok := s.index[cid]
			if !ok {
				continue
			}
			c := s.Objects[ci]
			bottom := c.Position[1] - c.Size[1]/2
			if bottom < sup-ReseatBand || bottom > top+CollisionTolerance || bottom == sup {
				continue
			}
			if mesh == nil && r.Model.LevelCount() > 0 {
				m := ObjectMesh(r)
				mesh = &m
			}
			if mesh != nil {
				if meshCrosses(mesh, c.OBB(), sup+ReseatMeshTol, sup+c.Size[1]) ||
					enclosedBy(mesh, r, Vec3{c.Position[0], sup + math.Min(c.Size[1]/2, enclosureProbe), c.Position[2]}) {
					rep.OffSupport = append(rep.OffSupport, c.ID)
					continue
				}
			}
			pos := c.Position
			pos[1] = sup + c.Size[1]/2
			moved := s.movedSet(int32(ci), buf[:0])
			if err := s.checkMove(moved, pos, c.Yaw, "reseat"); err != nil {
				rep.Blocked = append(rep.Blocked, c.ID)
				continue
			}
			s.commitMove(moved, pos, c.Yaw)
			rep.Moved++
		}
	}
	return rep
}
