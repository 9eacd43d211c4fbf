package render

import (
	"image"
	"math"
)

// image0 marks an empty bounding-box maximum.
var image0 = image.Point{X: -1, Y: -1}

// rasterRows finds, for rows [y0, y1) and columns [cx0, cx1] of view v, the
// nearest front-facing triangle at every sample centre among the triangles
// in bin (samples in other columns are left as they are). wbuf and tbuf
// hold rows y0..y1-1 (v.w samples each) and receive the inverse depth and the
// triangle index (-1 = none). Ties keep the earlier triangle (see tieFactor).
//
// Cut-out triangles (Surface.HasCutout) cover a sample only where
// sim.Texture.Opaque holds at the sample's UVs, so holes show what is behind
// in colour, depth and ids alike.
func rasterRows(v *view, dl *drawList, setups []triSetup, bin []int32, y0, y1, cx0, cx1 int, wbuf []float64, tbuf []int32) {
	W := v.w
	for row := 0; row < (y1-y0)*W; row += W {
		clear(wbuf[row+cx0 : row+cx1+1])
		tr := tbuf[row+cx0 : row+cx1+1]
		for i := range tr {
			tr[i] = -1
		}
	}
	invNear := v.invNear
	for _, ti := range bin {
		s := &setups[ti]
		ys, ye := max(int(s.y0), y0), min(int(s.y1), y1-1)
		tx0, tx1 := max(int(s.x0), cx0), min(int(s.x1), cx1)
		if tx0 > tx1 {
			continue
		}
		if s.cut {
			rasterCut(dl, s, ti, ys, ye, y0, tx0, tx1, W, invNear, wbuf, tbuf)
			continue
		}
		if s.x1-s.x0 < smallTriWidth {
			rasterSmall(s, ti, ys, ye, y0, tx0, tx1, W, invNear, wbuf, tbuf)
			continue
		}
		// Reciprocals of the edges' x coefficients (±Inf, unused, for 0).
		ia0, ia1, ia2 := 1/s.ea[0], 1/s.ea[1], 1/s.ea[2]
		for y := ys; y <= ye; y++ {
			fy := float64(y)
			b0 := s.eb[0]*fy + s.ec[0]
			b1 := s.eb[1]*fy + s.ec[1]
			b2 := s.eb[2]*fy + s.ec[2]
			// Narrow the row to where every edge function can be ≤ 0 (outer
			// span, one pixel of slack) and find the inner span where all are
			// certainly < 0; only pixels between the two need the exact test.
			sp := span{xs: float64(tx0), xe: float64(tx1), is: float64(tx0), ie: float64(tx1)}
			if !sp.narrow(s.ea[0], ia0, b0) || !sp.narrow(s.ea[1], ia1, b1) || !sp.narrow(s.ea[2], ia2, b2) {
				continue
			}
			xs, xe := int(sp.xs), int(sp.xe)
			is, ie := max(int(sp.is), xs), min(int(sp.ie), xe)
			if is > ie {
				is, ie = xe+1, xe
			}
			bw := s.wb*fy + s.wc
			row := (y - y0) * W
			wr := wbuf[row : row+W]
			tr := tbuf[row : row+W]
			for x := xs; x < is; x++ {
				if s.covers(float64(x), b0, b1, b2) {
					if w := s.wa*float64(x) + bw; w > wr[x]*tieFactor && w <= invNear {
						wr[x], tr[x] = w, ti
					}
				}
			}
			// w is monotonic along the row (rounding is), so when both ends
			// of the inner span are beyond the near plane, all of it is.
			if s.wa*float64(is)+bw <= invNear && s.wa*float64(ie)+bw <= invNear {
				for x := is; x <= ie; x++ {
					if w := s.wa*float64(x) + bw; w > wr[x]*tieFactor {
						wr[x], tr[x] = w, ti
					}
				}
			} else {
				for x := is; x <= ie; x++ {
					if w := s.wa*float64(x) + bw; w > wr[x]*tieFactor && w <= invNear {
						wr[x], tr[x] = w, ti
					}
				}
			}
			for x := max(ie+1, is); x <= xe; x++ {
				if s.covers(float64(x), b0, b1, b2) {
					if w := s.wa*float64(x) + bw; w > wr[x]*tieFactor && w <= invNear {
						wr[x], tr[x] = w, ti
					}
				}
			}
		}
	}
}

// rasterCut is rasterRows' loop for one cut-out triangle (columns x0..x1).
func rasterCut(dl *drawList, s *triSetup, ti int32, ys, ye, y0, x0, x1, W int, invNear float64, wbuf []float64, tbuf []int32) {
	for y := ys; y <= ye; y++ {
		fy := float64(y)
		b0 := s.eb[0]*fy + s.ec[0]
		b1 := s.eb[1]*fy + s.ec[1]
		b2 := s.eb[2]*fy + s.ec[2]
		bw := s.wb*fy + s.wc
		row := (y - y0) * W
		for x := x0; x <= x1; x++ {
			fx := float64(x)
			if !s.covers(fx, b0, b1, b2) {
				continue
			}
			if w := s.wa*fx + bw; w > wbuf[row+x]*tieFactor && w <= invNear && s.opaqueAt(dl, fx, fy) {
				wbuf[row+x], tbuf[row+x] = w, ti
			}
		}
	}
}

