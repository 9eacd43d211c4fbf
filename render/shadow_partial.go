package render

import (
	"math"

	"flowbench/sim"
)

// Partial shadow-face rebuilds. A shadow face holds, at each texel centre,
// the nearest surface of the light's casters, so when some objects move only
// the texels their triangles can cover, before or after the move, can
// change: those inside the projections of their old and new boxes. A stale
// face whose other texels still hold the state it was drawn for (L.key) is
// redrawn only inside that rectangle, from the meshes whose boxes project
// into it. The set-ups are the full face's (same view), every caster that
// can cover a texel of the rectangle is drawn, in the same order, so each
// redrawn texel gets the value a full redraw gives it; the texels outside
// keep theirs, which no moved triangle covers in either state. Moved boxes
// far apart give separate rectangles, each redrawn so (staleRects).

// texRect is an inclusive rectangle of texels (x0 > x1: empty).
type texRect struct{ x0, y0, x1, y1 int }

// empty reports whether the rectangle holds no texel.
func (t texRect) empty() bool { return t.x0 > t.x1 || t.y0 > t.y1 }

// union returns the smallest rectangle holding t and u.
func (t texRect) union(u texRect) texRect {
	if t.empty() {
		return u
	}
	if u.empty() {
		return t
	}
	return texRect{min(t.x0, u.x0), min(t.y0, u.y0), max(t.x1, u.x1), max(t.y1, u.y1)}
}

// meets reports whether t and u share a texel.
func (t texRect) meets(u texRect) bool {
	return !t.empty() && !u.empty() && t.x0 <= u.x1 && u.x0 <= t.x1 && t.y0 <= u.y1 && u.y0 <= t.y1
}

// emptyRect is the rectangle of no texel.
var emptyRect = texRect{0, 0, -1, -1}

// boxRect returns the texels of view v whose centres the projection of the
// part of box b in front of the near plane can reach, widened by a texel on
// each side and clipped to the image (empty when no part is in front); ok is
// false when the box is not finite.
func boxRect(v *view, b sim.AABB) (r texRect, ok bool) {
	var cs [8]sim.Vec3
	for i, p := range b.Corners() {
		cs[i] = v.toCam(p)
	}
	return hullRect(v, &cs)
}

// hullRect returns the pixels of view v onto which the convex hull of the
// eight camera-space points cs projects, clipped to the near plane,
// widened by a pixel on each side and clipped to the image; ok is false when
// a point is not finite. The clipped hull's vertices are points of cs in
// front of the plane and crossings of the plane by segments between two of
// them, so the bounds of those (every pair: the edges are among them, the
// others add only points inside) bound the projection.
func hullRect(v *view, cs *[8]sim.Vec3) (r texRect, ok bool) {
	for _, c := range cs {
		if !(math.Abs(c[0])+math.Abs(c[1])+math.Abs(c[2]) < 1e12) {
			return texRect{}, false
		}
	}
	var buf [36][2]float64
	minU, minV := math.Inf(1), math.Inf(1)
	maxU, maxV := math.Inf(-1), math.Inf(-1)
	for _, q := range projectedPoints(v, cs, buf[:0]) {
		minU, maxU = min(minU, q[0]), max(maxU, q[0])
		minV, maxV = min(minV, q[1]), max(maxV, q[1])
	}
	if !(minU <= maxU) || !(minV <= maxV) { // nothing in front
		return emptyRect, true
	}
	if maxU < -1 || maxV < -1 || minU > float64(v.w) || minV > float64(v.h) {
		return emptyRect, true
	}
	return texRect{
		int(max(math.Floor(minU)-1, 0)), int(max(math.Floor(minV)-1, 0)),
		int(min(math.Ceil(maxU)+1, float64(v.w-1))), int(min(math.Ceil(maxV)+1, float64(v.h-1))),
	}, true
}

// staleRects returns the texels of face fc of light L that the objects
// moved since L's faces were drawn (L.key, L.boxes) can have changed: the
// projections of their old and new boxes, those that share texels merged
// into one rectangle (r.staleBuf's storage); ok is false when the face must
// be drawn whole (it was never drawn for L.key, or a moved box is not
// finite).
func (r *Renderer) staleRects(L *roomLight, fc *shadowFace) ([]texRect, bool) {
	S := r.opts.ShadowMapSize
	if !L.complete || len(fc.depth) != S*S || fc.v.w != S || len(L.key) != r.nObj || len(L.boxes) != r.nObj {
		return nil, false
	}
	rects := r.staleBuf[:0]
	for i, k := range L.key {
		in := &r.inst[i]
		if in.key == k {
			continue
		}
		for _, b := range [2]sim.AABB{L.boxes[i], in.box} {
			br, ok := boxRect(&fc.v, b)
			if !ok {
				return nil, false
			}
			if !br.empty() {
				rects = addRect(rects, br)
			}
		}
	}
	r.staleBuf = rects
	return rects, true
}

// addRect adds t to disjoint rectangles, merging it with those it shares
// texels with (and the merged rectangle with those it then meets).
func addRect(rects []texRect, t texRect) []texRect {
	for {
		merged := false
		for i := 0; i < len(rects); i++ {
			if rects[i].meets(t) {
				t = t.union(rects[i])
				rects = append(rects[:i], rects[i+1:]...)
				merged = true
				break
			}
		}
		if !merged {
			return append(rects, t)
		}
	}
}

// poseBoxes returns the objects' current boxes (the casters' bounds L.boxes
// records with L.key), reusing dst's storage.
func (r *Renderer) poseBoxes(dst []sim.AABB) []sim.AABB {
	dst = dst[:0]
	for i := 0; i < r.nObj; i++ {
		dst = append(dst, r.inst[i].box)
	}
	return dst
}

// castersMeet reports whether mesh bounds b can cover a texel of r.shRect
// in the current shadow face (true when its box is not finite).
func (r *Renderer) castersMeet(v *view, b sim.AABB) bool {
	br, ok := boxRect(v, b)
	return !ok || br.meets(*r.shRect)
}
