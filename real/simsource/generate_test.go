package simsource

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"flowbench/real"
)

// testPairs returns how many pairs the truth tests generate.
func testPairs() int {
	if testing.Short() {
		return 4
	}
	return 20
}

// inBox reports whether camera-frame point p lies in the box with the
// given corners, within tol metres.
func inBox(p real.Vec3, c [8]real.Vec3, tol float64) bool {
	o := c[0]
	for _, k := range []int{1, 2, 4} {
		e := c[k].Sub(o)
		l := e.Len()
		s := (p[0]-o[0])*e[0] + (p[1]-o[1])*e[1] + (p[2]-o[2])*e[2]
		if s < -tol*l || s > l*l+tol*l {
			return false
		}
	}
	return true
}

// backProject returns the camera-frame point seen at pixel i with depth z.
func backProject(p *real.Pair, i int, z float64) real.Vec3 {
	u, v := float64(i%p.W), float64(i/p.W)
	return real.Vec3{(u - p.K.Cx) / p.K.Fx * z, (v - p.K.Cy) / p.K.Fy * z, z}
}

// projectPx returns the pixel of a camera-frame point.
func projectPx(p *real.Pair, x real.Vec3) (float64, float64) {
	return p.K.Cx + p.K.Fx*x[0]/x[2], p.K.Cy + p.K.Fy*x[1]/x[2]
}

