package render

import (
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// checkCoverBound renders labels from random reachable cameras of scene s
// and checks CoverBound against the frames: never below the pixels showing
// an object, never above the image nor the sum of the uncapped MaskBounds
// (it counts their pixels once), the same before and after the frame. It
// returns how many cameras it bounded below the image and below that sum,
// to show the bound is neither trivial nor the sum. Every other camera
// leaves a random third of the objects out (CoverBound's skip), and the
// bound then bounds the pixels of the others.
func checkCoverBound(t *testing.T, s *sim.Scene, r *Renderer, seed uint64, cams int) (belowImage, belowSum int) {
	t.Helper()
	reach := s.ReachablePositions()
	rng := rand.New(rand.NewPCG(seed, 36))
	var f Frame
	var bounds []int
	for ci := 0; ci < cams; ci++ {
		p := reach[rng.IntN(len(reach))]
		cam := sim.Camera{Position: sim.Vec3{p[0], 0.5 + 1.3*rng.Float64(), p[2]}, Yaw: 360 * rng.Float64(),
			Horizon: -20 + 70*rng.Float64(), FOV: 50 + 50*rng.Float64(), Width: 96 + rng.IntN(160), Height: 96 + rng.IntN(96)}
		area := cam.Width * cam.Height
		var skip []bool
		if ci%2 == 1 {
			skip = make([]bool, len(s.Objects))
			for i := range skip {
				skip[i] = rng.IntN(3) == 0
			}
		}
		before, err := r.CoverBound(cam, skip)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.RenderLabelsInto(cam, &f); err != nil {
			t.Fatal(err)
		}
		cover, err := r.CoverBound(cam, skip)
		if err != nil {
			t.Fatal(err)
		}
		if bounds, err = r.MaskBounds(cam, area, bounds); err != nil {
			t.Fatal(err)
		}
		objPixels, sum := 0, 0
		for i := range s.Objects {
			if skip != nil && skip[i] {
				continue
			}
			objPixels += f.Stats[i+1].Pixels
			sum += bounds[i]
		}
		if before != cover || cover < objPixels || cover > area || cover > sum && sum < area {
			t.Fatalf("camera %d: cover bound %d (%d before the frame), object pixels %d, image %d, mask bounds' sum %d",
				ci, cover, before, objPixels, area, sum)
		}
		if cover < area {
			belowImage++
		}
		if cover < sum {
			belowSum++
		}
	}
	return belowImage, belowSum
}

// TestCoverBoundBoundsObjectPixels checks CoverBound over generated houses
// with primitive shapes.
func TestCoverBoundBoundsObjectPixels(t *testing.T) {
	belowImage, belowSum := 0, 0
	for hi := 0; hi < 4; hi++ {
		_, s := procthorScene(t, 47, hi)
		r, err := New(s, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		a, b := checkCoverBound(t, s, r, uint64(hi), 12)
		belowImage, belowSum = belowImage+a, belowSum+b
	}
	if belowImage == 0 || belowSum == 0 {
		t.Errorf("cover bounds below the image: %d, below the mask bounds' sum: %d; the test shows nothing", belowImage, belowSum)
	}
}

// TestCoverBoundRealModels is TestCoverBoundBoundsObjectPixels with the
// installed Sweet Home 3D models. Skips when the libraries are not
// installed.
func TestCoverBoundRealModels(t *testing.T) {
	eachDressedHouse(t, 2, func(s *sim.Scene, r *Renderer, hi int) { checkCoverBound(t, s, r, uint64(hi), 10) })
}
