package render
import "testing"
func BenchmarkTmp3(b *testing.B) {
	real, _, cams := realViews(b, 3)
	f := &Frame{}
	var rs []*Renderer
	for v := range cams {
		r, _ := New(real[v], Options{Workers: 1, NoFrameCache: true})
		r.RenderInto(cams[v], f)
		rs = append(rs, r)
	}
	b.ResetTimer()
	t0 := processCPUSeconds()
	for i := 0; i < b.N; i++ { for v, r := range rs { r.RenderInto(cams[v], f) } }
	b.ReportMetric((processCPUSeconds()-t0)*1e3/float64(3*b.N), "ms/frame")
}
