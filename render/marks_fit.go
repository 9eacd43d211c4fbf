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
// of at least MinMarkRadius stays inside the mask and covers at most
// MaxMarkCover of its visible pixels. Unknown and invisible objects do not
// fit.
func MarkFits(f *Frame, id string, style MarkStyle) bool {
	return MarksFit(f, []string{id}, style)[0]
}

// MarksFit is MarkFits for several objects, in one pass over the frame.
func MarksFit(f *Frame, ids []string, style MarkStyle) []bool {
	minR := MinMarkRadius(style, f.Width, f.Height)
	out := make([]bool, len(ids))
	for i, r := range MarkFitRadii(f, ids, style) {
		out[i] = r >= minR
	}
	return out
}

// MinFollowRadius is the smallest dot FollowMarks draws on I1: half of
// MinMarkRadius, never under 2 px, so that the dot shows at least its
// centre pixel in its pure colour inside the outline (DrawMarks strokes a
// line of at least 1 px at radius − ½ line: a radius under about 1.71 px
// leaves no pixel unblended, and the colour cannot be told). An object
// that became too small in I1 for a dot of this radius gets no dot there,
// as a hidden object.
func MinFollowRadius(style MarkStyle, width, height int) float64 {
	return math.Max(2, MinMarkRadius(style, width, height)/2)
}

// FollowMarks places marks on f, a frame of the same view as the one they
// were placed on (the after frame I1); each object keeps its colour and
// number. moved holds the ids of the objects that moved between the frames.
//
// The mark of an object that did not move stays where it was when that
// pixel still shows the object in f and a dot of min(its radius,
// MinMarkRadius) fits there (inside the mask, covering at most MaxMarkCover
// of it). Otherwise it goes to the nearest pixel (Euclidean distance, ties
// topmost then leftmost) that carries a dot of its radius, else of
// min(its radius, MinMarkRadius), first among the pixels MarkSeparation
// from the marks already placed, then among all; failing any, to the most
// interior point of the object's visible mask. Its radius never grows.
//
// The mark of a moved object goes to the most interior point of its visible
// mask in f among the points MarkSeparation from the marks already placed
// (any most interior point when none is that far), as PlaceMarks does.
//
// Marks that stay are placed first, then the other objects from the
// smallest mask to the largest. Each radius is capped by the Fit at the new
// point, so no mark covers more than MaxMarkCover of its object in f; an
// object whose Fit is under MinFollowRadius, one not visible in f and one
// not in f's table get no mark. Discs that would touch are then shrunk
// (separateDiscs). The result keeps the order of marks.
func FollowMarks(f *Frame, marks []Mark, style MarkStyle, moved map[string]bool) []Mark {
	full := MarkRadius(style, f.Width, f.Height)
	minR := MinMarkRadius(style, f.Width, f.Height)
	floor := MinFollowRadius(style, f.Width, f.Height)
	sep := MarkSeparation(full)
	insts := make([]uint16, len(marks)) // 0 (never an object) for ids f lacks
	for i, m := range marks {
		insts[i], _ = f.Instance(m.ID)
	}
	fields := maskFields(f, insts)
	var stay, other []int
	for i, mf := range fields {
		if mf == nil {
			continue
		}
		x, y := int(math.Round(marks[i].X)), int(math.Round(marks[i].Y))
		need := math.Min(marks[i].Radius, minR)
		switch {
		case moved[marks[i].ID]:
			other = append(other, i)
		case mf.at(x, y) && mf.fit(x, y, mf.inset(x, y), need) >= need:
			stay = append(stay, i)
		default:
			other = append(other, i)
		}
	}
	sort.SliceStable(other, func(a, b int) bool { return fields[other[a]].area < fields[other[b]].area })
	placed := make([]Mark, 0, len(marks))
	at := make([]int, len(marks)) // index into placed + 1; 0: no mark
	for k, i := range append(stay, other...) {
		mf, m := fields[i], marks[i]
		x0, y0 := int(math.Round(m.X)), int(math.Round(m.Y))
		var x, y int
		rmax := full
		switch {
		case moved[m.ID]:
			var ok bool
			if x, y, _, ok = mf.best(placed, sep); !ok {
				x, y, _, _ = mf.best(nil, 0)
			}
		case k < len(stay):
			// Its I0 point still shows it and carries the dot; the marks
			// staying before it kept their I0 separation.
			x, y, rmax = x0, y0, math.Min(full, m.Radius)
		default:
			rmax = math.Min(full, m.Radius)
			ok := false
			for _, try := range []struct {
				need   float64
				placed []Mark
			}{{m.Radius, placed}, {math.Min(m.Radius, minR), placed}, {m.Radius, nil}, {math.Min(m.Radius, minR), nil}} {
				if x, y, ok = mf.nearestFit(x0, y0, try.need, try.placed, sep); ok {
					break
				}
			}
			if !ok {
				x, y, _, _ = mf.best(nil, 0)
			}
		}
		inset := mf.inset(x, y)
		m.Instance = insts[i]
		m.X, m.Y, m.Inset, m.Area, m.Mean = float64(x), float64(y), inset, mf.area, mf.mean
		m.Fit = mf.fit(x, y, inset, full)
		m.Fits = m.Fit >= minR
		m.Radius = math.Min(rmax, m.Fit)
		if m.Radius < floor {
			continue
		}
		placed = append(placed, m)
		at[i] = len(placed)
	}
	out := make([]Mark, 0, len(placed))
	for _, k := range at {
		if k > 0 {
			out = append(out, placed[k-1])
		}
	}
	separateDiscs(out)
	return out
}

