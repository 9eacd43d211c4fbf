package render

// MinFollowArea is the smallest visible area, in pixels, of an object that
// can carry a followed mark in I1 (FollowMarks): MarkAreaFactor times the
// pixels of a disc of MinFollowRadius. An object shown with less carries no
// mark in I1.
func MinFollowArea(style MarkStyle, width, height int) int {
	return MarkAreaFactor * discPixels(MinFollowRadius(style, width, height))
}
