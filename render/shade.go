package render

import (
	"encoding/binary"
	"image"
	"math"
	"slices"

	"flowbench/sim"
)

// sampleColor returns the colour of sample (x, y) of view v whose visible
// triangle is t in setups (-1: background).
func (r *Renderer) sampleColor(v *view, setups []triSetup, t int32, x, y float64) [3]uint8 {
	if t < 0 {
		return r.backgroundColor(v, x, y)
	}
	s := &setups[t]
	if r.opts.Lighting == LightFlat {
		c := r.dl.entryOf(s).color[s.local]
		return [3]uint8{c[0], c[1], c[2]}
	}
	var c shadeCtx
	r.prepShade(&c, s)
	return r.shade(v, &c, x, y)
}

// shadeCtx holds what shading needs of one triangle, gathered once for a
// run of pixels: attributes in set-up vertex order (V0, V2, V1 on back
// faces), the surface and the light.
type shadeCtx struct {
	s      *triSetup
	col    sim.RGB // surface colour × triangle shade
	n      sim.Vec3
	smooth bool
	nv     [3]sim.Vec3 // vertex normals (smooth), negated on back faces
	tex    *sim.Texture
	u, v   [3]float64
	// Perspective-correct UVs at (x, y) are (ua·x + ub·y + uc) / S and
	// (va·x + vb·y + vc) / S with S = sa·x + sb·y + sc = Σ E_i: ua = Σ ea_i u_i,
	// ub = Σ eb_i u_i, uc = Σ ec_i u_i, likewise for v, and sa = Σ ea_i, ….
	ua, ub, uc float64
	va, vb, vc float64
	sa, sb, sc float64
	light      int
	trilinear  bool
	emissive   bool // a lamp's surface: lit by nothing, shown as is
	texW, texH float64
}

// prepShade fills c for triangle s.
func (r *Renderer) prepShade(c *shadeCtx, s *triSetup) {
	e := r.dl.entryOf(s)
	m := &e.mesh
	c.s = s
	c.light = r.inst[s.inst-1].light
	c.trilinear = r.opts.Trilinear
	fn := e.normal[s.local]
	c.n = sim.Vec3{float64(fn[0]), float64(fn[1]), float64(fn[2])}
	if s.back {
		c.n = c.n.Mul(-1)
	}
	col := m.Color
	c.smooth, c.tex, c.emissive = false, nil, false
	if s.attr {
		j := int(s.local)
		nv, uv := e.normalsOf(j), e.uvOf(j)
		i1, i2 := 1, 2
		if s.back {
			i1, i2 = 2, 1
		}
		idx := [3]int{0, i1, i2}
		sg := 1.0
		if s.back {
			sg = -1
		}
		c.smooth = true
		for k, i := range idx {
			c.nv[k] = nv[i].Mul(sg)
			c.u[k], c.v[k] = float64(uv[i][0]), float64(uv[i][1])
		}
		if k := e.surfaceOf(j); k < len(m.Surfaces) && m.Surfaces[k] != nil {
			sf := m.Surfaces[k]
			col, c.emissive = sf.Color, sf.Emissive
			if sf.Texture != nil && len(sf.Texture.Levels) > 0 && !r.opts.NoTextures {
				c.tex = sf.Texture
				l0 := sf.Texture.Levels[0]
				c.texW, c.texH = float64(l0.Rect.Dx()), float64(l0.Rect.Dy())
				c.sa = s.ea[0] + s.ea[1] + s.ea[2]
				c.sb = s.eb[0] + s.eb[1] + s.eb[2]
				c.sc = s.ec[0] + s.ec[1] + s.ec[2]
				c.ua = s.ea[0]*c.u[0] + s.ea[1]*c.u[1] + s.ea[2]*c.u[2]
				c.ub = s.eb[0]*c.u[0] + s.eb[1]*c.u[1] + s.eb[2]*c.u[2]
				c.uc = s.ec[0]*c.u[0] + s.ec[1]*c.u[1] + s.ec[2]*c.u[2]
				c.va = s.ea[0]*c.v[0] + s.ea[1]*c.v[1] + s.ea[2]*c.v[2]
				c.vb = s.eb[0]*c.v[0] + s.eb[1]*c.v[1] + s.eb[2]*c.v[2]
				c.vc = s.ec[0]*c.v[0] + s.ec[1]*c.v[1] + s.ec[2]*c.v[2]
			}
		}
	}
	sh := e.shadeOf(int(s.local))
	c.col = col.Scale(sh)
}