func TestTruthConsistent(t *testing.T) {
	for i := 0; i < testPairs(); i++ {
		p, tr, err := Generate(7, i, NoiseNone)
		if err != nil {
			t.Fatal(err)
		}
		if p.W != 640 || p.H != 480 || math.Abs(p.K.Fx-610) > 1e-9 || math.Abs(p.K.Cx-319.5) > 1e-9 {
			t.Fatalf("pair %d: size %dx%d, K %+v", i, p.W, p.H, p.K)
		}
		if len(tr.Movers) == 0 || len(tr.Movers) > 2 {
			t.Fatalf("pair %d: %d movers", i, len(tr.Movers))
		}
		byInst := map[uint16]int{}
		for k, o := range tr.Objects {
			byInst[o.Instance] = k
		}
		// Every mask is one object's exact visible pixels, and the exact
		// depth there lies on that object's box.
		if len(p.F0.Masks) < minOthers+1 {
			t.Errorf("pair %d: %d masks", i, len(p.F0.Masks))
		}
		for _, m := range p.F0.Masks {
			k := tr.truthOf(m.Pix)
			if k < 0 || tr.Objects[k].Label != m.Label || m.Score != 1 {
				t.Fatalf("pair %d: mask %q maps to %d", i, m.Label, k)
			}
			if len(m.Pix) != tr.Objects[k].Pixels0 {
				t.Errorf("pair %d: mask %q has %d px, truth %d", i, m.Label, len(m.Pix), tr.Objects[k].Pixels0)
			}
			for _, px := range m.Pix {
				if tr.IDs0[px] != tr.Objects[k].Instance {
					t.Fatalf("pair %d: mask pixel %d shows instance %d", i, px, tr.IDs0[px])
				}
				x := backProject(p, int(px), float64(p.F0.Depth[px]))
				if !inBox(x, tr.Objects[k].Box0, 0.002) {
					t.Fatalf("pair %d: %s pixel %d at %v lies outside its box", i, m.Label, px, x)
				}
			}
		}
		// Tracks: static pixels 0; a mover's pixels move by the projected
		// translation of their own 3D point.
		maxErr := 0.0
		for px := 0; px < p.W*p.H; px++ {
			dx, dy := p.Tracks[2*px], p.Tracks[2*px+1]
			k, isObj := byInst[tr.IDs0[px]]
			if !isObj || !tr.Objects[k].Moved {
				if dx != 0 || dy != 0 {
					t.Fatalf("pair %d: static pixel %d has track (%g, %g)", i, px, dx, dy)
				}
				continue
			}
			o := tr.Objects[k]
			x := backProject(p, px, float64(p.F0.Depth[px]))
			u1, v1 := projectPx(p, x.Add(o.Center1.Sub(o.Center0)))
			e := math.Hypot(float64(px%p.W)+float64(dx)-u1, float64(px/p.W)+float64(dy)-v1)
			maxErr = math.Max(maxErr, e)
		}
		if maxErr > 0.01 {
			t.Errorf("pair %d: mover tracks miss the projected motion by up to %.4f px", i, maxErr)
		}
		// The mover moved 5–30 cm (the surface keeps it level), others not.
		for _, mi := range tr.Movers {
			o := tr.Objects[mi]
			d := o.Center1.Sub(o.Center0).Len()
			if d < minMove-0.003 || d > maxMove+0.003 {
				t.Errorf("pair %d: %s moved %.3f m", i, o.Label, d)
			}
			if o.Pixels0 < moverMinPixels {
				t.Errorf("pair %d: mover %s shows %d px", i, o.Label, o.Pixels0)
			}
		}
		for _, o := range tr.Objects {
			if !o.Moved && o.Center0 != o.Center1 {
				t.Errorf("pair %d: static %s moved", i, o.Label)
			}
			if o.Pixels1+o.Hidden1 < o.Unhidden1 && o.Hidden1 > 0 {
				// pixels the mover hides are unhidden pixels not seen
				t.Errorf("pair %d: %s: %d seen + %d hidden < %d unhidden", i, o.Label, o.Pixels1, o.Hidden1, o.Unhidden1)
			}
			for _, d := range o.Dist {
				if d.Hull0 < d.Box0-1e-9 || d.Hull1 < d.Box1-1e-9 || d.Hull0 < 0 {
					t.Errorf("pair %d: %s: hull distance %v below box distance", i, o.Label, d)
				}
			}
		}
		// The camera looks down 25–50° from 0.5–1.2 m.
		if tr.Camera.Horizon < minPitch || tr.Camera.Horizon > maxPitch {
			t.Errorf("pair %d: pitch %g", i, tr.Camera.Horizon)
		}
		mv := tr.Objects[tr.Movers[0]]
		if r := mv.Center0.Len(); r < 0.45 || r > 1.3 {
			t.Errorf("pair %d: mover %.2f m from the camera", i, r)
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	for _, lv := range []NoiseLevel{NoiseNone, NoiseHigh} {
		a, ta, err := Generate(3, 2, lv)
		if err != nil {
			t.Fatal(err)
		}
		b, tb, err := Generate(3, 2, lv)
		if err != nil {
			t.Fatal(err)
		}
		if !pairsEqual(a, b) || !slices.Equal(ta.IDs1, tb.IDs1) || ta.Objects[0].Center1 != tb.Objects[0].Center1 {
			t.Errorf("%s: the same (seed, index, level) gave different pairs", lv)
		}
	}
}

// pairsEqual compares every estimator output of two pairs.
func pairsEqual(a, b *real.Pair) bool {
	eqF := func(x, y []float32) bool {
		return slices.EqualFunc(x, y, func(p, q float32) bool { return p == q || (p != p && q != q) })
	}
	eqM := func(x, y []real.Mask) bool {
		return slices.EqualFunc(x, y, func(p, q real.Mask) bool {
			return p.Label == q.Label && p.Score == q.Score && slices.Equal(p.Pix, q.Pix)
		})
	}
	ra, rb := rgba(a.F0.Image), rgba(b.F0.Image)
	return a.ID == b.ID && eqF(a.F0.Depth, b.F0.Depth) && eqF(a.F1.Depth, b.F1.Depth) &&
		eqM(a.F0.Masks, b.F0.Masks) && eqM(a.F1.Masks, b.F1.Masks) && eqF(a.Tracks, b.Tracks) &&
		bytes.Equal(ra, rb) && bytes.Equal(rgba(a.F1.Image), rgba(b.F1.Image))
}
