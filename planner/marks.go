package planner

import (
	"errors"
	"image/color"

	"flowbench/render"
)

// Dots are placed with render's Set-of-Marks rule on the before frame I0:
// one dot per mentioned object (mover first), at the point of its visible
// mask farthest from the mask boundary (the image border counting as
// boundary), coloured from render.Palette with render's contrast rule, any
// two dots of a question at least render.MinDotPairDeltaE2000 apart. Every
// mentioned object must pass the size rule (render.MarkFits: it shows around
// a dot of at least the minimum radius that covers at most a fifth of its
// visible pixels; an occlusion question's occludee down to
// OccludeeMinRadius, occlusion_marks.go); otherwise the attempt fails with
// reason "marks_small". On
// I1 the dots of moved objects follow them and the others stay put
// (ExampleMarks).

var errNoRGB = errors.New("planner: the simulator's frames carry no RGB, which Set-of-Marks colours need")

// renderFrame wraps a planner frame for render's mark placement.
func renderFrame(f *Frame) (*render.Frame, error) {
	if len(f.RGB) != f.W*f.H*3 {
		return nil, errNoRGB
	}
	return &render.Frame{Width: f.W, Height: f.H, RGB: f.RGBImage(), Depth: f.Depth, IDs: f.IDs, IDTable: f.IDTable}, nil
}

// placeDots places the marks of ids on I0. The colour stream is seeded per
// slot and per call, so the dots are a function of the slot seed. It fails
// (reason "marks") when render cannot place a mark or colour the dots
// apart, ("marks_small") when a
// mentioned object is too small for its dot (the size rule; the occludee
// of an occlusion example down to OccludeeMinRadius, dotFloor), and
// ("marks_ambiguous") when two mentioned objects of the same type would
// share a dot colour.
func (c *viewCtx) placeDots(ids []string) (map[string]render.Mark, string) {
	if c.base.rf0 == nil {
		rf, err := renderFrame(c.f0)
		if err != nil {
			return nil, "no_rgb"
		}
		c.base.rf0 = rf
	}
	c.markCalls++
	marks, err := render.PlaceMarks(c.base.rf0, ids, render.NewMarkRNG(c.seed+uint64(c.markCalls)), render.StyleDots)
	if err != nil {
		return nil, "marks"
	}
	out := make(map[string]render.Mark, len(ids))
	seen := map[[2]string]bool{}
	for _, m := range marks {
		if m.Fit < c.dotFloor(m.ID) { // the size rule; an occludee's dot may be smaller
			return nil, "marks_small"
		}
	}
	for i, m := range marks {
		key := [2]string{c.obj0(ids[i]).Type, m.Color.Name}
		if seen[key] {
			return nil, "marks_ambiguous"
		}
		seen[key] = true
		out[ids[i]] = m
	}
	return out, ""
}

// ExampleMarks returns the Set-of-Marks overlays of an example on its
// before frame f0 and after frame f1 (renders from the example's camera):
// the mover first, then the referenced objects in mention order, each once.
// A dot keeps the colour the text names it by; a badge shows its number
// (ObjectRef.Mark, else the mention order). On I0 each mark sits where the
// planner placed it (ObjectRef.DotXY), its radius fitted to f0; on I1
// (render.FollowMarks) the mark of an object in moved (the outcome's moved
// objects: the mover, what it carried, what settled) follows it, the mark of
// any other object stays at its I0 position unless that pixel no longer
// carries it, and an object not visible in I1, or too small there for a
// dot, gets no mark there.
func ExampleMarks(ex *Example, style render.MarkStyle, f0, f1 *render.Frame, moved map[string]bool) (m0, m1 []render.Mark) {
	seen := map[string]bool{}
	for _, r := range append([]ObjectRef{ex.Mover}, ex.Referenced...) {
		if seen[r.ObjectID] || (r.DotColor == "" && r.Mark == 0) {
			continue
		}
		seen[r.ObjectID] = true
		m := render.Mark{ID: r.ObjectID, Number: len(m0) + 1, X: r.DotXY[0], Y: r.DotXY[1],
			Radius: render.MarkRadius(style, f0.Width, f0.Height), Color: paletteColor(r.DotColor)}
		if r.Mark > 0 {
			m.Number = r.Mark
		}
		if style == render.StyleBadges {
			m.Color = render.BadgeColor
		}
		m0 = append(m0, m)
	}
	m0 = render.FitMarks(f0, m0, style)
	return m0, render.FollowMarks(f1, m0, style, moved)
}

// MovedIDs returns the ids of the objects an outcome moved (its
// ObjectsAfter), the set ExampleMarks takes.
func MovedIDs(out *Outcome) map[string]bool {
	moved := map[string]bool{}
	for _, o := range out.ObjectsAfter {
		moved[o.ID] = true
	}
	return moved
}

// paletteColor returns the dot colour with the given name (render.ColorByName;
// grey for a name render lacks, which the planner never gives).
func paletteColor(name string) render.NamedColor {
	if c, ok := render.ColorByName(name); ok {
		return c
	}
	return render.NamedColor{Name: name, Color: color.RGBA{128, 128, 128, 255}}
}
