package sim

import (
	"fmt"
	"math"
	"sort"
)

// footprintOverlap returns the signed overlap of two boxes' footprints in the
// xz plane by the separating-axis test: positive when they share area.
func footprintOverlap(a, b OBB) float64 {
	depth := math.Inf(1)
	dx, dz := b.Center[0]-a.Center[0], b.Center[2]-a.Center[2]
	axes := [4][2]float64{{a.AxisX[0], a.AxisX[2]}, {a.AxisZ[0], a.AxisZ[2]}, {b.AxisX[0], b.AxisX[2]}, {b.AxisZ[0], b.AxisZ[2]}}
	for _, l := range axes {
		ra := a.Half[0]*math.Abs(a.AxisX[0]*l[0]+a.AxisX[2]*l[1]) + a.Half[2]*math.Abs(a.AxisZ[0]*l[0]+a.AxisZ[2]*l[1])
		rb := b.Half[0]*math.Abs(b.AxisX[0]*l[0]+b.AxisX[2]*l[1]) + b.Half[2]*math.Abs(b.AxisZ[0]*l[0]+b.AxisZ[2]*l[1])
		depth = math.Min(depth, ra+rb-math.Abs(dx*l[0]+dz*l[1]))
	}
	return depth
}

// aabbAsOBB returns an axis-aligned box as an OBB with yaw 0.
func aabbAsOBB(a AABB) OBB {
	return OBB{Center: a.Center(), Half: a.Size().Mul(0.5), AxisX: Vec3{1, 0, 0}, AxisZ: Vec3{0, 0, 1}}
}

// supportBelow returns the highest support surface under box b: the support
// surface of a receptacle (the top face of its AABB, or its model's lowered
// surface, Object.SupportTop) whose footprint overlaps b's footprint by more
// than CollisionTolerance and which is at or below b's bottom plus
// CollisionTolerance, or the floor ("" at height 0). With boxTops, a
// receptacle with a lowered surface offers the top face of its AABB too
// (the higher of the two that qualifies). Receptacles whose indices are in
// skip are ignored. Ties go to the lower object index.
func (s *Scene) supportBelow(b OBB, skip []int32, boxTops bool) (id string, top float64) {
	bottom := b.Center[1] - b.Half[1]
	best := int32(-1)
	s.eachReceptacleUnder(b, skip, func(i int32) {
		o, box := s.Objects[i], s.grid.boxes[i]
		t := box.Max[1]
		if o.hasMesh() {
			// A drawn model holds b where its mesh is (support_rest.go).
			if t = o.restOnModel(b, bottom+MeshSinkTol).top; t >= bottom-MeshFloatTol {
				t = bottom
			}
		} else if _, lowered := o.supportHeight(); lowered && !(boxTops && t <= bottom+CollisionTolerance) {
			t = o.SupportTop()
		}
		if t > bottom+CollisionTolerance || t < top || (t == top && best >= 0 && i > best) {
			return
		}
		if footprintOverlap(b, aabbAsOBB(box)) <= CollisionTolerance {
			return
		}
		best, top = i, t
	})
	if best < 0 || top <= 0 {
		return "", 0
	}
	return s.Objects[best].ID, top
}

// supportAt returns the receptacle box b rests on: the support below it when
// b's bottom is within tol of that surface, else "" (floor or nothing). A
// receptacle with a lowered support surface (a sofa's seat, a shelf unit's
// lower board) also supports what stands on its box top: the children
// ReseatChildren left there (over a sofa's back, on a shelf unit's top
// board) keep their parent when they or their parent are teleported back
// to where they were.
func (s *Scene) supportAt(b OBB, skip []int32, tol float64) (id string, top float64) {
	id, top = s.supportBelow(b, skip, true)
	if id != "" && b.Center[1]-b.Half[1]-top > tol {
		return "", 0
	}
	return id, top
}

// SupportAt returns the id of the receptacle object id currently rests on
// (its bottom within CollisionTolerance of the receptacle's support surface,
// Object.SupportTop, or of its box top, the footprints overlapping), or ""
// when it stands on the floor or on nothing.
func (s *Scene) SupportAt(id string) (string, error) {
	i, ok := s.index[id]
	if !ok {
		return "", fmt.Errorf("SupportAt: unknown objectId %q", id)
	}
	var buf [32]int32
	moved := s.movedSet(int32(i), buf[:0])
	sup, _ := s.supportAt(s.Objects[i].OBB(), moved, CollisionTolerance)
	return sup, nil
}

