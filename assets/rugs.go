package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"sync"

	"flowbench/sim"
)

// Rugs. A bare floor from wall to wall reads as an empty set; most living
// rooms and bedrooms have a rug. A dressed living room or bedrooms gets one
// with probability RugChance, centred on the largest rectangle of floor
// the room holds (its bounding box when the room is a rectangle; for an
// L-shaped room, the rectangle whose rug is largest: rug_rects.go), its long
// side along that rectangle's, RugMargin inside its sides and at most
// RugMaxLong × RugMaxShort, drawn only when all of it lies on the room's
// floor. It is paint on the floor (sim.Rug): ids, depth, collisions,
// navigation and flow do not change. Its pattern is one of a fixed set of
// RugCount designs painted at start-up from fixed seeds (like the artworks,
// so they are part of DressKey): a border with a plain field, stripes, a
// central medallion or checks, in muted rug colours, with a woven texture.

// Rug placement constants (metres; RugChance a probability).
const (
	RugChance   = 0.7
	RugMargin   = 0.6
	RugMaxLong  = 3.0
	RugMaxShort = 2.0
	RugMinSide  = 0.9
	RugCount    = 12
	rugTexels   = 128
)

var (
	rugOnce sync.Once
	rugSet  [RugCount]*sim.Surface
)

// rugDesigns returns the set of rug surfaces, painted on first use.
func rugDesigns() *[RugCount]*sim.Surface {
	rugOnce.Do(func() {
		for k := range rugSet {
			tex := paintRug(k)
			rugSet[k] = &sim.Surface{Name: "rug:" + tex.Hash[:12], Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: tex, Tile: 1}
		}
	})
	return &rugSet
}

// rugsHash is a hash of every rug design's texels (for DressKey).
func rugsHash() string {
	h := sha256.New()
	for _, s := range rugDesigns() {
		h.Write(s.Texture.Levels[0].Pix)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// rugPalettes are muted rug colours (linear 0..1): field, border, accent.
var rugPalettes = [][3]sim.RGB{
	{{R: 0.45, G: 0.12, B: 0.10}, {R: 0.12, G: 0.14, B: 0.28}, {R: 0.80, G: 0.70, B: 0.52}}, // red, navy, cream
	{{R: 0.78, G: 0.72, B: 0.60}, {R: 0.42, G: 0.30, B: 0.22}, {R: 0.55, G: 0.20, B: 0.14}}, // beige, brown, rust
	{{R: 0.30, G: 0.32, B: 0.34}, {R: 0.62, G: 0.62, B: 0.60}, {R: 0.12, G: 0.12, B: 0.13}}, // greys
	{{R: 0.16, G: 0.24, B: 0.38}, {R: 0.72, G: 0.66, B: 0.52}, {R: 0.50, G: 0.16, B: 0.14}}, // navy, sand, red
	{{R: 0.40, G: 0.42, B: 0.24}, {R: 0.70, G: 0.62, B: 0.44}, {R: 0.22, G: 0.20, B: 0.14}}, // olive, wheat, umber
	{{R: 0.64, G: 0.36, B: 0.24}, {R: 0.86, G: 0.80, B: 0.68}, {R: 0.30, G: 0.18, B: 0.14}}, // terracotta, ivory
}

// paintRug paints rug design k: its style cycles through the four styles,
// its palette and proportions come from a generator seeded with k.
func paintRug(k int) *sim.Texture {
	rng := rand.New(rand.NewPCG(uint64(k), 0x72756773))
	pal := rugPalettes[rng.IntN(len(rugPalettes))]
	field, border, accent := pal[0], pal[1], pal[2]
	n := rugTexels
	c := newCanvas(n, n)
	c.fill(field)
	bw := 8 + rng.IntN(6) // border width in texels
	switch k % 4 {
	case 1: // stripes across the field
		period := 10 + rng.IntN(10)
		for y := 0; y < n; y++ {
			if (y/period)%2 == 1 {
				c.rect(0, y, n, y+1, lerpRGB(field, accent, 0.6))
			}
		}
	case 2: // a central medallion
		r := 0.25 + 0.1*rng.Float64()
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				u, v := (float64(x)+0.5)/float64(n)-0.5, (float64(y)+0.5)/float64(n)-0.5
				if d := math.Abs(u) + math.Abs(v); d < r {
					c.blend(x, y, accent, 1)
					if d < r*0.45 {
						c.blend(x, y, border, 1)
					}
				}
			}
		}
	case 3: // checks of two close tones
		cell := 12 + rng.IntN(8)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if (x/cell+y/cell)%2 == 1 {
					c.blend(x, y, lerpRGB(field, accent, 0.35), 1)
				}
			}
		}
	}
	// The border: a band, and a thin accent line inside it.
	c.rect(0, 0, n, bw, border)
	c.rect(0, n-bw, n, n, border)
	c.rect(0, 0, bw, n, border)
	c.rect(n-bw, 0, n, n, border)
	l := bw + 3
	c.rect(l, l, n-l, l+2, accent)
	c.rect(l, n-l-2, n-l, n-l, accent)
	c.rect(l, l, l+2, n-l, accent)
	c.rect(n-l-2, l, n-l, n-l, accent)
	// Weave: rows of knots a little lighter and darker.
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			f := 1 + 0.06*float64((x+y)%2*2-1) + 0.04*(rng.Float64()-0.5)
			p := &c.px[y*n+x]
			p.R, p.G, p.B = p.R*f, p.G*f, p.B*f
		}
	}
	img := c.image(rng)
	return newTexture("rug-"+textureHash(img.Pix), img)
}

// roomRug returns the rug of room r in a house dressed with seed, if it
// gets one (living rooms and bedrooms, RugChance, and a floor rectangle
// that holds one, as the comment at the top of this file says).
func roomRug(r sim.RoomShape, seed int64) (sim.Rug, bool) {
	if r.Type != sim.LivingRoom && r.Type != sim.Bedroom || unit(seed, "rug", r.ID) >= RugChance || len(r.Polygon) < 3 {
		return sim.Rug{}, false
	}
	for _, rug := range rugCandidates(r.Polygon) {
		if rugOnFloor(r.Polygon, rug) {
			rug.Surface = rugDesigns()[objectHash(seed, "rug design", r.ID)%RugCount]
			return rug, true
		}
	}
	return sim.Rug{}, false
}

// rugOnFloor reports whether all of rug lies on the floor of poly: a 0.1 m
// lattice over it (edges included) inside the polygon.
func rugOnFloor(poly [][2]float64, rug sim.Rug) bool {
	w, d := rug.X1-rug.X0, rug.Z1-rug.Z0
	for i := 0; i <= int(math.Ceil(w/0.1)); i++ {
		for j := 0; j <= int(math.Ceil(d/0.1)); j++ {
			x, z := min(rug.X0+float64(i)*0.1, rug.X1), min(rug.Z0+float64(j)*0.1, rug.Z1)
			if !sim.PointInPolygon(poly, x, z) {
				return false
			}
		}
	}
	return true
}
