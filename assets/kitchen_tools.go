package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural kitchen tools for types the libraries lack or no variant fits
// (procedural.go): kitchen knives and butter knives standing on their
// edge, forks, spatulas and ladles lying along z with their working end to
// the front (+z) as built and described here, then turned around to lie
// as the libraries' knives, forks and spoons do, handle to the front
// (handleToFront), and dish sponges. Each is built from bars lofted through
// rectangular cross-sections (toolLoft) and lathed parts, and fills its
// box exactly on every axis, whatever the box's proportions.

// Model.Key of procedural kitchen tools (no catalog entry).
const (
	knifeKey       = "flowbench:knife"
	butterKnifeKey = "flowbench:butter-knife"
	forkKey        = "flowbench:fork"
	spatulaKey     = "flowbench:spatula"
	ladleKey       = "flowbench:ladle"
	dishSpongeKey  = "flowbench:dish-sponge"
	spoonKey       = "flowbench:spoon"
)

// Palettes: kitchen-knife handles (black, dark wood, white, red),
// butter-knife handles (steel, black, ivory, wood), fork handles (steel,
// silver, black; the head is always steel), spatulas (black, red, white,
// grey nylon), ladles (steel, black, red) and sponge foams (yellow, blue,
// pink, light green).
var (
	knifeHandles = []sim.RGB{
		{R: 0.06, G: 0.06, B: 0.07}, {R: 0.33, G: 0.20, B: 0.11}, {R: 0.90, G: 0.90, B: 0.88}, {R: 0.62, G: 0.10, B: 0.10},
	}
	butterKnifeHandles = []sim.RGB{
		{R: 0.75, G: 0.75, B: 0.77}, {R: 0.07, G: 0.07, B: 0.08}, {R: 0.90, G: 0.86, B: 0.76}, {R: 0.45, G: 0.28, B: 0.15},
	}
	forkMetals     = []sim.RGB{{R: 0.75, G: 0.75, B: 0.77}, {R: 0.86, G: 0.86, B: 0.84}, {R: 0.07, G: 0.07, B: 0.08}}
	spatulaColours = []sim.RGB{
		{R: 0.08, G: 0.08, B: 0.09}, {R: 0.72, G: 0.12, B: 0.10}, {R: 0.90, G: 0.90, B: 0.88}, {R: 0.45, G: 0.47, B: 0.50},
	}
	ladleColours  = []sim.RGB{{R: 0.75, G: 0.75, B: 0.77}, {R: 0.08, G: 0.08, B: 0.09}, {R: 0.72, G: 0.12, B: 0.10}}
	spongeColours = []sim.RGB{
		{R: 0.95, G: 0.80, B: 0.20}, {R: 0.25, G: 0.50, B: 0.85}, {R: 0.95, G: 0.55, B: 0.65}, {R: 0.60, G: 0.82, B: 0.35},
	}
	toolSteel     = sim.RGB{R: 0.75, G: 0.75, B: 0.77}
	scourerGreen  = sim.RGB{R: 0.12, G: 0.40, B: 0.18}
	ladleGripDark = 0.45 // a ladle's grip: its colour times this
)

// toolSection is one cross-section of a lofted bar (toolLoft): at z, from
// x0 to x1 across and from y0 to y1 up.
type toolSection struct{ z, x0, x1, y0, y1 float64 }

