package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"flowbench/sim"
)

// Paintings show procedural artworks. The catalogs' one picture frame has
// a plain pane where the picture goes (canvasSurfaces); a flat colour there
// reads as a coloured board, not as a painting. Each painting instead gets
// one of a fixed set of artworks painted at start-up from fixed seeds: a
// landscape (sky, sun, layered hills, sometimes a lake), a colour field
// (soft-edged bands), a geometric grid (black lines, a few primary cells)
// or an abstract (soft overlapping discs), each with a little brush noise.
// Nothing is downloaded; the set is a function of this code only, so it is
// part of DressKey. A fixed set keeps the derived models bounded: every
// painting of every house shares one of ArtworkCount textures.

// ArtworkCount is the number of artworks of each orientation (landscape
// and portrait).
const ArtworkCount = 24

// artworkLong and artworkShort are the level-0 sides of an artwork, in
// texels: landscape artworks are artworkLong wide, portrait ones
// artworkLong tall.
const (
	artworkLong  = 128
	artworkShort = 96
)

var (
	artworkOnce sync.Once
	artworkSet  [2][ArtworkCount]*sim.Texture // [landscape, portrait]
)

// artworks returns the set, painted on first use.
func artworks() *[2][ArtworkCount]*sim.Texture {
	artworkOnce.Do(func() {
		for o := range artworkSet {
			for k := range artworkSet[o] {
				artworkSet[o][k] = paintArtwork(k, o == 1)
			}
		}
	})
	return &artworkSet
}

// artwork returns artwork k (0 ≤ k < ArtworkCount), portrait or landscape.
func artwork(k int, portrait bool) *sim.Texture {
	o := 0
	if portrait {
		o = 1
	}
	return artworks()[o][k]
}

// isPortrait reports whether a canvas of size (width x, height y) is taller
// than wide.
func isPortrait(size sim.Vec3) bool { return size[1] > size[0] }

// paintingArt is the artwork of painting o in a house dressed with seed:
// one of ArtworkCount by a seeded hash of its id, in its box's orientation.
func paintingArt(o *sim.Object, seed int64) *sim.Texture {
	return artwork(int(objectHash(seed, o.ID, "artwork")%ArtworkCount), isPortrait(o.Size))
}

// artworksHash is a hash of every artwork's texels (for DressKey).
func artworksHash() string {
	h := sha256.New()
	for _, set := range artworks() {
		for _, a := range set {
			h.Write(a.Levels[0].Pix)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// paintArtwork paints artwork k of one orientation; its style cycles
// through the four styles and its colours and layout come from a generator
// seeded with k and the orientation.
func paintArtwork(k int, portrait bool) *sim.Texture {
	w, h := artworkLong, artworkShort
	if portrait {
		w, h = h, w
	}
	seed := uint64(k)
	if portrait {
		seed += 1 << 32
	}
	rng := rand.New(rand.NewPCG(seed, 0x61727477))
	c := newCanvas(w, h)
	switch k % 4 {
	case 0:
		paintLandscape(c, rng)
	case 1:
		paintColourField(c, rng)
	case 2:
		paintGrid(c, rng)
	default:
		paintDiscs(c, rng)
	}
	img := c.image(rng)
	return newTexture("artwork-"+textureHash(img.Pix), img)
}

// canvas is an artwork being painted: linear RGB per texel, row 0 at the top.
type canvas struct {
	w, h int
	px   []sim.RGB
}

func newCanvas(w, h int) *canvas { return &canvas{w: w, h: h, px: make([]sim.RGB, w*h)} }

// fill sets every texel to col.
func (c *canvas) fill(col sim.RGB) {
	for i := range c.px {
		c.px[i] = col
	}
}

// rect blends col with weight 1 into the texels [x0, x1) × [y0, y1),
// clipped to the canvas.
func (c *canvas) rect(x0, y0, x1, y1 int, col sim.RGB) {
	for y := max(y0, 0); y < min(y1, c.h); y++ {
		for x := max(x0, 0); x < min(x1, c.w); x++ {
			c.blend(x, y, col, 1)
		}
	}
}

// blend mixes colour col into texel (x, y) with weight a (0..1).
func (c *canvas) blend(x, y int, col sim.RGB, a float64) {
	p := &c.px[y*c.w+x]
	p.R += (col.R - p.R) * a
	p.G += (col.G - p.G) * a
	p.B += (col.B - p.B) * a
}

// image quantises the canvas to 8 bits with a little brush noise (±3
// levels per texel, grey, from rng).
func (c *canvas) image(rng *rand.Rand) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, c.w, c.h))
	for i, p := range c.px {
		n := (rng.Float64() - 0.5) * 6 / 255
		img.Pix[4*i] = quant8(p.R + n)
		img.Pix[4*i+1] = quant8(p.G + n)
		img.Pix[4*i+2] = quant8(p.B + n)
		img.Pix[4*i+3] = 255
	}
	return img
}

