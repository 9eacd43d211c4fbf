package render

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/assets"
	"flowbench/sim"
)

// Cluster culling changes nothing in the frame: over generated houses
// dressed with the installed Sweet Home 3D models and random cameras
// (various heights, headings, pitches, fields of view and sizes), depth, ids,
// classes, stats and RGB are identical with and without it, for labels-only
// and RGB frames, on renderers with and without the frame caches, with 1
// and 2 workers, and supersampled with levels of detail, and on the cached renderers over a frame with one object
// moved and the frame with it put back, while it does set up fewer
// triangles. Skips when the
// libraries are not installed.
func TestClusterCullingIsExact(t *testing.T) {
	lib := realLibrary(t)
	defer lib.Close()
	houses, cams := 8, 12
	if testing.Short() {
		houses, cams = 3, 8
	}
	frames, before, after := 0, 0, 0
	for hi := 0; hi < houses; hi++ {
		h, s := procthorScene(t, 21, hi)
		lib.Dress(s, assets.HouseSeed(h))
		confs := []Options{
			{Workers: 1, NoFrameCache: true},
			{Workers: 2},
			{Workers: 2, NoFrameCache: true, Supersample: 2, LevelOfDetail: true},
		}
		var on, off [3]*Renderer
		for k, o := range confs {
			var err error
			on[k], err = New(s, o)
			if err != nil {
				t.Fatal(err)
			}
			on[k].occForce = k > 0
			o.NoClusterCulling = true
			off[k], err = New(s, o)
			if err != nil {
				t.Fatal(err)
			}
			off[k].occForce = k > 0
		}
		reach := s.ReachablePositions()
		rng := rand.New(rand.NewPCG(uint64(hi), 53))
		for ci := 0; ci < cams; ci++ {
			p := reach[rng.IntN(len(reach))]
			cam := sim.Camera{Position: sim.Vec3{p[0], 0.4 + 1.4*rng.Float64(), p[2]}, Yaw: 360 * rng.Float64(),
				Horizon: -20 + 70*rng.Float64(), FOV: 50 + 50*rng.Float64(), Width: 128 + rng.IntN(160), Height: 96 + rng.IntN(128)}
			// On the renderers with frame caches, the second and third
			// frames are the first with an object moved and put back (the
			// label cache, incremental shading and the frame memo at work).
			var moved *sim.Object
			for _, o := range s.Objects {
				if _, _, _, ok := cam.Project(o.Position); ok && o.Movable() && rng.IntN(3) == 0 {
					moved = o
				}
			}
			var home sim.Vec3
			if moved != nil {
				home = moved.Position
			}
			for k := range on {
				for step, labels := range []bool{true, false, false, false} {
					var a, b Frame
					if k == 1 && moved != nil && step == 2 {
						moved.Position = home.Add(sim.Vec3{0.2, 0, 0.1})
					}
					if k == 1 && moved != nil && step == 3 {
						moved.Position = home
					}
					render := func(r *Renderer, f *Frame) {
						var err error
						if labels {
							err = r.RenderLabelsInto(cam, f)
						} else {
							err = r.RenderInto(cam, f)
						}
						if err != nil {
							t.Fatal(err)
						}
					}
					render(on[k], &a)
					render(off[k], &b)
					frames++
					if !labels && k < 2 {
						before += off[k].lastSetUp
						after += on[k].lastSetUp
					}
					if !slices.Equal(a.Depth, b.Depth) || !slices.Equal(a.IDs, b.IDs) || !slices.Equal(a.ClassIDs, b.ClassIDs) ||
						!slices.Equal(a.Stats, b.Stats) {
						t.Fatalf("house %d camera %d (options %+v, labels only %v): labels differ with cluster culling", hi, ci, confs[k], labels)
					}
					if !labels && !bytes.Equal(a.RGB.Pix, b.RGB.Pix) {
						t.Errorf("house %d camera %d (options %+v): RGB differs with cluster culling", hi, ci, confs[k])
					}
				}
			}
		}
	}
	t.Logf("%d frame pairs identical; RGB frames at one sample per pixel set up %d triangles with cluster culling, %d without (%.1f %%)",
		frames, after, before, 100*float64(after)/float64(max(before, 1)))
	if after >= before {
		t.Error("cluster culling set up no fewer triangles")
	}
}

