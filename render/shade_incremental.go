package render

import (
	"math"

	"flowbench/sim"
)

// Incremental shading. An example's "after" frame is its "before" frame
// with a few objects moved, seen from the same camera. A pixel's colour is
// a function of the triangles visible at the pixel centres around it
// (lightStep columns each way and the rows of its band: light anchors and
// the light interpolated from them; one row beyond for edge anti-aliasing),
// of those triangles' surfaces, and of the shadow-map texels its light
// evaluations read. So when the last frame drawn (P, kept by the frame
// memo) had the same camera, a pixel keeps P's colour unless
//
//   - a mesh that changed since P (moved, re-posed, another level of detail)
//     covers, in P or now, a pixel centre within that neighbourhood: the
//     changed meshes' set-up bounds of both frames (label_cache.go), or
//   - a shadow-map texel its light evaluations read may differ between P's
//     shadow maps and the current ones.
//
// Shadow maps are a function of the objects' poses, and a texel's depth is
// that of the nearest caster covering its centre, so only texels inside the
// projections of the changed objects' boxes (before and after; texRect) can
// differ. A lookup reads the 4×4 texels around the projection of its point
// pushed along the normal (the 2×2 filter and a ring for its uniformity
// test, roomLight.visibility), and a surface nearer to the light than a
// changed box is lit alike in both states wherever only that box covers,
// so the points whose light can change lie in the union, over the changed
// boxes, of the pyramid from the light through the box's texels (widened by the
// filter and the normal offset) between the box's nearest point and the far
// side of the meshes the light lights: the hull of eight points, whose
// projection into the camera (clipped to its near plane) bounds the pixels
// concerned, per band of rows (hull_bands.go). Within it, only the pixels
// whose surface points lie in a pyramid, the edge pixels and their
// neighbourhoods are concerned (lit_pixels.go). When a bound cannot be made
// (a box or hull that is not finite), the whole frame is shaded.
//
// The pixels of each band outside its spans of such columns take P's
// colours; the spans are shaded as a whole frame would shade them
// (shade_spans.go).

// incMargin is how far (texels) the changed-texel rectangle of a shadow face
// is widened: the 4×4 texels a lookup reads (the 2×2 filter and the ring
// its uniformity test reads: 2) and the normal offset of a lookup point,
// at most (shadowNormalOffset + 2)·2·major/S metres, which is under 12
// texels of the face at that point.
const incMargin = 24

// depthSlack is the relative depth margin of the hull's near and far
// planes: twice the most the normal offset moves a lookup point, relative
// to its distance ((shadowNormalOffset + 2)·2/S), plus 1% for the shadow
// bias and rounding.
func (r *Renderer) depthSlack() float64 {
	return 2*(shadowNormalOffset+2)*2/float64(r.opts.ShadowMapSize) + 0.01
}

// prepareIncremental decides whether this RGB frame of cam may keep P's
// colours and marks, per band, the columns the changed meshes touch
// (r.spans, shade_spans.go). It runs after binAll (this frame's mesh bounds)
// and before keepLabels (P's). It reports false when P is not usable.
// prev is 1 + the memo slot of the last frame drawn (0: it was not an RGB
// frame).
func (r *Renderer) prepareIncremental(cam sim.Camera, prev, nb int) bool {
	r.incSlot = nil
	if prev == 0 || r.opts.Supersample > 1 || r.memo.off {
		return false
	}
	p := &r.memo.slots[prev-1]
	c := &r.lc
	if !p.ok || p.cam != cam || len(p.keys) != r.nObj || len(p.boxes) != r.nObj || c.view != r.v || len(c.ent) != len(r.dl.mesh) {
		return false
	}
	r.spans = resetSpans(r.spans, nb)
	r.markChangedSpans(r.spans)
	r.incSlot = p
	return true
}

// addShadowSpans marks the pixels whose light may read shadow texels that
// differ between P's state and the current one (see the file comment); it
// reports false when they cannot be bounded.
func (r *Renderer) addShadowSpans(nb int) bool {
	if r.opts.Lighting == LightFlat || r.opts.NoShadows || r.opts.RoomLight < 0 {
		return true
	}
	p := r.incSlot
	var changed []int
	for i := 0; i < r.nObj; i++ {
		if p.keys[i] != r.inst[i].key {
			changed = append(changed, i)
		}
	}
	if len(changed) == 0 {
		return true
	}
	r.pyrs = r.pyrs[:0]
	r.hdirty = grow(r.hdirty, nb)
	r.hx0, r.hx1 = grow(r.hx0, nb), grow(r.hx1, nb)
	clear(r.hdirty)
	for li := range r.lights {
		L := &r.lights[li]
		if !L.valid {
			continue // no visible pixel reads it (buildShadows)
		}
		zfar, any, ok := r.litBox(li)
		if !ok {
			return false
		}
		if !any {
			continue
		}
		k := r.depthSlack()
		for fi := range L.faces {
			fc := &L.faces[fi]
			zhi := 0.0 // the far side of the meshes the light lights
			for _, q := range zfar.Corners() {
				zhi = max(zhi, fc.v.toCam(q)[2])
			}
			zhi += k * math.Abs(zhi)
			// One pyramid per changed box (before and after): the texels
			// that can differ lie in their projections.
			for _, i := range changed {
				for _, b := range [2]sim.AABB{p.boxes[i], r.inst[i].box} {
					rect, ok := boxRect(&fc.v, b)
					if !ok {
						return false
					}
					if rect.empty() {
						continue
					}
					zmin := math.Inf(1)
					for _, q := range b.Corners() {
						zmin = min(zmin, fc.v.toCam(q)[2])
					}
					zlo := zmin - k*math.Abs(zmin)
					if zhi <= zlo {
						continue
					}
					if !r.markHull(&fc.v, rect, zlo, zhi, nb) {
						return false
					}
				}
			}
		}
	}
	r.markLitPixels(nb)
	return true
}

