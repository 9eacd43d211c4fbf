package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
)

// MarkStyle is how Set-of-Marks overlays look.
type MarkStyle int

const (
	// StyleDots draws a coloured dot with a thin contrasting outline per object.
	StyleDots MarkStyle = iota
	// StyleBadges draws a red disc with a white number per object.
	StyleBadges
)

// String names the style as the CLI spells it.
func (s MarkStyle) String() string {
	if s == StyleBadges {
		return "badges"
	}
	return "dots"
}

// ParseMarkStyle parses "dots" or "badges".
func ParseMarkStyle(s string) (MarkStyle, error) {
	switch s {
	case "dots":
		return StyleDots, nil
	case "badges":
		return StyleBadges, nil
	}
	return 0, fmt.Errorf("mark style %q: want dots or badges", s)
}

// Mark is one placed Set-of-Marks overlay.
type Mark struct {
	ID       string  // object id
	Instance uint16  // instance id in the frame
	Number   int     // 1-based position in the request (the badge number)
	X, Y     float64 // centre in pixel coordinates (pixel (i, j) centre at (i, j))
	Radius   float64 // drawn disc radius in pixels: Fit capped at MarkRadius, never more than Fit
	Inset    float64 // distance from the centre to the mask boundary, pixels
	Area     int     // visible pixels of the object in the frame
	// Fit is the largest radius, up to MarkRadius, the object carries at the
	// mark's centre: the disc stays inside the visible mask (Inset − ½) and
	// covers at most MaxMarkCover of its pixels, counted (marks_cover.go).
	Fit float64
	// Fits reports the size rule: Fit ≥ MinMarkRadius, so the object still
	// shows around its mark.
	Fits  bool
	Color NamedColor // dot colour (BadgeColor for badges)
	Mean  color.RGBA // mean colour of the object's visible pixels
}

// MarkRadius returns the disc radius for an image size: it scales with the
// smaller image side (12.8 px dots, 22.4 px badges at 800×800).
func MarkRadius(style MarkStyle, width, height int) float64 {
	s := float64(min(width, height))
	if style == StyleBadges {
		return math.Max(6, 0.028*s)
	}
	return math.Max(3, 0.016*s)
}

// MinMarkRadius is the smallest radius a mark shrinks to on a small object:
// half the full radius, and never under 2.5 px (a 5 px disc).
func MinMarkRadius(style MarkStyle, width, height int) float64 {
	return math.Max(2.5, MarkRadius(style, width, height)/2)
}

// MarkSeparation is the smallest distance between two mark centres: the
// discs stay a quarter radius apart, outline included.
func MarkSeparation(radius float64) float64 { return 2*radius + math.Max(2, radius/2) }

// NewMarkRNG returns the seeded PCG generator colours are drawn from.
func NewMarkRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed_0f_4a4b5))
}

