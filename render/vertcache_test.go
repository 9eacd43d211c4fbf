package render

import (
	"math/rand/v2"
	"testing"
)

// TestVertexCacheSetupsMatch renders model scenes from random cameras and
// compares every set-up made through the vertex cache with setupTri on the
// triangle itself: the same triangles are kept, with the same numbers.
func TestVertexCacheSetupsMatch(t *testing.T) {
	cached, kept := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		s := modelScene(t, seed, 20, 64)
		rng := rand.New(rand.NewPCG(seed, 7))
		r, err := New(s, Options{Workers: 2, NoOcclusionCulling: true})
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 4; k++ {
			cam := randomCamera(s, rng, 120, 90)
			if _, err := r.Render(cam); err != nil {
				t.Fatal(err)
			}
			for i, e := range r.dl.mesh {
				if e.vidx == nil || r.cull[i] {
					continue
				}
				cached++
				m := &e.mesh
				for j := range m.Tris {
					var want triSetup
					setupTri(&r.v, &m.Tris[j], m.TwoSided, &want)
					got := r.setups[r.dl.start[i]+j]
					if got.ok != want.ok {
						t.Fatalf("seed %d camera %d mesh %d triangle %d: cached ok=%v, setupTri ok=%v", seed, k, i, j, got.ok, want.ok)
					}
					if !want.ok {
						continue
					}
					kept++
					want.inst, want.local, want.attr, want.cut = got.inst, got.local, got.attr, got.cut
					if got != want {
						t.Fatalf("seed %d camera %d mesh %d triangle %d: cached set-up %+v, setupTri %+v", seed, k, i, j, got, want)
					}
				}
			}
		}
	}
	if cached == 0 || kept == 0 {
		t.Fatalf("%d meshes drawn through the vertex cache, %d triangles kept: the test saw nothing", cached, kept)
	}
	t.Logf("%d cached meshes, %d triangles compared", cached, kept)
}
