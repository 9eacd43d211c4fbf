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