// toolLoft adds a bar on surface s through the cross-sections secs, in
// strictly increasing z, each wider and taller than nothing: a flat quad
// between each pair of sections on each of its four sides, and flat caps
// at both ends. Every quad is planar (its sides join edges parallel to x
// or to y), so a bar may taper, bend up and down and swerve across.
func toolLoft(p *partsBuilder, secs []toolSection, s uint16) {
	var none [4][2]float32
	quad := func(a, b, c, d sim.Vec3) {
		n := c.Sub(a).Cross(d.Sub(b))
		if n.Len() == 0 {
			return
		}
		n = n.Normalize()
		p.quad(s, [4]sim.Vec3{a, b, c, d}, [4]sim.Vec3{n, n, n, n}, none)
	}
	v := func(x, y, z float64) sim.Vec3 { return sim.Vec3{x, y, z} }
	for k := 0; k+1 < len(secs); k++ {
		i, j := secs[k], secs[k+1]
		quad(v(i.x0, i.y1, i.z), v(j.x0, j.y1, j.z), v(j.x1, j.y1, j.z), v(i.x1, i.y1, i.z)) // top
		quad(v(i.x0, i.y0, i.z), v(i.x1, i.y0, i.z), v(j.x1, j.y0, j.z), v(j.x0, j.y0, j.z)) // bottom
		quad(v(i.x1, i.y0, i.z), v(i.x1, i.y1, i.z), v(j.x1, j.y1, j.z), v(j.x1, j.y0, j.z)) // right (+x)
		quad(v(i.x0, i.y0, i.z), v(j.x0, j.y0, j.z), v(j.x0, j.y1, j.z), v(i.x0, i.y1, i.z)) // left (−x)
	}
	f, l := secs[0], secs[len(secs)-1]
	quad(v(f.x0, f.y0, f.z), v(f.x0, f.y1, f.z), v(f.x1, f.y1, f.z), v(f.x1, f.y0, f.z))
	quad(v(l.x0, l.y0, l.z), v(l.x1, l.y0, l.z), v(l.x1, l.y1, l.z), v(l.x0, l.y1, l.z))
}

// toolEase returns the value at t of the smooth curve through keys (t,
// value) in increasing t: a half cosine between successive keys, flat at
// each, so it never leaves their range; held outside them.
func toolEase(keys [][2]float64, t float64) float64 {
	if t <= keys[0][0] {
		return keys[0][1]
	}
	for i := 1; i < len(keys); i++ {
		if t <= keys[i][0] {
			a, b := keys[i-1], keys[i]
			u := (t - a[0]) / (b[0] - a[0])
			return a[1] + (b[1]-a[1])*(1-math.Cos(math.Pi*u))/2
		}
	}
	return keys[len(keys)-1][1]
}

// toolFlatten shades flat, with its own normal, every triangle of p from
// the fromTri-th on that turns more than 45° away from one of its vertex
// normals: where a lathed part is squashed hard across (a box far wider
// than deep), its smooth normals no longer describe its 16 facets.
func toolFlatten(p *partsBuilder, fromTri int) {
	for _, tr := range p.l.Tris[fromTri:] {
		a, b, c := p.l.Pos[tr.V[0]], p.l.Pos[tr.V[1]], p.l.Pos[tr.V[2]]
		w := b.Sub(a).Cross(c.Sub(a))
		if w.Len() == 0 {
			continue
		}
		w = w.Normalize()
		flat := false
		for _, v := range tr.V {
			flat = flat || p.l.Normal[v].Dot(w) < math.Cos(math.Pi/4)
		}
		if flat {
			for _, v := range tr.V {
				p.l.Normal[v] = w
			}
		}
	}
}

// toolHandle adds a handle lying along z on surface s, turned about the
// line x = 0, y = yc (partsBuilder.lyingLathe): profile gives, from back
// to front, each ring's z and its radius as a share of hx across and hy
// up.
func toolHandle(p *partsBuilder, profile [][2]float64, hx, hy, yc float64, s uint16) {
	base, tris := len(p.l.Pos), len(p.l.Tris)
	p.lyingLathe(profile, hx, hy, s)
	for i := base; i < len(p.l.Pos); i++ {
		p.l.Pos[i][1] += yc
	}
	toolFlatten(p, tris)
}

