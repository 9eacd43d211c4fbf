package planner

import (
	"math"

	"flowbench/sim"
)

// The static (2A) occlusion question shows only I1, so it asks about the
// part of B that the objects other than the mover leave in view, which I1
// shows with A in front of it (staticQuestionTemplates). That part is B's
// before-mask unless something that moved (the mover and what rests on it)
// hid part of B before the move. Only then (mayHaveHidden: a moved object
// drew a pixel of I0 inside B's projected box) the scene is rendered once
// more with the mover taken out of view (Outcome.WithoutMover), and the
// static answer is the cover rate of B's mask in that render; an edit
// whose static cover rate falls within the margin rule of τ_occ is
// rejected (our choice, issue 37).

// SkipStaticNearThreshold is the failure of an occlusion edit whose
// static (2A) cover rate lies within the margin rule of τ_occ.
const SkipStaticNearThreshold = "static_near_threshold"

// withoutMover returns I1 rendered with edit e's mover (and what rests on
// it) taken out of view when a moved object may have hidden part of
// occludee b before the move and b's mask there differs from its
// before-mask; nil when b's before-mask is the part the other objects
// leave in view. It leaves the mover out of view: callers restore the
// scene.
func (c *viewCtx) withoutMover(e *edit, b *ObjectMeta) (*Frame, error) {
	if !c.mayHaveHidden(e, b) {
		return nil, nil
	}
	a := e.obj1(e.moverID)
	if err := c.s.TeleportObject(a.ID, a.Position.Add(sim.Vec3{0, -OccAwayDepth, 0}), a.Yaw, true); err != nil {
		return nil, err
	}
	f, err := c.s.Render() // a fresh frame: e.f1 may share RenderLabels' arrays
	if err != nil {
		return nil, err
	}
	i0, i1 := c.f0.InstanceOf(b.ID), f.InstanceOf(b.ID)
	for p := range c.f0.IDs {
		if (c.f0.IDs[p] == i0) != (f.IDs[p] == i1) {
			return f, nil
		}
	}
	return nil, nil
}

// OccAwayDepth is how far (metres) below its pose the mover is put to take
// it out of view for withoutMover's render.
const OccAwayDepth = 50

// mayHaveHidden reports whether an object that edit e moved drew a pixel
// of I0 inside the image box of occludee b's 3D box (a conservative test:
// only such an object may have hidden part of b).
func (c *viewCtx) mayHaveHidden(e *edit, b *ObjectMeta) bool {
	minU, minV, maxU, maxV := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range boxCorners(b.AABB) {
		u, v, _, ok := c.cam.Project(p)
		if !ok {
			return true // a corner behind the camera: no conclusion
		}
		minU, maxU = math.Min(minU, u), math.Max(maxU, u)
		minV, maxV = math.Min(minV, v), math.Max(maxV, v)
	}
	moved := map[uint16]bool{}
	for _, o := range movedOnly(c.objs0, e.objs1) {
		if id := c.f0.InstanceOf(o.ID); id != 0 {
			moved[id] = true
		}
	}
	if len(moved) == 0 {
		return false
	}
	f := c.f0
	u0, u1 := max(0, int(math.Floor(minU))), min(f.W-1, int(math.Ceil(maxU)))
	v0, v1 := max(0, int(math.Floor(minV))), min(f.H-1, int(math.Ceil(maxV)))
	for v := v0; v <= v1; v++ {
		for u := u0; u <= u1; u++ {
			if moved[f.IDs[v*f.W+u]] {
				return true
			}
		}
	}
	return false
}
