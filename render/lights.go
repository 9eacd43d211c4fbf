package render

import (
	"math"
	"strings"

	"flowbench/sim"
)

// Interior lighting constants (LightInterior).
const (
	// DefaultInteriorAmbient is the ambient light fraction.
	DefaultInteriorAmbient = 0.36
	// DefaultWindowLight is the directional ("window") light at normal incidence.
	DefaultWindowLight = 0.2
	// DefaultRoomLight is each room light's intensity at normal incidence, at
	// distance 0; it falls off as 1 / (1 + (d / RoomLightFalloff)²).
	DefaultRoomLight = 0.85
	// RoomLightFalloff is the distance in metres at which a room light has half its intensity.
	RoomLightFalloff = 2.4
	// BounceFraction is the light the floor throws back up, as a fraction
	// of the room light: a surface facing down (a ceiling, the underside of
	// a shelf) with unit normal n gets, on top of the ambient term,
	// RoomLight × BounceFraction × (−n_y) / (1 + (d / RoomLightFalloff)²),
	// warm white and unshadowed, d being its distance to its room's light.
	// It stands for the light that a real room's floor and furniture
	// reflect, without which ceilings were the ambient term's dark grey.
	BounceFraction = 0.5
	// RoomLightDrop is how far below the ceiling the room lights hang (metres).
	RoomLightDrop = 0.3
	// DefaultShadowMapSize is the side in texels of each shadow-map face.
	DefaultShadowMapSize = 512
)

// RoomLightColor is the warm white of the room lights (multiplies the intensity).
var RoomLightColor = [3]float64{1.0, 0.9, 0.76}

// roomLight is a room's main light: a point light near the ceiling above the
// centre of the room polygon, with a shadow cube map (5 faces: ±x, ±z and
// -y; nothing above the light casts a shadow worth drawing).
type roomLight struct {
	pos   sim.Vec3
	poly  [][2]float64
	room  string
	faces [5]shadowFace
	valid bool // every face matches the current scene state
	// complete: every face was drawn for the scene state key (the objects'
	// poses), though some may have been marked stale since; alt holds the
	// faces of the state before (shadow_cache.go).
	key      []poseKey
	boxes    []sim.AABB // per object, its box at key (shadow_partial.go)
	complete bool
	alt      shadowAlt
	// box is the room's footprint (xz) widened by shadowRoomMargin, full height.
	box sim.AABB
}

// shadowRoomMargin widens a room's box for deciding whether a moved object
// can change its light's shadow maps (objects at doorways, wall furniture).
const shadowRoomMargin = 0.5

// shadowFace is one 90° face of a shadow cube map: a view from the light and
// the inverse planar depth (1/z along the face axis) of the nearest surface
// at each texel centre, 0 where nothing is seen.
type shadowFace struct {
	v     view
	depth []float32
	valid bool
}

