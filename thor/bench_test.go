package thor

import (
	"bytes"
	"io"
	"testing"
	"time"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// benchClient loads a generated house through a loopback server and places
// an 800×800 camera.
func benchClient(b *testing.B) (*Client, *planner.Local, sim.Camera) {
	_, url := startServer(b, ServerOptions{Render: render.Options{Workers: 1}})
	c := dialTest(b, url, Options{})
	h, err := sim.Generate(sim.StyleProcTHOR, 1, 0)
	if err != nil {
		b.Fatal(err)
	}
	local := planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}})
	for _, s := range []planner.Simulator{c, local} {
		if err := s.LoadHouse(h); err != nil {
			b.Fatal(err)
		}
	}
	reach, _ := local.ReachablePositions()
	cam := sim.NewCamera(reach[len(reach)/2].Add(sim.Vec3{0, sim.CameraHeight, 0}), 90, 20)
	for _, s := range []planner.Simulator{c, local} {
		if err := s.SetCamera(cam); err != nil {
			b.Fatal(err)
		}
	}
	return c, local, cam
}

// BenchmarkMetadataAction is one metadata-only round trip (a forced
// TeleportObject of an object to its own pose) over loopback.
func BenchmarkMetadataAction(b *testing.B) {
	c, local, _ := benchClient(b)
	objs, _ := local.Objects()
	o := objs[0]
	c.moves = nil
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := c.TeleportObject(o.ID, o.Position, o.Yaw, true); err != nil {
			b.Fatal(err)
		}
		c.moves = c.moves[:0] // keep the replay log from growing in the benchmark
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkRaycastAction is one GetCoordinateFromRaycast round trip.
func BenchmarkRaycastAction(b *testing.B) {
	c, _, _ := benchClient(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := c.Raycast(float64(i%800), 400); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkObjectsAction is a Pass with the full object metadata.
func BenchmarkObjectsAction(b *testing.B) {
	c, _, _ := benchClient(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := c.Objects(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderRemote is an 800×800 RGB + depth + ids frame through the
// loopback server; BenchmarkRenderLocal is the same frame in process. The
// difference is the bridge's overhead.
func BenchmarkRenderRemote(b *testing.B) {
	c, _, _ := benchClient(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := c.Render(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderLocal: see BenchmarkRenderRemote.
func BenchmarkRenderLocal(b *testing.B) {
	_, local, _ := benchClient(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := local.Render(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFrameCodec is the CPU share of a frame's transport without the
// socket: building the three 800×800 passes as the server sends them and
// decoding them as the client does.
func BenchmarkFrameCodec(b *testing.B) {
	_, local, cam := benchClient(b)
	f, err := local.Render()
	if err != nil {
		b.Fatal(err)
	}
	w, h := cam.Width, cam.Height
	rgba := make([]uint8, w*h*4)
	for i := 0; i < w*h; i++ {
		copy(rgba[4*i:], f.RGB[3*i:3*i+3])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		frames := []outFrame{rgbaFrame(1, w, h, rgba, nil), {header(PassDepth, 1, w, h), sampleBytes(f.Depth)}, {header(PassIDs, 1, w, h), sampleBytes(f.IDs)}}
		for _, fr := range frames {
			rd := io.MultiReader(bytes.NewReader(fr.head), bytes.NewReader(fr.body))
			hd, p, err := readFrame(rd, 1<<30)
			if err != nil {
				b.Fatal(err)
			}
			switch hd.Pass {
			case PassDepth:
				_ = decodeDepth(p)
			case PassIDs:
				_ = decodeIDs(p)
			}
		}
	}
}

// BenchmarkRenderOverhead renders the same 800×800 frame in process and
// through the loopback server in alternation and reports the mean
// difference (the bridge's overhead beyond rendering) as overhead-ms, which
// is less sensitive to a busy machine than two separate benchmarks.
func BenchmarkRenderOverhead(b *testing.B) {
	c, local, _ := benchClient(b)
	var diff time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := local.Render(); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := c.Render(); err != nil {
			b.Fatal(err)
		}
		diff += time.Since(t1) - t1.Sub(t0)
	}
	b.ReportMetric(float64(diff.Microseconds())/1000/float64(b.N), "overhead-ms")
}
