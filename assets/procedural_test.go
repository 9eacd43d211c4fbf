package assets

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// checkInBox checks that model m's vertices span the box of size exactly
// and that every triangle is wound with its vertex normals: the cosine
// between its winding normal and their sum is at least minCos (triangles
// of no area are skipped).
func checkInBox(t *testing.T, m *sim.Model, size sim.Vec3, minCos float64) {
	t.Helper()
	l := m.Levels[0]
	h := size.Mul(0.5)
	lo, hi := sim.Vec3{1, 1, 1}, sim.Vec3{-1, -1, -1}
	for _, p := range l.Pos {
		for k := range 3 {
			if math.Abs(p[k]) > h[k]+1e-12 {
				t.Fatalf("%s: vertex %v leaves the box ±%v", m.Key, p, h)
			}
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	if lo.Sub(h.Mul(-1)).Len() > 1e-12 || hi.Sub(h).Len() > 1e-12 {
		t.Fatalf("%s spans %v..%v, want the box ±%v", m.Key, lo, hi, h)
	}
	for _, tr := range l.Tris {
		a, b, c := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		w := b.Sub(a).Cross(c.Sub(a))
		var nv sim.Vec3
		for _, v := range tr.V {
			nv = nv.Add(l.Normal[v])
		}
		if w.Len() < 1e-15 {
			continue
		}
		if w.Dot(nv) < minCos*w.Len()*nv.Len() {
			t.Fatalf("%s: triangle %v (%v %v %v) winding normal %v against its vertex normals %v", m.Key, tr.V, a, b, c, w, nv)
		}
	}
}

// checkSurfacesUsed checks that every surface of model m has triangles.
func checkSurfacesUsed(t *testing.T, m *sim.Model) {
	t.Helper()
	used := map[uint16]bool{}
	for _, tr := range m.Levels[0].Tris {
		used[tr.Surface] = true
	}
	if len(used) != len(m.Surfaces) {
		t.Fatalf("%s %v: surfaces %d, used %v", m.Key, m.Size, len(m.Surfaces), used)
	}
}

// testBoxes returns the boxes fixed followed by n random boxes with sides
// uniform in [lo, hi), drawn from the generator seeded with seed.
func testBoxes(seed uint64, n int, lo, hi float64, fixed ...sim.Vec3) []sim.Vec3 {
	rng := rand.New(rand.NewPCG(seed, 1))
	sizes := append([]sim.Vec3(nil), fixed...)
	for range n {
		sizes = append(sizes, sim.Vec3{lo + (hi-lo)*rng.Float64(), lo + (hi-lo)*rng.Float64(), lo + (hi-lo)*rng.Float64()})
	}
	return sizes
}

// proceduralCase is a procedural builder under test (checkProcedural):
// its palette, its type's catalog boxes and how its model meets its box.
type proceduralCase struct {
	name    string
	build   func(sim.Vec3, sim.RGB) *sim.Model
	palette []sim.RGB
	catalog []sim.Vec3
	round   bool    // spans some axes only (checkRoundInBox); else fills the box (checkInBox)
	axes    []int   // a round model's axes (nil: its height and smaller horizontal side; -1: the smaller of x and y)
	minCos  float64 // checkInBox's winding bound (0: 0.5)
}

// checkProcedural builds c in every colour of its palette on its catalog
// boxes and n random ones (testBoxes(seed, n, lo, hi)) and checks that each
// model has one level and the box's size, meets its box and uses all its
// surfaces; more (when not nil) then runs the builder's own checks.
func checkProcedural(t *testing.T, c proceduralCase, seed uint64, n int, lo, hi float64, more func(m *sim.Model, size sim.Vec3, col sim.RGB)) {
	t.Helper()
	if len(c.palette) == 0 {
		t.Fatalf("%s: empty palette", c.name)
	}
	minCos := c.minCos
	if minCos == 0 {
		minCos = 0.5
	}
	for _, size := range testBoxes(seed, n, lo, hi, c.catalog...) {
		for _, col := range c.palette {
			m := c.build(size, col)
			if len(m.Levels) != 1 || m.Size != size || m.Levels[0].Tris == nil {
				t.Fatalf("%s %v: %d levels, size %v", c.name, size, len(m.Levels), m.Size)
			}
			switch {
			case !c.round:
				checkInBox(t, m, size, minCos)
			case c.axes == nil:
				checkRoundInBox(t, m, size)
			default:
				axes := append([]int(nil), c.axes...)
				for i, a := range axes {
					if a < 0 { // the smaller side across
						axes[i] = 0
						if size[1] < size[0] {
							axes[i] = 1
						}
					}
				}
				checkRoundInBox(t, m, size, axes...)
			}
			checkSurfacesUsed(t, m)
			if more != nil {
				more(m, size, col)
			}
		}
	}
}

// checkTopFirst checks, along rays vertical rays down through random
// points of the footprint of a model m of size, that the first surface met
// is surface top at the box's top, where the simulation rests objects.
func checkTopFirst(t *testing.T, m *sim.Model, size sim.Vec3, top uint16, rng *rand.Rand, rays int) {
	t.Helper()
	for r := range rays {
		x, z := (rng.Float64()-0.5)*size[0], (rng.Float64()-0.5)*size[2]
		if y, s, ok := firstHitDown(m.Levels[0], x, z); !ok || s != top || math.Abs(y-size[1]/2) > 1e-12 {
			t.Fatalf("%s %v, ray %d down at (%.3f, %.3f): hit %v at %.4f on surface %d, want surface %d at the top, %.4f", m.Key, size, r, x, z, ok, y, s, top, size[1]/2)
		}
	}
}
