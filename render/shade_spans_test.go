package render

import (
	"math/rand/v2"
	"testing"
)

// TestAddSpanKeepsColumns: spans added in random order cover exactly the
// columns added plus gaps of at most spanGap between them, stay sorted and
// disjoint, and leave more than spanGap columns between neighbours.
func TestAddSpanKeepsColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	const w = 300
	for trial := 0; trial < 3000; trial++ {
		var sp []colSpan
		var in [w]bool
		for k := rng.IntN(8); k >= 0; k-- {
			x0 := int32(rng.IntN(w))
			x1 := min(x0+int32(rng.IntN(30)), w-1)
			sp = addSpan(sp, x0, x1)
			for x := x0; x <= x1; x++ {
				in[x] = true
			}
		}
		var got [w]bool
		for i, s := range sp {
			if s.x0 > s.x1 || i > 0 && s.x0-sp[i-1].x1 <= spanGap {
				t.Fatalf("trial %d: spans %v not sorted, disjoint and apart", trial, sp)
			}
			for x := s.x0; x <= s.x1; x++ {
				got[x] = true
			}
		}
		for x := 0; x < w; x++ {
			if in[x] && !got[x] {
				t.Fatalf("trial %d: column %d added but not in %v", trial, x, sp)
			}
			if got[x] && !in[x] { // a merged gap: within spanGap of added columns on both sides
				l, r := x, x
				for l >= 0 && !in[l] {
					l--
				}
				for r < w && !in[r] {
					r++
				}
				if l < 0 || r >= w || r-l-1 > spanGap {
					t.Fatalf("trial %d: column %d in %v lies in a gap of %d", trial, x, sp, r-l-1)
				}
			}
		}
	}
}

// TestAddRectKeepsTexels: rectangles added in random order cover every
// texel added, stay pairwise disjoint, and each lies inside the union of
// the rectangles merged into it.
func TestAddRectKeepsTexels(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	const n = 64
	for trial := 0; trial < 2000; trial++ {
		var rects, added []texRect
		for k := rng.IntN(6); k >= 0; k-- {
			x0, y0 := rng.IntN(n), rng.IntN(n)
			tr := texRect{x0, y0, min(x0+rng.IntN(12), n-1), min(y0+rng.IntN(12), n-1)}
			rects = addRect(rects, tr)
			added = append(added, tr)
		}
		for i := range rects {
			for j := i + 1; j < len(rects); j++ {
				if rects[i].meets(rects[j]) {
					t.Fatalf("trial %d: %v and %v share texels", trial, rects[i], rects[j])
				}
			}
		}
		for _, a := range added {
			in := false
			for _, r := range rects {
				if r.x0 <= a.x0 && r.y0 <= a.y0 && r.x1 >= a.x1 && r.y1 >= a.y1 {
					in = true
				}
			}
			if !in {
				t.Fatalf("trial %d: %v added but not inside one of %v", trial, a, rects)
			}
		}
		bound := emptyRect
		for _, a := range added {
			bound = bound.union(a)
		}
		for _, r := range rects {
			if r.x0 < bound.x0 || r.y0 < bound.y0 || r.x1 > bound.x1 || r.y1 > bound.y1 {
				t.Fatalf("trial %d: %v reaches outside the texels added", trial, r)
			}
		}
	}
}
