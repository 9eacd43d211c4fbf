package simsource

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strings"
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

func TestTruthConsistent(t *testing.T) { checkTruthConsistent(t, GenerateOptions{}) }

// TestTruthConsistentDressed is TestTruthConsistent with the installed
// furniture models: masks, depth and tracks come from the drawn models and
// the boxes and distances from their posed meshes. Skips without the
// libraries.
func TestTruthConsistentDressed(t *testing.T) {
	lib := testLibrary(t)
	models := checkTruthConsistent(t, GenerateOptions{Assets: lib})
	if models == 0 {
		t.Errorf("no object of %d dressed pairs is drawn with a model", testPairs())
	}
}

// checkTruthConsistent generates testPairs() pairs with opts and checks
// that the exact outputs agree with the truth; it returns how many truth
// objects are drawn with a furniture model.
func checkTruthConsistent(t *testing.T, opts GenerateOptions) (models int) {
	t.Helper()
	for i := 0; i < testPairs(); i++ {
		p, tr, err := GenerateWith(7, i, NoiseNone, opts)
		if err != nil {
			t.Fatal(err)
		}
		wantHash := ""
		if opts.Assets != nil {
			wantHash = opts.Assets.Hash
		}
		if tr.Assets != wantHash {
			t.Errorf("pair %d: truth assets %q, want %q", i, tr.Assets, wantHash)
		}
		for _, o := range tr.Objects {
			if o.Model != "" {
				models++
				if opts.Assets == nil {
					t.Errorf("pair %d: %s drawn with model %s without a library", i, o.Label, o.Model)
				}
			}
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
		if opts.Assets != nil {
			// A dressed pair keeps its movers tabletop-sized (the drawn
			// box lies inside the object's) and whole in both frames.
			for _, k := range tr.Movers {
				if o := tr.Objects[k]; math.Max(o.Size[0], o.Size[2]) > dressedMaxSide+1e-9 {
					t.Errorf("pair %d: mover %s of size %v exceeds the dressed limits", i, o.Label, o.Size)
				}
			}
			for f, ids := range [][]uint16{tr.IDs0, tr.IDs1} {
				for px, id := range ids {
					x, y := px%p.W, px/p.W
					if id == mv.Instance && (x < borderMargin || y < borderMargin || x >= p.W-borderMargin || y >= p.H-borderMargin) {
						t.Fatalf("pair %d: the mover touches the border of frame %d at (%d, %d)", i, f, x, y)
					}
				}
			}
		}
	}
	return models
}

func TestGenerateDeterministic(t *testing.T) { checkDeterministic(t, GenerateOptions{}) }

// TestGenerateDeterministicDressed: the same (seed, index, level, library)
// gives identical pairs. Skips without the libraries.
func TestGenerateDeterministicDressed(t *testing.T) {
	checkDeterministic(t, GenerateOptions{Assets: testLibrary(t)})
}

func checkDeterministic(t *testing.T, opts GenerateOptions) {
	for _, lv := range []NoiseLevel{NoiseNone, NoiseHigh} {
		a, ta, err := GenerateWith(3, 2, lv, opts)
		if err != nil {
			t.Fatal(err)
		}
		b, tb, err := GenerateWith(3, 2, lv, opts)
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(ta)
		jb, _ := json.Marshal(tb)
		if !pairsEqual(a, b) || !slices.Equal(ta.IDs1, tb.IDs1) || !bytes.Equal(ja, jb) {
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

// TestDressedTabletop: on a dressed surface every object the work area
// keeps or gets fits the dressed limits, and every added object stands
// where the drawn top carries its whole footprint. Skips without the
// libraries.
func TestDressedTabletop(t *testing.T) {
	lib := testLibrary(t)
	added := 0
	for i := 0; i < 2*testPairs(); i++ {
		tt, err := buildTabletop(stream(11, i, "scene", 0), 11, lib)
		if err != nil {
			t.Fatal(err)
		}
		if !tt.dressed || tt.surface.Model == nil || tt.support == nil {
			t.Fatalf("tabletop %d: surface %s not dressed", i, tt.surface.ID)
		}
		lim := tt.limits()
		for _, id := range tt.scene.Children(tt.surface.ID) {
			o := tt.scene.Object(id)
			if !lim.fits(o.Size) {
				t.Errorf("tabletop %d: %s of size %v left on the surface", i, id, o.Size)
			}
			if strings.Contains(id, addedTag) {
				added++
				if !tt.support.holds(o.OBB()) {
					t.Errorf("tabletop %d: %s stands where the drawn top does not carry it", i, id)
				}
			}
		}
	}
	if added == 0 {
		t.Error("no objects added")
	}
}
