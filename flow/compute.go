package flow

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"flowbench/render"
	"flowbench/sim"
)

// DepthTol is the tolerance of the visibility test, in metres. A moved point
// with planar depth z' projecting to (u', v') is visible in the other frame
// when (u', v') rounds to a pixel inside the image and the other frame's
// depth there differs from z' by at most DepthTol (1 cm). The depth "there"
// is sampled at the exact sub-pixel target from the surrounding pixel
// centres that show the moved object (inverse depth interpolated
// bilinearly, exact on planar faces), or is the nearest pixel's depth when
// none of them does. In addition, when the nearest pixel shows another
// object (or nothing), that surface must not lie more than DepthTol in front
// of z'. A static point stays at its pixel, and is visible there when the
// other frame shows the same object at that pixel (instance ids matched
// through the objectIds) with a depth within DepthTol: a floor point that
// the mover's base now covers 3 mm above it is hidden, though the depths
// agree. Occluders and faces turned away fail the test; so do some visible
// points on grazing or curved surfaces and right at silhouettes, where the
// pixel-centre samples cannot pin the depth down to 1 cm (the mask prefers
// precision to recall; the round-trip tests measure both).
const DepthTol = 0.01

// minDepth is the smallest planar depth a moved point may have and still get
// a flow vector; closer (or behind the camera) gets Unknown.
const minDepth = 1e-6

// Frame is what flow needs of one rendered image: depth and instance ids at
// pixel centres, and the table naming the object behind each instance id.
type Frame struct {
	W, H  int
	Depth []float32 // planar z in metres, row-major; 0 where nothing is hit
	IDs   []uint16  // instance id per pixel, row-major; 0 for none
	// Objects maps instance ids to objectIds: Objects[id] names the object of
	// instance id; "" (and index 0) for ids that are no object.
	Objects []string
}

// check reports a frame whose arrays do not match its size or the camera.
func (f *Frame) check(name string, cam sim.Camera) error {
	switch {
	case f.W <= 0 || f.H <= 0:
		return fmt.Errorf("flow: %s frame size %dx%d must be positive", name, f.W, f.H)
	case f.W != cam.Width || f.H != cam.Height:
		return fmt.Errorf("flow: %s frame is %dx%d but the camera is %dx%d", name, f.W, f.H, cam.Width, cam.Height)
	case len(f.Depth) != f.W*f.H:
		return fmt.Errorf("flow: %s depth has %d values, want %dx%d = %d", name, len(f.Depth), f.W, f.H, f.W*f.H)
	case len(f.IDs) != f.W*f.H:
		return fmt.Errorf("flow: %s ids have %d values but depth is %dx%d = %d", name, len(f.IDs), f.W, f.H, f.W*f.H)
	case len(f.Objects) > 1<<16:
		return fmt.Errorf("flow: %s id table has %d entries, more than uint16 ids can address", name, len(f.Objects))
	}
	return nil
}

// Result holds the flow fields and masks of one motion. Its slices belong to
// the Computer that produced it and are overwritten by its next call.
type Result struct {
	Forward  Field // F01: displacement of each pixel of I0 into I1
	Backward Field // F10: displacement of each pixel of I1 into I0
	// ValidForward marks pixels of I0 whose moved point lands inside I1 and
	// is visible there (depth test, see DepthTol); pixels with no depth,
	// unknown flow, leaving the image or occluded after the motion get 0.
	ValidForward Mask
	// ValidBackward is the same for I1 → I0.
	ValidBackward Mask
	// Change marks pixels owned by a moving object in I0 or in I1.
	Change Mask
}

// affine is a motion in OpenCV camera coordinates, q' = M·q + T, with the
// instance id the moved object has in the other frame (0: none).
type affine struct {
	m    [9]float64
	t    [3]float64
	want uint16
}

// idTable maps every uint16 instance id to a motion slot (0: static); being
// an array it needs no bounds checks in the pixel loop.
type idTable [1 << 16]uint16

