package marks

import (
	"image"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/math/fixed"
)

// glyphChars are the characters badge numbers are written with.
const glyphChars = "0123456789-"

// glyph is one pre-rendered character: its coverage mask, the offset of
// the mask's top-left from the pen position on the baseline, and the pen
// advance, whole pixels (full hinting).
type glyph struct {
	mask    *image.Alpha
	off     image.Point
	advance int
}

// glyphSet is the badge characters at one font size; immutable once built,
// so concurrent Numbered calls share it without locking.
type glyphSet struct {
	g map[rune]glyph
}

var (
	glyphMu    sync.Mutex
	glyphSets  = map[int]*glyphSet{}
	boldFont   *truetype.Font
	boldFontOK bool
)

// glyphsAt returns the badge characters in Go Bold at size/4 pixels (size
// in quarter pixels), rendering them on first use. truetype faces are not
// safe for concurrent use, so rendering happens under glyphMu.
func glyphsAt(size int) *glyphSet {
	glyphMu.Lock()
	defer glyphMu.Unlock()
	if s, ok := glyphSets[size]; ok {
		return s
	}
	if !boldFontOK {
		f, err := truetype.Parse(gobold.TTF)
		if err != nil {
			panic("marks: parsing the embedded Go Bold font: " + err.Error())
		}
		boldFont, boldFontOK = f, true
	}
	face := truetype.NewFace(boldFont, &truetype.Options{Size: float64(size) / 4, DPI: 72, Hinting: font.HintingFull})
	defer face.Close()
	s := &glyphSet{g: map[rune]glyph{}}
	for _, r := range glyphChars {
		dr, mask, mp, adv, ok := face.Glyph(fixed.Point26_6{}, r)
		if !ok {
			continue
		}
		a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		for y := 0; y < dr.Dy(); y++ {
			for x := 0; x < dr.Dx(); x++ {
				_, _, _, ca := mask.At(mp.X+x, mp.Y+y).RGBA()
				a.Pix[y*a.Stride+x] = uint8(ca >> 8)
			}
		}
		s.g[r] = glyph{mask: a, off: dr.Min, advance: adv.Round()}
	}
	glyphSets[size] = s
	return s
}

// inkBox returns the box the string's ink covers with the pen starting at
// (0, 0) on the baseline.
func (s *glyphSet) inkBox(text string) image.Rectangle {
	var box image.Rectangle
	pen := 0
	for _, r := range text {
		g, ok := s.g[r]
		if !ok {
			continue
		}
		box = box.Union(g.mask.Rect.Add(g.off).Add(image.Pt(pen, 0)))
		pen += g.advance
	}
	return box
}

// drawCentered blends the string in colour c over dst with its ink box
// centred on (cx, cy) (pixel centres at integers), to the nearest pixel.
func (s *glyphSet) drawCentered(dst *image.NRGBA, text string, cx, cy float64, c [3]uint8) {
	box := s.inkBox(text)
	if box.Empty() {
		return
	}
	// The box covers pixels [Min, Max): its centre is at (Min+Max-1)/2.
	ox := int(math.Round(cx - float64(box.Min.X+box.Max.X-1)/2))
	oy := int(math.Round(cy - float64(box.Min.Y+box.Max.Y-1)/2))
	pen := 0
	for _, r := range text {
		g, ok := s.g[r]
		if !ok {
			continue
		}
		at := g.off.Add(image.Pt(ox+pen, oy)).Add(dst.Rect.Min)
		for y := 0; y < g.mask.Rect.Dy(); y++ {
			for x := 0; x < g.mask.Rect.Dx(); x++ {
				if a := g.mask.Pix[y*g.mask.Stride+x]; a != 0 {
					blend(dst, at.X+x, at.Y+y, c, float64(a)/255)
				}
			}
		}
		pen += g.advance
	}
}
