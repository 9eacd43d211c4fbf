package assets

import (
	"image"
	"math"
	"math/rand/v2"
	"sync"

	"flowbench/sim"
)

// Wood grain for procedural furniture in wood finishes (furniture.go): one
// texture painted in code, grey so that it multiplies a finish's colour,
// tiling seamlessly, its grain running along u. Boxes of procedural
// furniture get planar UVs of one repeat per woodRepeat metres along each
// face's longer side (partsBuilder.uvMetres), so the grain runs along a
// top, a front or a leg.

// woodSize is the wood texture's side in texels; woodRepeat the length in
// metres one repeat covers.
const (
	woodSize   = 256
	woodRepeat = 0.6
)

var (
	woodOnce sync.Once
	woodTex  *sim.Texture
)

// woodGrain returns the wood texture, painted on first use.
func woodGrain() *sim.Texture {
	woodOnce.Do(func() { woodTex = paintWoodGrain() })
	return woodTex
}

// paintWoodGrain paints the wood texture: growth rings across v (a whole
// number of them per repeat), bent by smooth periodic noise, with fine
// streaks along u; texel values between about 0.7 and 1.
func paintWoodGrain() *sim.Texture {
	const n = woodSize
	rng := rand.New(rand.NewPCG(0x776f6f64, 1))
	bend := newPeriodicNoise(rng, 3, 2)     // gentle bends of the rings
	streak := newPeriodicNoise(rng, 32, 64) // fine streaks along u
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	const rings = 14
	for y := range n {
		for x := range n {
			u, v := float64(x)/n, float64(y)/n
			t := rings * (v + 0.025*bend.at(u, v))
			ring := 0.5 + 0.5*math.Cos(2*math.Pi*t)
			g := 0.96 - 0.16*math.Pow(ring, 6) - 0.05*streak.at(u, v)
			c := uint8(math.Round(255 * min(1, max(0, g))))
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c, c, c, 255
		}
	}
	return newTexture("wood-"+textureHash(img.Pix), img)
}

// periodicNoise is smooth value noise on the unit square that wraps in both
// directions: random values on a nx × ny lattice, interpolated with a
// smoothstep.
type periodicNoise struct {
	nx, ny int
	v      []float64
}

// newPeriodicNoise draws the lattice values (in [-1, 1]) from rng.
func newPeriodicNoise(rng *rand.Rand, nx, ny int) periodicNoise {
	p := periodicNoise{nx: nx, ny: ny, v: make([]float64, nx*ny)}
	for i := range p.v {
		p.v[i] = 2*rng.Float64() - 1
	}
	return p
}

// at returns the noise at (u, v) in [0, 1)².
func (p periodicNoise) at(u, v float64) float64 {
	fx, fy := u*float64(p.nx), v*float64(p.ny)
	x0, y0 := int(fx), int(fy)
	sx, sy := smooth(fx-float64(x0)), smooth(fy-float64(y0))
	get := func(x, y int) float64 { return p.v[(y%p.ny)*p.nx+x%p.nx] }
	a := get(x0, y0) + (get(x0+1, y0)-get(x0, y0))*sx
	b := get(x0, y0+1) + (get(x0+1, y0+1)-get(x0, y0+1))*sx
	return a + (b-a)*sy
}
