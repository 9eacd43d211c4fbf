package sim

// Openings to the outdoors. Walls have no thickness, so a window or an
// outside door would be a flat hole in a painted plane. Behind the room side
// of every wall whose hole opens to the outdoors (the hole is also cut into
// an exterior wall face), the wall mesh gets:
//
//   - a lining (reveal) around the hole, RevealDepth deep: the jambs, the
//     head and, for windows, the sill, in the wall's own surface (its texture
//     wraps round the corner);
//   - for windows, a frame of FrameWidth inside the lining, from FrameFront
//     to FrameBack behind the wall face, and a glazing bar of BarWidth: a
//     vertical one (slider or wide window) or a horizontal one (hung window),
//     in FrameSurface.
//
// All of it lies behind the wall's room-side plane, outside the house, so
// nothing in a room touches it and collisions (WallPanels) are unchanged;
// it belongs to the wall's mesh, so the renderer, the ray caster and the
// bridges draw, hit and label it as the wall.
//
// A doorway between two rooms is cut into both rooms' walls, which share
// one plane: each gets half a lining (jambs and head, RevealDepth/2 behind
// its plane, in its own surface), so the doorway shows a wall RevealDepth
// thick, painted on each half as its room. Those halves reach into the
// doorway's own rectangle only, which the collision rules keep open.
// Windows between two rooms (none are generated) are left as they are.

import "strings"

// Opening dimensions, in metres behind the wall's room-side plane (depth) or
// in the wall's plane (widths).
const (
	RevealDepth = 0.12
	FrameFront  = 0.05
	FrameBack   = 0.09
	FrameWidth  = 0.05
	BarWidth    = 0.04
)

// FrameSurface is the painted surface of window frames and glazing bars.
var FrameSurface = &Surface{Name: "paint:window-frame", Color: RGB{0.93, 0.93, 0.91}}

// openingTri is one triangle of an opening's lining or frame: world vertices
// (front face towards the room or the opening's middle), wall-surface UVs in
// metres per vertex, and whether it is frame (FrameSurface) rather than
// lining (the wall's surface).
type openingTri struct {
	tri   Triangle
	uv    [3][2]float32
	frame bool
}

// OutdoorHoles returns the ids of the door and window holes that open to
// the outdoors: those also cut into an exterior wall face.
func (s *Scene) OutdoorHoles() map[string]bool {
	out := map[string]bool{}
	for _, w := range s.Walls {
		if w.Exterior {
			for _, h := range w.Holes {
				out[h.ID] = true
			}
		}
	}
	return out
}

// openingTris returns the linings and frames behind room-side wall w's holes
// whose ids are in outdoor, and the half linings of its other doors.
func openingTris(w WallShape, outdoor map[string]bool) []openingTri {
	l := w.Length()
	if w.Exterior || l == 0 {
		return nil
	}
	var out []openingTri
	for _, h := range w.Holes {
		depth := RevealDepth
		switch {
		case outdoor[h.ID]:
		case h.Door:
			depth = RevealDepth / 2 // the other room's wall adds the other half
		default:
			continue
		}
		u0, u1 := clamp(h.U0, 0, l), clamp(h.U1, 0, l)
		y0, y1 := clamp(h.Y0, 0, w.Height), clamp(h.Y1, 0, w.Height)
		if u1-u0 < 1e-6 || y1-y0 < 1e-6 {
			continue
		}
		b := openingBuilder{w: w}
		b.lining(u0, u1, y0, y1, depth, !h.Door && y0 > 0)
		if !h.Door && u1-u0 > 2*FrameWidth+BarWidth && y1-y0 > 2*FrameWidth+BarWidth {
			v, hz := glazingBars(h, u1-u0, y1-y0)
			b.frame(u0, u1, y0, y1, v, hz)
		}
		out = append(out, b.tris...)
	}
	return out
}

// glazingBars returns whether a window of width × height gets a vertical
// and a horizontal glazing bar: AI2-THOR's hung windows a horizontal one
// (meeting rails), sliders a vertical one, fixed panes none unless wider
// than 1.3 m; windows of other assets by shape (a horizontal bar when taller
// than wide, else a vertical one when wider than 1 m).
func glazingBars(h Hole, width, height float64) (vertical, horizontal bool) {
	switch a := h.Asset; {
	case strings.Contains(a, "_Hung_"):
		return false, true
	case strings.Contains(a, "_Slider_"):
		return true, false
	case strings.Contains(a, "_Fixed_"):
		return width > 1.3, false
	}
	if height > width {
		return false, true
	}
	return width > 1, false
}

// openingBuilder collects the triangles of one wall's openings. A point is
// given in wall coordinates: u along the wall from A, y up, d behind the
// room-side plane.
type openingBuilder struct {
	w    WallShape
	tris []openingTri
}

// point returns the world point at wall coordinates (u, y, d).
func (b *openingBuilder) point(u, y, d float64) Vec3 {
	p := wallPoint(b.w, u, y)
	return Vec3{p[0] - d*b.w.Normal[0], y, p[2] - d*b.w.Normal[1]}
}