// PlaceMarks places one mark per id and returns them in the order of ids.
// Marks are placed from the smallest visible mask to the largest (ties in
// request order); each sits at the point of its object's visible mask farthest
// from the mask boundary (exact Euclidean distance transform; the image
// border counts as boundary) among the points at least MarkSeparation from
// the marks already placed; ties go to the topmost, then leftmost pixel.
// Each mark's radius is its Fit capped at MarkRadius, so it covers at most
// MaxMarkCover of its object's visible pixels, and Fits records the size
// rule (callers that must not mention small objects check it). Dot colours
// are drawn from rng among the palette colours allowed by AllowedColors, any
// two of them at least MinDotPairDeltaE2000 apart (chooseColors). Unknown
// ids, objects with no visible pixel, objects with no point far enough from
// the other marks, and dots that cannot all be coloured are errors.
func PlaceMarks(f *Frame, ids []string, rng *rand.Rand, style MarkStyle) ([]Mark, error) {
	if f == nil || f.Width <= 0 || f.Height <= 0 {
		return nil, errors.New("marks: empty frame")
	}
	radius := MarkRadius(style, f.Width, f.Height)
	minR := MinMarkRadius(style, f.Width, f.Height)
	sep := MarkSeparation(radius)
	// Place the smallest masks first: they have the fewest candidate points.
	insts := make([]uint16, len(ids))
	order := make([]int, len(ids))
	for n, id := range ids {
		inst, ok := f.Instance(id)
		if !ok {
			return nil, fmt.Errorf("marks: unknown object id %q", id)
		}
		insts[n], order[n] = inst, n
	}
	fields := maskFields(f, insts)
	area := make([]int, len(ids))
	for n, mf := range fields {
		if mf != nil {
			area[n] = mf.area
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return area[order[a]] < area[order[b]] })
	marks := make([]Mark, len(ids))
	var placed []Mark
	allowed := make([][]NamedColor, 0, len(ids))
	for _, n := range order {
		id := ids[n]
		m := Mark{ID: id, Instance: insts[n], Number: n + 1}
		mf := fields[n]
		if mf == nil {
			return nil, fmt.Errorf("marks: object %q: not visible in the frame", id)
		}
		x, y, inset, ok := mf.best(placed, sep)
		if !ok {
			return nil, fmt.Errorf("marks: object %q: no visible point lies %.1f px from the other marks", id, sep)
		}
		m.X, m.Y, m.Inset, m.Mean, m.Area = float64(x), float64(y), inset, mf.mean, area[n]
		m.Fit = mf.fit(x, y, inset, radius)
		m.Fits = m.Fit >= minR
		m.Radius = math.Max(0, m.Fit)
		if style == StyleBadges {
			m.Color = BadgeColor
		} else {
			a := AllowedColors(mf.mean)
			if len(a) == 0 {
				return nil, fmt.Errorf("marks: object %q: no palette colour contrasts with its mean colour %v", id, mf.mean)
			}
			allowed = append(allowed, a)
		}
		marks[n] = m
		placed = append(placed, m)
	}
	if style != StyleBadges {
		cols, ok := chooseColors(allowed, rng)
		if !ok {
			return nil, fmt.Errorf("marks: no colours for %d dots that contrast with their objects and differ pairwise by CIEDE2000 %d", len(ids), MinDotPairDeltaE2000)
		}
		for k, n := range order {
			marks[n].Color = cols[k]
		}
	}
	return marks, nil
}

// maskField is the distance transform of one instance's visible mask over
// its bounding box padded by one background pixel all round, so the image
// border counts as boundary.
type maskField struct {
	x0, y0, w, h int
	mask         []bool
	d            []float64 // squared distance to the nearest pixel outside the mask
	area         int
	mean         color.RGBA
}

// maskFields builds the fields of several instances in one pass over the
// frame (nil for an instance with no visible pixel, and for instance 0,
// which is no object). A frame without RGB gives black mean colours.
func maskFields(f *Frame, insts []uint16) []*maskField {
	type acc struct{ x0, y0, x1, y1, sr, sg, sb, n int }
	slot := map[uint16]int{}
	accs := make([]acc, 0, len(insts))
	for _, inst := range insts {
		if _, ok := slot[inst]; !ok && inst != 0 {
			slot[inst] = len(accs)
			accs = append(accs, acc{x0: f.Width, y0: f.Height, x1: -1, y1: -1})
		}
	}
	// A dense lookup table avoids a map access per pixel.
	maxInst := uint16(0)
	for inst := range slot {
		maxInst = max(maxInst, inst)
	}
	table := make([]int32, int(maxInst)+1)
	for i := range table {
		table[i] = -1
	}
	for inst, k := range slot {
		table[inst] = int32(k)
	}
	for v := 0; v < f.Height; v++ {
		row := f.IDs[v*f.Width : (v+1)*f.Width]
		for u, id := range row {
			if int(id) >= len(table) || table[id] < 0 {
				continue
			}
			a := &accs[table[id]]
			a.x0, a.y0, a.x1, a.y1 = min(a.x0, u), min(a.y0, v), max(a.x1, u), max(a.y1, v)
			a.n++
			if f.RGB != nil {
				p := f.RGB.Pix[v*f.RGB.Stride+4*u:]
				a.sr, a.sg, a.sb = a.sr+int(p[0]), a.sg+int(p[1]), a.sb+int(p[2])
			}
		}
	}
	out := make([]*maskField, len(insts))
	built := make([]*maskField, len(accs))
	for i, inst := range insts {
		k, ok := slot[inst]
		if !ok {
			continue // instance 0: no object
		}
		a := accs[k]
		if a.n == 0 {
			continue
		}
		if built[k] == nil {
			n := a.n
			mf := &maskField{x0: a.x0, y0: a.y0, w: a.x1 - a.x0 + 3, h: a.y1 - a.y0 + 3, area: n,
				mean: color.RGBA{uint8((a.sr + n/2) / n), uint8((a.sg + n/2) / n), uint8((a.sb + n/2) / n), 255}}
			mf.mask = make([]bool, mf.w*mf.h)
			for v := a.y0; v <= a.y1; v++ {
				for u := a.x0; u <= a.x1; u++ {
					if f.IDs[v*f.Width+u] == inst {
						mf.mask[(v-a.y0+1)*mf.w+(u-a.x0+1)] = true
					}
				}
			}
			mf.d = distanceTransform(mf.mask, mf.w, mf.h)
			built[k] = mf
		}
		out[i] = built[k]
	}
	return out
}