// Computer computes flow and masks, reusing its buffers between calls. The
// zero value is ready to use; it is not safe for concurrent use.
type Computer struct {
	// Workers is the number of goroutines sharing the rows (≤ 1: serial).
	// Every pixel is computed independently with the same arithmetic, so the
	// output bytes do not depend on it.
	Workers int

	res        Result
	xs, ys     []float64 // per-column and per-row ray factors (i − cx)/f, (j − cy)/f
	focal      float64
	cx, cy     float64
	lut0, lut1 *idTable // instance id → slot in xf0 / xf1 (0: static)
	set0, set1 []uint16 // lut entries to clear after a call
	xf0, xf1   []affine // slot 0 unused
	// peer0[k] is the instance id that object k of f0 has in f1 (peer1 the
	// other way), noPeer when it has none: a static pixel is visible in the
	// other frame only where that frame shows the same object.
	peer0, peer1 []uint16
}

// noPeer marks an object absent from the other frame's id table. Instance
// id 0xffff cannot match: it would need a 65536-entry table, which check
// refuses.
const noPeer = 0xffff

// peerTable returns, for every instance id of f, the id of the same object
// in other (matched by objectId; an unnamed id matches itself).
func peerTable(peer []uint16, f, other *Frame) []uint16 {
	byName := make(map[string]int, len(other.Objects))
	for k, name := range other.Objects {
		if k > 0 && name != "" {
			if _, dup := byName[name]; !dup {
				byName[name] = k
			}
		}
	}
	for k, name := range f.Objects {
		p := uint16(noPeer)
		switch {
		case k == 0 || name == "":
			p = uint16(k)
		default:
			if q, ok := byName[name]; ok {
				p = uint16(q)
			}
		}
		peer = append(peer, p)
	}
	return peer
}

// Compute returns the forward and backward flow between frames f0 (before)
// and f1 (after) seen by the same camera, the two validity masks and the
// change-region mask. motions gives, by objectId, the realised motion of
// every object that moved; every other object is static. A motion for an
// objectId in neither frame's table, a motion that is not finite, frames of
// the wrong size, or a negative or non-finite depth is an error.
func (c *Computer) Compute(f0, f1 Frame, cam sim.Camera, motions map[string]RigidMotion) (*Result, error) {
	if err := c.ComputeInto(&c.res, f0, f1, cam, motions); err != nil {
		return nil, err
	}
	return &c.res, nil
}

// ComputeInto is Compute writing into dst, whose slices are reused when
// large enough (every value is written, so they need not be cleared) and
// allocated otherwise: a caller that hands the fields on can give each call
// fresh buffers instead of copying the Computer's.
func (c *Computer) ComputeInto(dst *Result, f0, f1 Frame, cam sim.Camera, motions map[string]RigidMotion) error {
	if err := cam.Validate(); err != nil {
		return fmt.Errorf("flow: %w", err)
	}
	if err := f0.check("before", cam); err != nil {
		return err
	}
	if err := f1.check("after", cam); err != nil {
		return err
	}
	if err := c.prepare(cam, &f0, &f1, motions); err != nil {
		return err
	}
	defer c.clearLUTs()
	c.peer0 = peerTable(c.peer0[:0], &f0, &f1)
	c.peer1 = peerTable(c.peer1[:0], &f1, &f0)
	w, h := f0.W, f0.H
	r := dst
	r.Forward = reuseField(r.Forward, w, h)
	r.Backward = reuseField(r.Backward, w, h)
	r.ValidForward = reuseMask(r.ValidForward, w, h)
	r.ValidBackward = reuseMask(r.ValidBackward, w, h)
	r.Change = reuseMask(r.Change, w, h)
	bad0, bad1 := c.rows(h, func(j0, j1 int) (int, int) {
		b0 := c.pass(&f0, &f1, c.lut0, c.xf0, c.peer0, r.Forward.D, r.ValidForward.M, r.Change.M, 0, j0, j1)
		b1 := c.pass(&f1, &f0, c.lut1, c.xf1, c.peer1, r.Backward.D, r.ValidBackward.M, r.Change.M, 1, j0, j1)
		return b0, b1
	})
	if bad0 >= 0 {
		return badPixel("before", &f0, bad0)
	}
	if bad1 >= 0 {
		return badPixel("after", &f1, bad1)
	}
	return nil
}

