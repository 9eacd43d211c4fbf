package marks

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"flowbench/render"
)

// BadgeColor is the fill of numbered badges (the simulated half's badge
// red); their outline and number are white.
var BadgeColor = color.NRGBA(render.BadgeColor.Color)

// MarkRadius returns the outer radius in pixels (outline included) of
// badges and dots on a w×h image: 11 px at 640×480, scaling with the
// smaller side, and never under 7 px so a number stays legible.
func MarkRadius(w, h int) float64 {
	return math.Max(7, 11*float64(min(w, h))/480)
}

// badgeOutline and dotOutline are the outline widths for a mark radius.
func badgeOutline(r float64) float64 { return math.Max(1.5, 0.18*r) }
func dotOutline(r float64) float64   { return math.Max(1.25, 0.12*r) }

// Numbered returns a copy of img with a red numbered badge per badge.
//
// Each badge is a BadgeColor disc of radius MarkRadius with a white outline
// and its number in white Go Bold centred on it (numbers of two or more
// digits are set smaller to fit). A badge whose disc would cross the image
// border is moved inwards until it is fully visible (ClampCenter); a badge
// with a non-finite coordinate is not drawn. Later badges are drawn over
// earlier ones. img is not modified; the result has img's bounds.
func Numbered(img image.Image, badges []Badge) *image.NRGBA {
	dst := copyNRGBA(img)
	w, h := dst.Rect.Dx(), dst.Rect.Dy()
	r := MarkRadius(w, h)
	lw := badgeOutline(r)
	white := color.NRGBA{255, 255, 255, 255}
	for _, b := range badges {
		if !finite(b.X) || !finite(b.Y) {
			continue
		}
		cx, cy := ClampCenter(b.X, b.Y, r, w, h)
		disc(dst, cx, cy, r, r-lw, white, BadgeColor)
		text := strconv.Itoa(b.N)
		glyphs := glyphsAt(numberSize(r, text))
		glyphs.drawCentered(dst, text, cx, cy, [3]uint8{255, 255, 255})
	}
	return dst
}

// numberSize returns the font size, in quarter pixels, of a badge number:
// 1.3 r for one digit (digit height ≈ r), smaller for longer numbers so
// the ink spans about 1.35 r across (within the red of the disc).
func numberSize(r float64, text string) int {
	size := 1.3 * r
	if len(text) > 1 {
		// Go Bold digits advance 0.6 em.
		size = math.Min(size, 1.35*r/(0.6*float64(len(text))))
	}
	return max(4, int(math.Round(size*4)))
}

// Dots returns a copy of img with the colour dots drawn.
//
// Each dot is a disc of its colour with radius MarkRadius and a thin white
// or black outline, whichever differs more from the dot colour (ΔE*76;
// OutlineFor). Dots are kept fully inside the image like badges
// (ClampCenter); a dot with a non-finite coordinate is not drawn. img is
// not modified; the result has img's bounds.
func Dots(img image.Image, dots []Dot) *image.NRGBA {
	dst := copyNRGBA(img)
	w, h := dst.Rect.Dx(), dst.Rect.Dy()
	r := MarkRadius(w, h)
	lw := dotOutline(r)
	for _, d := range dots {
		if !finite(d.X) || !finite(d.Y) {
			continue
		}
		cx, cy := ClampCenter(d.X, d.Y, r, w, h)
		fill := d.Color.RGB
		fill.A = 255
		disc(dst, cx, cy, r, r-lw, OutlineFor(fill), fill)
	}
	return dst
}

// OutlineFor returns white or black, whichever is farther from c in ΔE*76;
// as both are neutral this is black for L* ≥ 50 and white below.
func OutlineFor(c color.NRGBA) color.NRGBA {
	l := LabOf(c)
	if DeltaE76(l, Lab{L: 100, A: 0, B: 0}) >= DeltaE76(l, Lab{}) {
		return color.NRGBA{255, 255, 255, 255}
	}
	return color.NRGBA{0, 0, 0, 255}
}

// ClampCenter moves a mark centre (pixel centres at integers) so a disc of
// radius r around it lies fully inside a w×h image: x within
// [r−½, w−½−r], likewise y; on an image narrower than the disc the centre
// goes to the middle.
func ClampCenter(x, y, r float64, w, h int) (float64, float64) {
	return clamp1(x, r, w), clamp1(y, r, h)
}

