package render

import "math"

// Shading of one band at pixel centres (the default, Supersample ≤ 1).
//
// The light varies slowly along a surface, so it is computed exactly only at
// "anchors" on a lattice of lightStep pixels and interpolated linearly
// between them. Light may be interpolated between two neighbouring pixel
// centres when they see one continuous surface (lightContinues): the same
// triangle, or two triangles of one mesh that meet there without a depth
// step or a crease. On the band's anchor rows (every lightStep-th row from
// its first, and its last row) the anchors are the columns that are
// multiples of lightStep, the last column and both ends of every run of
// continuous pixels; the columns between two anchors take the linear
// interpolation of the two. On the other rows, a pixel continuous with the
// pixels above it up to the anchor row above and below it down to the
// anchor row below takes the linear interpolation of those two rows' light
// at its column, and any other pixel is lit exactly. The albedo (textures)
// is sampled at every pixel. Pixels on an edge (isEdge) are anti-aliased
// from 2×2 samples instead (edgeColor): the samples of the pixel centre's
// surface take the centre's colour (light from the lattice, or exact),
// those of other surfaces their colour at their first sample.
//
// So a pixel's colour reads the triangles at the pixel centres of its band
// (and the rows next to it, for edges) within lightStep columns each way,
// which is what incremental shading's spans are widened by (widenSpans).

// lightStep returns the spacing, in pixels, of the light anchors' lattice
// for images w pixels wide: one per lightStepPixels of width, from 1 (every
// pixel lit exactly, small images) to maxLightStep. The light's lattice is
// thus about as fine in the scene at every resolution.
func lightStep(w int) int {
	return min(max(w/lightStepPixels, 1), maxLightStep)
}

// lightStepPixels and maxLightStep set lightStep: 4 at 800 pixels wide and
// above, 2 at 512, 1 below 400.
const (
	lightStepPixels = 200
	maxLightStep    = 4
)

// lightCreaseCos is the least cosine between the face normals of two
// triangles of a smoothly shaded mesh (vertex normals) that continue one
// surface for light interpolation.
const lightCreaseCos = 0.9

// flatCreaseCos is the least cosine between the face normals of two
// triangles of a flat-shaded mesh that continue one surface (for edges and
// light alike): they must face the same way, as their light is per face.
const flatCreaseCos = 0.9999

// lightTol is the largest difference, in any channel, between the light at
// two anchors for the light between them to be interpolated; where they
// differ more (a shadow's edge, a steep falloff) it is computed exactly.
const lightTol = 2.0 / 255

// lightsClose reports whether two lights (3 channels) differ by at most
// lightTol in every channel.
func lightsClose(a, b []float64) bool {
	return math.Abs(a[0]-b[0]) <= lightTol && math.Abs(a[1]-b[1]) <= lightTol && math.Abs(a[2]-b[2]) <= lightTol
}

// lightContinues reports whether the light may be interpolated between a
// pixel centre showing triangle t and its neighbour at (qx, qy) showing u:
// sameSurface with the crease limit lightCreaseCos on smooth meshes.
func (r *Renderer) lightContinues(t, u int32, qx, qy float64) bool {
	return r.sameSurface(t, u, qx, qy, lightCreaseCos)
}

// sameSurface reports whether a pixel centre showing triangle t and its
// neighbour at (qx, qy) showing u (-1: none) see one continuous surface: the
// same triangle, or two solid triangles of one mesh and one surface
// (material: a change of surface is a colour edge), seen from the same
// side, whose planes agree at (qx, qy) within edgeDepthTol (no depth step)
// and whose face normals meet with a cosine of at least smoothCos on a
// smoothly shaded mesh, flatCreaseCos on a flat-shaded one (no crease).
func (r *Renderer) sameSurface(t, u int32, qx, qy float64, smoothCos float32) bool {
	if t == u {
		return t >= 0
	}
	if t < 0 || u < 0 {
		return false
	}
	st, su := &r.setups[t], &r.setups[u]
	if st.inst != su.inst || st.back != su.back || st.cut || su.cut {
		return false
	}
	e := r.dl.entryOf(st)
	if st.attr && e.surfaceOf(int(st.local)) != e.surfaceOf(int(su.local)) {
		return false // a colour edge: another material (trim on a wall, a model's parts)
	}
	wt := st.wa*qx + st.wb*qy + st.wc
	wu := su.wa*qx + su.wb*qy + su.wc
	if math.Abs(wu-wt) > edgeDepthTol*wu {
		return false
	}
	lim := float32(flatCreaseCos)
	if st.attr {
		lim = smoothCos
	}
	if lim <= -1 { // every pair of normals meets it
		return true
	}
	nrm := e.normal
	a, c := nrm[st.local], nrm[su.local]
	return a[0]*c[0]+a[1]*c[1]+a[2]*c[2] >= lim
}