// knifeModel returns a kitchen knife in handle colour col standing on its
// edge along z in a box of size, its blade to the front: a round handle
// as thick as the box in its upper part from the back end, three steel
// rivets through it, a steel bolster, and a thin steel blade as tall as
// the box at its heel whose edge curves up to the point at the box's front
// while its spine drops a little.
func knifeModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const handle, steel = 0, 1
	h := size.Mul(0.5)
	H, D := size[1], size[2]
	var b partsBuilder
	lh := 0.4 * D       // the handle's length
	zb := -h[2] + lh    // where it meets the blade
	rh := 0.28 * H      // its half height
	yc := h[1] - 0.32*H // its axis
	toolHandle(&b, [][2]float64{{-h[2], 0.55}, {-h[2] + 0.04*lh, 0.9}, {-h[2] + 0.12*lh, 1}, {zb - 0.1*lh, 0.95}, {zb, 0.9}}, h[0], rh, yc, handle)
	rr := min(0.2*rh, 0.05*lh) // the rivets' radius
	for _, f := range []float64{0.28, 0.52, 0.76} {
		z := -h[2] + f*lh
		b.cylinder(sim.Vec3{-h[0], yc, z}, sim.Vec3{h[0], yc, z}, rr, steel)
	}
	toolLoft(&b, []toolSection{
		{zb - 0.02*D, -0.8 * h[0], 0.8 * h[0], yc - 1.08*rh, yc + 1.08*rh},
		{zb + 0.012*D, -0.8 * h[0], 0.8 * h[0], yc - 1.08*rh, yc + 1.08*rh}}, steel)
	// The blade, from the bolster (s = 0) to the point (s = 1): its edge
	// flat then curving up, its spine flat then dropping to the point.
	bt := 0.2 * h[0]
	tip := h[1] - 0.3*H
	var blade []toolSection
	for _, s := range []float64{0, 0.5, 0.6, 0.7, 0.8, 0.87, 0.93, 0.97, 1} {
		z := zb + s*(h[2]-zb)
		if s == 1 {
			z = h[2]
		}
		e, q := max(0, (s-0.5)/0.5), max(0, (s-0.6)/0.4)
		y0 := -h[1] + (tip-0.01*H+h[1])*e*e
		y1 := h[1] - 0.3*H*q*q
		blade = append(blade, toolSection{z, -bt, bt, y0, y1})
	}
	toolLoft(&b, blade, steel)
	return b.model(knifeKey, size, []*sim.Surface{
		{Name: "Handle", Color: col}, {Name: "Steel", Color: toolSteel}})
}

// butterKnifeModel returns a butter knife in handle colour col standing
// on its edge along z in a box of size, its blade to the front: a round
// handle as thick as the box, 60 % of its height, over the back 55 % of
// its length, a short steel neck, and a thin steel blade as tall as the
// box, 60 % of its width thick, with a straight spine and edge and a
// rounded tip at the box's front.
func butterKnifeModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const handle, steel = 0, 1
	h := size.Mul(0.5)
	H, D := size[1], size[2]
	var b partsBuilder
	zb := -h[2] + 0.55*D // where the handle meets the neck
	rh, yc := 0.3*H, 0.1*H
	toolHandle(&b, [][2]float64{{-h[2], 0.6}, {-h[2] + 0.025*D, 0.95}, {-h[2] + 0.08*D, 1}, {zb - 0.06*D, 0.85}, {zb, 0.6}}, h[0], rh, yc, handle)
	zn := zb + 0.05*D // where the neck meets the blade
	toolLoft(&b, []toolSection{
		{zb - 0.01*D, -0.5 * h[0], 0.5 * h[0], yc - 0.5*rh, yc + 0.5*rh},
		{zn + 0.01*D, -0.45 * h[0], 0.45 * h[0], yc - 0.45*rh, yc + 0.45*rh}}, steel)
	// The blade: from the neck's height it widens to the box's height,
	// runs straight and ends in a round tip of length rz.
	bt := 0.6 * h[0] // bold, to be seen at 512 px (issue 52)
	rz := min(0.08*D, 0.6*H)
	zt := h[2] - rz
	blade := []toolSection{{zn, -bt, bt, yc - 0.45*rh, yc + 0.45*rh}, {zn + 0.08*D, -bt, bt, -h[1], h[1]}, {zt, -bt, bt, -h[1], h[1]}}
	for _, deg := range []float64{30, 50, 65, 78, 90} {
		sn, cs := math.Sincos(deg * math.Pi / 180)
		z := zt + rz*sn
		if deg == 90 {
			z = h[2]
		}
		c := max(cs, 0.08)
		blade = append(blade, toolSection{z, -bt, bt, -h[1] * c, h[1] * c})
	}
	toolLoft(&b, blade, steel)
	return b.model(butterKnifeKey, size, []*sim.Surface{
		{Name: "Handle", Color: col}, {Name: "Steel", Color: toolSteel}})
}

