package planner

import "flowbench/render"

// The size rule for mentioned objects. placeDots refuses an attempt that
// mentions an object too small for its dot (reason "marks_small"); planners
// avoid those wasted attempts by choosing movers and mentioned objects among
// those that pass MarkFits on I0, e.g. c.markable(c.referables(mover)).

// MarkFits reports whether object id of frame f can carry a Set-of-Marks
// dot: at the most interior point of its visible mask (the image border
// counting as boundary) a dot of at least render.MinMarkRadius stays inside
// the object and covers at most a fifth of its visible pixels
// (render.MarkFits). Unknown and invisible objects do not fit.
func MarkFits(f *Frame, id string) bool {
	if f == nil || len(f.IDs) != f.W*f.H {
		return false
	}
	rf := &render.Frame{Width: f.W, Height: f.H, IDs: f.IDs, IDTable: f.IDTable}
	return render.MarkFits(rf, id, render.StyleDots)
}

// markable keeps the objects that pass the size rule on I0 (in order). An
// object whose visible area is under render.MinMarkArea fails without a
// look at its mask; the others are measured in one pass.
func (c *viewCtx) markable(objs []*ObjectMeta) []*ObjectMeta {
	minArea := render.MinMarkArea(render.StyleDots, c.f0.W, c.f0.H)
	var cand []*ObjectMeta
	var ids []string
	for _, o := range objs {
		if c.m0.Pixels(o.ID) >= minArea {
			cand, ids = append(cand, o), append(ids, o.ID)
		}
	}
	if len(cand) == 0 || len(c.f0.IDs) != c.f0.W*c.f0.H {
		return nil
	}
	rf := &render.Frame{Width: c.f0.W, Height: c.f0.H, IDs: c.f0.IDs, IDTable: c.f0.IDTable}
	var out []*ObjectMeta
	for i, ok := range render.MarksFit(rf, ids, render.StyleDots) {
		if ok {
			out = append(out, cand[i])
		}
	}
	return out
}