// shade computes the lit colour of c's triangle at sample (x, y) of view v:
// albedo × light (see albedo and light).
func (r *Renderer) shade(v *view, c *shadeCtx, x, y float64) [3]uint8 {
	ar, ag, ab := c.albedo(x, y)
	lr, lg, lb, _ := r.light(v, c, x, y)
	return [3]uint8{quant(ar * lr), quant(ag * lg), quant(ab * lb)}
}

// albedo returns the surface colour at sample (x, y): colour × triangle
// shade × the texture sampled bilinearly at the perspective-correct UVs in
// the mip level chosen from the UV derivatives (or trilinearly).
func (c *shadeCtx) albedo(x, y float64) (ar, ag, ab float64) {
	if c.tex == nil {
		return c.col.R, c.col.G, c.col.B
	}
	sum := c.sa*x + c.sb*y + c.sc
	if sum == 0 {
		return c.col.R, c.col.G, c.col.B
	}
	inv := 1 / sum
	u := (c.ua*x + c.ub*y + c.uc) * inv
	vv := (c.va*x + c.vb*y + c.vc) * inv
	// d(u)/dx = (Σ ea_i u_i − u Σ ea_i) / Σ E_i, likewise for y and v.
	ax := (c.ua - u*c.sa) * inv * c.texW
	bx := (c.ub - u*c.sb) * inv * c.texW
	ay := (c.va - vv*c.sa) * inv * c.texH
	by := (c.vb - vv*c.sb) * inv * c.texH
	tr, tg, tb := sampleLevels(c.tex, u, vv, max(ax*ax+ay*ay, bx*bx+by*by), c.trilinear)
	return c.col.R * tr, c.col.G * tg, c.col.B * tb
}

// light returns the light reaching c's triangle at sample (x, y) of view v
// (lightAt at the sample's world point with the interpolated vertex normal,
// flipped towards the viewer on back faces, or the flat face normal), and
// whether a shadow's edge is near (see lightAt); 1 on an emissive surface.
func (r *Renderer) light(v *view, c *shadeCtx, x, y float64) (lr, lg, lb float64, mixed bool) {
	if c.emissive {
		return 1, 1, 1, false
	}
	s := c.s
	w := s.wa*x + s.wb*y + s.wc
	t := 1 / w
	p := sim.Vec3{
		v.eye[0] + t*(v.base[0]+x*v.rx[0]+y*v.dy[0]),
		v.eye[1] + t*(v.base[1]+x*v.rx[1]+y*v.dy[1]),
		v.eye[2] + t*(v.base[2]+x*v.rx[2]+y*v.dy[2]),
	}
	n := c.n
	if c.smooth {
		e0 := s.ea[0]*x + s.eb[0]*y + s.ec[0]
		e1 := s.ea[1]*x + s.eb[1]*y + s.ec[1]
		e2 := s.ea[2]*x + s.eb[2]*y + s.ec[2]
		if sum := e0 + e1 + e2; sum != 0 {
			inv := 1 / sum
			l0, l1, l2 := e0*inv, e1*inv, e2*inv
			n0, n1, n2 := &c.nv[0], &c.nv[1], &c.nv[2]
			sx := l0*n0[0] + l1*n1[0] + l2*n2[0]
			sy := l0*n0[1] + l1*n1[1] + l2*n2[1]
			sz := l0*n0[2] + l1*n1[2] + l2*n2[2]
			if q := sx*sx + sy*sy + sz*sz; q > 1e-18 {
				k := 1 / math.Sqrt(q)
				n = sim.Vec3{sx * k, sy * k, sz * k}
			}
		}
	}
	return r.lightAt(p, n, c.light)
}

// quant maps a linear 0..1 value to 0..255 with rounding and clamping.
func quant(x float64) uint8 {
	if !(x > 0) {
		return 0
	}
	if x >= 1 {
		return 255
	}
	return uint8(x*255 + 0.5)
}

