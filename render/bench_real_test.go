package render

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/assets"
	"flowbench/sim"
)

// realLibrary opens the installed Sweet Home 3D libraries, skipping the test
// or benchmark when they are not installed (assets/install_debian.sh).
func realLibrary(tb testing.TB) *assets.Library {
	tb.Helper()
	lib, err := assets.Open(assets.Options{})
	if errors.Is(err, assets.ErrNoAssets) {
		tb.Skip("Sweet Home 3D libraries not installed (assets/install_debian.sh): no real models")
	}
	if err != nil {
		tb.Fatal(err)
	}
	return lib
}

// realViews returns generated procthor houses dressed with the installed
// Sweet Home 3D models, the same houses with primitive shapes, and one
// 800×800 camera per house: at eye height on a reachable point, looking
// 30° down towards the yaw (15° steps) that holds the most objects within
// 5 m in its 90° field of view (an object-rich view). It skips when the
// libraries are not installed.
func realViews(tb testing.TB, houses int) (real, prim []*sim.Scene, cams []sim.Camera) {
	lib := realLibrary(tb)
	defer lib.Close()
	for hi := 0; hi < houses; hi++ {
		h, s := procthorScene(tb, 21, hi)
		lib.Dress(s, assets.HouseSeed(h))
		_, p := procthorScene(tb, 21, hi)
		reach := s.ReachablePositions()
		rng := rand.New(rand.NewPCG(uint64(hi), 5))
		eye := reach[rng.IntN(len(reach))]
		eye[1] = sim.CameraHeight
		bestYaw, best := 0.0, -1
		for yaw := 0.0; yaw < 360; yaw += 15 {
			n := 0
			for _, o := range s.Objects {
				d := o.Position.Sub(eye)
				dist := math.Hypot(d[0], d[2])
				ang := math.Atan2(d[0], d[2])*180/math.Pi - yaw
				ang = math.Mod(ang+540, 360) - 180
				if dist < 5 && math.Abs(ang) < 45 {
					n++
				}
			}
			if n > best {
				bestYaw, best = yaw, n
			}
		}
		real, prim = append(real, s), append(prim, p)
		cams = append(cams, sim.NewCamera(eye, bestYaw, 30))
	}
	return real, prim, cams
}

// BenchmarkRealFrames renders the 800×800 views of realViews on one
// worker, each frame from scratch (NoFrameCache; shadow maps built once),
// with real models and with primitive shapes in the default configuration
// (interior lighting, textures, shadows, edge anti-aliasing), and with real
// models and labels only, interleaved; it reports CPU ms per frame and the
// ratios to the primitive frame. The first view's images go to
// /tmp/render_look (real_view_*.png).
func BenchmarkRealFrames(b *testing.B) {
	real, prim, cams := realViews(b, 3)
	type conf struct {
		name   string
		scenes []*sim.Scene
		opts   Options
	}
	confs := []conf{
		{"primitive", prim, Options{}},
		{"models", real, Options{}},
		{"models-skiprgb", real, Options{SkipRGB: true}},
	}
	rs := make([][]*Renderer, len(confs))
	f := &Frame{}
	for k, c := range confs {
		for v := range cams {
			o := c.opts
			o.Workers, o.NoFrameCache = 1, true
			r, err := New(c.scenes[v], o)
			if err != nil {
				b.Fatal(err)
			}
			if err := r.RenderInto(cams[v], f); err != nil {
				b.Fatal(err)
			}
			if v == 0 && f.RGB != nil && !c.opts.SkipRGB {
				writeLook(b, fmt.Sprintf("real_view_%s", c.name), f.RGB)
			}
			rs[k] = append(rs[k], r)
		}
	}
	spent := make([]float64, len(confs))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range confs {
			for v, r := range rs[k] {
				t0 := processCPUSeconds()
				if err := r.RenderInto(cams[v], f); err != nil {
					b.Fatal(err)
				}
				spent[k] += processCPUSeconds() - t0
			}
		}
	}
	n := float64(b.N * len(cams))
	for k, c := range confs {
		b.ReportMetric(spent[k]*1e3/n, c.name+"-cpu-ms")
		b.ReportMetric(spent[k]/spent[0], c.name+"-x")
	}
}

// BenchmarkRealFrame renders the first view of realViews with real models
// in the default configuration, on one worker, each frame from scratch (for
// profiles of that one configuration).
func BenchmarkRealFrame(b *testing.B) {
	real, _, cams := realViews(b, 1)
	r, err := New(real[0], Options{Workers: 1, NoFrameCache: true})
	if err != nil {
		b.Fatal(err)
	}
	f := &Frame{}
	if err := r.RenderInto(cams[0], f); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	t0 := processCPUSeconds()
	for i := 0; i < b.N; i++ {
		if err := r.RenderInto(cams[0], f); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((processCPUSeconds()-t0)*1e3/float64(b.N), "cpu-ms/frame")
}
