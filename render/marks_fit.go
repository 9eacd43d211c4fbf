package render

import (
	"math"
	"sort"
)

// Marks on the after frame I1 and the size rule. PlaceMarks chooses the
// marks on I0; FollowMarks moves them onto another frame of the same view
// (I1), so each object's mark sits on the object where it is in that frame,
// and FitMarks re-measures marks drawn at fixed positions.

// MarkFits reports the size rule for one object of f: at the most interior
// point of its visible mask (the image border counting as boundary) a mark
// of at least MinMarkRadius stays inside the mask and covers at most a
// MarkAreaFactor-th of the visible area. Unknown and invisible objects do
// not fit.
func MarkFits(f *Frame, id string, style MarkStyle) bool {
	return MarksFit(f, []string{id}, style)[0]
}

// MarksFit is MarkFits for several objects, in one pass over the frame.
func MarksFit(f *Frame, ids []string, style MarkStyle) []bool {
	insts := make([]uint16, len(ids)) // 0 (no object) for ids f lacks
	for i, id := range ids {
		insts[i], _ = f.Instance(id)
	}
	minR := MinMarkRadius(style, f.Width, f.Height)
	out := make([]bool, len(ids))
	for i, mf := range maskFields(f, insts) {
		if mf != nil {
			_, _, inset, _ := mf.best(nil, 0)
			out[i] = fitRadius(inset, mf.area) >= minR
		}
	}
	return out
}

// FollowMarks places marks on f, a frame of the same view as the one they
// were placed on (the after frame I1): each object keeps its colour and
// number, and its mark moves to the most interior point of its visible mask
// in f among the points MarkSeparation from the marks already moved (objects
// with the smallest masks first, as PlaceMarks does; an object with no such
// point takes its most interior point). An object not visible in f, or not
// in f's table, gets no mark. Radii are fitted as in PlaceMarks and then
// shrunk where two discs would touch. The result keeps the order of marks.
func FollowMarks(f *Frame, marks []Mark, style MarkStyle) []Mark {
	full := MarkRadius(style, f.Width, f.Height)
	minR := MinMarkRadius(style, f.Width, f.Height)
	sep := MarkSeparation(full)
	insts := make([]uint16, len(marks)) // 0 (never an object) for ids f lacks
	for i, m := range marks {
		insts[i], _ = f.Instance(m.ID)
	}
	fields := maskFields(f, insts)
	order := make([]int, 0, len(marks))
	for i, mf := range fields {
		if mf != nil {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return fields[order[a]].area < fields[order[b]].area })
	placed := make([]Mark, 0, len(order)) // never reallocated: moved points into it
	moved := make([]*Mark, len(marks))
	for _, i := range order {
		mf := fields[i]
		x, y, inset, ok := mf.best(placed, sep)
		if !ok {
			x, y, inset, _ = mf.best(nil, 0)
		}
		m := marks[i]
		m.Instance, _ = f.Instance(m.ID)
		m.X, m.Y, m.Inset, m.Area, m.Mean = float64(x), float64(y), inset, mf.area, mf.mean
		m.Fit = fitRadius(inset, mf.area)
		m.Fits = m.Fit >= minR
		m.Radius = math.Min(full, math.Max(minR, m.Fit))
		placed = append(placed, m)
		moved[i] = &placed[len(placed)-1]
	}
	out := make([]Mark, 0, len(placed))
	for _, m := range moved {
		if m != nil {
			out = append(out, *m)
		}
	}
	separateDiscs(out)
	return out
}

// FitMarks re-measures marks drawn at fixed positions on f (the planner's
// I0 positions on a re-rendered I0): each keeps its centre, and its radius,
// Fit, Fits, Inset and Area are those of its object's mask in f at that
// point; discs are then shrunk where two would touch. Marks whose object is
// not in f keep their radius.
func FitMarks(f *Frame, marks []Mark, style MarkStyle) []Mark {
	full := MarkRadius(style, f.Width, f.Height)
	minR := MinMarkRadius(style, f.Width, f.Height)
	out := append([]Mark(nil), marks...)
	insts := make([]uint16, len(marks))
	for i, m := range marks {
		insts[i], _ = f.Instance(m.ID)
	}
	fields := maskFields(f, insts)
	for i := range out {
		m, mf := &out[i], fields[i]
		if mf == nil {
			continue
		}
		m.Instance, m.Area, m.Mean = insts[i], mf.area, mf.mean
		m.Inset = mf.inset(int(math.Round(m.X)), int(math.Round(m.Y)))
		m.Fit = fitRadius(m.Inset, mf.area)
		m.Fits = m.Fit >= minR
		m.Radius = math.Min(full, math.Max(minR, m.Fit))
	}
	separateDiscs(out)
	return out
}

// separateDiscs shrinks pairs of discs that would overlap so that a gap of
// one pixel stays between them (never below 1.5 px).
func separateDiscs(marks []Mark) {
	for i := range marks {
		for j := i + 1; j < len(marks); j++ {
			a, b := &marks[i], &marks[j]
			d := math.Hypot(a.X-b.X, a.Y-b.Y)
			if a.Radius+b.Radius+1 <= d {
				continue
			}
			r := math.Max(1.5, (d-1)/2)
			a.Radius, b.Radius = math.Min(a.Radius, r), math.Min(b.Radius, r)
		}
	}
}
