package render

import (
	"fmt"
	"testing"

	"flowbench/sim"
)

// benchScene is a 6×5 m room holding 80 random catalog objects, seen from a
// corner at eye height with the default 800×800, 90° camera.
func benchScene(b testing.TB) (*sim.Scene, sim.Camera) {
	s := randomScene(b, 42, 80)
	cam := sim.NewCamera(sim.Vec3{0.4, sim.CameraHeight, 0.4}, 40, 30)
	return s, cam
}

// BenchmarkRender800 renders an 800×800 frame (RGB + depth + ids + classes +
// stats) of a room full of objects with 1 and 2 workers, reusing the frame.
func BenchmarkRender800(b *testing.B) {
	s, cam := benchScene(b)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			r, err := New(s, Options{Workers: workers})
			if err != nil {
				b.Fatal(err)
			}
			f := NewFrame(cam.Width, cam.Height)
			if err := r.RenderInto(cam, f); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := r.RenderInto(cam, f); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			sec := b.Elapsed().Seconds()
			n := float64(b.N)
			b.ReportMetric(sec*1e3/n, "ms/frame")
			b.ReportMetric(sec*1e9/n/float64(cam.Width*cam.Height), "ns/pixel")
			b.ReportMetric(float64(r.lastTris)*n/sec, "tris/s")
			b.ReportMetric(float64(r.lastVisible), "visible-tris")
		})
	}
}
