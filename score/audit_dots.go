package score

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"flowbench/planner"
	"flowbench/render"
)

// The dot audit reads the Set-of-Marks dots back from a question's images:
// the rows store each mentioned object's dot colour but not where its dot
// is or how large, so each dot is found in the marked image (its exact
// fill colour, where the marked image differs from the raw one) and its
// radius fitted by drawing it again (render.DrawMarks) over the raw image.
// The segmentation then gives what the dot covers.

// DotFrame is one frame of a question as the dot audit reads it.
type DotFrame struct {
	Marked, Raw *image.RGBA // the image with dots and without
	IDs         []uint16    // instance id per pixel, row-major
	Objects     []string    // object id of each instance id ("" at 0)
}

// FoundDot is a dot read back from a marked image.
type FoundDot struct {
	ID      string  // object id
	X, Y    float64 // centre, pixels (pixel (i, j) centre at (i, j))
	Radius  float64 // radius fitted to the drawn pixels
	Covered int     // object pixels whose centre lies within Radius of the centre
	Visible int     // visible pixels of the object in the frame
}

// Cover is the share of its object's visible pixels the dot covers.
func (d FoundDot) Cover() float64 {
	if d.Visible == 0 {
		return 0
	}
	return float64(d.Covered) / float64(d.Visible)
}

// FindDots reads back the dots of the objects refs name by colour in frame
// f, keyed by object id; full is the largest radius a dot may have. The
// fitted radius is within 0.01 px of the drawn one (TestFindDots); render
// keeps its radii 0.05 px under the next pixel distance, so that error
// never adds a ring of covered pixels. An
// object's dot is the largest 4-connected region of pixels that the marks
// changed to exactly its palette colour (render.ColorByName) whose centroid
// lies on the object; objects without one (hidden, too small for a dot, a
// colour no longer drawn) are absent.
func FindDots(f DotFrame, refs []planner.ObjectRef, full float64) map[string]FoundDot {
	b := f.Marked.Rect
	w, h := b.Dx(), b.Dy()
	if f.Raw == nil || f.Raw.Rect.Size() != b.Size() || len(f.IDs) != w*h {
		return nil
	}
	out := map[string]FoundDot{}
	for _, r := range refs {
		c, ok := render.ColorByName(r.DotColor)
		if r.DotColor == "" || !ok {
			continue
		}
		if _, done := out[r.ObjectID]; done {
			continue
		}
		x, y, ok := fillCentre(f, c.Color, r.ObjectID)
		if !ok {
			continue
		}
		rad := fitDotRadius(f, c, x, y, full)
		d := FoundDot{ID: r.ObjectID, X: float64(x), Y: float64(y), Radius: rad}
		fr := &render.Frame{Width: w, Height: h, IDs: f.IDs, IDTable: f.Objects}
		if inst, ok := fr.Instance(r.ObjectID); ok {
			d.Covered, d.Visible = render.CoveredPixels(fr, inst, d.X, d.Y, rad)
		}
		out[r.ObjectID] = d
	}
	return out
}

// fillCentre returns the rounded centroid of the largest 4-connected region
// of pixels changed to exactly colour c whose centroid pixel shows object
// id (render draws dots at whole pixels).
func fillCentre(f DotFrame, c color.RGBA, id string) (x, y int, ok bool) {
	w, h := f.Marked.Rect.Dx(), f.Marked.Rect.Dy()
	is := func(i int) bool {
		m, r := f.Marked.Pix[4*i:4*i+3], f.Raw.Pix[4*i:4*i+3]
		return m[0] == c.R && m[1] == c.G && m[2] == c.B && (m[0] != r[0] || m[1] != r[1] || m[2] != r[2])
	}
	seen := make([]bool, w*h)
	best := 0
	var stack []int
	for s := range seen {
		if seen[s] || !is(s) {
			continue
		}
		seen[s] = true
		stack = append(stack[:0], s)
		n, sx, sy := 0, 0, 0
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n, sx, sy = n+1, sx+p%w, sy+p/w
			u, v := p%w, p/w
			for _, q := range [4][2]int{{u - 1, v}, {u + 1, v}, {u, v - 1}, {u, v + 1}} {
				if q[0] < 0 || q[1] < 0 || q[0] >= w || q[1] >= h {
					continue
				}
				if k := q[1]*w + q[0]; !seen[k] && is(k) {
					seen[k] = true
					stack = append(stack, k)
				}
			}
		}
		cx, cy := int(math.Round(float64(sx)/float64(n))), int(math.Round(float64(sy)/float64(n)))
		inst := f.IDs[cy*w+cx]
		if n > best && int(inst) < len(f.Objects) && f.Objects[inst] == id {
			best, x, y = n, cx, cy
		}
	}
	return x, y, best > 0
}

// fitDotRadius returns the radius whose dot, drawn in colour c at (x, y)
// over the raw image, best reproduces the marked image around it (least
// absolute difference): a scan in tenths of a pixel, then one in 1/200 px
// around the best, whose radii of least difference give their midpoint.
func fitDotRadius(f DotFrame, c render.NamedColor, x, y int, full float64) float64 {
	k := int(math.Ceil(full)) + 3
	rect := image.Rect(x-k, y-k, x+k+1, y+k+1).Intersect(f.Raw.Rect)
	base := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	draw.Draw(base, base.Rect, f.Raw, rect.Min, draw.Src)
	cost := func(r float64) int {
		m := render.Mark{X: float64(x - rect.Min.X), Y: float64(y - rect.Min.Y), Radius: r, Color: c}
		img := render.DrawMarks(base, []render.Mark{m}, render.StyleDots)
		sum := 0
		for v := 0; v < rect.Dy(); v++ {
			for u := 0; u < rect.Dx(); u++ {
				p := img.Pix[v*img.Stride+4*u:]
				q := f.Marked.Pix[f.Marked.PixOffset(rect.Min.X+u, rect.Min.Y+v):]
				for ch := 0; ch < 3; ch++ {
					sum += absInt(int(p[ch]) - int(q[ch]))
				}
			}
		}
		return sum
	}
	// Scan in quarter pixels, then tenths of that around the best twice;
	// the last scan's radii of least difference give their midpoint.
	best := 1.0
	lo, hi := 1.0, full+1
	for _, step := range []float64{0.25, 0.025, 0.0025} {
		bestCost, first, last := math.MaxInt, best, best
		for r := lo; r <= hi+1e-9; r += step {
			switch c := cost(r); {
			case c < bestCost:
				bestCost, first, last = c, r, r
			case c == bestCost:
				last = r
			}
		}
		best = (first + last) / 2
		lo, hi = math.Max(0.5, best-step), best+step
	}
	return best
}

func absInt(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