// smallTriWidth is the bounding-box width (in pixels, minus one) below
// which a triangle's rows are tested pixel by pixel rather than narrowed to
// spans first: for the small triangles of detailed models the per-row span
// arithmetic costs more than the few exact tests it saves.
const smallTriWidth = 6

// rasterSmall is rasterRows' loop for one narrow, solid triangle: the exact
// test at every pixel of its bounding box (columns x0..x1 of it).
func rasterSmall(s *triSetup, ti int32, ys, ye, y0, x0, x1, W int, invNear float64, wbuf []float64, tbuf []int32) {
	for y := ys; y <= ye; y++ {
		fy := float64(y)
		b0 := s.eb[0]*fy + s.ec[0]
		b1 := s.eb[1]*fy + s.ec[1]
		b2 := s.eb[2]*fy + s.ec[2]
		bw := s.wb*fy + s.wc
		row := (y - y0) * W
		wr := wbuf[row+x0 : row+x1+1]
		tr := tbuf[row+x0 : row+x1+1]
		for i := range wr {
			fx := float64(x0 + i)
			if !s.covers(fx, b0, b1, b2) {
				continue
			}
			if w := s.wa*fx + bw; w > wr[i]*tieFactor && w <= invNear {
				wr[i], tr[i] = w, ti
			}
		}
	}
}

// covers is the exact coverage test of the sample at column x of a row whose
// edge-function row offsets are b0, b1, b2 (top-left rule for zeros).
func (s *triSetup) covers(x, b0, b1, b2 float64) bool {
	e0, e1, e2 := s.ea[0]*x+b0, s.ea[1]*x+b1, s.ea[2]*x+b2
	if e0 > 0 || e1 > 0 || e2 > 0 {
		return false
	}
	return !((e0 == 0 && s.own&1 == 0) || (e1 == 0 && s.own&2 == 0) || (e2 == 0 && s.own&4 == 0))
}

// span is a row's candidate columns [xs, xe] and its certainly-inside
// columns [is, ie].
type span struct{ xs, xe, is, ie float64 }

// narrow applies the edge a·x + b ≤ 0, given ia = 1/a; it reports false
// when no column is left. The crossing -b·ia is within a few ulps of -b/a,
// far inside the outer span's pixel of slack and the inner span's margin.
func (p *span) narrow(a, ia, b float64) bool {
	switch {
	case a > 0: // x ≤ -b/a
		c := -b * ia
		p.xe = min(p.xe, math.Floor(c)+1)
		p.ie = min(p.ie, math.Ceil(c-1e-6)-1)
	case a < 0: // x ≥ -b/a
		c := -b * ia
		p.xs = max(p.xs, math.Ceil(c)-1)
		p.is = max(p.is, math.Floor(c+1e-6)+1)
	default:
		if b > 0 {
			return false
		}
		if b == 0 { // on the edge line: every column needs the exact test
			p.is, p.ie = p.xe+1, p.xe
		}
	}
	return p.xs <= p.xe
}

// tieFactor makes depths within a relative 1e-9 count as equal, so that
// coplanar surfaces of different meshes (two counters of the same height)
// resolve to the earlier triangle rather than to rounding noise: a later
// triangle wins only when its depth is below the current one / (1+1e-9).
const tieFactor = 1 + 1e-9

// rasterBand finds the visible triangle at the pixel centres of band b and
// writes depth, ids, classes and the band's mask statistics, and with
// r.fuseFlat the band's colours (flat_fused.go).
func (r *Renderer) rasterBand(b int) {
	v := &r.v
	y0 := b * DefaultBandHeight
	y1 := min(y0+DefaultBandHeight, v.h)
	if r.cacheOn {
		defer r.cacheBand(b, y0, y1)
	}
	r.fused[b] = false
	if !r.dirty[b] {
		return // labels and stats as cached
	}
	W := v.w
	wbuf := r.wbuf[y0*W : y1*W]
	tbuf := r.tbuf[y0*W : y1*W]
	st := grow(r.bandStats[b], len(r.ids))
	r.bandStats[b] = st
	for i := range st {
		st[i] = ObjectStats{Min: image.Point{X: math.MaxInt32, Y: math.MaxInt32}, Max: image0}
	}
	if r.lspansOn { // the changed meshes' column spans; the rest as cached
		for _, s := range r.lspans[b] {
			rasterRows(v, &r.dl, r.setups, r.bins[b], y0, y1, int(s.x0), int(s.x1), wbuf, tbuf)
		}
		r.labelColumns(b, y0, y1, r.lspans[b], st)
		return
	}
	rasterRows(v, &r.dl, r.setups, r.bins[b], y0, y1, 0, W-1, wbuf, tbuf)
	r.fused[b] = r.fuseFlat
	for y := y0; y < y1; y++ {
		tr := tbuf[(y-y0)*W : (y-y0+1)*W]
		if r.fuseFlat {
			r.labelFlatRow(y, tr, st)
		} else {
			r.labelRow(y, tr, st)
		}
	}
}

