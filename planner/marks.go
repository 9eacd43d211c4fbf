package planner

import (
	"errors"
	"image"

	"flowbench/render"
)

// Dots are placed with render's Set-of-Marks rule on the before frame I0:
// one dot per mentioned object (mover first), at the point of its visible
// mask farthest from the mask boundary, coloured from render.Palette with
// render's contrast rule. The same dots (colour and pixel position) are drawn
// on I1 by whoever renders the overlays.

var errNoRGB = errors.New("planner: the simulator's frames carry no RGB, which Set-of-Marks colours need")

// renderFrame wraps a planner frame for render's mark placement.
func renderFrame(f *Frame) (*render.Frame, error) {
	if len(f.RGB) != f.W*f.H*3 {
		return nil, errNoRGB
	}
	img := image.NewRGBA(image.Rect(0, 0, f.W, f.H))
	for i, j := 0, 0; i < len(f.RGB); i, j = i+3, j+4 {
		img.Pix[j], img.Pix[j+1], img.Pix[j+2], img.Pix[j+3] = f.RGB[i], f.RGB[i+1], f.RGB[i+2], 255
	}
	return &render.Frame{Width: f.W, Height: f.H, RGB: img, Depth: f.Depth, IDs: f.IDs, IDTable: f.IDTable}, nil
}

// placeDots places the marks of ids on I0. The colour stream is seeded per
// slot and per call, so the dots are a function of the slot seed. It fails
// (reason "marks") when render cannot place a mark, and ("marks_ambiguous")
// when two mentioned objects of the same type would share a dot colour.
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