// quant8 maps 0..1 to 0..255 with rounding and clamping.
func quant8(v float64) uint8 {
	return uint8(math.Round(255 * min(max(v, 0), 1)))
}

// lerpRGB mixes a and b at fraction f.
func lerpRGB(a, b sim.RGB, f float64) sim.RGB {
	return sim.RGB{R: a.R + (b.R-a.R)*f, G: a.G + (b.G-a.G)*f, B: a.B + (b.B-a.B)*f}
}

// smooth is the smoothstep of x over [0, 1].
func smooth(x float64) float64 {
	x = min(max(x, 0), 1)
	return x * x * (3 - 2*x)
}

// paintLandscape paints a sky gradient (day or dusk), a sun and three
// ranges of hills from far (pale, bluish) to near (dark, saturated), or on
// half of them far hills, a lake reflecting the sky and a low near shore.
func paintLandscape(c *canvas, rng *rand.Rand) {
	dusk := rng.IntN(3) == 0
	top, low := sim.HSV(0.58+0.04*rng.Float64(), 0.55, 0.85), sim.HSV(0.55, 0.15, 0.97)
	if dusk {
		top, low = sim.HSV(0.72+0.05*rng.Float64(), 0.45, 0.55), sim.HSV(0.07+0.03*rng.Float64(), 0.55, 0.98)
	}
	for y := range c.h {
		col := lerpRGB(top, low, float64(y)/float64(c.h-1))
		for x := range c.w {
			c.px[y*c.w+x] = col
		}
	}
	sunX, sunY := (0.15+0.7*rng.Float64())*float64(c.w), (0.15+0.25*rng.Float64())*float64(c.h)
	sunR := (0.06 + 0.04*rng.Float64()) * float64(min(c.w, c.h))
	sun := sim.HSV(0.12, 0.25, 1)
	if dusk {
		sun = sim.HSV(0.05, 0.6, 1)
	}
	for y := range c.h {
		for x := range c.w {
			d := math.Hypot(float64(x)-sunX, float64(y)-sunY)
			c.blend(x, y, sun, 1-smooth((d-sunR)/1.5))
		}
	}
	hue := 0.22 + 0.15*rng.Float64() // greens to olive
	if rng.IntN(4) == 0 {
		hue = 0.08 + 0.05*rng.Float64() // autumn
	}
	lake := rng.IntN(2) == 0
	// Ranges from far to near: their ridge's mean height (share of the
	// height from the top) and nearness (0 far .. 1 near). With a lake the
	// middle range gives way to the water and the near range to a low shore.
	ranges := [][2]float64{{0.45, 0}, {0.58, 0.5}, {0.72, 1}}
	if lake {
		ranges = [][2]float64{{0.45, 0}, {0.84, 1}}
	}
	for k, rg := range ranges {
		base, near := rg[0]*float64(c.h), rg[1]
		amp := (0.04 + 0.05*rng.Float64()) * float64(c.h) * (1 - 0.5*near)
		var ph, fr [3]float64
		for i := range 3 {
			ph[i] = rng.Float64() * 2 * math.Pi
			fr[i] = float64(i+1) * (1 + rng.Float64()) * 2 * math.Pi / float64(c.w)
		}
		col := lerpRGB(sim.HSV(0.58, 0.2, 0.75), sim.HSV(hue, 0.6, 0.55-0.2*near), 0.35+0.65*near)
		dark := sim.HSV(hue, 0.7, 0.3)
		for x := range c.w {
			ridge := base
			for i := range 3 {
				ridge -= amp / float64(i+1) * math.Sin(fr[i]*float64(x)+ph[i])
			}
			for y := max(int(ridge)-1, 0); y < c.h; y++ {
				c.blend(x, y, lerpRGB(col, dark, 0.3*float64(y)/float64(c.h)), smooth(float64(y)-ridge+0.5))
			}
		}
		if lake && k == 0 { // water from below the far range's foot down
			top0 := 0.6 * float64(c.h)
			for y := int(top0); y < c.h; y++ {
				f := (float64(y) - top0) / (float64(c.h) - top0)
				c.rect(0, y, c.w, y+1, lerpRGB(lerpRGB(low, top, 0.6*f), sim.HSV(0.55, 0.35, 0.55), 0.25))
			}
		}
	}
}

