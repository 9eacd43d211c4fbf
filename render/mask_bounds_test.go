package render

import (
	"math/rand/v2"
	"testing"

	"flowbench/assets"
	"flowbench/sim"
)

// checkMaskBounds renders labels from random reachable cameras of scene s
// and checks MaskBounds against the frames' pixel counts: never below
// min(cap, count), and equal to 0 for objects outside the frustum or behind
// the structure. It returns how many (object, camera) pairs were bounded
// below the cap while the object was in the frustum, to show the bound is
// not trivially the cap.
func checkMaskBounds(t *testing.T, s *sim.Scene, r *Renderer, seed uint64, cams int) (tight int) {
	t.Helper()
	reach := s.ReachablePositions()
	rng := rand.New(rand.NewPCG(seed, 47))
	var f Frame
	var bounds []int
	for ci := 0; ci < cams; ci++ {
		p := reach[rng.IntN(len(reach))]
		cam := sim.Camera{Position: sim.Vec3{p[0], 0.5 + 1.3*rng.Float64(), p[2]}, Yaw: 360 * rng.Float64(),
			Horizon: -20 + 70*rng.Float64(), FOV: 50 + 50*rng.Float64(), Width: 96 + rng.IntN(160), Height: 96 + rng.IntN(96)}
		capAt := 1 + rng.IntN(200)
		if ci%2 == 0 {
			capAt = cam.Width * cam.Height // no cap: the bound must hold the whole mask
		}
		var err error
		// Bounds before and after the frame: the structure pass may come
		// from the frame's cache or be drawn afresh.
		if bounds, err = r.MaskBounds(cam, capAt, bounds); err != nil {
			t.Fatal(err)
		}
		before := append([]int(nil), bounds...)
		if err := r.RenderLabelsInto(cam, &f); err != nil {
			t.Fatal(err)
		}
		if bounds, err = r.MaskBounds(cam, capAt, bounds); err != nil {
			t.Fatal(err)
		}
		if len(bounds) != len(s.Objects) {
			t.Fatalf("%d bounds for %d objects", len(bounds), len(s.Objects))
		}
		for i, o := range s.Objects {
			got := f.Stats[i+1].Pixels
			if before[i] != bounds[i] {
				t.Fatalf("camera %d object %s: bound %d before the frame, %d after", ci, o.ID, before[i], bounds[i])
			}
			if bounds[i] < min(capAt, got) || bounds[i] > capAt {
				t.Fatalf("camera %d object %s: bound %d, mask %d pixels, cap %d", ci, o.ID, bounds[i], got, capAt)
			}
			if bounds[i] < capAt && got < bounds[i] {
				tight++
			}
		}
	}
	return tight
}

// TestMaskBoundsBoundMasks checks MaskBounds over generated houses with
// primitive shapes, including the occlusion by walls that makes it useful.
func TestMaskBoundsBoundMasks(t *testing.T) {
	tight := 0
	for hi := 0; hi < 4; hi++ {
		_, s := procthorScene(t, 47, hi)
		r, err := New(s, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		tight += checkMaskBounds(t, s, r, uint64(hi), 12)
	}
	if tight == 0 {
		t.Error("no bound was below its cap and above the mask: the test shows nothing")
	}
}

// TestMaskBoundsBoundRealModels is TestMaskBoundsBoundMasks with the
// installed Sweet Home 3D models at the levels of detail frames choose.
// Skips when the libraries are not installed.
func TestMaskBoundsBoundRealModels(t *testing.T) {
	eachDressedHouse(t, 3, func(s *sim.Scene, r *Renderer, hi int) { checkMaskBounds(t, s, r, uint64(hi), 10) })
}

// eachDressedHouse calls fn with procthor houses 0..n-1 of seed 47 dressed
// with the installed Sweet Home 3D models, each with a renderer. Skips when
// the libraries are not installed.
func eachDressedHouse(t *testing.T, n int, fn func(s *sim.Scene, r *Renderer, hi int)) {
	t.Helper()
	lib := realLibrary(t)
	defer lib.Close()
	for hi := 0; hi < n; hi++ {
		h, s := procthorScene(t, 47, hi)
		lib.Dress(s, assets.HouseSeed(h))
		r, err := New(s, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		fn(s, r, hi)
	}
}
