// Package marks draws FlowBench-Real's two mark versions (B.4, Marks):
// numbered red badges on every marked object, and colour dots on the
// objects a question mentions.
//
// Coordinates: a mark's X, Y are pixel coordinates relative to the
// image's Bounds().Min, with pixel (i, j) centred at (i, j), as Anchor
// returns them; masks are pixel indices y*W+x in the same frame, W the
// image width. Colour differences are CIE 1976 ΔE*ab (DeltaE76, the
// Euclidean distance in CIELAB, D65), the distance B.4's "40 CIELAB units"
// names.
package marks

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math/bits"
	"math/rand/v2"
	"sort"

	"flowbench/real"
)

// Badge is one numbered badge: the mark number and the pixel it is
// centred on.
type Badge struct {
	N    int
	X, Y float64
}

// Color is a named palette colour.
type Color struct {
	Name string
	RGB  color.NRGBA
}

// Dot is one colour dot centred on a pixel.
type Dot struct {
	X, Y  float64
	Color Color
}

// palette is the dot palette. Every two entries lie more than 43 ΔE*76
// apart (closest: purple and magenta, 43.4; blue and purple, 43.8), so any
// two dots of a question are told apart at a glance and each name is
// unambiguous.
var palette = []Color{
	{"red", color.NRGBA{230, 20, 30, 255}},
	{"orange", color.NRGBA{255, 140, 0, 255}},
	{"yellow", color.NRGBA{255, 230, 0, 255}},
	{"green", color.NRGBA{30, 170, 50, 255}},
	{"cyan", color.NRGBA{0, 225, 235, 255}},
	{"blue", color.NRGBA{0, 110, 255, 255}},
	{"purple", color.NRGBA{115, 25, 150, 255}},
	{"magenta", color.NRGBA{240, 0, 220, 255}},
	{"pink", color.NRGBA{255, 160, 200, 255}},
	{"brown", color.NRGBA{120, 70, 20, 255}},
	{"white", color.NRGBA{255, 255, 255, 255}},
	{"black", color.NRGBA{0, 0, 0, 255}},
}

// paletteLab is palette in CIELAB.
var paletteLab = func() []Lab {
	out := make([]Lab, len(palette))
	for i, c := range palette {
		out[i] = LabOf(c.RGB)
	}
	return out
}()

// Palette returns the dot colours in a fixed order: red, orange, yellow,
// green, cyan, blue, purple, magenta, pink, brown, white, black. Names are
// plain English words for question text ("the object with the blue dot").
// The slice is a fresh copy.
func Palette() []Color { return append([]Color(nil), palette...) }

// ColorByName returns the palette colour of that name.
func ColorByName(name string) (Color, bool) {
	for _, c := range palette {
		if c.Name == name {
			return c, true
		}
	}
	return Color{}, false
}

