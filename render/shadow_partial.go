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
// keep theirs, which no moved triangle covers in either state.

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

// boxRect returns the texels of view v whose centres the projection of box
// b can reach, widened by a texel on each side and clipped to the image; ok
// is false when a corner of b is nearer than the near plane (its projection
// is unbounded) or the box is not finite.
func boxRect(v *view, b sim.AABB) (r texRect, ok bool) {
	minU, minV := math.Inf(1), math.Inf(1)
	maxU, maxV := math.Inf(-1), math.Inf(-1)
	for _, p := range b.Corners() {
		q := v.toCam(p)
		if !(q[2] >= v.near) {
			return texRect{}, false
		}
		iz := 1 / q[2]
		u, w := v.cx+v.f*q[0]*iz, v.cy+v.f*q[1]*iz
		minU, maxU = min(minU, u), max(maxU, u)
		minV, maxV = min(minV, w), max(maxV, w)
	}
	if !(minU > -1e9 && maxU < 1e9 && minV > -1e9 && maxV < 1e9) { // NaN or far beyond the image
		return texRect{}, false
	}
	r = texRect{int(math.Floor(minU)) - 1, int(math.Floor(minV)) - 1, int(math.Ceil(maxU)) + 1, int(math.Ceil(maxV)) + 1}
	if r.x1 < 0 || r.y1 < 0 || r.x0 > v.w-1 || r.y0 > v.h-1 {
		return emptyRect, true
	}
	return texRect{max(r.x0, 0), max(r.y0, 0), min(r.x1, v.w-1), min(r.y1, v.h-1)}, true
}

// staleRect returns the texels of face fc of light L that the objects moved
// since L's faces were drawn (L.key, L.boxes) can have changed; ok is false
// when the face must be drawn whole (it was never drawn for L.key, or a
// moved box reaches behind its near plane).
func (r *Renderer) staleRect(L *roomLight, fc *shadowFace) (texRect, bool) {
	S := r.opts.ShadowMapSize
	if !L.complete || len(fc.depth) != S*S || fc.v.w != S || len(L.key) != r.nObj || len(L.boxes) != r.nObj {
		return texRect{}, false
	}
	rect := emptyRect
	for i, k := range L.key {
		in := &r.inst[i]
		if in.key == k {
			continue
		}
		for _, b := range [2]sim.AABB{L.boxes[i], in.box} {
			br, ok := boxRect(&fc.v, b)
			if !ok {
				return texRect{}, false
			}
			rect = rect.union(br)
		}
	}
	return rect, true
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
// in the current shadow face (true when its projection is unbounded).
func (r *Renderer) castersMeet(v *view, b sim.AABB) bool {
	br, ok := boxRect(v, b)
	return !ok || br.meets(*r.shRect)
}