// Forward returns only the forward flow F01 of frame f0 (no masks). The field
// is owned by the Computer and overwritten by its next call.
func (c *Computer) Forward(f0 Frame, cam sim.Camera, motions map[string]RigidMotion) (Field, error) {
	if err := cam.Validate(); err != nil {
		return Field{}, fmt.Errorf("flow: %w", err)
	}
	if err := f0.check("before", cam); err != nil {
		return Field{}, err
	}
	if err := c.prepare(cam, &f0, nil, motions); err != nil {
		return Field{}, err
	}
	defer c.clearLUTs()
	c.res.Forward = reuseField(c.res.Forward, f0.W, f0.H)
	bad, _ := c.rows(f0.H, func(j0, j1 int) (int, int) {
		return c.pass(&f0, nil, c.lut0, c.xf0, nil, c.res.Forward.D, nil, nil, 0, j0, j1), -1
	})
	if bad >= 0 {
		return Field{}, badPixel("before", &f0, bad)
	}
	return c.res.Forward, nil
}

// Forward computes F01 with a fresh Computer; see Computer.Forward.
func Forward(f0 Frame, cam sim.Camera, motions map[string]RigidMotion) (Field, error) {
	var c Computer
	return c.Forward(f0, cam, motions)
}

// Compute computes flow and masks with a fresh Computer; see Computer.Compute.
func Compute(f0, f1 Frame, cam sim.Camera, motions map[string]RigidMotion) (*Result, error) {
	var c Computer
	return c.Compute(f0, f1, cam, motions)
}

func badPixel(name string, f *Frame, p int) error {
	i, j := p%f.W, p/f.W
	d := f.Depth[p]
	if d == 0 {
		return fmt.Errorf("flow: %s frame pixel (%d, %d) has instance id %d but no depth", name, i, j, f.IDs[p])
	}
	return fmt.Errorf("flow: %s frame pixel (%d, %d) has invalid depth %g (must be finite and ≥ 0)", name, i, j, d)
}

func reuseField(f Field, w, h int) Field {
	if cap(f.D) < 2*w*h {
		f.D = make([]float32, 2*w*h)
	}
	return Field{W: w, H: h, D: f.D[:2*w*h]}
}

func reuseMask(m Mask, w, h int) Mask {
	if cap(m.M) < w*h {
		m.M = make([]uint8, w*h)
	}
	return Mask{W: w, H: h, M: m.M[:w*h]}
}

// prepare fills the per-column and per-row ray factors and the id → motion
// tables of both frames (f1 may be nil).
func (c *Computer) prepare(cam sim.Camera, f0, f1 *Frame, motions map[string]RigidMotion) error {
	fl := cam.Focal()
	cx, cy := cam.Principal()
	c.focal, c.cx, c.cy = fl, cx, cy
	if cap(c.xs) < cam.Width {
		c.xs = make([]float64, cam.Width)
	}
	if cap(c.ys) < cam.Height {
		c.ys = make([]float64, cam.Height)
	}
	c.xs, c.ys = c.xs[:cam.Width], c.ys[:cam.Height]
	for i := range c.xs {
		c.xs[i] = (float64(i) - cx) / fl
	}
	for j := range c.ys {
		c.ys[j] = (float64(j) - cy) / fl
	}
	if c.lut0 == nil {
		c.lut0, c.lut1 = new(idTable), new(idTable)
	}
	ids := make([]string, 0, len(motions))
	for id := range motions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if err := motions[id].Validate(); err != nil {
			return fmt.Errorf("flow: motion of %q: %w", id, err)
		}
	}
	for _, id := range ids {
		if indexOf(f0.Objects, id) >= 0 || (f1 != nil && indexOf(f1.Objects, id) >= 0) {
			continue
		}
		if f1 == nil {
			return fmt.Errorf("flow: motion given for object %q, which is not in the frame's id table", id)
		}
		return fmt.Errorf("flow: motion given for object %q, which is in neither frame's id table", id)
	}
	var err error
	c.xf0, c.set0, err = fillLUT(c.lut0, c.xf0[:0], c.set0[:0], f0, f1, cam, motions, false)
	if err == nil && f1 != nil {
		c.xf1, c.set1, err = fillLUT(c.lut1, c.xf1[:0], c.set1[:0], f1, f0, cam, motions, true)
	}
	if err != nil {
		c.clearLUTs()
		return err
	}
	return nil
}

