package render

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// benchScene is a 7×6 m room (door, window) holding 80 random catalog
// objects, none within 1.5 m of the camera, seen from a corner at eye height
// with the default 800×800, 90° camera looking down 30°.
func benchScene(b testing.TB) (*sim.Scene, sim.Camera) {
	eye := sim.Vec3{0.5, sim.CameraHeight, 0.5}
	rng := rand.New(rand.NewPCG(42, 1))
	s := furnish(b, roomHouse(7, 6), rng, 7, 6, 80, func(x, z float64) bool {
		return math.Hypot(x-eye[0], z-eye[2]) > 1.5
	})
	return s, sim.NewCamera(eye, 50, 30)
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
			cpu0 := processCPUSeconds()
			for i := 0; i < b.N; i++ {
				if err := r.RenderInto(cam, f); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric((processCPUSeconds()-cpu0)*1e3/float64(b.N), "cpu-ms/frame")
			sec := b.Elapsed().Seconds()
			n := float64(b.N)
			b.ReportMetric(sec*1e3/n, "ms/frame")
			b.ReportMetric(sec*1e9/n/float64(cam.Width*cam.Height), "ns/pixel")
			b.ReportMetric(float64(r.lastTris)*n/sec, "tris/s")
			b.ReportMetric(float64(r.lastVisible), "visible-tris")
		})
	}
}

// BenchmarkUpdate measures refreshing object meshes after objects moved:
// one object, or all 80, teleported by 1 mm per iteration.
func BenchmarkUpdate(b *testing.B) {
	s, _ := benchScene(b)
	for _, moved := range []int{1, len(s.Objects)} {
		b.Run(fmt.Sprintf("moved=%d", moved), func(b *testing.B) {
			r, err := New(s, Options{Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d := 0.001
				if i%2 == 1 {
					d = -0.001
				}
				for _, o := range s.Objects[:moved] {
					o.Position[0] += d
				}
				if err := r.Update(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
