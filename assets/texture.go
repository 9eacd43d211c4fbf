package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	_ "image/gif"  // texture formats found in the catalogs
	_ "image/jpeg" //
	_ "image/png"  //

	_ "golang.org/x/image/bmp"

	"flowbench/sim"
)

// MaxTextureSize is the largest side of a texture's level 0 after loading:
// larger images are box-filtered down at build time.
const MaxTextureSize = 256

// textureHash is the hex sha256 (first 16 bytes) of a source file.
func textureHash(src []byte) string {
	h := sha256.Sum256(src)
	return hex.EncodeToString(h[:16])
}

// decodeTexture decodes an image file into a texture of at most
// MaxTextureSize pixels a side with its mip chain. cutout reports whether at
// least 5% of the texels have alpha below sim.CutoutThreshold. An image
// whose header declares more than caps.imageSide pixels a side or
// caps.imagePixels pixels is refused before any pixel is decoded.
func decodeTexture(src []byte) (tex *sim.Texture, cutout bool, err error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(src))
	if err != nil {
		return nil, false, err
	}
	if cfg.Width > caps.imageSide || cfg.Height > caps.imageSide || cfg.Width*cfg.Height > caps.imagePixels {
		return nil, false, fmt.Errorf("%s image of %d×%d pixels, %w of %d pixels a side and %d in all (not decoded)",
			format, cfg.Width, cfg.Height, errOverCap, caps.imageSide, caps.imagePixels)
	}
	img, _, err := image.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, false, err
	}
	b := img.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 {
		return nil, false, fmt.Errorf("empty image")
	}
	n, ok := img.(*image.NRGBA)
	if !ok || n.Rect.Min != (image.Point{}) {
		n = image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(n, n.Rect, img, b.Min, draw.Src)
	}
	w, h := n.Rect.Dx(), n.Rect.Dy()
	if w > MaxTextureSize || h > MaxTextureSize {
		nw, nh := MaxTextureSize, MaxTextureSize
		if w > h {
			nh = max(1, (h*MaxTextureSize+w/2)/w)
		} else {
			nw = max(1, (w*MaxTextureSize+h/2)/h)
		}
		n = boxResize(n, nw, nh)
	}
	return newTexture(textureHash(src), n), alphaHoles(n), nil
}

// newTexture builds the mip chain of level 0.
func newTexture(hash string, l0 *image.NRGBA) *sim.Texture {
	t := &sim.Texture{Hash: hash, Levels: []*image.NRGBA{l0}}
	for cur := l0; cur.Rect.Dx() > 1 || cur.Rect.Dy() > 1; {
		// Half size (rounding down, at least 1), each texel the alpha-weighted
		// average of the source texels it covers.
		cur = boxResize(cur, max(1, cur.Rect.Dx()/2), max(1, cur.Rect.Dy()/2))
		t.Levels = append(t.Levels, cur)
	}
	return t
}

// alphaHoles reports whether ≥5% of the texels have alpha < CutoutThreshold.
func alphaHoles(n *image.NRGBA) bool {
	w, h := n.Rect.Dx(), n.Rect.Dy()
	holes := 0
	for y := 0; y < h; y++ {
		row := n.Pix[y*n.Stride : y*n.Stride+4*w]
		for x := 3; x < len(row); x += 4 {
			if row[x] < sim.CutoutThreshold {
				holes++
			}
		}
	}
	return holes*20 >= w*h
}

// boxResize shrinks src to nw×nh: each destination texel averages the
// source texels whose centres fall in its footprint.
func boxResize(src *image.NRGBA, nw, nh int) *image.NRGBA {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	dst := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	for y := 0; y < nh; y++ {
		y0, y1 := y*h/nh, max((y+1)*h/nh, y*h/nh+1)
		for x := 0; x < nw; x++ {
			x0, x1 := x*w/nw, max((x+1)*w/nw, x*w/nw+1)
			var r, g, b, a, cnt uint64
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[sy*src.Stride:]
				for sx := x0; sx < x1; sx++ {
					p := row[4*sx:]
					al := uint64(p[3])
					r += uint64(p[0]) * al
					g += uint64(p[1]) * al
					b += uint64(p[2]) * al
					a += al
					cnt++
				}
			}
			d := dst.Pix[y*dst.Stride+4*x:]
			if a > 0 {
				d[0] = uint8((r + a/2) / a)
				d[1] = uint8((g + a/2) / a)
				d[2] = uint8((b + a/2) / a)
			}
			d[3] = uint8((a + cnt/2) / cnt)
		}
	}
	return dst
}
