package sim

import (
	"math"
	"slices"
)

// Support surfaces of real models.
//
// Where a receptacle is drawn with a real model, support follows the
// model's mesh (support_rest.go); what follows here is the rule for
// receptacles without one.
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
// current box because it stands on other: on its drawn model where other
// has one (holdsAt, support_rest.go; b's bottom above other's bottom by
// more than MeshSinkTol, so that nothing on the floor beside other reaches
// into its box), else on its lowered support surface, b's bottom within
// CollisionTolerance of that surface and its footprint inside other's (see
// the package comment above). Such a box rests on other (TeleportObject and Settle make
// other its parent), so the two are a receptacle and what it holds, never
// two objects that interpenetrate. A box hovering higher inside other's box
// (a pan at table height over a chair's seat, next to its back) collides
// with it, and so does other's box moved around a third object.
func standsClear(b OBB, other *Object) bool {
	bBottom := b.Center[1] - b.Half[1]
	if other.Receptacle && other.hasMesh() {
		// Held by the drawn model, standing on it rather than on the floor
		// beside it.
		return bBottom > other.Position[1]-other.Size[1]/2+MeshSinkTol && other.holdsAt(b, "", bBottom)
	}
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
	Moved     int // objects moved vertically onto the drawn model under them (carried descendants not counted)
	Relocated int // objects moved elsewhere on their receptacle, where its drawn model holds them
	// Removed lists the objects taken out of the scene (with what they
	// carry) because their receptacle's drawn model holds them nowhere
	// without a collision.
	Removed []string
}

// reseatStep is the spacing, in metres, of the positions ReseatChildren
// tries on a receptacle, and reseatTries how many of them (nearest first).
const (
	reseatStep  = 0.04
	reseatTries = 400
)

// ReseatChildren puts the objects resting on receptacles drawn with a real
// model onto the model's mesh (support_rest.go): the asset dresser calls
// it after attaching models. A child of such a receptacle whose bottom lies
// between SupportTop − ReseatBand and the top of the receptacle's box
// (+ CollisionTolerance), i.e. that procedural generation put on the box
// top, is, in this order of preference:
//   - left where it is when the model holds it there (holdsAt);
//   - on a receptacle with a lowered support surface (a sofa's seat, a
//     bed's mattress): moved vertically onto that surface, or else to the
//     nearest position on the receptacle where the model holds it within
//     ReseatBand of it, so that a pillow over a sofa's arm goes onto the
//     seat rather than onto the arm;
//   - moved vertically onto the highest surface of the model under it
//     (the top of a sofa's arm, a shelf unit's top board) when that holds
//     it;
//   - moved to the nearest position on the receptacle (positions on a
//     reseatStep grid over its footprint, at most reseatTries of them)
//     where the model holds it;
//   - removed from the scene with what it carries.
//
// A fixture (isFixture: a faucet, a sink) is mounted through its
// receptacle: it is only lowered onto the highest surface of the model
// under it where it would float above it.
//
// Positions where the model would shut it in on all four sides (enclosedBy:
// a closed cabinet) or where it or what it carries would collide
// (CheckPlacement's test) are passed over. Moves keep the yaw. Receptacles
// are processed in Scene.Objects order (parents before children), so stacked
// objects follow their support. Scenes without models are unchanged.
func ReseatChildren(s *Scene) ReseatReport {
	var rep ReseatReport
	removed := map[string]bool{}
	for ri := 0; ri < len(s.Objects); ri++ {
		r := s.Objects[ri]
		if removed[r.ID] || !r.Receptacle || !r.hasMesh() {
			continue
		}
		top := r.Position[1] + r.Size[1]/2
		var mesh *Mesh // r's drawn model, posed when a child needs it
		enclosed := func(c *Object, pos Vec3) bool {
			if mesh == nil {
				m := ObjectMesh(r)
				mesh = &m
			}
			bottom := pos[1] - c.Size[1]/2
			return enclosedBy(mesh, r, Vec3{pos[0], bottom + math.Min(c.Size[1]/2, enclosureProbe), pos[2]})
		}
		for _, cid := range append([]string(nil), s.children[r.ID]...) {
			ci, ok := s.index[cid]
			if !ok || removed[cid] {
				continue
			}
			c := s.Objects[ci]
			if SetInBasin(c, r) {
				// Hung from its rim in the counter's opening: flush with the
				// drawn worktop around it, which may lie under the box top.
				cTop := c.Position[1] + c.Size[1]/2
				if t := basinRimTop(r, c, top+CollisionTolerance); !math.IsInf(t, -1) && t < cTop-MeshFloatTol && t >= top-MaxBasinDrop {
					var buf [32]int32
					s.commitMove(s.movedSet(int32(ci), buf[:0]), Vec3{c.Position[0], c.Position[1] - (cTop - t), c.Position[2]}, c.Yaw)
					rep.Moved++
				}
				continue
			}
			bottom := c.Position[1] - c.Size[1]/2
			if bottom < r.SupportTop()-ReseatBand || bottom > top+CollisionTolerance {
				continue
			}
			if s.isFixture(c) {
				// Mounted through the receptacle (a faucet through a sink's
				// deck): lowered onto the model where it would float, never
				// raised out of it nor moved sideways.
				b := c.OBB()
				b.Center[1] = top + CollisionTolerance - b.Half[1]
				if t := r.restOnModel(b, top+CollisionTolerance).top; !math.IsInf(t, -1) && t < bottom-MeshFloatTol {
					var buf [32]int32
					s.commitMove(s.movedSet(int32(ci), buf[:0]), Vec3{c.Position[0], t + c.Size[1]/2, c.Position[2]}, c.Yaw)
					rep.Moved++
				}
				continue
			}
			switch s.reseatOne(r, int32(ci), top, enclosed) {
			case reseatMoved:
				rep.Moved++
			case reseatRelocated:
				rep.Relocated++
			case reseatNone:
				for _, d := range append([]string{c.ID}, s.Descendants(c.ID)...) {
					removed[d] = true
				}
				rep.Removed = append(rep.Removed, c.ID)
			}
		}
	}
	if len(removed) > 0 {
		s.removeObjects(removed)
	}
	return rep
}

