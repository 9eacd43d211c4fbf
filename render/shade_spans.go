package render

// Shaded spans of an incremental frame. Each band keeps a sorted list of
// disjoint column spans to shade again (shade_incremental.go); the rest of
// the band keeps P's colours. A pixel inside a span is shaded exactly as a
// full frame shades it (the light a colour reads, two columns and a row each
// way, is what widenSpans adds), so several narrow spans are exact where one
// span around them all would shade the columns between them for nothing.

// spanGap is the widest gap between two spans of a band that is shaded
// rather than kept: each span costs the light of its two end columns.
const spanGap = 8

// colSpan is the columns [x0, x1] of a band.
type colSpan struct{ x0, x1 int32 }

// addSpan adds columns [x0, x1] to the sorted, disjoint spans of one band,
// merging it with the spans it overlaps or comes within spanGap of.
func addSpan(sp []colSpan, x0, x1 int32) []colSpan {
	if x0 > x1 {
		return sp
	}
	i := 0
	for i < len(sp) && sp[i].x1+spanGap < x0 {
		i++
	}
	j := i
	for j < len(sp) && sp[j].x0-spanGap <= x1 {
		x0, x1 = min(x0, sp[j].x0), max(x1, sp[j].x1)
		j++
	}
	if j == i {
		sp = append(sp, colSpan{})
		copy(sp[i+1:], sp[i:])
		sp[i] = colSpan{x0, x1}
		return sp
	}
	sp[i] = colSpan{x0, x1}
	return append(sp[:i+1], sp[j:]...)
}

// markSpans adds columns [x0, x1] to the spans of bands b0..b1.
func (r *Renderer) markSpans(b0, b1, x0, x1 int32) { addSpans(r.spans, b0, b1, x0, x1) }

// addSpans adds columns [x0, x1] to the spans of bands b0..b1 of sp.
func addSpans(sp [][]colSpan, b0, b1, x0, x1 int32) {
	for b := max(b0, 0); b <= min(b1, int32(len(sp)-1)); b++ {
		sp[b] = addSpan(sp[b], x0, x1)
	}
}

// resetSpans returns sp resized to nb empty bands.
func resetSpans(sp [][]colSpan, nb int) [][]colSpan {
	sp = grow(sp, nb)
	for b := range sp {
		sp[b] = sp[b][:0]
	}
	return sp
}

// markChangedSpans adds to sp, per band, the columns that a mesh changed
// since the cached frame touches in this frame or touched in that one (its
// set-ups' bands and columns, one span per mesh and frame).
func (r *Renderer) markChangedSpans(sp [][]colSpan) {
	c := &r.lc
	for i, e := range r.dl.mesh {
		if e != c.ent[i] || e.gen != c.gen[i] {
			addSpans(sp, c.b0[i], c.b1[i], c.x0[i], c.x1[i])
			addSpans(sp, r.tb0[i], r.tb1[i], r.tx0[i], r.tx1[i])
		}
	}
}
