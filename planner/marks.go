package planner

import (
	"errors"
	"image/color"

	"flowbench/render"
)

// Dots are placed with render's Set-of-Marks rule on the before frame I0:
// one dot per mentioned object (mover first), at the point of its visible
// mask farthest from the mask boundary (the image border counting as
// boundary), coloured from render.Palette with render's contrast rule. Every
// mentioned object must pass the size rule (render.MarkFits: it shows around
// a dot of at least the minimum radius, with at least 4× the dot's area);
// otherwise the attempt fails with reason "marks_small". On I1 the dots
// follow their objects (ExampleMarks).

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
// (reason "marks") when render cannot place a mark, ("marks_small") when a
// mentioned object is too small for its dot (the size rule), and
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
		if !m.Fits {
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
// planner placed it (ObjectRef.DotXY), its radius fitted to f0; on I1 each
// follows its object (render.FollowMarks): the mover's mark moves with it,
// and an object not visible in I1 gets no mark there.
func ExampleMarks(ex *Example, style render.MarkStyle, f0, f1 *render.Frame) (m0, m1 []render.Mark) {
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
	return m0, render.FollowMarks(f1, m0, style)
}

// paletteColor returns the render palette colour with the given name (grey
// for a name the palette lacks, which the planner never gives).
func paletteColor(name string) render.NamedColor {
	for _, c := range render.Palette {
		if c.Name == name {
			return c
		}
	}
	return render.NamedColor{Name: name, Color: color.RGBA{128, 128, 128, 255}}
}