// quad adds the quad of wall-coordinate corners c (in order round it),
// facing towards normal n (world), with surface UVs uv (metres).
func (b *openingBuilder) quad(c [4][3]float64, uv [4][2]float64, n Vec3, frame bool) {
	var p [4]Vec3
	var t [4][2]float32
	for i := range c {
		p[i] = b.point(c[i][0], c[i][1], c[i][2])
		t[i] = [2]float32{float32(uv[i][0]), float32(uv[i][1])}
	}
	for _, k := range [2][3]int{{0, 1, 2}, {0, 2, 3}} {
		ot := openingTri{tri: Triangle{[3]Vec3{p[k[0]], p[k[1]], p[k[2]]}, 1}, uv: [3][2]float32{t[k[0]], t[k[1]], t[k[2]]}, frame: frame}
		if ot.tri.Normal().Dot(n) < 0 {
			ot.tri.V[1], ot.tri.V[2] = ot.tri.V[2], ot.tri.V[1]
			ot.uv[1], ot.uv[2] = ot.uv[2], ot.uv[1]
		}
		b.tris = append(b.tris, ot)
	}
}

// directions returns the world directions along the wall (A to B), up and
// into the room.
func (b *openingBuilder) directions() (along, up, room Vec3) {
	l := b.w.Length()
	along = Vec3{(b.w.B[0] - b.w.A[0]) / l, 0, (b.w.B[1] - b.w.A[1]) / l}
	return along, Vec3{0, 1, 0}, Vec3{b.w.Normal[0], 0, b.w.Normal[1]}
}

// lining adds the jambs at u0 and u1, the head at y1 and, with sill, the sill
// at y0, from the wall plane to depth D, facing into the opening. Their UVs
// continue the wall's (u, y) round the corner.
func (b *openingBuilder) lining(u0, u1, y0, y1, D float64, sill bool) {
	along, up, _ := b.directions()
	b.quad([4][3]float64{{u0, y0, 0}, {u0, y1, 0}, {u0, y1, D}, {u0, y0, D}},
		[4][2]float64{{u0, y0}, {u0, y1}, {u0 + D, y1}, {u0 + D, y0}}, along, false)
	b.quad([4][3]float64{{u1, y0, 0}, {u1, y1, 0}, {u1, y1, D}, {u1, y0, D}},
		[4][2]float64{{u1, y0}, {u1, y1}, {u1 - D, y1}, {u1 - D, y0}}, along.Mul(-1), false)
	b.quad([4][3]float64{{u0, y1, 0}, {u1, y1, 0}, {u1, y1, D}, {u0, y1, D}},
		[4][2]float64{{u0, y1}, {u1, y1}, {u1, y1 + D}, {u0, y1 + D}}, up.Mul(-1), false)
	if sill {
		b.quad([4][3]float64{{u0, y0, 0}, {u1, y0, 0}, {u1, y0, D}, {u0, y0, D}},
			[4][2]float64{{u0, y0}, {u1, y0}, {u1, y0 - D}, {u0, y0 - D}}, up, false)
	}
}

// frame adds a window frame inside the lining of hole [u0, u1] × [y0, y1]:
// a ring FrameWidth wide whose face is FrameFront behind the wall plane and
// whose inner sides reach FrameBack, and the glazing bars asked for, set
// back by a quarter of the frame's depth.
func (b *openingBuilder) frame(u0, u1, y0, y1 float64, vertical, horizontal bool) {
	along, up, room := b.directions()
	var no [4][2]float64
	f, g := FrameFront, FrameBack
	a0, a1, c0, c1 := u0+FrameWidth, u1-FrameWidth, y0+FrameWidth, y1-FrameWidth
	face := func(ua, ub, ya, yb, d float64) {
		b.quad([4][3]float64{{ua, ya, d}, {ub, ya, d}, {ub, yb, d}, {ua, yb, d}}, no, room, true)
	}
	face(u0, a0, y0, y1, f)
	face(a1, u1, y0, y1, f)
	face(a0, a1, y0, c0, f)
	face(a0, a1, c1, y1, f)
	// The ring's inner sides (and a bar's sides) face the pane's middle.
	sideU := func(u, ya, yb, da, db float64, n Vec3) {
		b.quad([4][3]float64{{u, ya, da}, {u, yb, da}, {u, yb, db}, {u, ya, db}}, no, n, true)
	}
	sideY := func(y, ua, ub, da, db float64, n Vec3) {
		b.quad([4][3]float64{{ua, y, da}, {ub, y, da}, {ub, y, db}, {ua, y, db}}, no, n, true)
	}
	sideU(a0, c0, c1, f, g, along)
	sideU(a1, c0, c1, f, g, along.Mul(-1))
	sideY(c0, a0, a1, f, g, up)
	sideY(c1, a0, a1, f, g, up.Mul(-1))
	bf, bb := f+(g-f)/4, g-(g-f)/4
	um, ym := (u0+u1)/2, (y0+y1)/2
	vl, vr := um-BarWidth/2, um+BarWidth/2
	if vertical {
		face(vl, vr, c0, c1, bf)
		sideU(vl, c0, c1, bf, bb, along.Mul(-1))
		sideU(vr, c0, c1, bf, bb, along)
	}
	if horizontal {
		yl, yh := ym-BarWidth/2, ym+BarWidth/2
		// Split at a vertical bar so that no two faces overlap.
		spans := [][2]float64{{a0, a1}}
		if vertical {
			spans = [][2]float64{{a0, vl}, {vr, a1}}
		}
		for _, sp := range spans {
			face(sp[0], sp[1], yl, yh, bf)
			sideY(yl, sp[0], sp[1], bf, bb, up.Mul(-1))
			sideY(yh, sp[0], sp[1], bf, bb, up)
		}
	}
}
