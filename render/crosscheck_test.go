package render

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRaycastCrossCheck compares ids and depths at random pixel centres of
// many random scenes and cameras with an independent float64 ray cast
// (crossCheckCaster: switch it to sim.Raycast once that exists).
func TestRaycastCrossCheck(t *testing.T) {
	scenes, cams, pixels := 40, 5, 200
	var total, idAgree, depthAgree, hits int
	maxRel := 0.0
	for si := 0; si < scenes; si++ {
		s := randomScene(t, uint64(1000+si), 25)
		cast := crossCheckCaster(s)
		r, err := New(s, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(si), 7))
		for ci := 0; ci < cams; ci++ {
			cam := randomCamera(s, rng, 160+rng.IntN(80), 120+rng.IntN(80))
			f, err := r.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			for p := 0; p < pixels; p++ {
				x, y := rng.IntN(cam.Width), rng.IntN(cam.Height)
				i := y*cam.Width + x
				id, depth, ok := cast(cam, float64(x), float64(y))
				total++
				got := f.IDTable[f.IDs[i]]
				if !ok {
					id, depth = "", 0
				} else {
					hits++
				}
				if got == id {
					idAgree++
				} else if testing.Verbose() {
					t.Logf("scene %d cam %d pixel (%d,%d): renderer %q depth %.6f, ray cast %q depth %.6f", si, ci, x, y, got, f.Depth[i], id, depth)
				}
				d := float64(f.Depth[i])
				if depth > 0 && got == id {
					maxRel = math.Max(maxRel, math.Abs(d-depth)/depth)
				}
				if (depth == 0 && d == 0) || math.Abs(d-depth) <= 1e-4*depth {
					depthAgree++
				}
			}
		}
	}
	idRate, depthRate := float64(idAgree)/float64(total), float64(depthAgree)/float64(total)
	t.Logf("cross-check: %d pixels (%d hits) in %d scenes × %d cameras: ids agree %d (%.4f%%), depth within 1e-4 rel %d (%.4f%%), max rel depth error %.2g",
		total, hits, scenes, cams, idAgree, 100*idRate, depthAgree, 100*depthRate, maxRel)
	if idRate < 0.999 || depthRate < 0.999 {
		t.Errorf("agreement below 99.9%%: ids %.4f%%, depth %.4f%%", 100*idRate, 100*depthRate)
	}
}
