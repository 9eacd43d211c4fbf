package planner

import "flowbench/render"

// Occludee dots (issue 52, decision 5: follow A.2.1). The method skips
// occludees under about 20 px at 800 px with Set-of-Marks (OccMinB,
// scaled by area to the render size: 8 px at 512 px). Every other
// mentioned object must carry a dot of at least render.MinMarkRadius (the
// size rule, 245 visible px at 512 px), which removed most phone-sized
// occludees. The occludee's dot instead shrinks, down to the smallest dot
// the dot reader still finds in both frames (OccludeeMinRadius: the
// smallest dot render.FollowMarks draws on I1, which score.FindDots reads
// back on I0 and I1, TestOccludeeDotFound), and like every dot it covers
// at most render.MaxMarkCover of the object's visible pixels (its radius
// is its Fit). So an occludee needs max(OccMinB scaled,
// render.MinAreaForRadius(OccludeeMinRadius)) visible pixels (65 px at
// 512 px) and a point where that dot fits.

// OccludeeMinRadius is the smallest dot radius, in pixels, an occludee
// may carry on a width×height frame: render.MinFollowRadius (2.05 px at
// 512 px, against render.MinMarkRadius's 4.1 px for other objects).
func OccludeeMinRadius(width, height int) float64 {
	return render.MinFollowRadius(render.StyleDots, width, height)
}

// OccludeeMinArea is the smallest visible area, in pixels, of an occludee
// on a frame of width w: A.2.1's OccMinB scaled by area, or the area that
// carries OccludeeMinRadius within render.MaxMarkCover, whichever is
// larger.
func OccludeeMinArea(w, h int) int {
	return max(scaleFor(w).area(OccMinB), render.MinAreaForRadius(OccludeeMinRadius(w, h)))
}

// markedOccludees returns the objects of I0 that can be the occludee B of
// an occlusion question: referable (visible, plausible), of an occludee
// class (isOccludee), at least OccludeeMinArea visible pixels, and with a
// point where a dot of OccludeeMinRadius fits (render.MarkFitRadii), in
// object order.
func (c *viewCtx) markedOccludees(cat catalogInfo) []*ObjectMeta {
	minArea := OccludeeMinArea(c.f0.W, c.f0.H)
	var cand []*ObjectMeta
	var ids []string
	for _, o := range c.referables("") {
		if isOccludee(cat, o) && c.m0.Pixels(o.ID) >= minArea {
			cand, ids = append(cand, o), append(ids, o.ID)
		}
	}
	if len(cand) == 0 || len(c.f0.IDs) != c.f0.W*c.f0.H {
		return nil
	}
	rf := &render.Frame{Width: c.f0.W, Height: c.f0.H, IDs: c.f0.IDs, IDTable: c.f0.IDTable}
	minR := OccludeeMinRadius(c.f0.W, c.f0.H)
	var out []*ObjectMeta
	for i, r := range render.MarkFitRadii(rf, ids, render.StyleDots) {
		if r >= minR {
			out = append(out, cand[i])
		}
	}
	return out
}

// occludeesOf keeps the occludees that a question about occluder a may
// mention: not a itself and not carried by it.
func (c *viewCtx) occludeesOf(a *ObjectMeta, occ []*ObjectMeta) []*ObjectMeta {
	var out []*ObjectMeta
	for _, b := range occ {
		if b.ID != a.ID && !descends(c.objs0, c.byID0, b.ID, a.ID) {
			out = append(out, b)
		}
	}
	return out
}

// dotFloor is the smallest Fit the dot of id may have in the slot's
// placement: OccludeeMinRadius for the occludee of the occlusion example
// being built (c.occludee), render.MinMarkRadius otherwise.
func (c *viewCtx) dotFloor(id string) float64 {
	if id != "" && id == c.occludee {
		return OccludeeMinRadius(c.f0.W, c.f0.H)
	}
	return render.MinMarkRadius(render.StyleDots, c.f0.W, c.f0.H)
}

// OccludeeFits is MarkFits for an occlusion question's occludee: object
// id of frame f shows a point where a dot of OccludeeMinRadius stays
// inside its visible mask and covers at most render.MaxMarkCover of it,
// and at least OccludeeMinArea visible pixels.
func OccludeeFits(f *Frame, id string) bool {
	if f == nil || len(f.IDs) != f.W*f.H {
		return false
	}
	rf := &render.Frame{Width: f.W, Height: f.H, IDs: f.IDs, IDTable: f.IDTable}
	inst, ok := rf.Instance(id)
	if !ok {
		return false
	}
	n := 0
	for _, v := range f.IDs {
		if v == inst {
			n++
		}
	}
	return n >= OccludeeMinArea(f.W, f.H) && render.MarkFitRadii(rf, []string{id}, render.StyleDots)[0] >= OccludeeMinRadius(f.W, f.H)
}