// paintColourField paints two or three stacked soft-edged bands over a
// ground colour, in colours near one hue and its complement.
func paintColourField(c *canvas, rng *rand.Rand) {
	hue := rng.Float64()
	ground := sim.HSV(hue, 0.5+0.3*rng.Float64(), 0.35+0.3*rng.Float64())
	c.fill(ground)
	n := 2 + rng.IntN(2)
	margin := 0.08 * float64(c.w)
	gap := 0.05 * float64(c.h)
	band := (float64(c.h) - 2*margin - float64(n-1)*gap) / float64(n)
	for b := range n {
		h := hue + 0.08*(rng.Float64()-0.5)
		if rng.IntN(3) == 0 {
			h += 0.5
		}
		col := sim.HSV(h, 0.35+0.4*rng.Float64(), 0.5+0.4*rng.Float64())
		y0 := margin + float64(b)*(band+gap)
		y1 := y0 + band*(0.8+0.2*rng.Float64())
		for y := range c.h {
			for x := range c.w {
				fx, fy := float64(x)+0.5, float64(y)+0.5
				e := min(fx-margin, float64(c.w)-margin-fx, fy-y0, y1-fy)
				c.blend(x, y, col, 0.92*smooth(e/3+0.5))
			}
		}
	}
}

// paintGrid paints black lines on an off-white ground at a few random
// columns and rows, and fills three to five of the cells with red, blue,
// yellow or black.
func paintGrid(c *canvas, rng *rand.Rand) {
	white := sim.RGB{R: 0.93, G: 0.92, B: 0.88}
	c.fill(white)
	// cuts returns 0, up to n lines at least an eighth of size from each
	// other and from the edges, and size, in increasing order.
	cuts := func(n, size int) []int {
		out := []int{0, size}
		for range 8 * n {
			if len(out) == n+2 {
				break
			}
			x := int((0.1 + 0.8*rng.Float64()) * float64(size))
			ok := true
			for _, o := range out {
				ok = ok && ((x-o)*8 >= size || (o-x)*8 >= size)
			}
			if ok {
				out = append(out, x)
			}
		}
		slices.Sort(out)
		return out
	}
	xs, ys := cuts(2+rng.IntN(3), c.w), cuts(2+rng.IntN(3), c.h)
	fills := []sim.RGB{{R: 0.8, G: 0.1, B: 0.1}, {R: 0.1, G: 0.2, B: 0.65}, {R: 0.95, G: 0.8, B: 0.1}, {R: 0.08, G: 0.08, B: 0.08}}
	for range 3 + rng.IntN(3) {
		i, j := rng.IntN(len(xs)-1), rng.IntN(len(ys)-1)
		c.rect(xs[i], ys[j], xs[i+1], ys[j+1], fills[rng.IntN(len(fills))])
	}
	black := sim.RGB{R: 0.05, G: 0.05, B: 0.05}
	lw := max(2, c.w/48)
	for _, x0 := range xs[1 : len(xs)-1] {
		c.rect(x0-lw/2, 0, x0+lw-lw/2, c.h, black)
	}
	for _, y0 := range ys[1 : len(ys)-1] {
		c.rect(0, y0-lw/2, c.w, y0+lw-lw/2, black)
	}
}

// paintDiscs paints six to twelve soft overlapping discs in an analogous
// palette over a pale or dark ground.
func paintDiscs(c *canvas, rng *rand.Rand) {
	hue := rng.Float64()
	ground := sim.HSV(hue+0.5, 0.15, 0.9)
	if rng.IntN(2) == 0 {
		ground = sim.HSV(hue+0.5, 0.4, 0.2)
	}
	c.fill(ground)
	for range 6 + rng.IntN(7) {
		col := sim.HSV(hue+0.25*(rng.Float64()-0.5), 0.5+0.4*rng.Float64(), 0.5+0.45*rng.Float64())
		cx, cy := rng.Float64()*float64(c.w), rng.Float64()*float64(c.h)
		r := (0.08 + 0.2*rng.Float64()) * float64(min(c.w, c.h))
		a := 0.6 + 0.35*rng.Float64()
		for y := max(int(cy-r-2), 0); y < min(int(cy+r+2), c.h); y++ {
			for x := max(int(cx-r-2), 0); x < min(int(cx+r+2), c.w); x++ {
				d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
				c.blend(x, y, col, a*(1-smooth((d-r)/2+0.5)))
			}
		}
	}
}
