package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/assets"
	"flowbench/sim"
)

// TestRaycastCrossCheckRealModels renders generated houses dressed with the
// installed Sweet Home 3D models (textured, two-sided, cut-outs where the
// models have them) at full detail and compares ids and depths at random
// pixel centres with sim.Raycast, which casts against the same triangles
// through its BVH. Skips when the libraries are not installed.
func TestRaycastCrossCheckRealModels(t *testing.T) {
	lib := realLibrary(t)
	defer lib.Close()
	houses, cams, pixels := 6, 4, 300
	if testing.Short() {
		houses = 2
	}
	var total, idAgree, depthAgree, modelPixels, dressed int
	for hi := 0; hi < houses; hi++ {
		h, s := procthorScene(t, 21, hi)
		rep := lib.Dress(s, assets.HouseSeed(h))
		dressed += rep.WithModel
		r, err := New(s, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		reach := s.ReachablePositions()
		rng := rand.New(rand.NewPCG(uint64(hi), 21))
		for ci := 0; ci < cams; ci++ {
			p := reach[rng.IntN(len(reach))]
			cam := sim.Camera{Position: sim.Vec3{p[0], 1.2 + 0.5*rng.Float64(), p[2]}, Yaw: 360 * rng.Float64(),
				Horizon: -10 + 50*rng.Float64(), FOV: 60 + 30*rng.Float64(), Width: 160, Height: 120}
			f, err := r.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k < pixels; k++ {
				x, y := rng.IntN(cam.Width), rng.IntN(cam.Height)
				i := y*cam.Width + x
				got := f.IDTable[f.IDs[i]]
				hit, ok := s.Raycast(cam, float64(x), float64(y))
				id, depth := "", 0.0
				if ok {
					id, depth = hit.ID, hit.Depth
				}
				total++
				if o := s.Object(got); o != nil && o.Model != nil {
					modelPixels++
				}
				if got == id {
					idAgree++
				} else {
					t.Logf("house %d cam %d pixel (%d,%d): renderer %q depth %.6f, sim.Raycast %q depth %.6f", hi, ci, x, y, got, f.Depth[i], id, depth)
				}
				if d := float64(f.Depth[i]); (depth == 0 && d == 0) || math.Abs(d-depth) <= 1e-4*depth {
					depthAgree++
				}
			}
		}
	}
	t.Logf("real models: %d houses, %d objects with a model; %d pixels (%d on models): ids agree %d, depth within 1e-4 rel %d",
		houses, dressed, total, modelPixels, idAgree, depthAgree)
	if dressed == 0 || modelPixels < total/20 {
		t.Fatalf("only %d objects dressed and %d of %d pixels on models: the check does not exercise real meshes", dressed, modelPixels, total)
	}
	if idAgree != total || depthAgree != total {
		t.Errorf("renderer and sim.Raycast disagree: ids %d of %d, depth %d of %d", idAgree, total, depthAgree, total)
	}
}