// cubeAxes are the forward, right and down axes of the shadow faces.
var cubeAxes = [5][3]sim.Vec3{
	{{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},
	{{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
	{{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},
	{{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},
	{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
}

// makeLights places one light per room of s.
func makeLights(s *sim.Scene) []roomLight {
	ceil := 0.0
	for _, w := range s.Walls {
		ceil = math.Max(ceil, w.Height)
	}
	if ceil == 0 {
		ceil = 2.5
	}
	out := make([]roomLight, 0, len(s.Rooms))
	for _, rm := range s.Rooms {
		c := sim.RoomLightXZ(rm.Polygon)
		L := roomLight{pos: sim.Vec3{c[0], ceil - RoomLightDrop, c[1]}, poly: rm.Polygon, room: rm.ID}
		L.box = sim.AABB{Min: sim.Vec3{math.Inf(1), math.Inf(-1), math.Inf(1)}, Max: sim.Vec3{math.Inf(-1), math.Inf(1), math.Inf(-1)}}
		for _, q := range rm.Polygon {
			L.box.Min[0], L.box.Max[0] = math.Min(L.box.Min[0], q[0]-shadowRoomMargin), math.Max(L.box.Max[0], q[0]+shadowRoomMargin)
			L.box.Min[2], L.box.Max[2] = math.Min(L.box.Min[2], q[1]-shadowRoomMargin), math.Max(L.box.Max[2], q[1]+shadowRoomMargin)
		}
		out = append(out, L)
	}
	return out
}

// inPolygon is the even-odd point-in-polygon test in the xz plane.
func inPolygon(p [][2]float64, x, z float64) bool {
	in := false
	for i := range p {
		q, r := p[i], p[(i+1)%len(p)]
		if (q[1] > z) != (r[1] > z) && x < q[0]+(z-q[1])/(r[1]-q[1])*(r[0]-q[0]) {
			in = !in
		}
	}
	return in
}

// lightOf returns the light of the room containing the point (the nearest
// light when none does), -1 when the scene has no rooms.
func (r *Renderer) lightOf(p sim.Vec3) int {
	for i := range r.lights {
		if inPolygon(r.lights[i].poly, p[0], p[2]) {
			return i
		}
	}
	best, bi := math.Inf(1), -1
	for i := range r.lights {
		l := r.lights[i].pos
		if d := math.Hypot(l[0]-p[0], l[2]-p[2]); d < best {
			best, bi = d, i
		}
	}
	return bi
}

// structureLight returns the light of a structure mesh's room (-1 for
// exterior wall faces).
func (r *Renderer) structureLight(m *sim.Mesh) int {
	room := ""
	switch m.Kind {
	case sim.MeshFloor, sim.MeshCeiling:
		_, room, _ = strings.Cut(m.ID, "|")
	case sim.MeshWall:
		for _, w := range r.scene.Walls {
			if w.ID == m.ID {
				room = w.RoomID
				break
			}
		}
	}
	for i := range r.lights {
		if r.lights[i].room == room {
			return i
		}
	}
	return -1
}

// buildShadows (re)draws the shadow maps of the lights the frame needs: those
// of the instances visible at pixel centres (every instance in the frustum
// when supersampling). Shadow maps depend only on the scene state, never on
// the camera or on which frames came before.
func (r *Renderer) buildShadows(f *Frame) {
	clear(r.needLight)
	any := false
	for i := range r.inst {
		if li := r.inst[i].light; li >= 0 && !r.lights[li].valid {
			vis := f.Stats[i+1].Pixels > 0 || (r.opts.Supersample > 1 && !r.cull[i])
			if vis {
				r.needLight[li] = true
				any = true
			}
		}
	}
	if !any {
		return
	}
	any = false
	for li := range r.lights {
		if r.needLight[li] {
			r.needLight[li] = !r.restoreShadows(&r.lights[li])
			any = any || r.needLight[li]
		}
	}
	if !any {
		return
	}
	r.prepareShadowCasters()
	S := r.opts.ShadowMapSize
	nb := (S + DefaultBandHeight - 1) / DefaultBandHeight
	r.shW = grow(r.shW, S*S)
	r.shT = grow(r.shT, S*S)
	for li := range r.lights {
		if !r.needLight[li] {
			continue
		}
		L := &r.lights[li]
		r.saveShadows(L)
		for fi := range L.faces {
			fc := &L.faces[fi]
			if fc.valid && len(fc.depth) == S*S {
				continue
			}
			// Only the texels the moved objects can reach, when the rest
			// holds the state the faces were drawn for (shadow_partial.go).
			rects, part := r.staleRects(L, fc)
			if part && len(rects) == 0 {
				fc.valid = true
				continue
			}
			ax := cubeAxes[fi]
			fc.v = view{w: S, h: S, f: float64(S) / 2, cx: float64(S-1) / 2, cy: float64(S-1) / 2,
				fwd: ax[0], right: ax[1], down: ax[2], eye: L.pos, near: 0.02, invNear: 1 / 0.02}
			fc.depth = grow(fc.depth, S*S)
			if !part {
				r.drawShadowFace(fc, nb, &L.box, nil)
			} else {
				r.partialFaces++
				for k := range rects {
					r.drawShadowFace(fc, nb, &L.box, &rects[k])
				}
			}
			fc.valid = true
		}
		L.valid = true
		L.key = r.poseKeys(L.key)
		L.boxes = r.poseBoxes(L.boxes)
		L.complete = true
	}
}

// drawShadowFace draws face fc of a light whose room box is box: whole, or
// only the texels of rect (shadow_partial.go).
func (r *Renderer) drawShadowFace(fc *shadowFace, nb int, box *sim.AABB, rect *texRect) {
	r.shRect = rect
	r.shSetups = r.setupAll(&fc.v, &r.dlShadow, r.shSetups, true, box)
	r.shBins = r.binAll(&r.dlShadow, r.shSetups, r.shBins, nb, DefaultBandHeight, false)
	r.shFace = fc
	r.parallel(nb, jobShadowBand)
	r.shFace, r.shRect = nil, nil
}

// invalidateShadows marks stale the shadow-map faces an object moving from
// box old to box new can change: those of the lights whose room box meets
// either box, and of those only the faces whose frustum holds either box.
// (Points are lit only by their own room's light, so an object outside a
// room cannot shadow them.)
func (r *Renderer) invalidateShadows(old, new sim.AABB) {
	for li := range r.lights {
		L := &r.lights[li]
		if !boxesMeet(L.box, old) && !boxesMeet(L.box, new) {
			continue
		}
		for fi := range L.faces {
			fc := &L.faces[fi]
			if !fc.valid {
				continue
			}
			if !cullMesh(&fc.v, old) || !cullMesh(&fc.v, new) {
				fc.valid = false
				L.valid = false
			}
		}
	}
}

// boxesMeet reports whether two boxes overlap.
func boxesMeet(a, b sim.AABB) bool {
	for k := 0; k < 3; k++ {
		if a.Max[k] < b.Min[k] || b.Max[k] < a.Min[k] {
			return false
		}
	}
	return true
}

// shadowBand draws band b of the current shadow face.
func (r *Renderer) shadowBand(b int) {
	fc := r.shFace
	S := fc.v.w
	y0 := b * DefaultBandHeight
	y1 := min(y0+DefaultBandHeight, S)
	wbuf := r.shW[y0*S : y1*S]
	if rc := r.shRect; rc != nil { // a partial rebuild: only the rectangle's texels
		if rc.y1 < y0 || rc.y0 >= y1 {
			return
		}
		rasterRows(&fc.v, &r.dlShadow, r.shSetups, r.shBins[b], y0, y1, rc.x0, rc.x1, wbuf, r.shT[y0*S:y1*S])
		for y := max(y0, rc.y0); y <= min(y1-1, rc.y1); y++ {
			d := fc.depth[y*S+rc.x0 : y*S+rc.x1+1]
			for i, w := range wbuf[(y-y0)*S+rc.x0 : (y-y0)*S+rc.x1+1] {
				d[i] = float32(w)
			}
		}
		return
	}
	rasterRows(&fc.v, &r.dlShadow, r.shSetups, r.shBins[b], y0, y1, 0, S-1, wbuf, r.shT[y0*S:y1*S])
	d := fc.depth[y0*S : y1*S]
	for i, w := range wbuf {
		d[i] = float32(w)
	}
}

// shadowBias is the relative depth margin of the shadow test; normal offset
// (shadowNormalOffset texels along the surface normal) handles the rest.
const (
	shadowBias         = 0.006
	shadowNormalOffset = 1.5
)

// visibility returns the fraction (0..1) of light L reaching point p with
// unit normal n (n·(light − p) / |light − p| = ndl > 0), by a 2×2
// percentage-closer filter of its shadow cube map. The point is first pushed
// along its normal by a few texels at its distance (normal-offset bias, more
// at grazing light), then compared with a relative margin shadowBias.
// uniform reports whether the 4×4 texels around the lookup (the filter's
// 2×2 and a ring of one texel) all test alike: where they do not, a
// shadow's edge or a thin shadow is near, and the light must not be
// interpolated across the point (shade_band.go).
func (L *roomLight) visibility(p, n sim.Vec3, ndl float64) (vis float64, uniform bool) {
	if !L.valid {
		return 1, true
	}
	dx, dy, dz := p[0]-L.pos[0], p[1]-L.pos[1], p[2]-L.pos[2]
	major := math.Abs(dx)
	if a := math.Abs(dy); a > major {
		major = a
	}
	if a := math.Abs(dz); a > major {
		major = a
	}
	if major <= 0 {
		return 1, true
	}
	fc0 := &L.faces[0]
	S := fc0.v.w
	off := (shadowNormalOffset + 2*(1-ndl)) * 2 * major / float64(S)
	dx, dy, dz = dx+n[0]*off, dy+n[1]*off, dz+n[2]*off
	ax, ay, az := math.Abs(dx), math.Abs(dy), math.Abs(dz)
	// Face coordinates: z along the face axis, (a, b) along its right and
	// down axes (cubeAxes).
	var fi int
	var z, a, b float64
	switch {
	case ay >= ax && ay >= az:
		if dy > 0 {
			return 1, true // above the light: no face
		}
		fi, z, a, b = 4, -dy, dx, dz
	case ax >= az:
		if dx > 0 {
			fi, z, a, b = 0, dx, -dz, -dy
		} else {
			fi, z, a, b = 1, -dx, dz, -dy
		}
	default:
		if dz > 0 {
			fi, z, a, b = 2, dz, dx, -dy
		} else {
			fi, z, a, b = 3, -dz, -dx, -dy
		}
	}
	if z <= 0 {
		return 1, true
	}
	fc := &L.faces[fi]
	v := &fc.v
	iz := v.f / z
	px := v.cx + a*iz
	py := v.cy + b*iz
	if !(px > -1 && py > -1 && px < float64(S) && py < float64(S)) {
		px, py = min(max(px, -0.5), float64(S)-0.5), min(max(py, -0.5), float64(S)-0.5)
	}
	x0, y0 := int(px+1)-1, int(py+1)-1 // floor for px, py > -1
	fx, fy := px-float64(x0), py-float64(y0)
	x1, y1 := x0+1, y0+1
	if x0 < 0 {
		x0 = 0
	}
	if y0 < 0 {
		y0 = 0
	}
	if x1 > S-1 {
		x1 = S - 1
	}
	if y1 > S-1 {
		y1 = S - 1
	}
	if x0 > S-1 {
		x0 = S - 1
	}
	if y0 > S-1 {
		y0 = S - 1
	}
	if x1 < 0 {
		x1 = 0
	}
	if y1 < 0 {
		y1 = 0
	}
	lim := float32(1+shadowBias) / float32(z) // lit where the stored w ≤ (1+bias)/z
	d := fc.depth
	r0, r1 := d[y0*S:y0*S+S], d[y1*S:y1*S+S]
	var l00, l01, l10, l11 float64
	if r0[x0] <= lim {
		l00 = 1
	}
	if r0[x1] <= lim {
		l01 = 1
	}
	if r1[x0] <= lim {
		l10 = 1
	}
	if r1[x1] <= lim {
		l11 = 1
	}
	top := l00 + (l01-l00)*fx
	bot := l10 + (l11-l10)*fx
	vis = top + (bot-top)*fy
	if vis != 0 && vis != 1 {
		return vis, false
	}
	lit := vis == 1
	for y := max(y0-1, 0); y <= min(y1+1, S-1); y++ {
		row := d[y*S : y*S+S]
		for x := max(x0-1, 0); x <= min(x1+1, S-1); x++ {
			if (row[x] <= lim) != lit {
				return vis, false
			}
		}
	}
	return vis, true
}