// Settle drops object id under gravity onto the highest support surface
// under its footprint that holds it: the floor (y = 0) or the support
// surfaces of receptacles (Object.SupportTop: the top face of an AABB, or a
// model's lowered surface such as a sofa seat) at one height, at or below
// the object's bottom (+CollisionTolerance), whose footprints together hold
// its centre of mass (SupportMargin at least StandMargin, stability.go).
// A surface that would not hold it is passed: the object tips off it and
// falls on, and when the fall would cut through that surface's box the
// settle is refused as a collision. Objects resting on it move down
// with it. Its Parent becomes the support ("" for the floor) and the
// children index follows. dropped is how far it fell (it can be slightly
// negative, down to -CollisionTolerance, when it was sunk into the surface).
// When the object or a carried object would end up penetrating something
// (for example a non-receptacle it fell through) Settle refuses with a
// *CollisionError and leaves the scene unchanged.
func (s *Scene) Settle(id string) (dropped float64, err error) {
	i, ok := s.index[id]
	if !ok {
		return 0, fmt.Errorf("Settle: unknown objectId %q", id)
	}
	o := s.Objects[i]
	var buf [32]int32
	moved := s.movedSet(int32(i), buf[:0])
	b := o.OBB()
	support, top := s.stableSupportBelow(b, o.Type, moved)
	pos := o.Position
	pos[1] = top + b.Half[1]
	dropped = o.Position[1] - pos[1]
	if cerr := s.checkMove(moved, pos, o.Yaw, "settle"); cerr != nil {
		return 0, cerr
	}
	s.commitMove(moved, pos, o.Yaw)
	s.setParent(int32(i), support)
	return dropped, nil
}

// stableSupportBelow returns the highest support level under box b that
// holds it (see Settle) and the receptacle it rests on there: among the
// receptacles at that level, the one whose footprint holds b's centre, else
// the one meeting b's footprint most (ties to the lower index). The floor is
// ("", 0). A receptacle with a lowered support surface, or a basin set into
// its counter (SetInBasin), supports only a box whose footprint lies inside
// its own (footprintWithin). Receptacles whose
// indices are in skip are ignored.
func (s *Scene) stableSupportBelow(b OBB, typ string, skip []int32) (id string, top float64) {
	bottom := b.Center[1] - b.Half[1]
	type cand struct {
		i    int32
		top  float64
		mesh int8 // 0: a box top; 1: a drawn model that holds b; -1: one that does not
	}
	var cands []cand
	s.eachReceptacleUnder(b, skip, func(i int32) {
		o := s.Objects[i]
		if o.Type == "Sink" && !footprintWithin(b, o.OBB()) && SetInBasin(o, s.Object(o.Parent)) {
			return // a set-in basin's flush box top is an opening in its counter, not a shelf to bridge
		}
		if o.hasMesh() {
			t, ok := o.meshLevel(b, typ)
			if math.IsInf(t, -1) || t <= 0 || footprintOverlap(b, o.OBB()) <= CollisionTolerance {
				return
			}
			c := cand{i, t, 1}
			if !ok {
				c.mesh = -1
			}
			cands = append(cands, c)
			return
		}
		t := o.SupportTop()
		if t > bottom+CollisionTolerance || t <= 0 || footprintOverlap(b, o.OBB()) <= CollisionTolerance {
			return
		}
		if _, lowered := o.supportHeight(); lowered && !footprintWithin(b, o.OBB()) {
			return // it would stand against the receptacle's sides, not in it
		}
		cands = append(cands, cand{i, t, 0})
	})
	sort.Slice(cands, func(a, c int) bool {
		if cands[a].top != cands[c].top {
			return cands[a].top > cands[c].top
		}
		return cands[a].i < cands[c].i
	})
	fp := b.footprint()
	com := [2]float64{b.Center[0], b.Center[2]}
	for k := 0; k < len(cands); {
		level := cands[k].top
		var boxes []OBB
		var at []int32
		first := k
		for ; k < len(cands) && level-cands[k].top <= CollisionTolerance; k++ {
			boxes = append(boxes, s.Objects[cands[k].i].OBB())
			at = append(at, cands[k].i)
		}
		if len(at) == 1 && cands[first].mesh != 0 {
			// One drawn model alone: its mesh decides (holdsAt).
			if cands[first].mesh < 0 {
				continue
			}
		} else if SupportMargin(b, boxes) < StandMargin(b) {
			continue
		}
		best, bestArea := int32(-1), -1.0
		for n, i := range at {
			sf := boxes[n].footprint()
			if convexMargin(convexHull(sf[:]), com) >= 0 {
				best = i
				break
			}
			if a := math.Abs(polygonSignedArea(clipPolygon(fp[:], sf[:]))); a > bestArea {
				best, bestArea = i, a
			}
		}
		return s.Objects[best].ID, level
	}
	return "", 0
}

// eachReceptacleUnder calls fn once with the index of every receptacle,
// not in skip, whose grid box reaches under box b's footprint no higher than
// b's bottom + CollisionTolerance, in grid order.
func (s *Scene) eachReceptacleUnder(b OBB, skip []int32, fn func(i int32)) {
	q := b.AABB()
	q.Min[1], q.Max[1] = math.Inf(-1), b.Center[1]-b.Half[1]+CollisionTolerance
	g := s.grid
	x0, z0, x1, z1 := g.span(q)
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			for _, i := range g.cells[x*g.nz+z] {
				if s.Objects[i].Receptacle && g.firstShared(i, x, z, x0, z0) && !containsIndex(skip, i) {
					fn(i)
				}
			}
		}
	}
}