// nearestFit returns the mask pixel nearest (x0, y0) (ties: topmost, then
// leftmost) at which a disc of radius need fits (mf.fit) and which lies at
// least sep from every placed mark; ok is false when there is none.
func (mf *maskField) nearestFit(x0, y0 int, need float64, placed []Mark, sep float64) (x, y int, ok bool) {
	type cand struct{ d2, x, y int }
	var cands []cand
	for v := 1; v < mf.h-1; v++ {
		for u := 1; u < mf.w-1; u++ {
			if !mf.mask[v*mf.w+u] || math.Sqrt(mf.d[v*mf.w+u])-0.5 < need {
				continue
			}
			px, py := u-1+mf.x0, v-1+mf.y0
			cands = append(cands, cand{(px-x0)*(px-x0) + (py-y0)*(py-y0), px, py})
		}
	}
	sort.Slice(cands, func(a, b int) bool {
		ca, cb := cands[a], cands[b]
		if ca.d2 != cb.d2 {
			return ca.d2 < cb.d2
		}
		if ca.y != cb.y {
			return ca.y < cb.y
		}
		return ca.x < cb.x
	})
next:
	for _, c := range cands {
		for _, m := range placed {
			if math.Hypot(float64(c.x)-m.X, float64(c.y)-m.Y) < sep {
				continue next
			}
		}
		if mf.fit(c.x, c.y, mf.inset(c.x, c.y), need) >= need {
			return c.x, c.y, true
		}
	}
	return 0, 0, false
}

// FitMarks re-measures marks drawn at fixed positions on f (the planner's
// I0 positions on a re-rendered I0): each keeps its centre, and its radius,
// Fit, Fits, Inset and Area are those of its object's mask in f at that
// point, the radius never above the Fit so the mark covers at most
// MaxMarkCover of its object; discs are then shrunk where two would touch.
// Marks whose object is not in f keep their radius.
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
		x, y := int(math.Round(m.X)), int(math.Round(m.Y))
		m.Instance, m.Area, m.Mean = insts[i], mf.area, mf.mean
		m.Inset = mf.inset(x, y)
		m.Fit = mf.fit(x, y, m.Inset, full)
		m.Fits = m.Fit >= minR
		m.Radius = math.Max(0, m.Fit)
	}
	separateDiscs(out)
	return out
}

// separateDiscs shrinks pairs of discs that would overlap so that a gap of
// one pixel stays between them (never below 1.5 px, and never growing a
// disc).
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
