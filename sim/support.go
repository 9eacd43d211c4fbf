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
// Collision rule for such a receptacle R: the space of R's box above its
// support surface is open for everything standing on or above that surface.
// An object whose box bottom is at or above R.SupportTop() −
// CollisionTolerance never collides with R (whatever its footprint, so an
// object above the seat next to a sofa's arm or back does not collide with
// the sofa either); an object reaching lower than that meets R's whole box
// as before. The rule is symmetric (moving R under or next to such an object
// is tested the same way). Objects without a lowered support surface (no
// model, SupportY = 0, or SupportY at or above the top) behave exactly as
// before.

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

// standsClear reports whether box b (the box of object self at some pose,
// self nil for a hypothetical box) and other's current box are exempt from
// colliding because one stands on or above the other's lowered support
// surface (see the package comment above).
func standsClear(b OBB, self, other *Object) bool {
	bBottom := b.Center[1] - b.Half[1]
	if sy, ok := other.supportHeight(); ok && bBottom >= other.Position[1]-other.Size[1]/2+sy-CollisionTolerance {
		return true
	}
	if self != nil {
		if sy, ok := self.supportHeight(); ok && other.Position[1]-other.Size[1]/2 >= bBottom+sy-CollisionTolerance {
			return true
		}
	}
	return false
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