// forkModel returns a fork with a handle in colour col lying along z in a
// box of size, its tines to the front: a handle rounded at its back end,
// raised to the box's top there, narrowing to a steel neck that dips to
// the box's bottom under the head, and a head as wide as the box with
// four steel tines rising a little to the box's front, the metal 30 % of
// the height thick (at most 15 % of the width): a real fork's 2 mm would
// vanish at 512 px (issue 52).
func forkModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const handle, metal = 0, 1
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	var b partsBuilder
	t := min(0.3*H, 0.15*W) // the metal's thickness: bold, to be seen at 512 px (issue 52)
	// u runs from the back end (0) to the tines' tips (1); the centre line
	// and the half width as shares of the room they have.
	yKeys := [][2]float64{{0, 1}, {0.66, -1}, {0.78, -1}, {1, -0.1}}
	wKeys := [][2]float64{{0, 0.3}, {0.008, 0.45}, {0.025, 0.55}, {0.06, 0.6}, {0.2, 0.56}, {0.45, 0.36}, {0.55, 0.2},
		{0.62, 0.15}, {0.66, 0.2}, {0.7, 0.5}, {0.74, 0.85}, {0.77, 0.97}, {0.79, 1}}
	at := func(u, x0, x1 float64) toolSection {
		z := -h[2] + u*D
		if u == 1 {
			z = h[2]
		}
		y := toolEase(yKeys, u) * (h[1] - t/2)
		return toolSection{z, x0, x1, y - t/2, y + t/2}
	}
	body := func(us []float64, s uint16) {
		var secs []toolSection
		for _, u := range us {
			w := polyline(wKeys, u) * h[0]
			secs = append(secs, at(u, -w, w))
		}
		toolLoft(&b, secs, s)
	}
	body([]float64{0, 0.008, 0.025, 0.06, 0.2, 0.35, 0.5}, handle)
	body([]float64{0.5, 0.55, 0.6, 0.64, 0.68, 0.72, 0.75, 0.77, 0.79}, metal)
	// Four tines with three gaps between them, the outer ones' outer
	// edges on the box's sides, each tapering to its tip.
	a := 0.16 * W
	g := (W - 4*a) / 3
	taper := [][2]float64{{0.9, 1}, {0.95, 0.85}, {0.985, 0.6}, {1, 0.3}}
	for i := range 4 {
		c := -h[0] + a/2 + float64(i)*(a+g)
		var secs []toolSection
		for _, u := range []float64{0.78, 0.84, 0.9, 0.95, 0.985, 1} {
			hw := a / 2 * polyline(taper, u)
			secs = append(secs, at(u, max(-h[0], c-hw), min(h[0], c+hw)))
		}
		toolLoft(&b, secs, metal)
	}
	return b.model(forkKey, size, []*sim.Surface{
		{Name: "Handle", Color: col}, {Name: "Metal", Color: toolSteel}})
}

