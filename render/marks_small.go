package render

// Small dots. Every mentioned object must carry a mark of at least
// MinMarkRadius (MarkFits); a caller may let some objects carry smaller
// dots, down to the smallest dot the reader still finds (MinFollowRadius,
// the dot FollowMarks draws on I1). MarkFitRadii gives each object's Fit
// so the caller can apply its own floor, and MinAreaForRadius the visible
// area below which no dot of a radius can stay within MaxMarkCover.

// MarkFitRadii returns, per id, the Fit of a mark at the most interior
// point of the object's visible mask in f (the image border counting as
// boundary): the largest radius, at most MarkRadius, whose disc stays
// inside the mask and covers at most MaxMarkCover of it. It is -1 for
// unknown ids and objects f does not show. MarksFit compares it with
// MinMarkRadius.
func MarkFitRadii(f *Frame, ids []string, style MarkStyle) []float64 {
	insts := make([]uint16, len(ids)) // 0 (no object) for ids f lacks
	for i, id := range ids {
		insts[i], _ = f.Instance(id)
	}
	full := MarkRadius(style, f.Width, f.Height)
	out := make([]float64, len(ids))
	for i, mf := range maskFields(f, insts) {
		out[i] = -1
		if mf != nil {
			x, y, inset, _ := mf.best(nil, 0)
			out[i] = mf.fit(x, y, inset, full)
		}
	}
	return out
}

// MinAreaForRadius is the smallest visible area, in pixels, of an object
// that can carry a dot of radius r: MarkAreaFactor times the pixels of that
// disc (MinMarkArea is its value at MinMarkRadius).
func MinAreaForRadius(r float64) int { return MarkAreaFactor * discPixels(r) }
