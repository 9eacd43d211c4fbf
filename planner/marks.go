package planner

// DotPalette is the ordered list of named Set-of-Marks colours used for the
// dots: the mover always gets the first, referenced objects the next ones in
// the order the question mentions them.
var DotPalette = []string{"red", "blue", "green", "yellow", "purple", "orange", "cyan", "magenta", "white", "black", "pink", "brown"}

// assignDots gives each id a distinct palette colour in order (mover first).
// It returns false when there are more ids than colours.
func assignDots(ids []string) (map[string]string, bool) {
	if len(ids) > len(DotPalette) {
		return nil, false
	}
	out := make(map[string]string, len(ids))
	for i, id := range ids {
		out[id] = DotPalette[i]
	}
	return out, true
}