// labelRow writes row y's depth, ids and classes from its triangle indices
// tr and adds its runs to the band's statistics st.
func (r *Renderer) labelRow(y int, tr []int32, st []ObjectStats) {
	f := r.frame
	W := r.v.w
	fy := float64(y)
	row := y * W
	depth := f.Depth[row : row+W]
	ids := f.IDs[row : row+W]
	cls := f.ClassIDs[row : row+W]
	runStart, runInst := 0, uint16(0)
	last := int32(-1)
	var s *triSetup
	var inst uint16
	var class uint8
	for x := 0; x < W; x++ {
		t := tr[x]
		if t < 0 {
			depth[x], ids[x], cls[x] = 0, 0, 0
			if runInst != 0 {
				addRun(&st[runInst], runStart, x, y)
				runStart, runInst = x, 0
			}
			continue
		}
		if t != last {
			s = &r.setups[t]
			inst, class, last = s.inst, r.classes[s.inst], t
		}
		w := s.wa*float64(x) + (s.wb*fy + s.wc)
		depth[x] = float32(1 / w)
		ids[x] = inst
		cls[x] = class
		if inst != runInst {
			addRun(&st[runInst], runStart, x, y)
			runStart, runInst = x, inst
		}
	}
	addRun(&st[runInst], runStart, W, y)
}

// labelColumns writes the labels of band b (rows [y0, y1)) of a frame whose
// column spans were rasterised: those from the band's triangles, the others
// from the label cache; then the band's statistics st from the whole rows.
func (r *Renderer) labelColumns(b, y0, y1 int, spans []colSpan, st []ObjectStats) {
	f := r.frame
	W := f.Width
	c := &r.lc
	for y := y0; y < y1; y++ {
		fy := float64(y)
		row := y * W
		tr := r.tbuf[row : row+W]
		depth := f.Depth[row : row+W]
		ids := f.IDs[row : row+W]
		cls := f.ClassIDs[row : row+W]
		copy(depth, c.depth[row:row+W])
		copy(ids, c.ids[row:row+W])
		copy(cls, c.cls[row:row+W])
		for _, sp := range spans {
			for x := int(sp.x0); x <= int(sp.x1); x++ {
				t := tr[x]
				if t < 0 {
					depth[x], ids[x], cls[x] = 0, 0, 0
					continue
				}
				s := &r.setups[t]
				w := s.wa*float64(x) + (s.wb*fy + s.wc)
				depth[x] = float32(1 / w)
				ids[x] = s.inst
				cls[x] = r.classes[s.inst]
			}
		}
		runStart, runInst := 0, uint16(0)
		for x, inst := range ids {
			if inst != runInst {
				addRun(&st[runInst], runStart, x, y)
				runStart, runInst = x, inst
			}
		}
		addRun(&st[runInst], runStart, W, y)
	}
}

// addRun adds the pixels [x0, x1) of row y to an instance's statistics.
func addRun(o *ObjectStats, x0, x1, y int) {
	n := x1 - x0
	if n <= 0 {
		return
	}
	o.Pixels += n
	o.sumU += int64(x0+x1-1) * int64(n) / 2
	o.sumV += int64(y) * int64(n)
	o.Min.X, o.Min.Y = min(o.Min.X, x0), min(o.Min.Y, y)
	o.Max.X, o.Max.Y = max(o.Max.X, x1-1), max(o.Max.Y, y)
}

// supersampleBand draws the colours of band b from k×k samples per pixel.
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
	rasterRows(v, &r.dl, r.setups, r.ssBins[b], y0, y1, 0, W-1, wbuf, tbuf)
	kk := uint32(k * k)
	shaded := r.opts.Lighting != LightFlat
	var c shadeCtx
	last := int32(-2)
	for py := y0 / k; py < y1/k; py++ {
		pix := f.RGB.Pix[py*f.RGB.Stride:]
		for px := 0; px < f.Width; px++ {
			var sr, sg, sb uint32
			for sy := 0; sy < k; sy++ {
				ry := py*k + sy
				tr := tbuf[(ry-y0)*W+px*k:]
				for sx := 0; sx < k; sx++ {
					t := tr[sx]
					var col [3]uint8
					if t >= 0 && shaded {
						if t != last {
							r.prepShade(&c, &r.setups[t])
							last = t
						}
						col = r.shade(v, &c, float64(px*k+sx), float64(ry))
					} else {
						col = r.sampleColor(v, r.setups, t, float64(px*k+sx), float64(ry))
					}
					sr, sg, sb = sr+uint32(col[0]), sg+uint32(col[1]), sb+uint32(col[2])
				}
			}
			pix[4*px] = uint8((sr + kk/2) / kk)
			pix[4*px+1] = uint8((sg + kk/2) / kk)
			pix[4*px+2] = uint8((sb + kk/2) / kk)
			pix[4*px+3] = 255
		}
	}
}