// inset is the distance from pixel (x, y) to the nearest pixel outside the
// mask (0 outside it).
func (mf *maskField) inset(x, y int) float64 {
	u, v := x-mf.x0+1, y-mf.y0+1
	if u < 1 || v < 1 || u >= mf.w-1 || v >= mf.h-1 {
		return 0
	}
	return math.Sqrt(mf.d[v*mf.w+u])
}

// best returns the mask point farthest from the boundary among those at
// least sep from every placed mark (ties: topmost, then leftmost); ok is
// false when there is none.
func (mf *maskField) best(placed []Mark, sep float64) (x, y int, inset float64, ok bool) {
	best := -1.0
	for v := 1; v < mf.h-1; v++ {
		for u := 1; u < mf.w-1; u++ {
			dv := mf.d[v*mf.w+u]
			if dv <= best || !mf.mask[v*mf.w+u] {
				continue
			}
			px, py := float64(u-1+mf.x0), float64(v-1+mf.y0)
			free := true
			for _, m := range placed {
				if math.Hypot(px-m.X, py-m.Y) < sep {
					free = false
					break
				}
			}
			if free {
				best, x, y = dv, u-1+mf.x0, v-1+mf.y0
			}
		}
	}
	if best < 0 {
		return 0, 0, 0, false
	}
	return x, y, math.Sqrt(best), true
}

// DrawMarks returns a copy of img with the marks drawn on it (a mark of
// radius 0 or less, on which no disc fits, is not drawn).
func DrawMarks(img image.Image, marks []Mark, style MarkStyle) *image.RGBA {
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	dc := gg.NewContextForRGBA(dst)
	for _, m := range marks {
		if m.Radius <= 0 {
			continue // no disc fits: nothing to draw
		}
		// Pixel centre (i, j) is at gg coordinates (i+0.5, j+0.5).
		cx, cy := m.X+0.5, m.Y+0.5
		lw := math.Max(1, 0.15*m.Radius)
		switch style {
		case StyleBadges:
			dc.DrawCircle(cx, cy, m.Radius)
			dc.SetColor(BadgeColor.Color)
			dc.FillPreserve()
			dc.SetColor(color.White)
			dc.SetLineWidth(lw)
			dc.Stroke()
			dc.SetFontFace(badgeFace(m.Radius * 1.1))
			dc.SetColor(color.White)
			dc.DrawStringAnchored(strconv.Itoa(m.Number), cx, cy, 0.5, 0.38)
		default:
			dc.DrawCircle(cx, cy, m.Radius-lw/2)
			dc.SetColor(m.Color.Color)
			dc.FillPreserve()
			dc.SetColor(OutlineColor(m.Color.Color))
			dc.SetLineWidth(lw)
			dc.Stroke()
		}
	}
	return dst
}

// OutlineColor returns black for light colours and white for dark ones.
func OutlineColor(c color.RGBA) color.Color {
	if LabOf(c).L > 55 {
		return color.Black
	}
	return color.White
}

// badgeFont is the parsed Go Bold font used for badge numbers.
var badgeFont = func() *truetype.Font {
	f, err := truetype.Parse(gobold.TTF)
	if err != nil {
		panic("render: parsing the embedded Go Bold font: " + err.Error())
	}
	return f
}()

// badgeFace returns a Go Bold face of the given pixel size.
func badgeFace(size float64) font.Face {
	return truetype.NewFace(badgeFont, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingFull})
}
