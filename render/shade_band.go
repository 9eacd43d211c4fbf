package render

// Shading of one band at pixel centres (the default, Supersample ≤ 1).
//
// The light varies slowly across a triangle, so it is computed exactly only
// at "anchors" and interpolated elsewhere: on even rows (and the band's last
// row), at even columns and at both ends of every run of one triangle, the
// odd columns between two anchors of their triangle taking the mean of the
// two; on the other rows, a pixel whose triangle also shows directly above
// and below takes the mean of those two pixels' light, and any other pixel
// is lit exactly. The albedo (textures) is sampled at every pixel. Pixels on
// an edge (isEdge) are anti-aliased from 2×2 samples instead (edgeColor).

// shadeBand shades band b of the frame.
func (r *Renderer) shadeBand(b int) {
	v := &r.v
	W := v.w
	y0 := b * DefaultBandHeight
	y1 := min(y0+DefaultBandHeight, v.h)
	// An incremental frame keeps the last frame's colours outside the
	// band's spans (shade_incremental.go, shade_spans.go).
	if r.incremental {
		for y := y0; y < y1; y++ {
			r.keepRow(y)
		}
		for _, s := range r.spans[b] {
			r.shadeColumns(b, y0, y1, int(s.x0), int(s.x1))
		}
		return
	}
	r.shadeColumns(b, y0, y1, 0, W-1)
}

// shadeColumns shades columns [x0, x1] of band b, rows [y0, y1).
func (r *Renderer) shadeColumns(b, y0, y1, x0, x1 int) {
	W := r.v.w
	r.bandRows[b] = grow(r.bandRows[b], 2*3*W)
	prev, next := r.bandRows[b][:3*W], r.bandRows[b][3*W:]
	flat := r.opts.Lighting == LightFlat
	if !flat {
		r.lightRow(y0, prev, x0, x1)
	}
	r.colorRow(y0, prev, nil, nil, x0, x1)
	for y := y0 + 1; y < y1; y += 2 {
		if flat {
			r.colorRow(y, nil, nil, nil, x0, x1)
			if y+1 < y1 {
				r.colorRow(y+1, nil, nil, nil, x0, x1)
			}
			continue
		}
		if y+1 >= y1 { // the band's last row
			r.lightRow(y, next, x0, x1)
			r.colorRow(y, next, nil, nil, x0, x1)
			continue
		}
		r.lightRow(y+1, next, x0, x1)
		r.colorRow(y, nil, prev, next, x0, x1)
		r.colorRow(y+1, next, nil, nil, x0, x1)
		prev, next = next, prev
	}
}

// isAnchor reports whether column x of a row whose triangles are tr is lit
// exactly by lightRow: even columns, the last column and the ends of runs.
func isAnchor(tr []int32, x int) bool {
	t := tr[x]
	return x%2 == 0 || x == len(tr)-1 || tr[x-1] != t || tr[x+1] != t
}

// lightRow fills lt (3 values per pixel) with the light at every triangle
// pixel of row y in columns [x0, x1]: exact at anchors, the mean of the two
// neighbouring anchors elsewhere.
func (r *Renderer) lightRow(y int, lt []float64, x0, x1 int) {
	v := &r.v
	W := v.w
	tr := r.tbuf[y*W : (y+1)*W]
	fy := float64(y)
	var c shadeCtx
	last := int32(-2)
	for x := max(x0-1, 0); x <= min(x1+1, W-1); x++ {
		t := tr[x]
		if t < 0 || !isAnchor(tr, x) {
			continue
		}
		if t != last {
			r.prepShade(&c, &r.setups[t])
			last = t
		}
		lt[3*x], lt[3*x+1], lt[3*x+2] = r.light(v, &c, float64(x), fy)
	}
	for x := max(x0, 1) | 1; x <= min(x1, W-2); x += 2 {
		if t := tr[x]; t >= 0 && tr[x-1] == t && tr[x+1] == t {
			lt[3*x] = (lt[3*x-3] + lt[3*x+3]) / 2
			lt[3*x+1] = (lt[3*x-2] + lt[3*x+4]) / 2
			lt[3*x+2] = (lt[3*x-1] + lt[3*x+5]) / 2
		}
	}
}

// colorRow writes the colours of row y in columns [x0, x1]. The light of a
// non-edge triangle pixel comes from lt when given (a row filled by
// lightRow); otherwise from the mean of rows y-1 (up) and y+1 (down) where
// both show its triangle, else it is computed exactly.
func (r *Renderer) colorRow(y int, lt, up, down []float64, x0, x1 int) {
	v := &r.v
	f := r.frame
	W := v.w
	aa := r.opts.AntiAlias == AAEdge
	flat := r.opts.Lighting == LightFlat
	pix := f.RGB.Pix[y*f.RGB.Stride : y*f.RGB.Stride+4*W]
	tr := r.tbuf[y*W : (y+1)*W]
	var tu, td []int32
	if lt == nil && !flat {
		tu, td = r.tbuf[(y-1)*W:y*W], r.tbuf[(y+1)*W:(y+2)*W]
	}
	// The rows above and below, for isEdge's common case inlined: a pixel
	// inside the image whose 3×3 neighbourhood shows its own solid
	// triangle only is not on an edge.
	var ru, rd []int32
	if y > 0 && y < v.h-1 {
		ru, rd = r.tbuf[(y-1)*W:y*W], r.tbuf[(y+1)*W:(y+2)*W]
	}
	fy := float64(y)
	var c shadeCtx
	last := int32(-2)
	for x := x0; x <= x1; x++ {
		t := tr[x]
		edge := false
		if aa {
			inside := ru != nil && x > 0 && x < W-1 &&
				tr[x-1] == t && tr[x+1] == t && ru[x-1] == t && ru[x] == t && ru[x+1] == t &&
				rd[x-1] == t && rd[x] == t && rd[x+1] == t && (t < 0 || !r.setups[t].cut)
			edge = !inside && r.isEdge(x, y)
		}
		if edge || t < 0 || flat {
			var col [3]uint8
			if edge {
				col = r.edgeColor(x, y)
			} else {
				col = r.sampleColor(v, r.setups, t, float64(x), fy)
			}
			pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3] = col[0], col[1], col[2], 255
			continue
		}
		if t != last {
			r.prepShade(&c, &r.setups[t])
			last = t
		}
		fx := float64(x)
		var lr, lg, lb float64
		switch {
		case lt != nil:
			lr, lg, lb = lt[3*x], lt[3*x+1], lt[3*x+2]
		case tu[x] == t && td[x] == t:
			lr, lg, lb = (up[3*x]+down[3*x])/2, (up[3*x+1]+down[3*x+1])/2, (up[3*x+2]+down[3*x+2])/2
		default:
			lr, lg, lb = r.light(v, &c, fx, fy)
		}
		ar, ag, ab := c.albedo(fx, fy)
		pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3] = quant(ar*lr), quant(ag*lg), quant(ab*lb), 255
	}
}