// spoonModel returns a spoon with a handle in colour col lying along z in
// a box of size, its bowl to the front: a flat handle rounded at its back
// end and raised to the box's top there, narrowing to a neck that dips to
// the box's bottom, and an oval bowl as wide as the box over the front 36 %
// of its length, half its height deep, on the box's bottom. The metal is
// 30 % of the height thick (at most 15 % of the width), bolder than a real
// spoon's so that it is seen at 512 px (issue 52).
func spoonModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const handle, metal = 0, 1
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	var b partsBuilder
	t := min(0.3*H, 0.15*W)
	lb := 0.36 * D  // the bowl's length
	zb := h[2] - lb // where it starts
	ub := 1 - lb/D  // the same as a share of the length
	yKeys := [][2]float64{{0, 1}, {ub - 0.02, -0.6}, {1, -0.6}}
	wKeys := [][2]float64{{0, 0.3}, {0.008, 0.45}, {0.025, 0.55}, {0.06, 0.58}, {0.25, 0.5}, {0.5, 0.28}, {ub - 0.02, 0.18}, {ub + 0.02, 0.22}}
	var secs []toolSection
	for _, u := range []float64{0, 0.008, 0.025, 0.06, 0.25, 0.4, 0.5, ub - 0.06, ub - 0.02, ub + 0.02} {
		z := -h[2] + u*D
		w := polyline(wKeys, u) * h[0]
		y := toolEase(yKeys, u) * (h[1] - t/2)
		secs = append(secs, toolSection{z, -w, w, y - t/2, y + t/2})
	}
	toolLoft(&b, secs[:6], handle)
	toolLoft(&b, secs[5:], metal)
	// The bowl: half an egg in plan, rounder at the tip, squashed to half
	// the height (toolHandle: a lathe about z).
	bowl := [][2]float64{{zb, 0}, {zb + 0.04*lb, 0.45}, {zb + 0.15*lb, 0.75}, {zb + 0.35*lb, 0.93}, {zb + 0.55*lb, 1}, {zb + 0.75*lb, 0.95}, {zb + 0.9*lb, 0.75}, {zb + 0.97*lb, 0.45}, {h[2], 0}}
	toolHandle(&b, bowl, h[0], 0.25*H, -h[1]+0.25*H, metal)
	return b.model(spoonKey, size, []*sim.Surface{
		{Name: "Handle", Color: col}, {Name: "Metal", Color: toolSteel}})
}

