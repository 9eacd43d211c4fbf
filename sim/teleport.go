package sim

import (
	"fmt"
	"math"
)

// movedSet appends to dst the index of object i followed by the indices of
// everything resting on it, breadth first, and returns the extended slice.
// It allocates only when dst's capacity runs out.
func (s *Scene) movedSet(i int32, dst []int32) []int32 {
	dst = append(dst, i)
	for q := len(dst) - 1; q < len(dst); q++ {
		for _, c := range s.children[s.Objects[dst[q]].ID] {
			if j, ok := s.index[c]; ok {
				dst = append(dst, int32(j))
			}
		}
	}
	return dst
}

// rigidPose returns where object k of a moved set ends up when the set's
// root moves from (from, fromYaw) to (to, toYaw): its offset from the root
// turns with the yaw change and its own yaw changes by the same amount.
func rigidPose(o *Object, from, to Vec3, dYaw float64) (Vec3, float64) {
	if dYaw == 0 {
		return to.Add(o.Position.Sub(from)), o.Yaw
	}
	off := o.Position.Sub(from)
	sn, cs := math.Sincos(dYaw * math.Pi / 180)
	// Same rotation as YawAxes: local +x → (cos, 0, -sin), local +z → (sin, 0, cos).
	r := Vec3{cs*off[0] + sn*off[2], off[1], -sn*off[0] + cs*off[2]}
	return to.Add(r), o.Yaw + dYaw
}

// checkMove tests the moved set (root first) at the root's new pose and
// returns the first collision as an error naming the colliding box. The
// objects the root comes to stand on (a receptacle's lowered support
// surface, standsClear) will be its ancestors, so what it carries may reach
// into their boxes as well (an apple in a bowl on a bed's mattress).
func (s *Scene) checkMove(moved []int32, pos Vec3, yaw float64, action string) *CollisionError {
	root := s.Objects[moved[0]]
	dYaw := yaw - root.Yaw
	skip := moved
	if len(moved) > 1 {
		skip = s.heldBy(obbAt(root, pos, yaw), moved)
	}
	for _, k := range moved {
		o := s.Objects[k]
		p, y := pos, yaw
		if k != moved[0] {
			p, y = rigidPose(o, root.Position, pos, dYaw)
		}
		if other, d, hit := s.checkBox(obbAt(o, p, y), skip); hit {
			return &CollisionError{Mover: root.ID, Object: o.ID, Other: other, Depth: d, Action: action}
		}
	}
	return nil
}