// basinRimOut is how far outside a set-in basin's edges basinRimTop looks
// for the worktop its rim rests on (score's audit looks as far).
const basinRimOut = 0.02

// basinRimTop is the highest surface of r's drawn model, up to probe, just
// outside set-in basin c's footprint (basinRimOut beyond the middle of each
// edge): the worktop its rim rests on; -Inf where the model has none.
func basinRimTop(r, c *Object, probe float64) float64 {
	b := c.OBB()
	t := math.Inf(-1)
	for _, d := range [4][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		p := b.Center.Add(b.AxisX.Mul(d[0] * (b.Half[0] + basinRimOut))).Add(b.AxisZ.Mul(d[1] * (b.Half[2] + basinRimOut)))
		dot := OBB{Center: Vec3{p[0], probe - 0.005, p[2]}, Half: Vec3{0.005, 0.005, 0.005}, AxisX: b.AxisX, AxisZ: b.AxisZ}
		t = math.Max(t, r.restOnModel(dot, probe).top)
	}
	return t
}

// isFixture reports whether o's catalog type is a fixture (a faucet, a
// sink): mounted where the fixture rules put it, never moved by
// ReseatChildren.
func (s *Scene) isFixture(o *Object) bool {
	if s.Catalog == nil {
		return false
	}
	t := s.Catalog.Type(o.Type)
	return t != nil && t.Fixture
}

// reseat outcomes of one child.
const (
	reseatNone = iota
	reseatKept
	reseatMoved
	reseatRelocated
)