// spatulaModel returns a spatula (a turner) in colour col lying along z in
// a box of size, its head to the front: a flat head on the box's bottom
// over the front 36 % of the length, widening to the box's width at its
// rounded front corners, with three slots through it, and a straight
// handle rising from a thin neck behind the head to the box's top at the
// back end.
func spatulaModel(size sim.Vec3, col sim.RGB) *sim.Model {
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	var b partsBuilder
	lh := 0.36 * D // the head's length
	zh := h[2] - lh
	th := min(0.2*H, 0.05*W)  // the head's thickness
	tk := min(0.45*H, 0.12*W) // the handle's
	// The handle: its bottom rising in a straight line from the neck (z =
	// zh) to the back end, its thickness and half width (a share of the
	// box's) from the keys.
	thick := [][2]float64{{-h[2], tk}, {zh - 0.15*D, tk}, {zh - 0.06*D, 0.7 * tk}, {zh, th}}
	wide := [][2]float64{{-h[2], 0.18}, {-h[2] + 0.01*D, 0.26}, {-h[2] + 0.03*D, 0.3}, {zh - 0.15*D, 0.26}, {zh - 0.06*D, 0.14}, {zh, 0.16}}
	var secs []toolSection
	for _, f := range []float64{0, 0.01, 0.03, 0.3, 0.6, 1} {
		z := -h[2] + f*(zh-0.15*D+h[2])
		secs = append(secs, toolSection{z: z})
	}
	secs = append(secs, toolSection{z: zh - 0.06*D}, toolSection{z: zh - 0.02*D}, toolSection{z: zh + 0.02*lh})
	for i := range secs {
		z := secs[i].z
		w := polyline(wide, z) * h[0]
		y0 := -h[1] + (H-tk)*min(1, (zh-z)/(zh+h[2]))
		if i == 0 {
			y0 = h[1] - tk
		}
		secs[i].x0, secs[i].x1, secs[i].y0, secs[i].y1 = -w, w, max(-h[1], y0), max(-h[1], y0)+polyline(thick, z)
	}
	toolLoft(&b, secs, 0)
	// The head: its half width along it (v from 0 at the neck to 1 at the
	// front), the front corners rounded with radius rc; a solid back,
	// four bars between the slots, and a solid front.
	rc := 0.3 * min(h[0], 0.25*lh)
	zr := h[2] - rc // where the rounding starts
	half := func(z float64) float64 {
		v := (z - zh) / lh
		return h[0] * polyline([][2]float64{{0, 0.16}, {0.04, 0.45}, {0.1, 0.68}, {0.18, 0.76}, {(zr - zh) / lh, 1}}, v)
	}
	flat := func(z, x0, x1 float64) toolSection { return toolSection{z, x0, x1, -h[1], -h[1] + th} }
	var back []toolSection
	for _, v := range []float64{0, 0.04, 0.1, 0.18, 0.27} {
		z := zh + v*lh
		back = append(back, flat(z, -half(z), half(z)))
	}
	toolLoft(&b, back, 0)
	bars := [][2]float64{{-1, -0.55}, {-0.35, -0.1}, {0.1, 0.35}, {0.55, 1}}
	for _, bar := range bars {
		var s []toolSection
		for _, v := range []float64{0.26, 0.5, 0.73} {
			z := zh + v*lh
			s = append(s, flat(z, bar[0]*half(z), bar[1]*half(z)))
		}
		toolLoft(&b, s, 0)
	}
	var front []toolSection
	for _, v := range []float64{0.72, (zr - zh) / lh} {
		z := zh + v*lh
		front = append(front, flat(z, -half(z), half(z)))
	}
	for _, deg := range []float64{30, 55, 75, 90} {
		sn, cs := math.Sincos(deg * math.Pi / 180)
		z, w := zr+rc*sn, h[0]-rc+rc*cs
		if deg == 90 {
			z = h[2]
		}
		front = append(front, flat(z, -w, w))
	}
	toolLoft(&b, front, 0)
	return b.model(spatulaKey, size, []*sim.Surface{{Name: "Nylon", Color: col}})
}

