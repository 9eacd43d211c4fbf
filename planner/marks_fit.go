package planner

import (
	"math"

	"flowbench/render"
)

// The size rule for mentioned objects. placeDots refuses an attempt that
// mentions an object too small for its dot (reason "marks_small"); planners
// avoid those wasted attempts by choosing movers and mentioned objects among
// those that pass MarkFits on I0, e.g. c.markable(c.referables(mover)).

// MarkFits reports whether object id of frame f can carry a Set-of-Marks
// dot: at the most interior point of its visible mask (the image border
// counting as boundary) a dot of at least render.MinMarkRadius stays inside
// the object and covers at most a quarter of its visible area
// (render.MarkFits). Unknown and invisible objects do not fit.
func MarkFits(f *Frame, id string) bool {
	if f == nil || len(f.IDs) != f.W*f.H {
		return false
	}
	rf := &render.Frame{Width: f.W, Height: f.H, IDs: f.IDs, IDTable: f.IDTable}
	return render.MarkFits(rf, id, render.StyleDots)
}

// markFits is MarkFits on the view's before frame I0, skipping the mask
// scan for objects whose visible area is under the smallest allowed
// (MarkAreaFactor minimum-radius discs).
func (c *viewCtx) markFits(id string) bool {
	minR := render.MinMarkRadius(render.StyleDots, c.f0.W, c.f0.H)
	if float64(c.m0.Pixels(id)) < render.MarkAreaFactor*math.Pi*minR*minR {
		return false
	}
	return MarkFits(c.f0, id)
}

// markable keeps the objects that pass the size rule on I0 (in order).
func (c *viewCtx) markable(objs []*ObjectMeta) []*ObjectMeta {
	var out []*ObjectMeta
	for _, o := range objs {
		if c.markFits(o.ID) {
			out = append(out, o)
		}
	}
	return out
}