func indexOf(table []string, id string) int {
	for k, s := range table {
		if s == id && k > 0 {
			return k
		}
	}
	return -1
}

// fillLUT assigns a slot with the motion's camera-frame affine map to every
// instance id of the frame's table that moves (the inverse motion when
// inverse), noting the object's instance id in the other frame (may be nil).
func fillLUT(lut *idTable, xf []affine, set []uint16, f, other *Frame, cam sim.Camera, motions map[string]RigidMotion, inverse bool) ([]affine, []uint16, error) {
	xf = append(xf, affine{}) // slot 0: static
	for k, name := range f.Objects {
		if k == 0 || name == "" {
			continue
		}
		m, ok := motions[name]
		if !ok {
			continue
		}
		if inverse {
			m = m.Inverse()
		}
		if len(xf) >= 1<<16 {
			return xf, set, fmt.Errorf("flow: too many moving objects")
		}
		lut[k] = uint16(len(xf))
		set = append(set, uint16(k))
		a := cameraAffine(cam, m)
		if other != nil {
			if k := indexOf(other.Objects, name); k > 0 {
				a.want = uint16(k)
			}
		}
		xf = append(xf, a)
	}
	return xf, set, nil
}

func (c *Computer) clearLUTs() {
	for _, k := range c.set0 {
		c.lut0[k] = 0
	}
	for _, k := range c.set1 {
		c.lut1[k] = 0
	}
	c.set0, c.set1 = c.set0[:0], c.set1[:0]
}

// cameraAffine expresses a world motion p' = c1 + R·(p − c0) in the camera
// frame q = B·(p − C), with B's rows the camera's right, down and forward
// axes: q' = B·R·Bᵀ·q + B·(c1 − C + R·(C − c0)).
func cameraAffine(cam sim.Camera, m RigidMotion) affine {
	r, d, f := cam.Basis()
	b := [3]sim.Vec3{r, d, f}
	rot := rotY(m.To.Yaw - m.From.Yaw)
	var a affine
	// RBt[k][l] = Σ_n R[k][n]·B[l][n]
	var rbt [3][3]float64
	for k := 0; k < 3; k++ {
		for l := 0; l < 3; l++ {
			rbt[k][l] = rot[k][0]*b[l][0] + rot[k][1]*b[l][1] + rot[k][2]*b[l][2]
		}
	}
	for k := 0; k < 3; k++ {
		for l := 0; l < 3; l++ {
			a.m[3*k+l] = b[k][0]*rbt[0][l] + b[k][1]*rbt[1][l] + b[k][2]*rbt[2][l]
		}
	}
	cc := cam.Position.Sub(m.From.Position)
	rc := sim.Vec3{
		rot[0][0]*cc[0] + rot[0][1]*cc[1] + rot[0][2]*cc[2],
		rot[1][0]*cc[0] + rot[1][1]*cc[1] + rot[1][2]*cc[2],
		rot[2][0]*cc[0] + rot[2][1]*cc[1] + rot[2][2]*cc[2],
	}
	v := m.To.Position.Sub(cam.Position).Add(rc)
	for k := 0; k < 3; k++ {
		a.t[k] = b[k].Dot(v)
	}
	return a
}

