package render

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/sim"
)

// Occlusion culling changes nothing in the frame: over generated multi-room
// houses and random cameras, depth, ids, stats and RGB are identical with
// and without it, while it does skip the objects hidden behind walls.
func TestOcclusionCullingIsExact(t *testing.T) {
	culled, objects, frames := 0, 0, 0
	for hi := 0; hi < 6; hi++ {
		_, s := procthorScene(t, 31, hi)
		on, off := cullingPair(t, s)
		reach := s.ReachablePositions()
		rng := rand.New(rand.NewPCG(uint64(hi), 31))
		for ci := 0; ci < 8; ci++ {
			p := reach[rng.IntN(len(reach))]
			cam := sim.Camera{Position: sim.Vec3{p[0], 0.5 + 1.3*rng.Float64(), p[2]}, Yaw: 360 * rng.Float64(),
				Horizon: -20 + 70*rng.Float64(), FOV: 50 + 50*rng.Float64(), Width: 128 + rng.IntN(64), Height: 96 + rng.IntN(64)}
			a, err := on.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			b, err := off.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			frames++
			if !slices.Equal(a.Depth, b.Depth) || !slices.Equal(a.IDs, b.IDs) || !slices.Equal(a.Stats, b.Stats) {
				t.Fatalf("house %d camera %d: labels differ with occlusion culling", hi, ci)
			}
			if !bytes.Equal(a.RGB.Pix, b.RGB.Pix) {
				t.Errorf("house %d camera %d: RGB differs with occlusion culling", hi, ci)
			}
			for i := 0; i < on.nObj; i++ {
				objects++
				if on.occluded[i] {
					culled++
				}
			}
		}
	}
	t.Logf("%d frames: %d of %d object instances culled behind walls", frames, culled, objects)
	if culled == 0 {
		t.Error("occlusion culling never culled an object")
	}
}

// The structure pass of occlusion culling is kept for the next frame from
// the same camera: alternating two cameras of a generated house while
// objects move, every label frame equals the one drawn without occlusion
// culling, and the pass is redrawn only when the camera changes.
func TestOcclusionStructureKeptPerCamera(t *testing.T) {
	_, s := procthorScene(t, 31, 2)
	on, off := cullingPair(t, s)
	reach := s.ReachablePositions()
	rng := rand.New(rand.NewPCG(5, 31))
	var cams [2]sim.Camera
	for k := range cams {
		p := reach[rng.IntN(len(reach))]
		cams[k] = sim.Camera{Position: sim.Vec3{p[0], 1.4, p[2]}, Yaw: 360 * rng.Float64(), Horizon: 20, FOV: 90, Width: 128, Height: 96}
	}
	o := s.Objects[rng.IntN(len(s.Objects))]
	start := o.Position
	defer func() { o.Position = start }()
	redrawn := 0
	for k := 0; k < 8; k++ {
		cam := cams[(k/2)%2] // each camera twice in a row
		o.Position = start.Add(sim.Vec3{0.1 * float64(k%3), 0, 0})
		was := on.occCacheView
		var a, b Frame
		if err := on.RenderLabelsInto(cam, &a); err != nil {
			t.Fatal(err)
		}
		if err := off.RenderLabelsInto(cam, &b); err != nil {
			t.Fatal(err)
		}
		if k == 0 || was != on.occCacheView {
			redrawn++
		}
		if !slices.Equal(a.Depth, b.Depth) || !slices.Equal(a.IDs, b.IDs) || !slices.Equal(a.Stats, b.Stats) {
			t.Fatalf("frame %d: labels differ with the kept structure pass", k)
		}
	}
	if redrawn != 4 {
		t.Errorf("structure pass drawn %d times for 4 camera changes", redrawn)
	}
}

// cullingPair returns renderers of s with and without occlusion culling.
func cullingPair(t *testing.T, s *sim.Scene) (on, off *Renderer) {
	t.Helper()
	on, err := New(s, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	on.occForce = true
	off, err = New(s, Options{Workers: 2, NoOcclusionCulling: true})
	if err != nil {
		t.Fatal(err)
	}
	return on, off
}

// The structure pass runs only where it pays (occlusionPays): not for the
// few triangles of a primitive house's objects at 800×800, where it cost
// more than it saved, but at a small image size, where the same triangles
// outweigh the pixels; the labels are those drawn without culling either way.
func TestOcclusionPays(t *testing.T) {
	_, s := procthorScene(t, 1, 0)
	reach := s.ReachablePositions()
	p := reach[len(reach)/2]
	for _, size := range []int{800, 48} {
		cam := sim.NewCamera(sim.Vec3{p[0], sim.CameraHeight, p[2]}, 0, 30)
		cam.Width, cam.Height = size, size
		on, off := cullingPair(t, s)
		on.occForce = false
		var a, b Frame
		if err := on.RenderLabelsInto(cam, &a); err != nil {
			t.Fatal(err)
		}
		if err := off.RenderLabelsInto(cam, &b); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Depth, b.Depth) || !slices.Equal(a.IDs, b.IDs) || !slices.Equal(a.Stats, b.Stats) {
			t.Fatalf("%d px: labels differ with occlusion culling", size)
		}
		if want := size < 100; on.occCached != want {
			t.Errorf("%d px: structure pass drawn %v, want %v", size, on.occCached, want)
		}
	}
}
