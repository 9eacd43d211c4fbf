package flow

import (
	"fmt"
	"math"

	"flowbench/sim"
)

// agreement accumulates the round-trip checks of a flow result against the
// re-rendered after frame (the correctness criteria).
type agreement struct {
	moverPix   int // pixels of I0 owned by a moving object
	moverValid int // ... of which marked valid
	idMatch    int // ... whose nearest target pixel in I1 shows the same object
	depthMatch int // ... where D1 at the target equals the moved point's depth within 1 cm
	depthNear  int // ... the same with D1 at the nearest pixel instead of interpolated
	valid      int // all valid pixels of I0
	consistent int // ... with |F01(p) + F10(round(p + F01(p)))| < 0.5 px
	moverCons  int // valid mover pixels that are consistent
	moverNear  int // valid mover pixels consistent with a nearest-pixel F10 lookup
}

func (a *agreement) add(b agreement) {
	a.moverPix += b.moverPix
	a.moverValid += b.moverValid
	a.idMatch += b.idMatch
	a.depthMatch += b.depthMatch
	a.valid += b.valid
	a.consistent += b.consistent
	a.moverCons += b.moverCons
	a.depthNear += b.depthNear
	a.moverNear += b.moverNear
}

func rate(n, d int) float64 {
	if d == 0 {
		return math.NaN()
	}
	return float64(n) / float64(d)
}

func (a agreement) String() string {
	return fmt.Sprintf("mover pixels %d, valid %d (%.2f%%); of valid mover pixels: id agrees %.3f%%, "+
		"depth within 1 cm %.3f%% (nearest pixel: %.3f%%), forward-backward consistent %.3f%% (nearest F10: %.3f%%); "+
		"all valid pixels %d, consistent %.4f%%",
		a.moverPix, a.moverValid, 100*rate(a.moverValid, a.moverPix), 100*rate(a.idMatch, a.moverValid),
		100*rate(a.depthMatch, a.moverValid), 100*rate(a.depthNear, a.moverValid), 100*rate(a.moverCons, a.moverValid),
		100*rate(a.moverNear, a.moverValid), a.valid, 100*rate(a.consistent, a.valid))
}

// measureAgreement checks r against the frames. The moved point's depth is
// recomputed independently of the flow kernel: Camera.Ray back-projection,
// RigidMotion.Apply, Camera.ToCamera. The id check uses the nearest pixel
// round(p + F01). D1 and F10 are sampled at the exact target p + F01 by
// bilinear interpolation (of inverse depth, exact on planes) when the four
// surrounding pixel centres show the same object as the nearest one, else
// at the nearest pixel; the nearest-pixel variants are counted as well.
func measureAgreement(r *Result, f0, f1 Frame, cam sim.Camera, motions map[string]RigidMotion) agreement {
	var a agreement
	w, h := f0.W, f0.H
	_, _, fwd := cam.Basis()
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			p := j*w + i
			name := f0.Objects[f0.IDs[p]]
			m, moving := motions[name]
			moving = moving && name != ""
			if moving {
				a.moverPix++
			}
			if r.ValidForward.M[p] == 0 {
				continue
			}
			a.valid++
			dx, dy := r.Forward.At(i, j)
			ni, nj := int(math.Floor(float64(i)+float64(dx)+0.5)), int(math.Floor(float64(j)+float64(dy)+0.5))
			tu, tv := float64(i)+float64(dx), float64(j)+float64(dy)
			bx, by := r.Backward.At(ni, nj)
			nearCons := math.Hypot(float64(dx+bx), float64(dy+by)) < 0.5
			n := nj*w + ni
			lx, ly, ld, interp := sampleAt(r.Backward, f1, tu, tv)
			if !interp {
				lx, ly, ld = float64(bx), float64(by), float64(f1.Depth[n])
			}
			cons := math.Hypot(float64(dx)+lx, float64(dy)+ly) < 0.5
			if cons {
				a.consistent++
			}
			if !moving {
				continue
			}
			a.moverValid++
			if cons {
				a.moverCons++
			}
			if nearCons {
				a.moverNear++
			}
			if f1.Objects[f1.IDs[n]] == name {
				a.idMatch++
			}
			o, dir := cam.Ray(float64(i), float64(j))
			pt := o.Add(dir.Mul(float64(f0.Depth[p]) / dir.Dot(fwd)))
			z1 := cam.ToCamera(m.Apply(pt))[2]
			if math.Abs(ld-z1) <= 0.01 {
				a.depthMatch++
			}
			if math.Abs(float64(f1.Depth[n])-z1) <= 0.01 {
				a.depthNear++
			}
		}
	}
	return a
}

// sampleAt interpolates the field bilinearly and the depth bilinearly in 1/z
// at (u, v) when the four surrounding pixel centres lie in the image and show
// the same instance id; ok is false otherwise.
func sampleAt(fl Field, f Frame, u, v float64) (dx, dy, depth float64, ok bool) {
	i0, j0 := int(math.Floor(u)), int(math.Floor(v))
	if i0 < 0 || j0 < 0 || i0+1 >= f.W || j0+1 >= f.H {
		return 0, 0, 0, false
	}
	p := [4]int{j0*f.W + i0, j0*f.W + i0 + 1, (j0+1)*f.W + i0, (j0+1)*f.W + i0 + 1}
	for _, q := range p[1:] {
		if f.IDs[q] != f.IDs[p[0]] || f.Depth[q] == 0 {
			return 0, 0, 0, false
		}
	}
	if f.Depth[p[0]] == 0 {
		return 0, 0, 0, false
	}
	a, b := u-float64(i0), v-float64(j0)
	wt := [4]float64{(1 - a) * (1 - b), a * (1 - b), (1 - a) * b, a * b}
	inv := 0.0
	for k, q := range p {
		dx += wt[k] * float64(fl.D[2*q])
		dy += wt[k] * float64(fl.D[2*q+1])
		inv += wt[k] / float64(f.Depth[q])
	}
	return dx, dy, 1 / inv, true
}