// lightAt returns the light (per channel) reaching point p with unit normal n
// from the ambient term, the window light and room light li (-1: none) with
// its bounce from the floor (BounceFraction), and
// whether the room light's shadow test is not uniform around the point
// (roomLight.visibility: a shadow's edge or a thin shadow is near).
func (r *Renderer) lightAt(p, n sim.Vec3, li int) (lr, lg, lb float64, mixed bool) {
	o := &r.opts
	a := o.Ambient
	if d := n[0]*r.lightDir[0] + n[1]*r.lightDir[1] + n[2]*r.lightDir[2]; d > 0 {
		a += o.Diffuse * d
	}
	lr, lg, lb = a, a, a
	if li < 0 || o.RoomLight <= 0 {
		return
	}
	L := &r.lights[li]
	dx, dy, dz := L.pos[0]-p[0], L.pos[1]-p[1], L.pos[2]-p[2]
	d2 := dx*dx + dy*dy + dz*dz
	nd := n[0]*dx + n[1]*dy + n[2]*dz
	direct := d2 > 0 && nd > 0
	if !direct && n[1] >= 0 {
		return // neither direct light nor bounce
	}
	fall := o.RoomLight / (1 + d2*(1/(RoomLightFalloff*RoomLightFalloff)))
	if n[1] < 0 { // the light the floor throws back up (BounceFraction)
		b := fall * BounceFraction * -n[1]
		lr, lg, lb = lr+b*RoomLightColor[0], lg+b*RoomLightColor[1], lb+b*RoomLightColor[2]
	}
	if !direct {
		return
	}
	ndl := nd / math.Sqrt(d2)
	k := fall * ndl
	if !o.NoShadows {
		vis, uniform := L.visibility(p, n, ndl)
		k *= vis
		mixed = !uniform
	}
	return lr + k*RoomLightColor[0], lg + k*RoomLightColor[1], lb + k*RoomLightColor[2], mixed
}

// sampleTexture returns the texture's colour (0..1 per channel) at (u, v)
// with bilinear filtering in the mip level chosen from the UV derivatives per
// pixel (the longer of the two pixel axes' footprints), or trilinear filtering
// between the two nearest levels.
func sampleTexture(tx *sim.Texture, u, v, dudx, dvdx, dudy, dvdy float64, trilinear bool) (r, g, b float64) {
	l0 := tx.Levels[0]
	W, H := float64(l0.Rect.Dx()), float64(l0.Rect.Dy())
	ax, ay := dudx*W, dvdx*H
	bx, by := dudy*W, dvdy*H
	return sampleLevels(tx, u, v, max(ax*ax+ay*ay, bx*bx+by*by), trilinear)
}

// sampleLevels samples tx at (u, v) for a footprint of sqrt(rho2) level-0
// texels per pixel.
func sampleLevels(tx *sim.Texture, u, v, rho2 float64, trilinear bool) (r, g, b float64) {
	if !trilinear {
		return bilinear(tx.Levels[nearestLevel(rho2, len(tx.Levels)-1)], u, v)
	}
	lod := 0.0
	if rho2 > 1 {
		lod = 0.5 * fastLog2(rho2)
	}
	top := float64(len(tx.Levels) - 1)
	lod = min(lod, top)
	if !trilinear || lod == 0 || lod == top {
		return bilinear(tx.Levels[int(lod+0.5)], u, v)
	}
	li := math.Floor(lod)
	fr := lod - li
	r0, g0, b0 := bilinear(tx.Levels[int(li)], u, v)
	r1, g1, b1 := bilinear(tx.Levels[int(li)+1], u, v)
	return r0 + (r1-r0)*fr, g0 + (g1-g0)*fr, b0 + (b1-b0)*fr
}

// nearestLevel returns the mip level nearest to lod = log2(sqrt(rho2)),
// clamped to [0, top]: round(lod) = k exactly when rho2 lies in
// [2^(2k-1), 2^(2k+1)), which the binary exponent e of rho2 tells without a
// logarithm: k = (e+1) >> 1.
func nearestLevel(rho2 float64, top int) int {
	if !(rho2 > 1) {
		return 0
	}
	e := int(math.Float64bits(rho2)>>52&0x7ff) - 1023
	return min((e+1)>>1, top)
}

// floor is math.Floor for |x| < 2^62 without the function call.
func floor(x float64) float64 {
	f := float64(int64(x))
	if f > x {
		f--
	}
	return f
}

// fastLog2 approximates log2(x) for x > 0 (error below 0.01): exponent plus
// a quadratic in the mantissa. Exact at powers of two.
func fastLog2(x float64) float64 {
	b := math.Float64bits(x)
	e := float64(int((b>>52)&0x7ff) - 1023)
	m := math.Float64frombits(b&^(0x7ff<<52) | 1023<<52) // [1, 2)
	m -= 1
	return e + m*(1.3465552-0.3465552*m)
}