// reseatOne places object ci, a child of r (whose box top is top), where
// r's drawn model holds it (see ReseatChildren) and says how; reseatNone
// when no position does.
func (s *Scene) reseatOne(r *Object, ci int32, top float64, enclosed func(*Object, Vec3) bool) int {
	c := s.Objects[ci]
	var buf [32]int32
	moved := s.movedSet(ci, buf[:0])
	b := c.OBB()
	bottom := b.Center[1] - b.Half[1]
	// placeable tests what holdsAt leaves to the caller once the rest is
	// known to hold the child: no collision, no enclosure.
	placeable := func(pos Vec3) bool {
		return s.checkMove(moved, pos, c.Yaw, "reseat") == nil && !enclosed(c, pos)
	}
	fits := func(pos Vec3) bool {
		return r.holdsAt(obbAt(c, pos, c.Yaw), c.Type, pos[1]-c.Size[1]/2) && placeable(pos)
	}
	// restAt is the bottom height the model gives the child at (x, z),
	// probing from above hi.
	restAt := func(x, z, hi float64) float64 {
		bp := obbAt(c, Vec3{x, hi - c.Size[1]/2, z}, c.Yaw)
		return r.restOnModel(bp, hi).top
	}
	_, lowered := r.supportHeight()
	seat := r.SupportTop()
	onSeat := func(t float64) bool { return !lowered || math.Abs(t-seat) <= ReseatBand }
	here := restAt(c.Position[0], c.Position[2], bottom+math.Max(c.Size[1], ReseatBand))
	try := func(t float64) bool {
		pos := Vec3{c.Position[0], t + c.Size[1]/2, c.Position[2]}
		return !math.IsInf(t, -1) && fits(pos)
	}
	switch {
	case lowered && onSeat(here) && try(here), !lowered && try(here):
		if here == bottom {
			return reseatKept
		}
		s.commitMove(moved, Vec3{c.Position[0], here + c.Size[1]/2, c.Position[2]}, c.Yaw)
		return reseatMoved
	}
	// Other positions on r, nearest first.
	ax, az := r.Axes()
	var cands []Vec3
	nx, nz := int(r.Size[0]/2/reseatStep), int(r.Size[2]/2/reseatStep)
	for i := -nx; i <= nx; i++ {
		for j := -nz; j <= nz; j++ {
			p := r.Position.Add(ax.Mul(float64(i) * reseatStep)).Add(az.Mul(float64(j) * reseatStep))
			p[1] = c.Position[1]
			if footprintWithin(obbAt(c, p, c.Yaw), r.OBB()) {
				cands = append(cands, p)
			}
		}
	}
	sortByDistance(cands, c.Position)
	if len(cands) > reseatTries {
		cands = cands[:reseatTries]
	}
	// rests[k] is how the child would rest at cands[k], probed from above
	// r, computed once for both passes; a candidate the model cannot hold
	// there (it would tip, or a soft item would bridge) is passed over
	// before the finer tests (holdsAt's cut test, collisions, enclosure).
	// On the seat pass a candidate is given up as soon as a sample lies
	// above the seat's band (a sofa's arm or back), and computed again in
	// full on the second pass.
	rests := make([]*meshRest, len(cands))
	relocate := func(want func(float64) bool, limit float64) bool {
		for k, p := range cands {
			if rests[k] == nil || math.IsInf(rests[k].top, 1) && math.IsInf(limit, 1) {
				rs := r.restOnModelBelow(obbAt(c, Vec3{p[0], top + CollisionTolerance - c.Size[1]/2, p[2]}, c.Yaw), top+CollisionTolerance, limit)
				rests[k] = &rs
			}
			rs := rests[k]
			t := rs.top
			if math.IsInf(t, 0) || !want(t) || !rs.stable || SoftTypes[c.Type] && rs.cover < SoftCover {
				continue
			}
			pos := Vec3{p[0], t + c.Size[1]/2, p[2]}
			// The rest probed from above is the one holdsAt would find
			// (nothing of the model lies over it under the footprint but
			// what modelCuts looks for).
			if !r.modelCuts(obbAt(c, pos, c.Yaw), t+MeshSinkTol, t+c.Size[1]) && placeable(pos) {
				s.commitMove(moved, pos, c.Yaw)
				return true
			}
		}
		return false
	}
	anyRest := func(float64) bool { return true }
	if lowered {
		if relocate(onSeat, seat+ReseatBand) {
			return reseatRelocated
		}
		if try(here) {
			if here == bottom {
				return reseatKept
			}
			s.commitMove(moved, Vec3{c.Position[0], here + c.Size[1]/2, c.Position[2]}, c.Yaw)
			return reseatMoved
		}
	}
	if relocate(anyRest, math.Inf(1)) {
		return reseatRelocated
	}
	return reseatNone
}

// sortByDistance sorts ps by horizontal distance from q, ties kept in order.
func sortByDistance(ps []Vec3, q Vec3) {
	d := func(p Vec3) float64 { return math.Hypot(p[0]-q[0], p[2]-q[2]) }
	slices.SortStableFunc(ps, func(a, b Vec3) int { return cmpFloat(d(a), d(b)) })
}

// removeObjects takes the objects whose ids are in ids out of the scene;
// every descendant of a removed object must be in ids too.
func (s *Scene) removeObjects(ids map[string]bool) {
	kept := s.Objects[:0]
	for _, o := range s.Objects {
		if !ids[o.ID] {
			kept = append(kept, o)
		}
	}
	for i := len(kept); i < len(s.Objects); i++ {
		s.Objects[i] = nil
	}
	s.Objects = kept
	s.index = make(map[string]int, len(kept))
	for i, o := range kept {
		s.index[o.ID] = i
	}
	for p, cs := range s.children {
		if ids[p] {
			delete(s.children, p)
			continue
		}
		out := cs[:0]
		for _, c := range cs {
			if !ids[c] {
				out = append(out, c)
			}
		}
		if len(out) == 0 {
			delete(s.children, p)
		} else {
			s.children[p] = out
		}
	}
	s.rebuildIndex() // also drops the ray-cast mesh cache
}