func clamp1(v, r float64, n int) float64 {
	lo, hi := r-0.5, float64(n)-0.5-r
	if lo > hi {
		return float64(n-1) / 2
	}
	return math.Min(math.Max(v, lo), hi)
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// disc blends an antialiased disc centred on (cx, cy) over dst: outer
// radius rOut in colour ring, inner radius rIn in colour fill (the ring is
// the outline between them). Coverage is the distance-based approximation
// clamp(R − d + ½, 0, 1) per pixel centre.
func disc(dst *image.NRGBA, cx, cy, rOut, rIn float64, ring, fill color.NRGBA) {
	w, h := dst.Rect.Dx(), dst.Rect.Dy()
	x0, x1 := max(0, int(math.Floor(cx-rOut-1))), min(w-1, int(math.Ceil(cx+rOut+1)))
	y0, y1 := max(0, int(math.Floor(cy-rOut-1))), min(h-1, int(math.Ceil(cy+rOut+1)))
	for y := y0; y <= y1; y++ {
		dy := float64(y) - cy
		for x := x0; x <= x1; x++ {
			dx := float64(x) - cx
			d := math.Sqrt(dx*dx + dy*dy)
			cOut := clamp01(rOut - d + 0.5)
			if cOut == 0 {
				continue
			}
			cIn := clamp01(rIn - d + 0.5)
			// Colour of the covered part: fill where the inner disc
			// covers, ring elsewhere.
			var c [3]uint8
			t := cIn / cOut
			c[0] = uint8(math.Round(float64(fill.R)*t + float64(ring.R)*(1-t)))
			c[1] = uint8(math.Round(float64(fill.G)*t + float64(ring.G)*(1-t)))
			c[2] = uint8(math.Round(float64(fill.B)*t + float64(ring.B)*(1-t)))
			blend(dst, dst.Rect.Min.X+x, dst.Rect.Min.Y+y, c, cOut)
		}
	}
}

func clamp01(v float64) float64 { return math.Min(1, math.Max(0, v)) }

// blend composites opaque colour c with coverage a over pixel (x, y) of dst
// (absolute coordinates), source-over in 8-bit sRGB.
func blend(dst *image.NRGBA, x, y int, c [3]uint8, a float64) {
	p := dst.Pix[dst.PixOffset(x, y):]
	da := float64(p[3]) / 255
	outA := a + da*(1-a)
	if outA <= 0 {
		return
	}
	for i := 0; i < 3; i++ {
		v := (float64(c[i])*a + float64(p[i])*da*(1-a)) / outA
		p[i] = uint8(math.Round(v))
	}
	p[3] = uint8(math.Round(outA * 255))
}

// copyNRGBA returns img as a new *image.NRGBA with the same bounds.
func copyNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	dst := image.NewNRGBA(b)
	switch m := img.(type) {
	case *image.NRGBA:
		for y := b.Min.Y; y < b.Max.Y; y++ {
			copy(dst.Pix[dst.PixOffset(b.Min.X, y):dst.PixOffset(b.Max.X, y)], m.Pix[m.PixOffset(b.Min.X, y):m.PixOffset(b.Max.X, y)])
		}
		return dst
	case *image.RGBA, *image.YCbCr, *image.Gray:
	default:
		draw.Draw(dst, b, img, b.Min, draw.Src)
		return dst
	}
	// draw has fast paths into *image.RGBA; go through one and
	// unpremultiply (a plain copy where opaque).
	tmp := image.NewRGBA(b)
	draw.Draw(tmp, b, img, b.Min, draw.Src)
	for i := 0; i < len(tmp.Pix); i += 4 {
		s, d := tmp.Pix[i:i+4:i+4], dst.Pix[i:i+4:i+4]
		switch s[3] {
		case 255:
			copy(d, s)
		case 0:
		default:
			a := uint32(s[3])
			d[0], d[1], d[2], d[3] = uint8(uint32(s[0])*255/a), uint8(uint32(s[1])*255/a), uint8(uint32(s[2])*255/a), s[3]
		}
	}
	return dst
}