// bilinear samples an image at texture coordinates (u, v) (v up, wrap-around)
// between the four nearest texel centres.
func bilinear(img *image.NRGBA, u, v float64) (r, g, b float64) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w <= 0 || h <= 0 {
		return 1, 1, 1
	}
	if !(math.Abs(u) < 1e15) || !(math.Abs(v) < 1e15) { // NaN, ±Inf or beyond float precision
		u, v = 0, 0
	}
	u -= floor(u)
	v -= floor(v)
	// Texel coordinates in 1/256 texel, minus half a texel (texel centres):
	// x in [-128, 256·w − 128]; >> 8 floors (arithmetic shift).
	xf := int(u*float64(w)*256) - 128
	yf := int((1-v)*float64(h)*256) - 128
	x0, y0 := xf>>8, yf>>8
	x1, y1 := x0+1, y0+1
	if x0 < 0 {
		x0 = w - 1
	}
	if x1 >= w {
		x1 -= w
	}
	if y0 < 0 {
		y0 = h - 1
	}
	if y1 >= h {
		y1 -= h
	}
	x0, x1 = min(x0, w-1), min(max(x1, 0), w-1)
	y0, y1 = min(y0, h-1), min(max(y1, 0), h-1)
	wx1, wy1 := uint32(xf&0xff), uint32(yf&0xff)
	// Four taps, two channels per 32-bit lane pair (SWAR) with 8-bit
	// weights summing to 256: equal taps give their colour exactly.
	wx0, wy0 := 256-wx1, 256-wy1
	w00, w01, w10 := wx0*wy0>>8, wx1*wy0>>8, wx0*wy1>>8
	w11 := 256 - w00 - w01 - w10
	p := img.Pix
	st := img.Stride
	t00 := binary.LittleEndian.Uint32(p[y0*st+4*x0:])
	t01 := binary.LittleEndian.Uint32(p[y0*st+4*x1:])
	t10 := binary.LittleEndian.Uint32(p[y1*st+4*x0:])
	t11 := binary.LittleEndian.Uint32(p[y1*st+4*x1:])
	const m = 0x00ff00ff
	rb := ((t00&m)*w00 + (t01&m)*w01 + (t10&m)*w10 + (t11&m)*w11) >> 8 & m
	g8 := ((t00>>8&m)*w00 + (t01>>8&m)*w01 + (t10>>8&m)*w10 + (t11>>8&m)*w11) >> 8 & 0xff
	const k = 1.0 / 255
	return float64(rb&0xff) * k, float64(g8) * k, float64(rb>>16) * k
}

// noCreaseLimit is a cosine every pair of unit normals reaches: on a
// smoothly shaded mesh, isEdge takes any fold without a depth step as
// smooth (the vertex normals shade across it).
const noCreaseLimit = -2

// edgeDepthTol is the relative difference in inverse depth between two
// triangles of one mesh at a pixel centre above which their meeting is an
// edge (a fold or a self-occlusion) rather than a smooth continuation.
const edgeDepthTol = 1e-3

// isEdge reports whether pixel (x, y) needs anti-aliasing: a pixel-centre
// neighbour (3×3) shows another instance or the background, another
// triangle of the same mesh not continuing its surface (another material, a
// depth step, or a crease of a flat-shaded mesh), or the pixel is on a
// cut-out triangle.
func (r *Renderer) isEdge(x, y int) bool {
	v := &r.v
	W, H := v.w, v.h
	i := y*W + x
	t := r.tbuf[i]
	if x > 0 && y > 0 && x < W-1 && y < H-1 {
		tb := r.tbuf[i-W-1 : i+W+2]
		if tb[0] == t && tb[1] == t && tb[2] == t && tb[W] == t && tb[W+2] == t &&
			tb[2*W] == t && tb[2*W+1] == t && tb[2*W+2] == t && (t < 0 || !r.setups[t].cut) {
			return false
		}
	}
	if t >= 0 && r.setups[t].cut {
		return true
	}
	for ny := max(y-1, 0); ny <= min(y+1, H-1); ny++ {
		row := r.tbuf[ny*W : (ny+1)*W]
		for nx := max(x-1, 0); nx <= min(x+1, W-1); nx++ {
			u := row[nx]
			if u == t {
				continue
			}
			if !r.sameSurface(t, u, float64(nx), float64(ny), noCreaseLimit) {
				return true
			}
		}
	}
	return false
}

// aaOffsets are the 2×2 sample positions inside a pixel.
var aaOffsets = [4][2]float64{{-0.25, -0.25}, {0.25, -0.25}, {-0.25, 0.25}, {0.25, 0.25}}

