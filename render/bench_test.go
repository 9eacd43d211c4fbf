package render

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"
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
			r, err := New(s, Options{Workers: workers, NoFrameCache: true})
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

// benchModelScene is benchScene with every object carrying a textured model
// of about 1,000 triangles (a 9×9-quads-per-face box, or a 20×26 UV sphere
// for small objects) with its own 256×256 texture, and a textured floor and
// walls.
func benchModelScene(b testing.TB) (*sim.Scene, sim.Camera) {
	s, cam := benchScene(b)
	dressRoom(s, checkerTexture(256, 8, color.NRGBA{150, 110, 70, 255}, color.NRGBA{120, 85, 55, 255}), noiseTexture(256, 1))
	for i, o := range s.Objects {
		sf := &sim.Surface{Name: "m", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: noiseTexture(256, uint64(i+2))}
		if o.Size[0] < 0.4 && o.Size[1] < 0.4 {
			o.Model = sphereModel(o.Size, 20, 26, sf)
		} else {
			o.Model = boxModel(o.Size, 9, sf)
		}
	}
	return s, cam
}

// featureConfigs are the configurations BenchmarkFeatures compares, each
// adding one feature to the previous; "primitive/flat" is the renderer as
// it was before textured models (flat Lambert colours, no anti-aliasing).
var featureConfigs = []struct {
	name   string
	models bool
	opts   Options
}{
	{"primitive/flat", false, Options{Lighting: LightFlat, AntiAlias: AAOff}},
	{"primitive/default", false, Options{}},
	{"primitive/skiprgb", false, Options{SkipRGB: true}},
	{"models/flat", true, Options{Lighting: LightFlat, AntiAlias: AAOff}},
	{"models/lit", true, Options{NoTextures: true, NoShadows: true, AntiAlias: AAOff}},
	{"models/lit+tex", true, Options{NoShadows: true, AntiAlias: AAOff}},
	{"models/lit+tex+shadows", true, Options{AntiAlias: AAOff}},
	{"models/default", true, Options{}},
	{"models/default+trilinear", true, Options{Trilinear: true}},
	{"models/default+lod", true, Options{LevelOfDetail: true}},
	{"models/skiprgb", true, Options{SkipRGB: true}},
}

// BenchmarkFeatures renders the 800×800 bench view on one worker in each
// configuration of featureConfigs (sub-benchmarks), reusing the frame, each
// frame from scratch (NoFrameCache); the scene is unchanged between frames,
// so shadow maps are built once.
func BenchmarkFeatures(b *testing.B) {
	prim, cam := benchScene(b)
	models, _ := benchModelScene(b)
	for _, c := range featureConfigs {
		b.Run(c.name, func(b *testing.B) {
			s := prim
			if c.models {
				s = models
			}
			o := c.opts
			o.Workers = 1
			o.NoFrameCache = true
			r, err := New(s, o)
			if err != nil {
				b.Fatal(err)
			}
			f := NewFrame(cam.Width, cam.Height)
			if err := r.RenderInto(cam, f); err != nil {
				b.Fatal(err)
			}
			if c.name == "models/default" {
				writeLook(b, "bench_models_default", f.RGB)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := r.RenderInto(cam, f); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/frame")
			b.ReportMetric(float64(r.lastTris), "tris")
			b.ReportMetric(float64(r.lastVisible), "visible-tris")
		})
	}
}

// BenchmarkFeatureRatios renders every configuration of featureConfigs once
// per iteration, interleaved (so machine noise hits all alike), and reports
// each one's time as a ratio to "primitive/flat". Every frame is drawn from
// scratch (NoFrameCache), as a new view would be; the shadow maps are built
// once.
func BenchmarkFeatureRatios(b *testing.B) {
	prim, cam := benchScene(b)
	models, _ := benchModelScene(b)
	rs := make([]*Renderer, len(featureConfigs))
	fs := make([]*Frame, len(featureConfigs))
	for k, c := range featureConfigs {
		s := prim
		if c.models {
			s = models
		}
		o := c.opts
		o.Workers = 1
		o.NoFrameCache = true
		r, err := New(s, o)
		if err != nil {
			b.Fatal(err)
		}
		rs[k], fs[k] = r, NewFrame(cam.Width, cam.Height)
		if err := r.RenderInto(cam, fs[k]); err != nil {
			b.Fatal(err)
		}
	}
	// Process CPU time (one worker: the rendering goroutine) is less
	// disturbed by other processes on a shared machine than wall time.
	spent := make([]float64, len(featureConfigs))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range rs {
			t0 := processCPUSeconds()
			if err := rs[k].RenderInto(cam, fs[k]); err != nil {
				b.Fatal(err)
			}
			spent[k] += processCPUSeconds() - t0
		}
	}
	for k, c := range featureConfigs {
		name := strings.ReplaceAll(c.name, "/", ":")
		b.ReportMetric(spent[k]*1e3/float64(b.N), name+"-cpu-ms")
		b.ReportMetric(spent[k]/spent[0], name+"-x")
	}
}