// ladleModel returns a ladle in colour col lying along z in a box of
// size, its bowl to the front: a round bowl standing on the box's bottom,
// as wide as the box (its length across z at most 60 % of the box's) and
// open above, and a flat handle from its back rim rising, steeply at
// first, to the box's top at the back end, where a grip in a darker shade
// widens and rounds it off.
func ladleModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const body, grip = 0, 1
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	var b partsBuilder
	rx, rz := h[0], min(h[0], 0.3*D) // the bowl's radii
	cz := h[2] - rz
	hb := min(0.5*W, 0.7*H) // its height
	tb := 0.07 * hb         // its wall's thickness at the bottom
	// The bowl: outside from the bottom pole to the rim, inside back down.
	var prof [][2]float64
	for _, deg := range []float64{0, 20, 40, 60, 75, 90} {
		sn, cs := math.Sincos(deg * math.Pi / 180)
		prof = append(prof, [2]float64{-h[1] + hb*(1-cs), sn})
	}
	for _, deg := range []float64{90, 75, 60, 40, 20, 0} {
		sn, cs := math.Sincos(deg * math.Pi / 180)
		prof = append(prof, [2]float64{-h[1] + tb + (hb-tb)*(1-cs), 0.93 * sn})
	}
	prof[6][0] -= 0.02 * hb // the inside starts just below the rim
	base, tris := len(b.l.Pos), len(b.l.Tris)
	b.lathe(0, 0, prof, body)
	for i := base; i < len(b.l.Pos); i++ {
		q, n := b.l.Pos[i], b.l.Normal[i]
		b.l.Pos[i] = sim.Vec3{q[0] * rx, q[1], cz + q[2]*rz}
		b.l.Normal[i] = sim.Vec3{n[0] / rx, n[1], n[2] / rz}.Normalize()
	}
	toolFlatten(&b, tris)
	// The handle, from its back end (s = 1) to its root on the rim (s =
	// 0): its top rises as 1 − (1 − s)², its half width (a share of the
	// box's) widening into the grip.
	tk := min(0.06*W, 0.15*H)
	zj := cz - 0.8*rz // the root, over the bowl's back wall
	yj := -h[1] + hb - 0.5*tk
	wide := [][2]float64{{0, 0.14}, {0.5, 0.16}, {0.75, 0.24}, {0.9, 0.3}, {0.96, 0.26}, {0.99, 0.17}, {1, 0.1}}
	section := func(s float64) toolSection {
		z := zj + s*(-h[2]-zj)
		if s == 1 {
			z = -h[2]
		}
		y1 := yj + tk + (h[1]-yj-tk)*(1-(1-s)*(1-s))
		w := polyline(wide, s) * h[0]
		return toolSection{z, -w, w, y1 - tk, y1}
	}
	loft := func(ss []float64, s uint16) {
		secs := make([]toolSection, len(ss))
		for i, v := range ss {
			secs[len(ss)-1-i] = section(v) // in increasing z
		}
		toolLoft(&b, secs, s)
	}
	loft([]float64{0, 0.08, 0.2, 0.35, 0.5, 0.62}, body)
	loft([]float64{0.62, 0.75, 0.9, 0.96, 0.99, 1}, grip)
	return b.model(ladleKey, size, []*sim.Surface{
		{Name: "Body", Color: col}, {Name: "Grip", Color: col.Scale(ladleGripDark)}})
}

// dishSpongeModel returns a dish sponge filling a box of size: a block of
// foam in colour col, its corners rounded in plan, up to 75 % of the
// height, and a dark green scouring pad of the same outline on top of it.
func dishSpongeModel(size sim.Vec3, col sim.RGB) *sim.Model {
	const foam, scourer = 0, 1
	h := size.Mul(0.5)
	var b partsBuilder
	rc := 0.15 * min(size[0], size[2])
	ys := h[1] - 0.25*size[1]
	// layer lofts the rounded outline from y0 to y1: a quarter circle at
	// each corner.
	layer := func(y0, y1 float64, s uint16) {
		var secs []toolSection
		add := func(z, w float64) { secs = append(secs, toolSection{z, -w, w, y0, y1}) }
		for _, deg := range []float64{0, 30, 60, 90} {
			sn, cs := math.Sincos(deg * math.Pi / 180)
			add(-h[2]+rc-rc*cs, h[0]-rc+rc*sn)
		}
		for _, deg := range []float64{90, 60, 30, 0} {
			sn, cs := math.Sincos(deg * math.Pi / 180)
			add(h[2]-rc+rc*cs, h[0]-rc+rc*sn)
		}
		secs[0].z, secs[3].x0, secs[3].x1, secs[4].x0, secs[4].x1, secs[7].z = -h[2], -h[0], h[0], -h[0], h[0], h[2]
		toolLoft(&b, secs, s)
	}
	layer(-h[1], ys, foam)
	layer(ys, h[1], scourer)
	return b.model(dishSpongeKey, size, []*sim.Surface{
		{Name: "Foam", Color: col}, {Name: "Scourer", Color: scourerGreen}})
}

// handleToFront returns a builder of the tool build makes turned a half
// turn about the vertical axis (turnAround): working end to the back and
// handle to the front (+z), as the libraries' knives, forks and spoons
// lie, so that a type's catalog and procedural models point alike.
func handleToFront(build func(sim.Vec3, sim.RGB) *sim.Model) func(sim.Vec3, sim.RGB) *sim.Model {
	return func(size sim.Vec3, col sim.RGB) *sim.Model {
		m := build(size, col)
		turnAround(&m.Levels[0])
		return m
	}
}