// Every triangle of a model level belongs to exactly one cluster, clusters
// hold at most clusterMax triangles (at least clusterMin when the level has
// that many), each lists the distinct vertices of its triangles, and the
// posed bounds hold every vertex of its triangles; every renderer shares
// one split per model level.
func TestSplitClusters(t *testing.T) {
	lib := realLibrary(t)
	defer lib.Close()
	h, s := procthorScene(t, 21, 0)
	lib.Dress(s, assets.HouseSeed(h))
	r, err := New(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r2, err := New(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	models := 0
	for i, o := range s.Objects {
		if o.Model == nil {
			continue
		}
		e := r.entry(i, 0)
		lc := e.clusters
		if lc == nil {
			t.Fatalf("object %s: posed model without clusters", o.ID)
		}
		if r2.entry(i, 0).clusters != lc {
			t.Fatalf("object %s: a second renderer split the model again", o.ID)
		}
		models++
		n := len(e.vidx)
		if len(lc.of) != n {
			t.Fatalf("object %s: %d triangles, %d cluster entries", o.ID, n, len(lc.of))
		}
		count := make([]int32, lc.count())
		for j, c := range lc.of {
			count[c]++
			b := e.cbounds[c]
			for _, vi := range e.vidx[j].V {
				v := e.verts[vi]
				if !slices.Contains(lc.verts[lc.vstart[c]:lc.vstart[c+1]], vi) {
					t.Fatalf("object %s triangle %d: vertex %d not listed by cluster %d", o.ID, j, vi, c)
				}
				for k := 0; k < 3; k++ {
					if v[k] < b.box.Min[k] || v[k] > b.box.Max[k] {
						t.Fatalf("object %s triangle %d: vertex outside cluster %d's box", o.ID, j, c)
					}
				}
				if v.Sub(b.centre).Len() > b.radius*(1+1e-12) {
					t.Fatalf("object %s triangle %d: vertex outside cluster %d's sphere", o.ID, j, c)
				}
			}
		}
		for c, k := range count {
			list := lc.byCluster[lc.tstart[c]:lc.tstart[c+1]]
			for x, j := range list {
				if lc.of[j] != int32(c) || (x > 0 && j <= list[x-1]) {
					t.Fatalf("object %s: cluster %d lists triangle %d (of cluster %d) at %d, not in ascending order of its own", o.ID, c, j, lc.of[j], x)
				}
			}
			if int(k) != lc.size(c) || k > clusterMax || (n >= clusterMin && k < clusterMin) {
				t.Fatalf("object %s (%d triangles): cluster %d holds %d triangles (recorded %d)", o.ID, n, c, k, lc.size(c))
			}
		}
	}
	if models == 0 {
		t.Fatal("no object with a model")
	}
}

// The benchmark views of realViews (800×800, object-rich, from eye height)
// are identical with and without cluster culling too, labels and RGB.
func TestClusterCullingIsExactBenchViews(t *testing.T) {
	real, _, cams := realViews(t, 3)
	for v, cam := range cams {
		on, err := New(real[v], Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		off, err := New(real[v], Options{Workers: 2, NoClusterCulling: true})
		if err != nil {
			t.Fatal(err)
		}
		a, err := on.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		b, err := off.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Depth, b.Depth) || !slices.Equal(a.IDs, b.IDs) || !slices.Equal(a.ClassIDs, b.ClassIDs) ||
			!slices.Equal(a.Stats, b.Stats) || !bytes.Equal(a.RGB.Pix, b.RGB.Pix) {
			t.Errorf("view %d: the frame differs with cluster culling", v)
		}
		t.Logf("view %d: %d triangles set up with cluster culling, %d without", v, on.lastSetUp, off.lastSetUp)
	}
}