// shadeBand shades band b of the frame.
func (r *Renderer) shadeBand(b int) {
	v := &r.v
	W := v.w
	y0 := b * DefaultBandHeight
	y1 := min(y0+DefaultBandHeight, v.h)
	if r.fused[b] {
		return // coloured by the raster pass (flat_fused.go)
	}
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

// bandLight is a band's work memory for shading: the light of two anchor
// rows (3 values per pixel) and, per column, whether the rows between them
// take its interpolation.
type bandLight struct {
	above, below []float64
	mixA, mixB   []bool // per pixel of the two rows: a shadow's edge is near
	vok          []bool
}

// shadeColumns shades columns [x0, x1] of band b, rows [y0, y1).
func (r *Renderer) shadeColumns(b, y0, y1, x0, x1 int) {
	W := r.v.w
	if r.opts.Lighting == LightFlat {
		for y := y0; y < y1; y++ {
			r.colorRow(y, nil, nil, nil, 0, nil, x0, x1)
		}
		return
	}
	bl := &r.bandLight[b]
	bl.above, bl.below, bl.vok = grow(bl.above, 3*W), grow(bl.below, 3*W), grow(bl.vok, W)
	bl.mixA, bl.mixB = grow(bl.mixA, W), grow(bl.mixB, W)
	above, below, mixA, mixB := bl.above, bl.below, bl.mixA, bl.mixB
	r.lightRow(y0, above, mixA, x0, x1)
	r.colorRow(y0, above, nil, nil, 0, nil, x0, x1)
	for ya := y0; ya < y1-1; {
		yb := min(ya+r.lstep, y1-1)
		r.lightRow(yb, below, mixB, x0, x1)
		if yb > ya+1 {
			// The rows between take the two rows' interpolation where the
			// column continues one surface, neither row has a shadow's edge
			// near, and their light is close.
			vok := r.columnsContinue(ya, yb, bl.vok, x0, x1)
			for x := x0; x <= x1; x++ {
				vok[x] = vok[x] && !mixA[x] && !mixB[x] && lightsClose(above[3*x:3*x+3], below[3*x:3*x+3])
			}
			for y := ya + 1; y < yb; y++ {
				f := float64(y-ya) / float64(yb-ya)
				r.colorRow(y, nil, above, below, f, vok, x0, x1)
			}
		}
		r.colorRow(yb, below, nil, nil, 0, nil, x0, x1)
		above, below, mixA, mixB = below, above, mixB, mixA
		ya = yb
	}
}

// columnsContinue sets vok[x], for columns [x0, x1], to whether the pixel
// centres of column x from row ya down to row yb see one continuous surface
// (lightContinues between each pixel and the one below it).
func (r *Renderer) columnsContinue(ya, yb int, vok []bool, x0, x1 int) []bool {
	W := r.v.w
	tr := r.tbuf[ya*W : (ya+1)*W]
	for x := x0; x <= x1; x++ {
		vok[x] = tr[x] >= 0
	}
	for y := ya; y < yb; y++ {
		tr, td := r.tbuf[y*W:(y+1)*W], r.tbuf[(y+1)*W:(y+2)*W]
		qy := float64(y + 1)
		for x := x0; x <= x1; x++ {
			if vok[x] && tr[x] != td[x] {
				vok[x] = r.lightContinues(tr[x], td[x], float64(x), qy)
			}
		}
	}
	return vok
}

// lightRow fills lt (3 values per pixel) with the light at every triangle
// pixel of anchor row y in columns [x0, x1]: exact at anchors, linearly
// interpolated between the two anchors around it elsewhere when both are
// close (lightsClose) and neither has a shadow's edge near (mix), else
// exact. mix receives, per pixel, whether an exact light had a shadow's
// edge near (false for interpolated pixels).
func (r *Renderer) lightRow(y int, lt []float64, mix []bool, x0, x1 int) {
	v := &r.v
	W := v.w
	tr := r.tbuf[y*W : (y+1)*W]
	fy := float64(y)
	var c shadeCtx
	last := int32(-2)
	// Every pixel of [x0, x1] has an anchor of its run within step-1
	// columns each way (the lattice); start at the first lattice column.
	step := r.lstep
	xs, xe := max(x0-(x0%step), 0), min(x1+step-1, W-1)
	prev := -1     // the last anchor of the current run (-1: none)
	contL := false // lightContinues(x-1, x)
	for x := xs; x <= xe; x++ {
		t := tr[x]
		contR := x < W-1 && r.lightContinues(t, tr[x+1], float64(x+1), fy)
		if t < 0 {
			prev, contL = -1, contR
			continue
		}
		if x%step != 0 && x != W-1 && contL && contR {
			contL = contR
			continue
		}
		contL = contR
		if t != last {
			r.prepShade(&c, &r.setups[t])
			last = t
		}
		lt[3*x], lt[3*x+1], lt[3*x+2], mix[x] = r.light(v, &c, float64(x), fy)
		if prev >= 0 && x-prev > 1 {
			a, b := lt[3*prev:3*prev+3], lt[3*x:3*x+3]
			if !mix[prev] && !mix[x] && lightsClose(a, b) {
				inv := 1 / float64(x-prev)
				for k := prev + 1; k < x; k++ {
					f := float64(k-prev) * inv
					lt[3*k] = a[0] + (b[0]-a[0])*f
					lt[3*k+1] = a[1] + (b[1]-a[1])*f
					lt[3*k+2] = a[2] + (b[2]-a[2])*f
					mix[k] = false
				}
			} else {
				for k := prev + 1; k < x; k++ {
					if u := tr[k]; u != last {
						r.prepShade(&c, &r.setups[u])
						last = u
					}
					lt[3*k], lt[3*k+1], lt[3*k+2], mix[k] = r.light(v, &c, float64(k), fy)
				}
			}
		}
		prev = x
		if !contR {
			prev = -1
		}
	}
}

// colorRow writes the colours of row y in columns [x0, x1]. The light of a
// triangle pixel comes from lt when given (an anchor row filled by
// lightRow); otherwise, where vok holds, from the interpolation at fraction
// f between the anchor rows above and below; else it is computed exactly. Edge pixels pass their centre's
// colour on to edgeColor for the samples of their own surface.
func (r *Renderer) colorRow(y int, lt, above, below []float64, f float64, vok []bool, x0, x1 int) {
	v := &r.v
	fr := r.frame
	W := v.w
	aa := r.opts.AntiAlias == AAEdge
	flat := r.opts.Lighting == LightFlat
	pix := fr.RGB.Pix[y*fr.RGB.Stride : y*fr.RGB.Stride+4*W]
	tr := r.tbuf[y*W : (y+1)*W]
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
		if t < 0 || flat {
			var col [3]uint8
			if edge {
				col = r.edgeColor(x, y, nil)
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
		var lit [3]float64
		switch {
		case lt != nil:
			lit = [3]float64{lt[3*x], lt[3*x+1], lt[3*x+2]}
		case vok[x]:
			a, b := above[3*x:3*x+3], below[3*x:3*x+3]
			lit = [3]float64{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f, a[2] + (b[2]-a[2])*f}
		default:
			lit[0], lit[1], lit[2], _ = r.light(v, &c, fx, fy)
		}
		ar, ag, ab := c.albedo(fx, fy)
		col := [3]uint8{quant(ar * lit[0]), quant(ag * lit[1]), quant(ab * lit[2])}
		if edge {
			col = r.edgeColor(x, y, &col)
		}
		pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3] = col[0], col[1], col[2], 255
	}
}
