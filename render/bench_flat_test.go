package render

import (
	"fmt"
	"testing"

	"flowbench/sim"
)

// flatViews returns procthor house (seed 1, index 0) with primitive shapes
// and the 24 cameras of the fauxgl side-by-side (bench/fauxgl): 800×800 at
// eye height on every len/24-th reachable point, turned 15° more each,
// looking 30° down.
func flatViews(tb testing.TB) (*sim.Scene, []sim.Camera) {
	_, s := procthorScene(tb, 1, 0)
	reach := s.ReachablePositions()
	var cams []sim.Camera
	for i := range 24 {
		eye := reach[i*len(reach)/24]
		eye[1] = sim.CameraHeight
		cams = append(cams, sim.NewCamera(eye, float64(15*i), 30))
	}
	return s, cams
}

// BenchmarkFlatHouse renders the views of flatViews from scratch in the
// configuration the fauxgl side-by-side measures (flat colours, no
// anti-aliasing, shadows or textures, full detail) and labels only, with 1
// and 2 workers; it reports wall and CPU ms per frame (the mean over the 24
// views) and the ms per frame the process's threads waited for a free core
// (runQueueSeconds): on a shared 2-core machine, what eats the second
// worker's gain (issue 40).
func BenchmarkFlatHouse(b *testing.B) {
	s, cams := flatViews(b)
	confs := []struct {
		name string
		opts Options
	}{
		{"flat", Options{Lighting: LightFlat, AntiAlias: AAOff, NoShadows: true, NoTextures: true}},
		{"labels", Options{SkipRGB: true}},
	}
	for _, c := range confs {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", c.name, workers), func(b *testing.B) {
				o := c.opts
				o.Workers, o.NoFrameCache = workers, true
				r, err := New(s, o)
				if err != nil {
					b.Fatal(err)
				}
				f := &Frame{}
				for _, cam := range cams {
					if err := r.RenderInto(cam, f); err != nil {
						b.Fatal(err)
					}
				}
				cpu0, wait0 := processCPUSeconds(), runQueueSeconds()
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					for _, cam := range cams {
						if err := r.RenderInto(cam, f); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.StopTimer()
				n := float64(b.N * len(cams))
				b.ReportMetric(b.Elapsed().Seconds()*1e3/n, "ms/frame")
				b.ReportMetric((processCPUSeconds()-cpu0)*1e3/n, "cpu-ms/frame")
				b.ReportMetric((runQueueSeconds()-wait0)*1e3/n, "runq-ms/frame")
			})
		}
	}
}