// ownSamples reports whether every 2×2 sample of pixel (x, y) takes the
// colour of its centre's surface in edgeColor: no candidate that does not
// continue that surface (cont false) covers any sample, so each sample goes
// to a triangle continuing it, or to the centre when none covers it (the
// background not being among the neighbours). Most pixels next to an
// outline are such: the outline passes between their centre and the
// neighbour's, beyond their samples.
func (r *Renderer) ownSamples(cand []int32, cont []bool, x, y int) bool {
	fx, fy := float64(x), float64(y)
	for i, u := range cand {
		if cont[i] {
			continue
		}
		s := &r.setups[u]
		for _, o := range aaOffsets {
			sx, sy := fx+o[0], fy+o[1]
			if s.covers(sx, s.eb[0]*sy+s.ec[0], s.eb[1]*sy+s.ec[1], s.eb[2]*sy+s.ec[2]) {
				return false
			}
		}
	}
	return true
}

// edgeColor returns the mean colour of 2×2 samples of pixel (x, y). Each
// sample takes the nearest of the triangles visible at the 3×3 pixel centres
// around it that covers it (same coverage, cut-out and tie rules as the
// pixel-centre pass). When own is not nil it is the colour of the pixel
// centre's surface there (its triangle shaded at the centre, with the light
// lattice's light, shade_band.go), and serves the samples of that triangle
// and of triangles continuing its surface (lightContinues); other triangles
// are shaded at their first sample.
func (r *Renderer) edgeColor(x, y int, own *[3]uint8) [3]uint8 {
	v := &r.v
	W, H := v.w, v.h
	var cand [9]int32
	nc := 0
	bgSeen := false
	for ny := max(y-1, 0); ny <= min(y+1, H-1); ny++ {
		row := r.tbuf[ny*W : (ny+1)*W]
	next:
		for nx := max(x-1, 0); nx <= min(x+1, W-1); nx++ {
			u := row[nx]
			if u < 0 {
				bgSeen = true
				continue
			}
			for i := 0; i < nc; i++ {
				if cand[i] == u {
					continue next
				}
			}
			// Insert in ascending order: ties go to the earlier triangle.
			i := nc
			for i > 0 && cand[i-1] > u {
				cand[i] = cand[i-1]
				i--
			}
			cand[i] = u
			nc++
		}
	}
	// With own, which candidates continue the centre's surface (their
	// samples take own).
	center := r.tbuf[y*W+x]
	var cont [9]bool
	if own != nil {
		for i, u := range cand[:nc] {
			cont[i] = r.lightContinues(center, u, float64(x), float64(y))
		}
		if !bgSeen && r.ownSamples(cand[:nc], cont[:nc], x, y) {
			return *own
		}
	}
	// A sample no candidate covers (a sliver between them) takes the
	// background only when the background is among the neighbours, else the
	// pixel centre's triangle.
	fallback := -1
	if !bgSeen {
		fallback = slices.Index(cand[:nc], center)
	}
	var sr, sg, sb uint32
	var c shadeCtx
	var done [4]int // candidates shaded so far
	var lc [4][3]uint8
	nl := 0
	for _, o := range aaOffsets {
		sx, sy := float64(x)+o[0], float64(y)+o[1]
		best, bw := fallback, 0.0 // index in cand (-1: background)
		for i, t := range cand[:nc] {
			s := &r.setups[t]
			if !s.covers(sx, s.eb[0]*sy+s.ec[0], s.eb[1]*sy+s.ec[1], s.eb[2]*sy+s.ec[2]) {
				continue
			}
			if w := s.wa*sx + s.wb*sy + s.wc; w > bw*tieFactor && w <= v.invNear && s.opaqueAt(&r.dl, sx, sy) {
				best, bw = i, w
			}
		}
		var col [3]uint8
		if best < 0 || r.opts.Lighting == LightFlat {
			t := int32(-1)
			if best >= 0 {
				t = cand[best]
			}
			col = r.sampleColor(v, r.setups, t, sx, sy)
		} else {
			// Each triangle is shaded once per pixel, at its first sample (the
			// mip-mapped texture is already filtered to the pixel's footprint);
			// the samples then average the triangles' colours by coverage.
			k := 0
			for k < nl && done[k] != best {
				k++
			}
			if k == nl {
				done[k] = best
				if cont[best] {
					lc[k] = *own
				} else {
					r.prepShade(&c, &r.setups[cand[best]])
					lc[k] = r.shade(v, &c, sx, sy)
				}
				nl++
			}
			col = lc[k]
		}
		sr, sg, sb = sr+uint32(col[0]), sg+uint32(col[1]), sb+uint32(col[2])
	}
	return [3]uint8{uint8((sr + 2) / 4), uint8((sg + 2) / 4), uint8((sb + 2) / 4)}
}
