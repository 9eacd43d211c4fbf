package assets

import (
	"image"
	"math/rand/v2"
	"sync"

	"flowbench/sim"
)

// Newsprint: the printed front page of a procedural newspaper
// (room_items.go), painted in code from a fixed seed, grey so that it
// multiplies the paper's colour. From its top (v = 1) down: a dark
// masthead over a double rule, a headline, then a colour photograph on the
// left and four columns of fine text lines with ragged paragraph ends. Fine print averages to the mid grey a newspaper shows
// from a few metres; until issue 52 the print was raised grey bars on a
// grid, which read as a keyboard.

// newsprintW and newsprintH are the texture's size in texels (the page
// half above the fold, wider than tall).
const (
	newsprintW = 256
	newsprintH = 96
)

var (
	newsprintOnce sync.Once
	newsprintTex  *sim.Texture
)

// newsprint returns the newsprint texture (grey but the photograph), painted on first use.
func newsprint() *sim.Texture {
	newsprintOnce.Do(func() { newsprintTex = paintNewsprint() })
	return newsprintTex
}

// paintNewsprint paints the newsprint texture (see above).
func paintNewsprint() *sim.Texture {
	const W, H = newsprintW, newsprintH
	rng := rand.New(rand.NewPCG(0x6e657773, 2))
	img := image.NewNRGBA(image.Rect(0, 0, W, H))
	set := func(x, y int, g float64) {
		if x < 0 || y < 0 || x >= W || y >= H {
			return
		}
		c := uint8(255 * min(1, max(0, g)))
		i := img.PixOffset(x, y)
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c, c, c, 255
	}
	fill := func(x0, y0, x1, y1 int, g float64) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				set(x, y, g)
			}
		}
	}
	fill(0, 0, W, H, 1)
	// words fills a line of text from x0 to x1 at rows y0..y1 with words of
	// random length and gaps of gap texels, in grey g, up to a share end of
	// it.
	words := func(x0, x1, y0, y1, gap int, g, end float64, minW, maxW int) {
		stop := x0 + int(end*float64(x1-x0))
		for x := x0; x < stop; {
			w := minW + rng.IntN(maxW-minW+1)
			fill(x, y0, min(x+w, stop), y1, g)
			x += w + gap
		}
	}
	const m = 6 // the margin
	// Masthead: a dark title across the middle over a double rule.
	words(m+50, W-m-50, 4, 14, 1, 0.12, 1, 3, 7)
	fill(m, 17, W-m, 18, 0.3)
	fill(m, 19, W-m, 20, 0.3)
	// Headline: one line of bold words across the page.
	words(m, W-m, 24, 30, 3, 0.25, 0.85, 6, 18)
	// The photograph at the left, in colour: sky, hills and a figure.
	px1 := m + 96
	py0 := 36
	for y := py0; y < H-m; y++ {
		for x := m; x < px1; x++ {
			u, v := float64(x-m)/float64(px1-m), float64(y-py0)/float64(H-m-py0)
			r, g, bl := 0.55, 0.72, 0.92 // sky
			if v > 0.55-0.15*u {
				r, g, bl = 0.35, 0.55, 0.30 // hills
			}
			if (u-0.62)*(u-0.62)/0.004+(v-0.6)*(v-0.6)/0.06 < 1 {
				r, g, bl = 0.7, 0.2, 0.15 // a figure in red
			}
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2] = uint8(255*r), uint8(255*g), uint8(255*bl)
		}
	}
	// Text: four columns of fine lines to the right of the photograph,
	// with thin rules between them.
	cols := 4
	cw := (W - m - px1 - 4) / cols
	for c := range cols {
		x0 := px1 + 4 + c*cw
		if c > 0 {
			fill(x0-3, py0, x0-2, H-m, 0.6)
		}
		for y := py0; y+2 <= H-m; y += 3 {
			end := 1.0
			if rng.IntN(7) == 0 {
				end = 0.3 + 0.5*rng.Float64() // a paragraph's last line
			}
			words(x0, x0+cw-5, y, y+1, 1, 0.45, end, 2, 7)
		}
	}
	return newTexture("newsprint-"+textureHash(img.Pix), img)
}
