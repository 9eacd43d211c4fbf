package planner

import (
	"math"
	"strings"

	"flowbench/render"
	"flowbench/sim"
)

// Framing (issue 52). Every object a question names (the mover, landmarks,
// options, counted neighbours) must be framed in the views the question
// shows:
//
//   - in I0 it shows at least its mark's required area
//     (render.MinMarkArea: the size rule of its dot) and the image border
//     cuts at most MaxFrameCut of its projected box (FrameCut);
//   - in I1 the objects that moved (the mover and what it carries; named
//     objects that did not move are framed as in I0) are cut by at most
//     MaxFrameCut and show at least the area of the smallest followed mark
//     (render.MinFollowArea), so I1 still shows and marks them.
//
// A question failing either is not emitted: newExample fails the attempt
// with reason "framing_cut" or "framing_area", counted per category like
// every failure. Planners choose movers and mentioned objects among those
// framed in I0 (keepMarkable), so attempts are not spent on them.

// MaxFrameCut is the largest share of a named object's projected box that
// may lie outside the image.
const MaxFrameCut = 1.0 / 3

// frameNear is the camera-frame depth, metres, at which a box is clipped
// before projection: a box reaching behind the camera projects to an
// unbounded box, which the clipping keeps finite and large.
const frameNear = 0.01

// Failure reasons of the framing rule.
const (
	FailFramingCut  = "framing_cut"
	FailFramingArea = "framing_area"
)

// FrameCut is the share of the projected 2D box of b that lies outside
// cam's image: the box is the bounding rectangle of the projections of b's
// corners (b clipped to the near side of the camera, depth ≥ frameNear) in
// pixel coordinates, the image spans [−½, W−½] × [−½, H−½] (pixel centres
// at integers), and the share compares the rectangle's area outside the
// image with its whole area, including the part outside. A box entirely
// behind the camera is cut wholly (1); a box projecting to a point or a
// line counts as inside when that lies in the image.
func FrameCut(cam sim.Camera, b sim.OBB) float64 {
	u0, v0, u1, v1, ok := projectedBox(cam, b)
	if !ok {
		return 1
	}
	w, h := float64(cam.Width), float64(cam.Height)
	iu := math.Min(u1, w-0.5) - math.Max(u0, -0.5)
	iv := math.Min(v1, h-0.5) - math.Max(v0, -0.5)
	if iu < 0 || iv < 0 {
		return 1
	}
	area := (u1 - u0) * (v1 - v0)
	if area <= 1e-12 {
		return 0
	}
	return math.Max(0, 1-iu*iv/area)
}

// projectedBox returns the pixel bounding rectangle of b's projection after
// clipping b to depth ≥ frameNear; ok is false when nothing of b lies there.
func projectedBox(cam sim.Camera, b sim.OBB) (u0, v0, u1, v1 float64, ok bool) {
	var c [8]sim.Vec3 // camera-frame corners, index bits: x, y, z sign
	up := sim.Vec3{0, 1, 0}
	for i := range c {
		p := b.Center
		p = p.Add(b.AxisX.Mul(b.Half[0] * sign(i&1)))
		p = p.Add(up.Mul(b.Half[1] * sign(i&2)))
		p = p.Add(b.AxisZ.Mul(b.Half[2] * sign(i&4)))
		c[i] = cam.ToCamera(p)
	}
	fl := cam.Focal()
	cx, cy := cam.Principal()
	u0, v0, u1, v1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(q sim.Vec3) {
		u, v := cx+fl*q[0]/q[2], cy+fl*q[1]/q[2]
		u0, v0, u1, v1 = math.Min(u0, u), math.Min(v0, v), math.Max(u1, u), math.Max(v1, v)
		ok = true
	}
	for i, q := range c {
		if q[2] >= frameNear {
			add(q)
		}
		// The edges to the corners differing in one higher bit: each of
		// the 12 edges once. An edge crossing the near plane adds its
		// crossing point.
		for _, bit := range []int{1, 2, 4} {
			j := i | bit
			if i&bit != 0 {
				continue
			}
			r := c[j]
			if (q[2] < frameNear) != (r[2] < frameNear) {
				t := (frameNear - q[2]) / (r[2] - q[2])
				add(q.Add(r.Sub(q).Mul(t)))
			}
		}
	}
	return u0, v0, u1, v1, ok
}

// sign is −1 for 0 and +1 otherwise.
func sign(bit int) float64 {
	if bit == 0 {
		return -1
	}
	return 1
}

// framedIn0 reports whether object o is framed in I0: at least its mark's
// required area visible and cut by the border by at most MaxFrameCut.
func (c *viewCtx) framedIn0(o *ObjectMeta) bool {
	return c.m0.Pixels(o.ID) >= render.MinMarkArea(render.StyleDots, c.f0.W, c.f0.H) &&
		FrameCut(c.cam, o.OBB()) <= MaxFrameCut
}

// areaFloor is the least visible area the framing rule asks of named
// object id in I0: its mark's required area, which for an occlusion
// question's occludee is OccludeeMinArea (decision 5 of issue 52).
func (c *viewCtx) areaFloor(id string) int {
	if id != "" && id == c.occludee {
		return OccludeeMinArea(c.f0.W, c.f0.H)
	}
	return render.MinMarkArea(render.StyleDots, c.f0.W, c.f0.H)
}

// framingWhy checks the framing rule for the objects an example about
// edit e names (the mover first): "" when every one is framed, else
// FailFramingArea or FailFramingCut.
func (c *viewCtx) framingWhy(e *edit, ids []string) string {
	for _, id := range ids {
		if c.m0.Pixels(id) < c.areaFloor(id) {
			return FailFramingArea
		}
		if FrameCut(c.cam, c.obj0(id).OBB()) > MaxFrameCut {
			return FailFramingCut
		}
	}
	if e == nil || e.f1 == nil {
		return ""
	}
	area1 := render.MinFollowArea(render.StyleDots, e.f1.W, e.f1.H)
	for _, id := range ids {
		k, ok := e.byID1[id]
		if !ok || samePose(&e.objs1[k], c.obj0(id)) {
			continue // did not move: framed as in I0
		}
		o := &e.objs1[k]
		if e.m1.Pixels(id) < area1 {
			return FailFramingArea
		}
		if FrameCut(c.cam, o.OBB()) > MaxFrameCut {
			return FailFramingCut
		}
	}
	return ""
}

// FramingRejections sums, per category name, the failed attempts of a
// Report's Failures (keys "<category>_…_<reason>") that the framing rule
// rejected.
func FramingRejections(failures map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range failures {
		if !strings.HasSuffix(k, "_"+FailFramingCut) && !strings.HasSuffix(k, "_"+FailFramingArea) {
			continue
		}
		for _, name := range categoryNames {
			if strings.HasPrefix(k, name+"_") {
				out[name] += n
				break
			}
		}
	}
	return out
}