// heldBy returns skip extended by the receptacles on whose lowered support
// surface box b stands (standsClear) and whose box it reaches into. It
// allocates a new slice only when it adds any.
func (s *Scene) heldBy(b OBB, skip []int32) []int32 {
	out := skip
	a := b.AABB()
	g := s.grid
	x0, z0, x1, z1 := g.span(a)
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			for _, i := range g.cells[x*g.nz+z] {
				if !g.firstShared(i, x, z, x0, z0) || !touches(g.boxes[i], a) || containsIndex(out, i) {
					continue
				}
				if o := s.Objects[i]; standsClear(b, o) && OBBPenetration(b, o.OBB()) > CollisionTolerance {
					if len(out) == len(skip) {
						out = append([]int32(nil), skip...)
					}
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// commitMove moves the set to the root's new pose, keeps the spatial grid in
// sync and lets the ray-cast mesh cache see the change.
func (s *Scene) commitMove(moved []int32, pos Vec3, yaw float64) {
	root := s.Objects[moved[0]]
	from, dYaw := root.Position, yaw-root.Yaw
	for _, k := range moved[1:] {
		o := s.Objects[k]
		o.Position, o.Yaw = rigidPose(o, from, pos, dYaw)
	}
	root.Position, root.Yaw = pos, yaw
	for _, k := range moved {
		s.grid.update(k, s.Objects[k].AABB())
	}
}

func validPose(pos Vec3, yaw float64) error {
	if !finite3(pos) || math.IsNaN(yaw) || math.IsInf(yaw, 0) {
		return fmt.Errorf("pose (%g, %g, %g) yaw %g is not finite", pos[0], pos[1], pos[2], yaw)
	}
	return nil
}

// CheckPlacement reports whether object id could be teleported to (pos, yaw)
// with force=false, without moving anything: nil when it fits, a
// *CollisionError otherwise, or an error for an unknown id or a non-finite
// pose. The objects resting on it are tested at their carried poses. It
// allocates nothing when it succeeds (for up to 32 carried objects).
func (s *Scene) CheckPlacement(id string, pos Vec3, yaw float64) error {
	i, ok := s.index[id]
	if !ok {
		return fmt.Errorf("CheckPlacement: unknown objectId %q", id)
	}
	if err := validPose(pos, yaw); err != nil {
		return fmt.Errorf("CheckPlacement %s: %v", id, err)
	}
	var buf [32]int32
	moved := s.movedSet(int32(i), buf[:0])
	if err := s.checkMove(moved, pos, yaw, "teleport"); err != nil {
		return err
	}
	return nil
}

// TeleportObject moves object id so that its bounding-box centre is pos and
// its yaw is yaw (degrees), carrying everything resting on it: descendants
// keep their offset from the mover, turned with its yaw change, and turn by
// the same angle.
//
// With force=false the move is refused when the mover's box, or a carried
// object's box, would penetrate another object (the carried set itself is
// exempt: it moves rigidly), a wall (outside door and window holes) or the
// floor by more than CollisionTolerance, or would leave the house. A refused
// move leaves the scene exactly as it was and returns a *CollisionError
// whose message names both objects, as in AI2-THOR: "<id> is colliding with
// <other> after teleport.". With force=true nothing is checked.
//
// After a move the mover's Parent becomes the receptacle it now rests on
// (see SupportAt), or "" when it rests on the floor or on nothing, and the
// children index follows.
func (s *Scene) TeleportObject(id string, pos Vec3, yaw float64, force bool) error {
	i, ok := s.index[id]
	if !ok {
		return fmt.Errorf("TeleportObject: unknown objectId %q", id)
	}
	if err := validPose(pos, yaw); err != nil {
		return fmt.Errorf("TeleportObject %s: %v", id, err)
	}
	var buf [32]int32
	moved := s.movedSet(int32(i), buf[:0])
	if !force {
		if err := s.checkMove(moved, pos, yaw, "teleport"); err != nil {
			return err
		}
	}
	s.commitMove(moved, pos, yaw)
	support, _ := s.supportAt(s.Objects[i].OBB(), moved, CollisionTolerance)
	s.setParent(int32(i), support)
	return nil
}

// TeleportAlongRay moves object id towards (target, yaw) as far as it can
// go. The target's y is clamped to the current y, so the object never rises.
// It first tries the full move; when that is refused it bisects the fraction
// f of the straight motion from the current position for the given number
// of halvings, keeping the largest accepted f (every candidate uses the
// final yaw), and teleports there. It returns the realised position. When
// no tried fraction is accepted it returns the current position and the
// last refusal, leaving the scene unchanged. The search assumes the blocked
// part of the ray is beyond the free part; it does not test the swept path.
func (s *Scene) TeleportAlongRay(id string, target Vec3, yaw float64, halvings int) (Vec3, error) {
	i, ok := s.index[id]
	if !ok {
		return Vec3{}, fmt.Errorf("TeleportAlongRay: unknown objectId %q", id)
	}
	o := s.Objects[i]
	start := o.Position
	if err := validPose(target, yaw); err != nil {
		return start, fmt.Errorf("TeleportAlongRay %s: %v", id, err)
	}
	if halvings < 0 {
		return start, fmt.Errorf("TeleportAlongRay %s: halvings %d must be non-negative", id, halvings)
	}
	target[1] = math.Min(target[1], start[1])
	var buf [32]int32
	moved := s.movedSet(int32(i), buf[:0])
	at := func(f float64) Vec3 {
		if f == 1 {
			return target
		}
		return start.Add(target.Sub(start).Mul(f))
	}
	err := s.checkMove(moved, target, yaw, "teleport")
	best := -1.0
	if err == nil {
		best = 1
	} else {
		lo, hi := 0.0, 1.0
		for k := 0; k < halvings; k++ {
			mid := (lo + hi) / 2
			if e := s.checkMove(moved, at(mid), yaw, "teleport"); e == nil {
				lo, best = mid, mid
			} else {
				hi, err = mid, e
			}
		}
	}
	if best < 0 {
		return start, err
	}
	p := at(best)
	s.commitMove(moved, p, yaw)
	support, _ := s.supportAt(s.Objects[i].OBB(), moved, CollisionTolerance)
	s.setParent(int32(i), support)
	return p, nil
}

// setParent makes object i rest on parent ("" for the floor), keeping the
// children index in step. The new child is appended to the parent's list.
func (s *Scene) setParent(i int32, parent string) {
	o := s.Objects[i]
	if o.Parent == parent {
		return
	}
	if o.Parent != "" {
		list := s.children[o.Parent]
		for k, c := range list {
			if c == o.ID {
				list = append(list[:k:k], list[k+1:]...)
				break
			}
		}
		if len(list) == 0 {
			delete(s.children, o.Parent)
		} else {
			s.children[o.Parent] = list
		}
	}
	if parent != "" {
		s.children[parent] = append(s.children[parent], o.ID)
	}
	o.Parent = parent
}
