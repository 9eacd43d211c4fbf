package render

import (
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// TestVertexCacheSetupsMatch renders model scenes from random cameras and
// compares every set-up made through the vertex cache (from a compact posed
// model) with setupTri on the triangle of sim.ObjectMeshLevel itself: the
// same triangles are kept, with the same numbers, and setupTri drops every
// triangle of the clusters that cluster culling left out (frustum culling
// only: no structure pass here).
func TestVertexCacheSetupsMatch(t *testing.T) {
	cached, kept, frustum := 0, 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		s := modelScene(t, seed, 20, 64)
		rng := rand.New(rand.NewPCG(seed, 7))
		r, err := New(s, Options{Workers: 2, NoOcclusionCulling: true})
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 4; k++ {
			cam := randomCamera(s, rng, 120, 90)
			// Labels only: the shadow maps' set-ups would reuse r.cull.
			if err := r.RenderLabelsInto(cam, &Frame{}); err != nil {
				t.Fatal(err)
			}
			for i, e := range r.dl.mesh {
				if e.vidx == nil || r.cull[i] {
					continue
				}
				if !e.compact() {
					t.Fatalf("seed %d camera %d mesh %d: a model level with a vertex cache was not made compact", seed, k, i)
				}
				cached++
				m := sim.ObjectMeshLevel(s.Objects[i], levelOf(r, i, e))
				if len(m.Tris) != e.triCount() {
					t.Fatalf("seed %d camera %d mesh %d: %d triangles, sim.ObjectMeshLevel has %d", seed, k, i, e.triCount(), len(m.Tris))
				}
				for j := range m.Tris {
					if got := e.tri(j); got != m.Tris[j] {
						t.Fatalf("seed %d camera %d mesh %d triangle %d: compact %v, posed %v", seed, k, i, j, got, m.Tris[j])
					}
					if got := e.normalsOf(j); got != m.Attrs[j].N {
						t.Fatalf("seed %d camera %d mesh %d triangle %d: compact normals %v, posed %v", seed, k, i, j, got, m.Attrs[j].N)
					}
					if e.uvOf(j) != m.Attrs[j].UV || e.surfaceOf(j) != int(m.Attrs[j].Surface) {
						t.Fatalf("seed %d camera %d mesh %d triangle %d: compact UVs or surface differ from the posed mesh", seed, k, i, j)
					}
				}
				g := r.dl.start[i]
				for j := range m.Tris {
					var want triSetup
					setupTri(&r.v, &m.Tris[j], m.TwoSided, &want)
					if a := r.abase[i]; a >= 0 && !r.alive[a+int(e.clusters.of[j])] {
						// Its cluster lies outside the frustum (no occlusion
						// culling here): the triangle must be one setupTri drops.
						if want.ok {
							t.Fatalf("seed %d camera %d mesh %d triangle %d: cluster culled, setupTri ok", seed, k, i, j)
						}
						frustum++
						continue
					}
					got := r.setups[g]
					g++
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
	t.Logf("%d cached meshes, %d triangles compared, %d in clusters outside the frustum", cached, kept, frustum)
}

// levelOf returns the model level of object instance i that entry e holds.
func levelOf(r *Renderer, i int, e *meshEntry) int {
	for l := range r.inst[i].levels {
		if &r.inst[i].levels[l] == e {
			return l
		}
	}
	panic("entry not of the instance")
}
