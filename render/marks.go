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

// NamedColor is a palette entry.
type NamedColor struct {
	Name  string
	Color color.RGBA
}

// Palette is the set of dot colours (Trubetskoy's distinct colours).
var Palette = []NamedColor{
	{"red", color.RGBA{230, 25, 75, 255}},
	{"green", color.RGBA{60, 180, 75, 255}},
	{"yellow", color.RGBA{255, 225, 25, 255}},
	{"blue", color.RGBA{0, 130, 200, 255}},
	{"orange", color.RGBA{245, 130, 48, 255}},
	{"purple", color.RGBA{145, 30, 180, 255}},
	{"cyan", color.RGBA{70, 240, 240, 255}},
	{"magenta", color.RGBA{240, 50, 230, 255}},
	{"lime", color.RGBA{210, 245, 60, 255}},
	{"pink", color.RGBA{250, 190, 212, 255}},
	{"white", color.RGBA{255, 255, 255, 255}},
	{"black", color.RGBA{0, 0, 0, 255}},
}

// BadgeColor is the disc colour of numbered badges.
var BadgeColor = NamedColor{"red", color.RGBA{220, 20, 30, 255}}

// MinColorDeltaE is the smallest CIE76 difference allowed between a dot's
// colour and the mean colour of the object under it.
const MinColorDeltaE = 40

// Mark is one placed Set-of-Marks overlay.
type Mark struct {
	ID       string  // object id
	Instance uint16  // instance id in the frame
	Number   int     // 1-based position in the request (the badge number)
	X, Y     float64 // centre in pixel coordinates (pixel (i, j) centre at (i, j))
	Radius   float64 // drawn disc radius in pixels: Fit clamped to [MinMarkRadius, MarkRadius]
	Inset    float64 // distance from the centre to the mask boundary, pixels
	Area     int     // visible pixels of the object in the frame
	// Fit is the largest radius the object carries at the mark's centre: the
	// disc stays inside the visible mask (Inset − ½) and covers at most a
	// MarkAreaFactor-th of it (radius √(Area/(MarkAreaFactor·π))).
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

// MarkAreaFactor is the size rule's ratio: an object's visible area must be
// at least this many times its mark's disc area.
const MarkAreaFactor = 4

// fitRadius is the largest disc radius that stays inside a mask at a point
// of the given inset and covers at most 1/MarkAreaFactor of its area.
func fitRadius(inset float64, area int) float64 {
	return math.Min(inset-0.5, math.Sqrt(float64(area)/(MarkAreaFactor*math.Pi)))
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
// Each mark's radius is its Fit clamped to [MinMarkRadius, MarkRadius], and
// Fits records the size rule (callers that must not mention small objects
// check it). Dot colours are drawn from rng among the palette colours
// allowed by AllowedColors, preferring colours not used yet. Unknown ids,
// objects with no visible pixel and objects with no point far enough from
// the other marks are errors naming the id.
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
	used := map[string]bool{}
	marks := make([]Mark, len(ids))
	var placed []Mark
	for _, n := range order {
		id := ids[n]
		m := Mark{ID: id, Instance: insts[n], Number: n + 1, Radius: radius}
		mf := fields[n]
		if mf == nil {
			return nil, fmt.Errorf("marks: object %q: not visible in the frame", id)
		}
		x, y, inset, ok := mf.best(placed, sep)
		if !ok {
			return nil, fmt.Errorf("marks: object %q: no visible point lies %.1f px from the other marks", id, sep)
		}
		mean := mf.mean
		m.X, m.Y, m.Inset, m.Mean, m.Area = float64(x), float64(y), inset, mean, area[n]
		m.Fit = fitRadius(inset, area[n])
		m.Fits = m.Fit >= minR
		m.Radius = math.Min(radius, math.Max(minR, m.Fit))
		if style == StyleBadges {
			m.Color = BadgeColor
		} else {
			allowed := AllowedColors(mean)
			if len(allowed) == 0 {
				return nil, fmt.Errorf("marks: object %q: no palette colour contrasts with its mean colour %v", id, mean)
			}
			var fresh []NamedColor
			for _, c := range allowed {
				if !used[c.Name] {
					fresh = append(fresh, c)
				}
			}
			if len(fresh) > 0 {
				allowed = fresh
			}
			m.Color = allowed[rng.IntN(len(allowed))]
			used[m.Color.Name] = true
		}
		marks[n] = m
		placed = append(placed, m)
	}
	return marks, nil
}

// AllowedColors returns the palette colours a dot on an object of the given
// mean colour may take: not the nearest nor the second-nearest palette colour
// to the mean (CIE76 in CIELAB), and none within MinColorDeltaE of it.
func AllowedColors(mean color.RGBA) []NamedColor {
	ml := LabOf(mean)
	first, second := -1, -1
	dist := make([]float64, len(Palette))
	for i, c := range Palette {
		dist[i] = DeltaE76(ml, LabOf(c.Color))
		switch {
		case first < 0 || dist[i] < dist[first]:
			first, second = i, first
		case second < 0 || dist[i] < dist[second]:
			second = i
		}
	}
	var out []NamedColor
	for i, c := range Palette {
		if i != first && i != second && dist[i] >= MinColorDeltaE {
			out = append(out, c)
		}
	}
	return out
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

// DrawMarks returns a copy of img with the marks drawn on it.
func DrawMarks(img image.Image, marks []Mark, style MarkStyle) *image.RGBA {
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	dc := gg.NewContextForRGBA(dst)
	for _, m := range marks {
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
