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
	confs := []benchConf{
		{"primitive", prim, Options{}},
		{"models", real, Options{}},
		{"models-skiprgb", real, Options{SkipRGB: true}},
	}
	rs, f := benchRenderers(b, confs, cams, func(k int, f *Frame) {
		if f.RGB != nil && !confs[k].opts.SkipRGB {
			writeLook(b, fmt.Sprintf("real_view_%s", confs[k].name), f.RGB)
		}
	})
	b.ResetTimer()
	spent := timeInterleaved(b, rs, cams, f, nil)
	n := float64(b.N * len(cams))
	for k, c := range confs {
		b.ReportMetric(spent[k]*1e3/n, c.name+"-cpu-ms")
		b.ReportMetric(spent[k]/spent[0], c.name+"-x")
	}
}

// benchConf is one configuration of an interleaved frame benchmark: the
// scenes per view and the renderer options.
type benchConf struct {
	name   string
	scenes []*sim.Scene
	opts   Options
}

// benchRenderers makes one renderer per view for every configuration (one
// worker, no frame cache) and draws each view once; first(k, f) sees
// configuration k's first view (nil: nothing).
func benchRenderers(b *testing.B, confs []benchConf, cams []sim.Camera, first func(k int, f *Frame)) ([][]*Renderer, *Frame) {
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
			if v == 0 && first != nil {
				first(k, f)
			}
			rs[k] = append(rs[k], r)
		}
	}
	return rs, f
}

// timeInterleaved renders every view of every configuration in turn, b.N
// times, and returns each configuration's CPU seconds; after(k, r), when
// set, runs after each frame of configuration k.
func timeInterleaved(b *testing.B, rs [][]*Renderer, cams []sim.Camera, f *Frame, after func(k int, r *Renderer)) []float64 {
	spent := make([]float64, len(rs))
	for i := 0; i < b.N; i++ {
		for k := range rs {
			for v, r := range rs[k] {
				t0 := processCPUSeconds()
				if err := r.RenderInto(cams[v], f); err != nil {
					b.Fatal(err)
				}
				spent[k] += processCPUSeconds() - t0
				if after != nil {
					after(k, r)
				}
			}
		}
	}
	return spent
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

// BenchmarkRealExampleFrames renders the frames of generated examples as
// the generator does, on one worker, at 800×800 on the houses of realViews:
// one renderer per house and two views per house (realViews' camera and the
// same eye turned 60°), taken in turn; per view five examples, each the
// "before" frame and the "after" frame with one movable object whose centre
// the view shows moved 20 cm, the object put back after. The first "before"
// frame of a view is thus drawn from scratch (the memo holds the other
// view's frames) and the rest reuse work. It reports CPU ms per delivered
// frame (two per example) and per distinct frame (one "before" per view
// plus one "after" per example) with the work kept between frames (frame
// memo, incremental shading, partial shadow faces, label cache), and per
// frame from scratch (NoFrameCache), with real models; and the kept figure
// with primitive shapes; interleaved by view in one run.
func BenchmarkRealExampleFrames(b *testing.B) {
	real, prim, cams0 := realViews(b, 3)
	type view struct {
		house  int
		cam    sim.Camera
		movers []int
	}
	var views []view
	for h, c := range cams0 {
		for _, turn := range []float64{0, 60} {
			v := view{house: h, cam: c}
			v.cam.Yaw = math.Mod(c.Yaw+turn, 360)
			for i, o := range real[h].Objects {
				if u, w, _, ok := v.cam.Project(o.Position); ok && o.Movable() &&
					u >= 0 && w >= 0 && u < float64(c.Width) && w < float64(c.Height) {
					v.movers = append(v.movers, i)
				}
			}
			if len(v.movers) == 0 {
				b.Fatalf("house %d, yaw %.0f: the view shows no movable object", h, v.cam.Yaw)
			}
			views = append(views, v)
		}
	}
	type conf struct {
		name   string
		scenes []*sim.Scene
		opts   Options
	}
	confs := []conf{
		{"models-kept", real, Options{Workers: 1}},
		{"models-lod-kept", real, Options{Workers: 1, LevelOfDetail: true}},
		{"models-scratch", real, Options{Workers: 1, NoFrameCache: true}},
		{"primitive-kept", prim, Options{Workers: 1}},
	}
	rs := make([][]*Renderer, len(confs))
	for k, c := range confs {
		for h := range cams0 {
			r, err := New(c.scenes[h], c.opts)
			if err != nil {
				b.Fatal(err)
			}
			rs[k] = append(rs[k], r)
		}
	}
	const examples = 5
	f := &Frame{}
	spent := make([]float64, len(confs))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, v := range views {
			for k, conf := range confs {
				r := rs[k][v.house]
				t0 := processCPUSeconds()
				for e := range examples {
					o := conf.scenes[v.house].Objects[v.movers[(7*e+3*i)%len(v.movers)]]
					if err := r.RenderInto(v.cam, f); err != nil {
						b.Fatal(err)
					}
					p := o.Position
					o.Position = p.Add(sim.Vec3{0.2, 0, 0.1})
					if err := r.RenderInto(v.cam, f); err != nil {
						b.Fatal(err)
					}
					o.Position = p
				}
				spent[k] += processCPUSeconds() - t0
			}
		}
	}
	delivered := float64(b.N * len(views) * 2 * examples)
	distinct := float64(b.N * len(views) * (1 + examples))
	for k, c := range confs {
		b.ReportMetric(spent[k]*1e3/delivered, c.name+"-cpu-ms/frame")
	}
	b.ReportMetric(spent[0]*1e3/distinct, "models-kept-cpu-ms/distinct-frame")
}
