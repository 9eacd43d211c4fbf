package render

// Lit pixels. The pixels whose light may change between an incremental
// frame and the frame P it keeps colours from are those whose light
// evaluations use surface points inside a shadow pyramid (shade_incremental.go).
// The projection of a pyramid covers every pixel whose ray crosses it, most
// of which see a surface in front of it or behind it. For a pyramid in front
// of its light, markLitPixels therefore marks, within the projection, only
//
//   - the pixels whose centre's surface point (the point the light is
//     evaluated at, on the triangle visible there) lies in the pyramid,
//     widened by a texel and a relative 1e-9 in depth against rounding, and
//   - the edge pixels (isEdge; also those whose centre sees no surface),
//     whose 2×2 samples may see other surfaces,
//
// and the pixels whose colour reads those (interpolated light, lightStep
// columns each way and the band's rows) are added by widenSpans as for any
// marked pixel.
// Pixels where a changed mesh shows, in P or now, are marked already
// (markChangedSpans), so elsewhere P's surfaces are the current ones.

// pyramid is a shadow pyramid of a light face: the points whose face
// coordinates (u, w) lie in [u0, u1] × [w0, w1] at face depth z in [zlo, zhi].
type pyramid struct {
	fv             *view
	u0, u1, w0, w1 float64
	zlo, zhi       float64
}

// contains reports whether world point (x, y, z) lies in the pyramid,
// widened by a texel and a relative 1e-9 in depth. The face coordinates
// u = cx + f·a/d are compared as f·a against (u − cx)·d (d > 0 there).
func (p *pyramid) contains(x, y, z float64) bool {
	fv := p.fv
	qx, qy, qz := x-fv.eye[0], y-fv.eye[1], z-fv.eye[2]
	d := qx*fv.fwd[0] + qy*fv.fwd[1] + qz*fv.fwd[2]
	if d < p.zlo*(1-1e-9) || d > p.zhi*(1+1e-9) {
		return false
	}
	fa := fv.f * (qx*fv.right[0] + qy*fv.right[1] + qz*fv.right[2])
	if fa < (p.u0-1-fv.cx)*d || fa > (p.u1+1-fv.cx)*d {
		return false
	}
	fb := fv.f * (qx*fv.down[0] + qy*fv.down[1] + qz*fv.down[2])
	return fb >= (p.w0-1-fv.cy)*d && fb <= (p.w1+1-fv.cy)*d
}

// markLitPixels marks, in r.spans, the pixels within the pyramids'
// projections (r.hdirty, r.hx0, r.hx1) that are edges or whose surface
// point lies in a pyramid of r.pyrs: per band, the runs of such columns
// in any of its rows.
func (r *Renderer) markLitPixels(nb int) {
	if len(r.pyrs) == 0 {
		return
	}
	v := &r.v
	W := v.w
	for b := 0; b < nb; b++ {
		if !r.hdirty[b] {
			continue
		}
		x0, x1 := int(r.hx0[b]), int(r.hx1[b])
		r.hitCols = grow(r.hitCols, x1-x0+1)
		clear(r.hitCols)
		y0, y1 := b*DefaultBandHeight, min((b+1)*DefaultBandHeight, v.h)
		for y := y0; y < y1; y++ {
			fy := float64(y)
			tr := r.tbuf[y*W : (y+1)*W]
			for x := x0; x <= x1; x++ {
				if r.hitCols[x-x0] {
					continue // the column is marked already
				}
				// A pixel without a surface at its centre may still be an
				// edge whose samples see one.
				t := tr[x]
				if !(t >= 0 && r.pointInPyramid(v, &r.setups[t], float64(x), fy)) && !r.isEdge(x, y) {
					continue
				}
				r.hitCols[x-x0] = true
			}
		}
		for x := x0; x <= x1; x++ {
			if !r.hitCols[x-x0] {
				continue
			}
			e := x
			for e < x1 && r.hitCols[e+1-x0] {
				e++
			}
			r.spans[b] = addSpan(r.spans[b], int32(x), int32(e))
			x = e
		}
	}
}

// pointInPyramid reports whether the surface point of set-up s at pixel
// centre (x, y), computed as the light computes it, lies in a pyramid.
func (r *Renderer) pointInPyramid(v *view, s *triSetup, x, y float64) bool {
	t := 1 / (s.wa*x + s.wb*y + s.wc)
	px := v.eye[0] + t*(v.base[0]+x*v.rx[0]+y*v.dy[0])
	py := v.eye[1] + t*(v.base[1]+x*v.rx[1]+y*v.dy[1])
	pz := v.eye[2] + t*(v.base[2]+x*v.rx[2]+y*v.dy[2])
	for i := range r.pyrs {
		if r.pyrs[i].contains(px, py, pz) {
			return true
		}
	}
	return false
}
