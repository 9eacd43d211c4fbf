package render

import (
	"math"

	"flowbench/sim"
)

// Occlusion culling. Before the objects' triangles are set up, the structure
// meshes (walls, floors, ceilings: few, large triangles) are drawn alone into
// an inverse-depth buffer, and each tile of occTile×occTile pixels keeps the
// farthest structure surface seen at its pixel centres (0 where a centre sees
// no structure). An object whose nearest possible point — the nearest corner
// of its bounding box — is farther, by a relative margin, than that farthest
// structure surface in every tile its projected box (widened by a pixel)
// touches cannot win any pixel centre, so its triangles are not set up: in a
// house, the furniture of the rooms behind the walls. Depth, ids and stats are
// exactly those of drawing everything (TestOcclusionCullingIsExact).

const (
	occTile   = 16
	occMargin = 1e-6 // relative inverse-depth margin of the occlusion test
)

// occlusionCull fills r.occluded for view v: true for the objects hidden
// behind the structure, false for the structure meshes themselves.
func (r *Renderer) occlusionCull(v *view) {
	n := len(r.inst)
	r.occluded = grow(r.occluded, n)
	if r.nObj == 0 || r.nObj == n {
		clear(r.occluded)
		return
	}
	tw, th := (v.w+occTile-1)/occTile, (v.h+occTile-1)/occTile
	if !r.structureKept(v) {
		if !r.occlusionPays(v) {
			clear(r.occluded)
			return
		}
		r.drawStructure(v, tw)
	}
	r.occActive = true
	for i := 0; i < r.nObj; i++ {
		r.occluded[i] = r.hidden(v, i, tw, th)
	}
	for i := r.nObj; i < n; i++ {
		r.occluded[i] = false
	}
}

// occPayPixels sets when a structure pass pays for itself: when the
// objects' triangles in the view's frustum number at least the image's
// pixels / occPayPixels. The pass costs about a raster of the whole image
// (the structure covers nearly every pixel), what it saves grows with the
// hidden objects' triangles; measured at 800×800 (issue 40), it cost 3 ms
// of 6–9 in primitive houses (about 2,000–12,000 object triangles in view)
// and broke even at about 130,000 model triangles.
const occPayPixels = 4

// occlusionPays reports whether a new structure pass for view v is likely
// to save more than it costs (occPayPixels). Either way the frame is the
// same.
func (r *Renderer) occlusionPays(v *view) bool {
	if r.occForce {
		return true
	}
	need := v.w * v.h / occPayPixels
	n := 0
	for i := 0; i < r.nObj && n < need; i++ {
		if e := r.dl.mesh[i]; e.triCount() > 0 && !cullMesh(v, e.mesh.Bounds) {
			n += e.triCount()
		}
	}
	return n >= need
}

// structureKept reports whether the structure pass kept from an earlier
// frame (r.occW, r.occMin) is that of view v.
func (r *Renderer) structureKept(v *view) bool {
	return r.occCached && r.occCacheView == *v && !r.opts.NoFrameCache
}

// drawStructure runs the structure pass for view v (structureDepth), the
// objects marked occluded so that it skips them, and keeps it for later
// frames from v. The draw list must hold the structure meshes.
func (r *Renderer) drawStructure(v *view, tw int) {
	r.occluded = grow(r.occluded, len(r.inst))
	for i := range r.occluded {
		r.occluded[i] = i < r.nObj
	}
	active := r.occActive
	r.occActive = true
	r.structureDepth(v, tw)
	r.occActive = active
	r.occCacheView, r.occCached = *v, true
}

// structureDepth draws the structure meshes alone for view v and keeps, per
// tile (tw tiles a row), the farthest surface seen (r.occMin). The structure
// never changes, so the result is kept for the next frame from the same view.
func (r *Renderer) structureDepth(v *view, tw int) {
	r.occSetups = r.setupAll(v, &r.dl, r.occSetups, false, nil)
	nb := (v.h + DefaultBandHeight - 1) / DefaultBandHeight
	r.occBins = r.binAll(&r.dl, r.occSetups, r.occBins, nb, DefaultBandHeight, false)
	r.occW = grow(r.occW, v.w*v.h)
	r.occT = grow(r.occT, v.w*v.h)
	r.occView = v
	r.parallel(nb, jobOcclusion)
	r.occView = nil

	th := (v.h + occTile - 1) / occTile
	r.occMin = grow(r.occMin, tw*th)
	for i := range r.occMin {
		r.occMin[i] = math.Inf(1)
	}
	for y := 0; y < v.h; y++ {
		row := r.occW[y*v.w : (y+1)*v.w]
		t := (y / occTile) * tw
		for x, w := range row {
			if m := &r.occMin[t+x/occTile]; w < *m {
				*m = w
			}
		}
	}
}

// occlusionBand draws band b of the structure-only pass.
func (r *Renderer) occlusionBand(b int) {
	v := r.occView
	y0 := b * DefaultBandHeight
	y1 := min(y0+DefaultBandHeight, v.h)
	rasterRows(v, &r.dl, r.occSetups, r.occBins[b], y0, y1, 0, v.w-1, r.occW[y0*v.w:y1*v.w], r.occT[y0*v.w:y1*v.w])
}

// boxPixels returns the pixel rectangle [x0, x1] × [y0, y1] (not clipped
// to the image) of box b's projection widened by a pixel, and the largest
// inverse depth of its corners; ok is false when b reaches the near plane.
func (v *view) boxPixels(b sim.AABB) (x0, y0, x1, y1 int, wmax float64, ok bool) {
	minU, minV, maxU, maxV := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range b.Corners() {
		q := v.toCam(p)
		if !(q[2] >= v.near) {
			return 0, 0, 0, 0, 0, false
		}
		wmax = math.Max(wmax, 1/q[2])
		u, w := v.cx+v.f*q[0]/q[2], v.cy+v.f*q[1]/q[2]
		minU, maxU = math.Min(minU, u), math.Max(maxU, u)
		minV, maxV = math.Min(minV, w), math.Max(maxV, w)
	}
	return int(math.Floor(minU)) - 1, int(math.Floor(minV)) - 1, int(math.Ceil(maxU)) + 1, int(math.Ceil(maxV)) + 1, wmax, true
}

// hidden reports whether object instance i lies entirely behind the
// structure drawn in r.occW (see occlusionCull).
func (r *Renderer) hidden(v *view, i, tw, th int) bool {
	e := r.dl.mesh[i]
	if e.triCount() == 0 {
		return false
	}
	return r.boxHidden(v, e.mesh.Bounds, tw, th)
}

// boxHidden reports whether everything inside box b lies behind the
// structure drawn in r.occMin for view v (tw × th tiles): its nearest
// corner is farther, by occMargin, than the farthest structure surface in
// every tile its projection widened by a pixel touches.
func (r *Renderer) boxHidden(v *view, b sim.AABB, tw, th int) bool {
	x0, y0, x1, y1, wmax, ok := v.boxPixels(b)
	if !ok {
		return false // reaches the near plane: let the rasterizer decide
	}
	if x1 < 0 || y1 < 0 || x0 >= v.w || y0 >= v.h {
		return false // outside the image: the frustum test culls it
	}
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, v.w-1), min(y1, v.h-1)
	limit := wmax * (1 + occMargin)
	for ty := y0 / occTile; ty <= y1/occTile; ty++ {
		for tx := x0 / occTile; tx <= x1/occTile; tx++ {
			if !(r.occMin[ty*tw+tx] > limit) {
				return false
			}
		}
	}
	return true
}