// BenchmarkShadowRebuild measures a frame of the model scene after one
// object moved: its meshes are re-posed and the shadow-map faces it can
// change rebuilt.
func BenchmarkShadowRebuild(b *testing.B) {
	s, cam := benchModelScene(b)
	r, err := New(s, Options{Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	f := NewFrame(cam.Width, cam.Height)
	if err := r.RenderInto(cam, f); err != nil {
		b.Fatal(err)
	}
	o := s.Objects[0]
	b.ResetTimer()
	cpu0 := processCPUSeconds()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			o.Position[0] += 0.001
		} else {
			o.Position[0] -= 0.001
		}
		if err := r.RenderInto(cam, f); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/frame")
	b.ReportMetric((processCPUSeconds()-cpu0)*1e3/float64(b.N), "cpu-ms/frame")
}

// BenchmarkExampleFrames renders the frames of generated examples as the
// generator does, on one worker at 512×512 and 800×800: per view of the
// model scene (two views), five examples, each the "before" frame and the
// "after" frame with one object moved 20 cm, the object put back after. It
// reports CPU ms per example with the work kept between frames (frame
// memo, incremental shading, partial shadow faces, label cache) and
// without it (NoFrameCache: every frame from scratch), interleaved in one
// run, and their ratio.
func BenchmarkExampleFrames(b *testing.B) {
	for _, size := range []int{512, 800} {
		b.Run(fmt.Sprintf("size%d", size), func(b *testing.B) { benchExampleFrames(b, size) })
	}
}

func benchExampleFrames(b *testing.B, size int) {
	s, cam := benchModelScene(b)
	cam.Width, cam.Height = size, size
	cams := []sim.Camera{cam}
	c2 := cam
	c2.Yaw += 25
	cams = append(cams, c2)
	var rs [2]*Renderer
	for k, o := range []Options{{Workers: 1}, {Workers: 1, NoFrameCache: true}} {
		r, err := New(s, o)
		if err != nil {
			b.Fatal(err)
		}
		rs[k] = r
	}
	f := &Frame{}
	example := func(r *Renderer, c sim.Camera, o *sim.Object) {
		if err := r.RenderInto(c, f); err != nil {
			b.Fatal(err)
		}
		p := o.Position
		o.Position = p.Add(sim.Vec3{0.2, 0, 0.1})
		if err := r.RenderInto(c, f); err != nil {
			b.Fatal(err)
		}
		o.Position = p
	}
	var spent [2]float64
	examples := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, c := range cams {
			for e := range 5 {
				o := s.Objects[(7*e+3*i)%len(s.Objects)]
				for k, r := range rs {
					t0 := processCPUSeconds()
					example(r, c, o)
					spent[k] += processCPUSeconds() - t0
				}
				examples++
			}
		}
	}
	b.ReportMetric(spent[0]*1e3/float64(examples), "kept-cpu-ms/example")
	b.ReportMetric(spent[1]*1e3/float64(examples), "scratch-cpu-ms/example")
	b.ReportMetric(spent[0]/spent[1], "kept/scratch")
}
