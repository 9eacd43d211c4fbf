package planner

import (
	"flowbench/sim"
)

// Physical validity of an edit's outcome (docs/planner.md, "Stability"):
// every object an edit moves (the mover and what it carries) and every
// object that rested on a moved object without moving with it must stand
// in the after-state by sim.UnstableObjects' rule (centre of mass over its
// support polygon, sim.StandMargin to spare). Otherwise the edit fails as
// "unsupported", in every category: the mover would tip off its support, or
// leave something hanging in the air.

// unstableAfter returns the first object of the edit's after-state that
// does not stand, or "" when all stand. objs0 and objs1 list the same
// objects in the same order (Simulator.Objects).
func unstableAfter(objs0, objs1 []ObjectMeta, onWall func(string) bool) string {
	if len(objs0) != len(objs1) {
		return ""
	}
	moved := map[string]bool{}
	var check []int
	for i := range objs1 {
		if objs0[i].Position != objs1[i].Position || objs0[i].Yaw != objs1[i].Yaw {
			moved[objs1[i].ID] = true
			check = append(check, i)
		}
	}
	if len(check) == 0 {
		return ""
	}
	// Objects left behind by a moved support: in the before-state, a
	// moved receptacle's box held their bottom and met their footprint.
	for i := range objs0 {
		o := &objs0[i]
		if moved[o.ID] {
			continue
		}
		bottom := o.Position[1] - o.Size[1]/2
		for j := range objs0 {
			r := &objs0[j]
			if moved[r.ID] && r.HoldsBottom(bottom) && footprintsMeet(o.AABB, r.AABB) {
				check = append(check, i)
				break
			}
		}
	}
	if bad := sim.UnstableObjects(objs1, check, onWall); len(bad) > 0 {
		return bad[0]
	}
	return ""
}

// footprintsMeet reports whether two boxes' xz extents overlap.
func footprintsMeet(a, b sim.AABB) bool {
	return a.Min[0] < b.Max[0] && b.Min[0] < a.Max[0] && a.Min[2] < b.Max[2] && b.Min[2] < a.Max[2]
}

// implausibleObjects returns the objects of a before-state that no physics
// would hold where they are, each with the reason: "unstable" (centre of
// mass more than ImplausibleOverhang outside its support polygon, by
// sim.SupportMarginAt) or "overlaps <id>" (its box and another's,
// neither resting on the other, interpenetrate by more than
// ImplausibleOverlap). Generated houses have none; an imported house may,
// and the planner then neither moves nor mentions them (PlanHouse reports
// them for a warning).
func implausibleObjects(objs []ObjectMeta, onWall func(string) bool) map[string]string {
	out := map[string]string{}
	boxes := make([]sim.OBB, len(objs))
	for i := range objs {
		if sim.SupportMarginAt(objs, i, &objs[i], onWall) < -ImplausibleOverhang {
			out[objs[i].ID] = "unstable"
		}
		boxes[i] = objs[i].OBB()
	}
	byID := indexObjects(objs)
	for i := range objs {
		for j := i + 1; j < len(objs); j++ {
			if !footprintsMeet(objs[i].AABB, objs[j].AABB) || descends(objs, byID, objs[i].ID, objs[j].ID) || descends(objs, byID, objs[j].ID, objs[i].ID) {
				continue
			}
			if sim.OBBPenetration(boxes[i], boxes[j]) > ImplausibleOverlap {
				for _, p := range [][2]int{{i, j}, {j, i}} {
					if _, ok := out[objs[p[0]].ID]; !ok {
						out[objs[p[0]].ID] = "overlaps " + objs[p[1]].ID
					}
				}
			}
		}
	}
	return out
}

// ImplausibleOverhang is how far, in metres, a before-state object's centre
// of mass may lie outside its support polygon before it counts as
// implausible: an edit must leave StandMargin inside, but what a house
// holds already need only not tip.
const ImplausibleOverhang = 0.001

// ImplausibleOverlap is the interpenetration depth, in metres, of two boxes
// in a before-state beyond which both objects count as implausible.
const ImplausibleOverlap = 0.01