// rows runs fn over the rows [0, h) split into bands, one per worker, and
// returns for each of the two results the smallest non-negative value (or -1).
func (c *Computer) rows(h int, fn func(j0, j1 int) (int, int)) (int, int) {
	n := c.Workers
	if n > h {
		n = h
	}
	if n <= 1 {
		return fn(0, h)
	}
	type pair struct{ a, b int }
	out := make([]pair, n)
	var wg sync.WaitGroup
	var crash render.WorkerPanic
	for k := 0; k < n; k++ {
		j0, j1 := k*h/n, (k+1)*h/n
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			defer crash.Catch(func() {})
			a, b := fn(j0, j1)
			out[k] = pair{a, b}
		}(k)
	}
	wg.Wait()
	crash.Rethrow()
	a, b := -1, -1
	for _, p := range out { // bands are in row order: the first hit is the smallest
		if a < 0 {
			a = p.a
		}
		if b < 0 {
			b = p.b
		}
	}
	return a, b
}

// pass computes the flow of rows [j0, j1) of src into out and, when dst is
// not nil, the visibility of each moved point in dst into valid and whether
// each pixel belongs to a moving object into change: set when keep is 0, or
// ored in when keep is 1. It returns the index of the first pixel with a bad
// depth, or -1.
func (c *Computer) pass(src, dst *Frame, lut *idTable, xf []affine, peer []uint16, out []float32, valid, change []uint8, keep uint8, j0, j1 int) int {
	w := src.W
	for j := j0; j < j1; j++ {
		row := j * w
		dep := src.Depth[row : row+w]
		ids := src.IDs[row : row+w]
		ids = ids[:len(dep)]
		o := out[2*row : 2*row+2*w]
		clear(o) // static pixels keep flow 0; moving ones are written below
		if dst == nil {
			for i, d := range dep {
				b := math.Float32bits(d)
				if b >= 0x7f800000 && b != 0x80000000 { // NaN, ±Inf or negative (−0 is fine)
					return row + i
				}
				s := lut[ids[i]]
				if s == 0 || b&0x7fffffff == 0 { // static or nothing hit: flow stays 0
					if b&0x7fffffff == 0 && ids[i] != 0 {
						return row + i
					}
					continue
				}
				c.movePixel(&xf[s], nil, d, i, j, o[2*i:2*i+2])
			}
			continue
		}
		vd := valid[row : row+w]
		vd = vd[:len(dep)]
		ch := change[row : row+w]
		ch = ch[:len(dep)]
		dd := dst.Depth[row : row+w]
		dd = dd[:len(dep)]
		di := dst.IDs[row : row+w]
		di = di[:len(dep)]
		const tol = float32(DepthTol)
		for i, d := range dep {
			b := math.Float32bits(d)
			if b >= 0x7f800000 && b != 0x80000000 {
				return row + i
			}
			id := ids[i]
			s := lut[id]
			if keep == 0 {
				m := uint8(0)
				if s != 0 {
					m = 1
				}
				ch[i] = m
			} else if s != 0 {
				ch[i] = 1
			}
			if b&0x7fffffff == 0 { // nothing hit
				if id != 0 {
					return row + i
				}
				vd[i] = 0
				continue
			}
			if s == 0 { // static: the point stays at this pixel
				d1 := dd[i]
				diff := d1 - d
				if diff < 0 {
					diff = -diff
				}
				want := id
				if int(id) < len(peer) {
					want = peer[id]
				}
				ok := uint8(0)
				if d1 > 0 && diff <= tol && di[i] == want {
					ok = 1
				}
				vd[i] = ok
				continue
			}
			vd[i] = c.movePixel(&xf[s], dst, d, i, j, o[2*i:2*i+2])
		}
	}
	return -1
}

