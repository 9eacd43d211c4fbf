package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// TestWoodGrain: the wood texture is grey, between 0.6 and 1 with a mean
// near 0.92 (a finish's colour keeps its tone), has grain (its rows differ
// far more across v than its texels along u), and tiles: the texels at
// opposite edges differ no more than neighbours inside do.
func TestWoodGrain(t *testing.T) {
	img := woodGrain().Levels[0]
	n := img.Rect.Dx()
	at := func(x, y int) float64 { return float64(img.Pix[img.PixOffset(x, y)]) / 255 }
	sum, lo, hi := 0.0, 1.0, 0.0
	var alongU, acrossV, wrapU, wrapV float64
	for y := range n {
		for x := range n {
			i := img.PixOffset(x, y)
			if img.Pix[i] != img.Pix[i+1] || img.Pix[i] != img.Pix[i+2] || img.Pix[i+3] != 255 {
				t.Fatalf("texel (%d, %d) %v is not opaque grey", x, y, img.Pix[i:i+4])
			}
			g := at(x, y)
			sum, lo, hi = sum+g, min(lo, g), max(hi, g)
			alongU += math.Abs(at((x+1)%n, y) - g)
			acrossV += math.Abs(at(x, (y+1)%n) - g)
		}
		wrapU += math.Abs(at(0, y) - at(n-1, y))
	}
	for x := range n {
		wrapV += math.Abs(at(x, 0) - at(x, n-1))
	}
	mean := sum / float64(n*n)
	if lo < 0.6 || hi > 1 || math.Abs(mean-0.92) > 0.03 {
		t.Fatalf("texels in [%.3f, %.3f], mean %.3f: want within [0.6, 1], mean 0.92±0.03", lo, hi, mean)
	}
	alongU, acrossV = alongU/float64(n*n), acrossV/float64(n*n)
	if acrossV < 2*alongU {
		t.Errorf("mean step across v %.4f, along u %.4f: want the grain along u (at least twice)", acrossV, alongU)
	}
	if wrapU/float64(n) > 3*alongU+0.01 || wrapV/float64(n) > 3*acrossV+0.01 {
		t.Errorf("edges differ by %.4f (u) and %.4f (v) against steps %.4f and %.4f inside: not tiling", wrapU/float64(n), wrapV/float64(n), alongU, acrossV)
	}
}

// TestFurnitureWoodUVs: wood finishes (and butcher-block worktops) carry
// the wood grain, paints and stones do not; every box face of a procedural
// piece has planar UVs of one repeat per woodRepeat metres with u along
// the face's longer side, so one texel of grain covers the same length
// on a leg as on a top.
func TestFurnitureWoodUVs(t *testing.T) {
	size := sim.Vec3{0.9, 0.75, 0.5}
	for f := range furnitureFinishes {
		for w := range worktops {
			m := furnitureModel(size, furnitureStyle{form: formCounter, finish: f, top: w})
			if got, want := m.Surfaces[furnBody].Texture != nil, f < woodFinishes; got != want {
				t.Fatalf("finish %d: body textured %v, want %v", f, got, want)
			}
			if got, want := m.Surfaces[furnTop].Texture != nil, w == len(worktops)-1; got != want {
				t.Fatalf("worktop %d: textured %v, want %v", w, got, want)
			}
		}
	}
	m := furnitureModel(size, furnitureStyle{form: formTable})
	l := m.Levels[0]
	for k := 0; k+1 < len(l.Tris); k += 2 { // box quads: two triangles
		tr := l.Tris[k]
		a, b, c := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		ua, ub, uc := l.UV[tr.V[0]], l.UV[tr.V[1]], l.UV[tr.V[2]]
		// Each edge's UV length is its length in repeats.
		for _, e := range [][4]any{{a, b, ua, ub}, {b, c, ub, uc}} {
			p, q := e[0].(sim.Vec3), e[1].(sim.Vec3)
			s, r := e[2].([2]float32), e[3].([2]float32)
			duv := math.Hypot(float64(r[0]-s[0]), float64(r[1]-s[1]))
			if math.Abs(duv*woodRepeat-q.Sub(p).Len()) > 1e-5 {
				t.Fatalf("triangle %d: edge %v–%v has UV length %.5f, want %.5f", k, p, q, duv, q.Sub(p).Len()/woodRepeat)
			}
		}
		// u runs along the face's longer side: over a triangle's three
		// edges |Δu| sums to twice its u span, which must be the longer
		// side's length in repeats.
		lo, hi := a, a
		for _, p := range []sim.Vec3{b, c} {
			for i := range 3 {
				lo[i], hi[i] = min(lo[i], p[i]), max(hi[i], p[i])
			}
		}
		ext := hi.Sub(lo)
		us := math.Abs(float64(ub[0]-ua[0])) + math.Abs(float64(uc[0]-ub[0])) + math.Abs(float64(uc[0]-ua[0]))
		if longest, second := sortedExtents(ext); longest > second+1e-9 && math.Abs(us*woodRepeat-2*longest) > 1e-5 {
			t.Fatalf("triangle %d (extent %v): u spans %.4f repeats, want %.4f along the longer side", k, ext, us/2, longest/woodRepeat)
		}
	}
}

// sortedExtents returns the largest and the second largest of e's
// components.
func sortedExtents(e sim.Vec3) (float64, float64) {
	a, b, c := e[0], e[1], e[2]
	if a < b {
		a, b = b, a
	}
	if b < c {
		b, c = c, b
	}
	if a < b {
		a, b = b, a
	}
	return a, b
}