// litBox returns a box holding every mesh that light li lights (the
// receivers of its shadows); any is false when there is none, ok false
// when the box is not finite.
func (r *Renderer) litBox(li int) (b sim.AABB, any, ok bool) {
	b = sim.AABB{Min: sim.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, Max: sim.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for i, e := range r.dl.mesh {
		if r.inst[i].light != li || e.triCount() == 0 {
			continue
		}
		any = true
		for k := 0; k < 3; k++ {
			b.Min[k], b.Max[k] = min(b.Min[k], e.mesh.Bounds.Min[k]), max(b.Max[k], e.mesh.Bounds.Max[k])
		}
	}
	if !any {
		return b, false, true
	}
	for k := 0; k < 3; k++ {
		if !(b.Max[k]-b.Min[k] < 1e6) {
			return b, true, false
		}
	}
	return b, true, true
}

// markHull marks the camera pixels onto which the part of the pyramid from
// face view fv's eye through texel rectangle rect (widened by incMargin)
// between face depths zlo and zhi (a hull of eight corners) projects, in
// front of the camera's near plane; false when the hull is not finite. A
// pyramid wholly in front of the light (zlo > 0) is only noted, with its
// projection in r.hdirty, r.hx0, r.hx1, for markLitPixels to refine.
func (r *Renderer) markHull(fv *view, rect texRect, zlo, zhi float64, nb int) bool {
	us := [2]float64{float64(rect.x0 - incMargin), float64(rect.x1 + incMargin)}
	ws := [2]float64{float64(rect.y0 - incMargin), float64(rect.y1 + incMargin)}
	zs := [2]float64{zlo, zhi}
	var cs [8]sim.Vec3
	for i := range cs {
		z, u, w := zs[i>>2&1], us[i>>1&1], ws[i&1]
		a, b := (u-fv.cx)/fv.f*z, (w-fv.cy)/fv.f*z
		cs[i] = r.v.toCam(fv.eye.Add(fv.fwd.Mul(z)).Add(fv.right.Mul(a)).Add(fv.down.Mul(b)))
	}
	hr, ok := hullRect(&r.v, &cs)
	if !ok {
		return false
	}
	if hr.empty() {
		return true
	}
	mark := func(b0, b1, x0, x1 int32) { r.markSpans(b0, b1, x0, x1) }
	if zlo > 0 {
		r.pyrs = append(r.pyrs, pyramid{fv: fv, u0: us[0], u1: us[1], w0: ws[0], w1: ws[1], zlo: zlo, zhi: zhi})
		mark = func(b0, b1, x0, x1 int32) { markSpan(r.hdirty, r.hx0, r.hx1, b0, b1, x0, x1, nb) }
	}
	if !r.markHullBands(&cs, hr, nb, mark) {
		mark(int32(hr.y0/DefaultBandHeight), int32(hr.y1/DefaultBandHeight), int32(hr.x0), int32(hr.x1))
	}
	return true
}

// widenSpans grows every marked span by the pixel neighbourhood a colour
// depends on: the frame's lightStep columns each way (light anchors and
// interpolation, shade_band.go; at least the one column of edge
// anti-aliasing), and the neighbouring bands (a band's edge pixels read the
// row beyond it).
func (r *Renderer) widenSpans(nb, w int) {
	r.wspans = grow(r.wspans, nb)
	for b := range r.wspans {
		r.wspans[b] = append(r.wspans[b][:0], r.spans[b]...)
	}
	step := int32(r.lstep)
	for b := 0; b < nb; b++ {
		for _, o := range [3]int{b - 1, b, b + 1} {
			if o < 0 || o >= nb {
				continue
			}
			for _, s := range r.wspans[o] {
				r.spans[b] = addSpan(r.spans[b], max(s.x0-step, 0), min(s.x1+step, int32(w-1)))
			}
		}
	}
}

// keepRow copies P's colours of row y into the frame.
func (r *Renderer) keepRow(y int) {
	f := r.frame
	W := f.Width
	copy(f.RGB.Pix[y*f.RGB.Stride:y*f.RGB.Stride+4*W], r.incSlot.rgb[y*4*W:(y+1)*4*W])
}
