package render

import (
	"image"
	"math"
)

// image0 marks an empty bounding-box maximum.
var image0 = image.Point{X: -1, Y: -1}

// rasterRows finds, for rows [y0, y1) of view v, the nearest front-facing
// triangle at every sample centre among the triangles in bin. wbuf and tbuf
// hold rows y0..y1-1 (v.w samples each) and receive the inverse depth and the
// triangle index (-1 = none). Ties keep the earlier triangle (see tieFactor).
func (r *Renderer) rasterRows(v *view, bin []int32, y0, y1 int, wbuf []float64, tbuf []int32) {
	clear(wbuf)
	for i := range tbuf {
		tbuf[i] = -1
	}
	W := v.w
	invNear := v.invNear
	for _, ti := range bin {
		s := &r.setups[ti]
		ys, ye := max(int(s.y0), y0), min(int(s.y1), y1-1)
		for y := ys; y <= ye; y++ {
			fy := float64(y)
			b0 := s.eb[0]*fy + s.ec[0]
			b1 := s.eb[1]*fy + s.ec[1]
			b2 := s.eb[2]*fy + s.ec[2]
			xs, xe := float64(s.x0), float64(s.x1)
			// Narrow the span to where each edge function can be ≤ 0;
			// the exact test below decides the boundary pixels.
			xs, xe, empty := narrow(s.ea[0], b0, xs, xe)
			if empty {
				continue
			}
			xs, xe, empty = narrow(s.ea[1], b1, xs, xe)
			if empty {
				continue
			}
			xs, xe, empty = narrow(s.ea[2], b2, xs, xe)
			if empty {
				continue
			}
			bw := s.wb*fy + s.wc
			row := (y - y0) * W
			wr := wbuf[row : row+W]
			tr := tbuf[row : row+W]
			for x := int(xs); x <= int(xe); x++ {
				fx := float64(x)
				e0 := s.ea[0]*fx + b0
				e1 := s.ea[1]*fx + b1
				e2 := s.ea[2]*fx + b2
				if e0 > 0 || e1 > 0 || e2 > 0 {
					continue
				}
				if (e0 == 0 && s.own&1 == 0) || (e1 == 0 && s.own&2 == 0) || (e2 == 0 && s.own&4 == 0) {
					continue
				}
				w := s.wa*fx + bw
				if w > wr[x]*tieFactor && w <= invNear {
					wr[x] = w
					tr[x] = ti
				}
			}
		}
	}
}

// tieFactor makes depths within a relative 1e-9 count as equal, so that
// coplanar surfaces of different meshes (two counters of the same height)
// resolve to the earlier triangle rather than to rounding noise: a later
// triangle wins only when its depth is below the current one / (1+1e-9).
const tieFactor = 1 + 1e-9

// narrow intersects [xs, xe] with the x range where a·x + b ≤ 0 could hold,
// widened by one pixel for rounding.
func narrow(a, b, xs, xe float64) (float64, float64, bool) {
	switch {
	case a > 0:
		lim := math.Floor(-b/a) + 1
		if lim < xe {
			xe = lim
		}
	case a < 0:
		lim := math.Ceil(-b/a) - 1
		if lim > xs {
			xs = lim
		}
	default:
		if b > 0 {
			return xs, xe, true
		}
	}
	return xs, xe, xs > xe
}

// rasterBand draws band b of the frame at pixel centres: depth, ids,
// classes, colour and the band's mask statistics.
func (r *Renderer) rasterBand(b int) {
	v := &r.v
	f := r.frame
	y0 := b * DefaultBandHeight
	y1 := min(y0+DefaultBandHeight, v.h)
	W := v.w
	wbuf := r.wbuf[y0*W : y1*W]
	tbuf := r.tbuf[y0*W : y1*W]
	r.rasterRows(v, r.bins[b], y0, y1, wbuf, tbuf)

	st := grow(r.bandStats[b], len(r.ids))
	r.bandStats[b] = st
	for i := range st {
		st[i] = ObjectStats{Min: image.Point{X: math.MaxInt32, Y: math.MaxInt32}, Max: image0}
	}
	bg := r.opts.Background
	for y := y0; y < y1; y++ {
		fy := float64(y)
		row := y * W
		pix := f.RGB.Pix[y*f.RGB.Stride : y*f.RGB.Stride+4*W]
		tr := tbuf[(y-y0)*W : (y-y0+1)*W]
		for x := 0; x < W; x++ {
			t := tr[x]
			var inst uint16
			if t < 0 {
				f.Depth[row+x] = 0
				f.IDs[row+x] = 0
				f.ClassIDs[row+x] = 0
				pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3] = bg.R, bg.G, bg.B, 255
			} else {
				s := &r.setups[t]
				fx := float64(x)
				w := s.wa*fx + (s.wb*fy + s.wc)
				inst = r.triInst[t]
				f.Depth[row+x] = float32(1 / w)
				f.IDs[row+x] = inst
				f.ClassIDs[row+x] = r.classes[inst]
				c := r.triColor[t]
				pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3] = c[0], c[1], c[2], 255
			}
			o := &st[inst]
			o.Pixels++
			o.sumU += int64(x)
			o.sumV += int64(y)
			o.Min.X, o.Min.Y = min(o.Min.X, x), min(o.Min.Y, y)
			o.Max.X, o.Max.Y = max(o.Max.X, x), max(o.Max.Y, y)
		}
	}
}

// supersampleBand redraws the colours of band b from k×k samples per pixel.
func (r *Renderer) supersampleBand(b int) {
	v := &r.sv
	f := r.frame
	k := r.opts.Supersample
	bh := DefaultBandHeight * k
	y0 := b * bh
	y1 := min(y0+bh, v.h)
	W := v.w
	wbuf := r.ssW[y0*W : y1*W]
	tbuf := r.ssT[y0*W : y1*W]
	r.rasterRows(v, r.ssBins[b], y0, y1, wbuf, tbuf)
	bg := r.opts.Background
	kk := uint32(k * k)
	for py := y0 / k; py < y1/k; py++ {
		pix := f.RGB.Pix[py*f.RGB.Stride:]
		for px := 0; px < f.Width; px++ {
			var sr, sg, sb uint32
			for sy := 0; sy < k; sy++ {
				tr := tbuf[(py*k+sy-y0)*W+px*k:]
				for sx := 0; sx < k; sx++ {
					if t := tr[sx]; t >= 0 {
						c := r.triColor[t]
						sr, sg, sb = sr+uint32(c[0]), sg+uint32(c[1]), sb+uint32(c[2])
					} else {
						sr, sg, sb = sr+uint32(bg.R), sg+uint32(bg.G), sb+uint32(bg.B)
					}
				}
			}
			pix[4*px] = uint8((sr + kk/2) / kk)
			pix[4*px+1] = uint8((sg + kk/2) / kk)
			pix[4*px+2] = uint8((sb + kk/2) / kk)
			pix[4*px+3] = 255
		}
	}
}
