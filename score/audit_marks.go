package score

import (
	"math"

	"flowbench/planner"
	"flowbench/render"
)

// The dot rules of issue 36 as the audit counts them (docs/audit.md, "Dot
// marks"): within a question every two dot colours differ by CIEDE2000
// render.MinDotPairDeltaE2000; no dot covers more than render.MaxMarkCover
// of its object's visible pixels, on I0 or I1; and the dot of an object
// that did not move stays where it was on I0 while that point still shows
// the object.

// MaxStaticShift is the largest distance, pixels, the audit lets the dot
// of an object that did not move shift between I0 and I1.
const MaxStaticShift = 3

// DotCounts is what the dot audit reads from one question's images
// (MeasureDots).
type DotCounts struct {
	I0Dots, I1Dots         int     // dots found on I0 and on I1
	I0Covering, I1Covering int     // of those, dots covering more than render.MaxMarkCover of their object
	MaxCover               float64 // largest cover of any dot found
	// Static counts the dots of objects that did not move, found on both
	// frames, whose I0 centre still shows the object in I1; Shifted those of
	// them more than MaxStaticShift px from their I0 centre on I1, and
	// ShiftedCarried those whose I0 centre could still carry the dot there
	// (render.CarriesDot at min(radius, render.MinMarkRadius)): the render
	// rule keeps these in place.
	Static, Shifted, ShiftedCarried int
}

// MeasureDots reads the dots of the objects refs mention back from the two
// marked frames (FindDots) and counts the dot rules; moved holds the ids
// of the objects that moved between the frames.
func MeasureDots(refs []planner.ObjectRef, moved map[string]bool, f0, f1 DotFrame) DotCounts {
	var c DotCounts
	w, h := f0.Marked.Rect.Dx(), f0.Marked.Rect.Dy()
	full := render.MarkRadius(render.StyleDots, w, h)
	minR := render.MinMarkRadius(render.StyleDots, w, h)
	d0, d1 := FindDots(f0, refs, full), FindDots(f1, refs, full)
	count := func(ds map[string]FoundDot, n, covering *int) {
		for _, d := range ds {
			*n++
			if d.Cover() > render.MaxMarkCover {
				*covering++
			}
			c.MaxCover = math.Max(c.MaxCover, d.Cover())
		}
	}
	count(d0, &c.I0Dots, &c.I0Covering)
	count(d1, &c.I1Dots, &c.I1Covering)
	if len(f1.IDs) != w*h {
		return c
	}
	fr := &render.Frame{Width: w, Height: h, IDs: f1.IDs, IDTable: f1.Objects}
	for id, a := range d0 {
		b, ok := d1[id]
		inst, known := fr.Instance(id)
		x, y := int(a.X), int(a.Y)
		if moved[id] || !ok || !known || f1.IDs[y*w+x] != inst {
			continue
		}
		c.Static++
		if math.Hypot(b.X-a.X, b.Y-a.Y) > MaxStaticShift {
			c.Shifted++
			if render.CarriesDot(fr, inst, x, y, math.Min(a.Radius, minR)) {
				c.ShiftedCarried++
			}
		}
	}
	return c
}

// DotAudit is the dot audit of a split.
type DotAudit struct {
	// Questions whose text names dot colours, their pairs of dot colours
	// (distinct objects), the pairs under render.MinDotPairDeltaE2000, and
	// the questions with one.
	Questions              int `json:"questions"`
	ColourPairs            int `json:"colour_pairs"`
	ClosePairs             int `json:"close_pairs"`
	QuestionsWithClosePair int `json:"questions_with_close_pair"`
	// Measured is the number of questions whose images were read
	// (AuditRow.Dots; none for a questions-only dataset); the rest are
	// DotCounts summed over them.
	Measured       int     `json:"measured"`
	I0Dots         int     `json:"i0_dots"`
	I0Covering     int     `json:"i0_covering"`
	I1Dots         int     `json:"i1_dots"`
	I1Covering     int     `json:"i1_covering"`
	MaxCover       float64 `json:"max_cover"`
	Static         int     `json:"static_dots"`
	Shifted        int     `json:"static_shifted"`
	ShiftedCarried int     `json:"static_shifted_carried"`
}

// colourPairs counts the pairs of distinct mentioned objects' dot colours
// in a row and those under render.MinDotPairDeltaE2000 (colour names
// render does not know are skipped).
func colourPairs(r *AuditRow) (pairs, close int) {
	seen := map[string]bool{}
	var labs []render.Lab
	for _, o := range append([]planner.ObjectRef{r.Mover}, r.Referenced...) {
		c, ok := render.ColorByName(o.DotColor)
		if seen[o.ObjectID] || o.DotColor == "" || !ok {
			continue
		}
		seen[o.ObjectID] = true
		labs = append(labs, render.LabOf(c.Color))
	}
	for i := range labs {
		for j := i + 1; j < len(labs); j++ {
			pairs++
			if render.DeltaE2000(labs[i], labs[j]) < render.MinDotPairDeltaE2000 {
				close++
			}
		}
	}
	return pairs, close
}

// auditDots sums the dot rules over a split's rows; nil when no row names
// a dot colour (numbered badges).
func auditDots(rows []AuditRow) *DotAudit {
	var a DotAudit
	for i := range rows {
		r := &rows[i]
		p, c := colourPairs(r)
		named := r.Mover.DotColor != ""
		for _, o := range r.Referenced {
			named = named || o.DotColor != ""
		}
		if named {
			a.Questions++
		}
		a.ColourPairs += p
		a.ClosePairs += c
		if c > 0 {
			a.QuestionsWithClosePair++
		}
		if d := r.Dots; d != nil {
			a.Measured++
			a.I0Dots += d.I0Dots
			a.I0Covering += d.I0Covering
			a.I1Dots += d.I1Dots
			a.I1Covering += d.I1Covering
			a.MaxCover = math.Max(a.MaxCover, d.MaxCover)
			a.Static += d.Static
			a.Shifted += d.Shifted
			a.ShiftedCarried += d.ShiftedCarried
		}
	}
	if a.Questions == 0 {
		return nil
	}
	return &a
}
