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
