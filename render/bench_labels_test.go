package render

import "testing"

// BenchmarkRealLabels renders the three views of realViews with real models,
// labels only (depth, ids, classes, stats: the planner's frames), on one
// worker, each frame from scratch (NoFrameCache); it reports CPU ms per
// frame. It skips when the furniture libraries are not installed.
func BenchmarkRealLabels(b *testing.B) {
	real, _, cams := realViews(b, 3)
	var rs []*Renderer
	f := &Frame{}
	for v := range cams {
		r, err := New(real[v], Options{Workers: 1, NoFrameCache: true, SkipRGB: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := r.RenderInto(cams[v], f); err != nil {
			b.Fatal(err)
		}
		rs = append(rs, r)
	}
	b.ReportAllocs()
	b.ResetTimer()
	t0 := processCPUSeconds()
	for i := 0; i < b.N; i++ {
		for v, r := range rs {
			if err := r.RenderInto(cams[v], f); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric((processCPUSeconds()-t0)*1e3/float64(b.N*len(rs)), "cpu-ms/frame")
}

// BenchmarkRealSetUp renders the three views of realViews with real models,
// labels only, on one worker, each frame from scratch, with and without
// cluster culling (cluster_cull.go), and with per-cluster levels of detail
// (Options.ClusterLOD), interleaved; it reports CPU ms per frame of each
// and the triangles per frame: in the meshes that the view does not cull
// whole (set up without cluster culling, "tris-before"), set up with it
// ("tris-after"), and those whose set-up survived (covering a pixel
// centre's row and column range, "tris-kept"); and set up and surviving
// with levels of detail ("tris-lod", "tris-lod-kept").
func BenchmarkRealSetUp(b *testing.B) {
	real, _, cams := realViews(b, 3)
	confs := []benchConf{
		{"clusters", real, Options{SkipRGB: true}},
		{"no-clusters", real, Options{SkipRGB: true, NoClusterCulling: true}},
		{"lod", real, Options{SkipRGB: true, ClusterLOD: true}},
	}
	rs, f := benchRenderers(b, confs, cams, nil)
	var before, after, kept, lod, lodKept int
	b.ResetTimer()
	spent := timeInterleaved(b, rs, cams, f, func(k int, r *Renderer) {
		switch k {
		case 0:
			before += r.lastInMesh
			after += r.lastSetUp
			kept += r.lastVisible
		case 2:
			lod += r.lastSetUp
			lodKept += r.lastVisible
		}
	})
	n := float64(b.N * len(cams))
	for k, c := range confs {
		b.ReportMetric(spent[k]*1e3/n, c.name+"-cpu-ms")
	}
	b.ReportMetric(float64(before)/n, "tris-before")
	b.ReportMetric(float64(after)/n, "tris-after")
	b.ReportMetric(float64(kept)/n, "tris-kept")
	b.ReportMetric(float64(lod)/n, "tris-lod")
	b.ReportMetric(float64(lodKept)/n, "tris-lod-kept")
}