// movePixel writes the flow of pixel (i, j) with depth d moved by a into o
// and returns whether the moved point is visible in dst (0 when dst is nil).
func (c *Computer) movePixel(a *affine, dst *Frame, d float32, i, j int, o []float32) uint8 {
	z := float64(d)
	x, y := z*c.xs[i], z*c.ys[j]
	qz := a.m[6]*x + a.m[7]*y + a.m[8]*z + a.t[2]
	if !(qz > minDepth) {
		o[0], o[1] = Unknown, Unknown
		return 0
	}
	qx := a.m[0]*x + a.m[1]*y + a.m[2]*z + a.t[0]
	qy := a.m[3]*x + a.m[4]*y + a.m[5]*z + a.t[1]
	inv := c.focal / qz
	u := c.cx + qx*inv
	v := c.cy + qy*inv
	o[0] = float32(u - float64(i))
	o[1] = float32(v - float64(j))
	if dst == nil || !(u >= -0.5 && u < float64(dst.W)-0.5 && v >= -0.5 && v < float64(dst.H)-0.5) {
		return 0
	}
	const tol = DepthTol
	if ref := depthAt(dst, u, v, a.want); !(ref > 0 && math.Abs(ref-qz) <= tol) {
		return 0
	}
	// Nothing may stand in front of the point at the nearest pixel.
	if n := int(v+0.5)*dst.W + int(u+0.5); dst.IDs[n] != a.want && float64(dst.Depth[n]) < qz-tol {
		return 0
	}
	return 1
}

// depthAt returns the depth of frame f at the sub-pixel position (u, v),
// which must round to a pixel inside the image, as seen on the object with
// instance id want. Among the four pixel centres around (u, v) those that
// lie in the image and show that object are blended: their inverse depths
// are interpolated bilinearly, with the weights of the missing corners
// dropped and the rest renormalised (exact on a planar face, since inverse
// planar depth is affine in pixel coordinates). When none of them shows the
// object it returns the nearest pixel's depth. 0 means nothing is there.
func depthAt(f *Frame, u, v float64, want uint16) float64 {
	w, h := f.W, f.H
	n := int(v+0.5)*w + int(u+0.5)
	i0, j0 := int(u+1)-1, int(v+1)-1 // floor, as u, v ≥ −0.5
	a, b := u-float64(i0), v-float64(j0)
	if want != 0 && i0 >= 0 && j0 >= 0 && i0+1 < w && j0+1 < h {
		// All four corners are in the image (the common case).
		q := j0*w + i0
		ids := f.IDs[q : q+w+2]
		dep := f.Depth[q : q+w+2]
		sw, si := 0.0, 0.0
		if ids[0] == want && dep[0] > 0 {
			wt := (1 - a) * (1 - b)
			sw, si = sw+wt, si+wt/float64(dep[0])
		}
		if ids[1] == want && dep[1] > 0 {
			wt := a * (1 - b)
			sw, si = sw+wt, si+wt/float64(dep[1])
		}
		if ids[w] == want && dep[w] > 0 {
			wt := (1 - a) * b
			sw, si = sw+wt, si+wt/float64(dep[w])
		}
		if ids[w+1] == want && dep[w+1] > 0 {
			wt := a * b
			sw, si = sw+wt, si+wt/float64(dep[w+1])
		}
		if sw > 0 {
			return sw / si
		}
	} else if want != 0 {
		sw, si := 0.0, 0.0
		for k := 0; k < 4; k++ {
			i, j := i0+k&1, j0+k>>1
			if i < 0 || j < 0 || i >= w || j >= h {
				continue
			}
			q := j*w + i
			if f.IDs[q] != want || !(f.Depth[q] > 0) {
				continue
			}
			wt := (1 - a) * (1 - b)
			switch k {
			case 1:
				wt = a * (1 - b)
			case 2:
				wt = (1 - a) * b
			case 3:
				wt = a * b
			}
			sw += wt
			si += wt / float64(f.Depth[q])
		}
		if sw > 0 {
			return sw / si
		}
	}
	if d := f.Depth[n]; d > 0 {
		return float64(d)
	}
	return 0
}
