package flow

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"flowbench/render"
	"flowbench/sim"
)

// benchFrames renders an 800×800 before/after pair of a random room in which
// a movable object in view was teleported (a typical frame: the mover covers
// a few per cent of the image).
func benchFrames(b *testing.B) (Frame, Frame, sim.Camera, map[string]RigidMotion, float64) {
	for seed := uint64(0); ; seed++ {
		s := randomRoomScene(b, seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		rd, err := render.New(s, render.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, o := range s.Objects {
			if !o.Movable() {
				continue
			}
			cam, ok := cameraLookingAt(rng, s, o.Position, 800, 800)
			if !ok {
				continue
			}
			rf0, err := rd.Render(cam)
			if err != nil {
				b.Fatal(err)
			}
			before := Snapshot(s)
			if s.TeleportObject(o.ID, o.Position.Add(sim.Vec3{0.2, 0, 0.1}), o.Yaw+20, false) != nil {
				continue
			}
			f0 := cloneFrame(FromRender(rf0))
			rf1, err := rd.Render(cam)
			if err != nil {
				b.Fatal(err)
			}
			m, err := MotionsBetween(before, Snapshot(s))
			if err != nil {
				b.Fatal(err)
			}
			var c Computer
			r, err := c.Compute(f0, FromRender(rf1), cam, m)
			if err != nil {
				b.Fatal(err)
			}
			return f0, FromRender(rf1), cam, m, float64(r.Change.Count()) / float64(800*800)
		}
	}
}

// cpuTime returns the process's user+system CPU time. Benchmarks report it
// per operation ("cpu-ns/op") beside the wall time, because the machine is
// shared and wall time includes waiting for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loop runs op b.N times and reports, besides ns/op, the CPU time per
// operation and the fastest single operation ("min-ns/op"), which is the
// best estimate of the uncontended cost on a shared machine.
func loop(b *testing.B, op func() error) {
	b.ReportAllocs()
	b.ResetTimer()
	start, n := cpuTime(), 0
	best := time.Duration(1 << 62)
	for b.Loop() {
		t0 := time.Now()
		if err := op(); err != nil {
			b.Fatal(err)
		}
		best = min(best, time.Since(t0))
		n++
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(n), "cpu-ns/op")
	b.ReportMetric(float64(best), "min-ns/op")
}

// BenchmarkCompute800 measures forward and backward flow plus the two
// validity masks and the change mask for a typical 800×800 frame pair.
func BenchmarkCompute800(b *testing.B) {
	f0, f1, cam, m, share := benchFrames(b)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			c := Computer{Workers: workers}
			if _, err := c.Compute(f0, f1, cam, m); err != nil {
				b.Fatal(err)
			}
			loop(b, func() error { _, err := c.Compute(f0, f1, cam, m); return err })
			b.ReportMetric(100*share, "%changed")
		})
	}
}

// BenchmarkComputeAllMoving800 is the worst case: every pixel of both frames
// belongs to the moving object.
func BenchmarkComputeAllMoving800(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	f0 := randomDepthFrame(rng, 800, 800, 1, 5)
	for p := range f0.IDs {
		f0.IDs[p] = 1
	}
	cam := sim.Camera{Position: sim.Vec3{0, 1.5, 0}, Yaw: 10, Horizon: 20, FOV: 90, Width: 800, Height: 800}
	m := map[string]RigidMotion{"Mover|1": {From: Pose{sim.Vec3{0, 1, 3}, 0}, To: Pose{sim.Vec3{0.1, 1, 3.05}, 5}}}
	c := Computer{Workers: 1}
	if _, err := c.Compute(f0, f0, cam, m); err != nil {
		b.Fatal(err)
	}
	loop(b, func() error { _, err := c.Compute(f0, f0, cam, m); return err })
}

// BenchmarkForward800 measures the forward flow alone.
func BenchmarkForward800(b *testing.B) {
	f0, _, cam, m, _ := benchFrames(b)
	c := Computer{Workers: 1}
	if _, err := c.Forward(f0, cam, m); err != nil {
		b.Fatal(err)
	}
	loop(b, func() error { _, err := c.Forward(f0, cam, m); return err })
}