// Allowed returns the palette colours a dot may take on an object whose
// mean colour is mean (B.4, Marks): every palette colour except the
// nearest and the second-nearest to mean and except any within
// real.DotMinDeltaE of it, all by ΔE*76. Ties in nearness go to the
// earlier palette entry. The order is the palette's.
func Allowed(mean Lab) []Color {
	m := allowedMask(mean, paletteLab)
	var out []Color
	for i, c := range palette {
		if m&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// allowedMask is Allowed as a bit set over the indices of a palette whose
// CIELAB values are labs.
func allowedMask(mean Lab, labs []Lab) uint32 {
	first, second := -1, -1
	dist := make([]float64, len(labs))
	for i, c := range labs {
		dist[i] = DeltaE76(mean, c)
		switch {
		case first < 0 || dist[i] < dist[first]:
			first, second = i, first
		case second < 0 || dist[i] < dist[second]:
			second = i
		}
	}
	var m uint32
	for i := range labs {
		if i != first && i != second && dist[i] >= real.DotMinDeltaE {
			m |= 1 << i
		}
	}
	return m
}

// ChooseColors picks one distinct palette colour per object (each object
// given by its mask's pixel indices y*W+x in img), at random from rng: a
// colour is never the palette colour nearest or second nearest to the
// object's mean colour beneath it, nor within DotMinDeltaE CIELAB units of
// it. It fails when no palette colour qualifies.
//
// The mean colour is the mean in CIELAB of the mask's pixels (each pixel's
// sRGB converted to L*a*b*, D65, then averaged; MeanLab), distances are
// ΔE*76 (Allowed). Objects are coloured in order, each uniformly among its
// allowed colours that are still free and still leave a distinct allowed
// colour for every later object (checked by bipartite matching), so the
// draw succeeds whenever any distinct assignment exists and is a function
// of rng. It errs on an empty or out-of-image mask, on an object no palette
// colour qualifies for, and when the objects cannot all take distinct
// colours.
func ChooseColors(img image.Image, masks [][]int32, rng *rand.Rand) ([]Color, error) {
	means := make([]Lab, len(masks))
	for k, pix := range masks {
		m, err := MeanLab(img, pix)
		if err != nil {
			return nil, fmt.Errorf("marks: object %d: %w", k, err)
		}
		means[k] = m
	}
	return choose(means, palette, paletteLab, rng)
}

// choose is ChooseColors on the objects' mean colours, over the palette
// pal (at most 32 colours) whose CIELAB values are labs.
func choose(means []Lab, pal []Color, labs []Lab, rng *rand.Rand) ([]Color, error) {
	if len(means) == 0 {
		return []Color{}, nil
	}
	if len(means) > len(pal) {
		return nil, fmt.Errorf("marks: %d objects but only %d palette colours", len(means), len(pal))
	}
	allowed := make([]uint32, len(means))
	for k, mean := range means {
		allowed[k] = allowedMask(mean, labs)
		if allowed[k] == 0 {
			return nil, fmt.Errorf("marks: object %d: no palette colour qualifies for a dot on its mean colour L*a*b* (%.1f, %.1f, %.1f): all lie within %.0f ΔE*76 or are among the two nearest",
				k, mean.L, mean.A, mean.B, real.DotMinDeltaE)
		}
	}
	if !matchable(allowed, 0, len(pal)) {
		return nil, fmt.Errorf("marks: the %d objects cannot all take distinct palette colours: allowed colours per object %s", len(means), describe(allowed, pal))
	}
	out := make([]Color, len(means))
	var used uint32
	cand := make([]int, 0, len(pal))
	for k, a := range allowed {
		cand = cand[:0]
		for i := range pal {
			if a&^used&(1<<i) != 0 {
				cand = append(cand, i)
			}
		}
		rng.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
		picked := -1
		for _, i := range cand {
			if matchable(allowed[k+1:], used|1<<i, len(pal)) {
				picked = i
				break
			}
		}
		if picked < 0 { // unreachable: the full matching exists
			return nil, errors.New("marks: internal error: colour assignment lost its matching")
		}
		used |= 1 << picked
		out[k] = pal[picked]
	}
	return out, nil
}

// matchable reports whether every object can take a distinct colour (of
// ncol) of its allowed set outside used (Kuhn's augmenting paths).
func matchable(allowed []uint32, used uint32, ncol int) bool {
	owner := make([]int, ncol) // object holding colour i, -1 if none
	for i := range owner {
		owner[i] = -1
	}
	var try func(k int, seen *uint32) bool
	try = func(k int, seen *uint32) bool {
		for i := range ncol {
			bit := uint32(1) << i
			if allowed[k]&^used&bit == 0 || *seen&bit != 0 {
				continue
			}
			*seen |= bit
			if owner[i] < 0 || try(owner[i], seen) {
				owner[i] = k
				return true
			}
		}
		return false
	}
	for k := range allowed {
		var seen uint32
		if !try(k, &seen) {
			return false
		}
	}
	return true
}

// describe lists each object's allowed colour names for an error message.
func describe(allowed []uint32, pal []Color) string {
	s := ""
	for k, a := range allowed {
		names := make([]string, 0, bits.OnesCount32(a))
		for i, c := range pal {
			if a&(1<<i) != 0 {
				names = append(names, c.Name)
			}
		}
		sort.Strings(names)
		s += fmt.Sprintf("%d:%v ", k, names)
	}
	return s[:len(s)-1]
}

// MeanLab returns the mean CIELAB colour (D65) of the pixels of img at the
// mask's indices y*W+x (W the width of img's bounds, x and y relative to
// its Min): each pixel's 8-bit sRGB (alpha ignored, premultiplied colours
// unpremultiplied) is converted to L*a*b* and the results are averaged, so
// the mean is perceptual rather than a mean of gamma-encoded values. It errs
// on an empty mask or an index outside the image.
func MeanLab(img image.Image, pix []int32) (Lab, error) {
	if len(pix) == 0 {
		return Lab{}, errors.New("empty mask")
	}
	b := img.Bounds()
	w, n := b.Dx(), b.Dx()*b.Dy()
	var sl, sa, sb float64
	for _, p := range pix {
		if p < 0 || int(p) >= n {
			return Lab{}, fmt.Errorf("mask index %d outside the %dx%d image", p, w, b.Dy())
		}
		r, g, bl := rgbAt(img, b.Min.X+int(p)%w, b.Min.Y+int(p)/w)
		c := LabOfRGB(r, g, bl)
		sl, sa, sb = sl+c.L, sa+c.A, sb+c.B
	}
	k := float64(len(pix))
	return Lab{L: sl / k, A: sa / k, B: sb / k}, nil
}

// rgbAt returns the 8-bit non-premultiplied sRGB of pixel (x, y), with fast
// paths for the image types decoders return.
func rgbAt(img image.Image, x, y int) (r, g, b uint8) {
	switch m := img.(type) {
	case *image.NRGBA:
		p := m.Pix[m.PixOffset(x, y):]
		return p[0], p[1], p[2]
	case *image.RGBA:
		p := m.Pix[m.PixOffset(x, y):]
		if p[3] == 255 {
			return p[0], p[1], p[2]
		}
	case *image.YCbCr:
		yi, ci := m.YOffset(x, y), m.COffset(x, y)
		return color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
	}
	c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
	return c.R, c.G, c.B
}
