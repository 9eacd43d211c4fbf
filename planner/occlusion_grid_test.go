package planner

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// occlusionScene is the can/statue scene of TestOcclusionByConstruction.
func occlusionScene(t *testing.T) (*sim.House, sim.Camera) {
	h := boxHouse(t, 8, 8,
		tObj{asset: assetStatue, id: "Statue|1|1", x: 4, z: 4.2},
		tObj{asset: assetCan, id: "GarbageCan|1|2", x: 5.3, z: 3.3})
	return h, testCam(4, 1.2, 0, 30, 240)
}

// The grid follows eq. 25: the unclamped scale-1, no-pull point is the
// lateral slide |u_B − u_A|·mpp toward B's side (left here: the statue is
// left of the can), every applied length lies in [0.15, 1.50] m, and the
// grid has at most 8 × 6 points.
func TestOccGridDeltas(t *testing.T) {
	h, cam := occlusionScene(t)
	l := loaded(t, h)
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newViewCtx(l, st, testCfg(), cam, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	a, b := c.obj0("GarbageCan|1|2"), c.obj0("Statue|1|1")
	ds := c.occGridDeltas(a, b)
	if len(ds) == 0 || len(ds) > len(OccGridScales)*len(OccGridPulls) {
		t.Fatalf("%d grid points", len(ds))
	}
	_, _, dA, _ := cam.Project(a.Position)
	mpp := 2 * dA * math.Tan(cam.FOV*math.Pi/360) / float64(cam.Width)
	mlat := math.Abs(c.m0[b.ID].U-c.m0[a.ID].U) * mpp
	if mlat < OccGridNegligible {
		t.Fatalf("test scene: lateral gap %.3f m should not be negligible", mlat)
	}
	left := Delta(cam, Left, 1)
	found := false
	for _, d := range ds {
		if l := d.Len(); l < OccGridMinLen-1e-9 || l > OccGridMaxLen+1e-9 {
			t.Errorf("applied length %.3f outside the clamp", l)
		}
		if r, f, _ := CameraComponents(cam, d); f > 1e-9 || (r > 0) {
			t.Errorf("grid point %v (right %.3f, forward %.3f) not left/back", d, r, f)
		}
		want := math.Min(OccGridMaxLen, math.Max(OccGridMinLen, mlat))
		if d.Sub(left.Mul(want)).Len() < 1e-6 {
			found = true
		}
	}
	if !found {
		t.Errorf("no grid point equals the lateral slide %.3f m to the left", mlat)
	}
}

// A chair beside the line of sight to a statue: the cover-grid plan slides
// it in front (its top is above the sight line there), and the label comes
// from the realised frames.
func TestOcclusionCoverGrid(t *testing.T) {
	h := boxHouse(t, 8, 8,
		tObj{asset: assetStatue, id: "Statue|1|1", x: 4, z: 4.2},
		tObj{asset: assetChair, id: "Chair|1|2", x: 5.3, z: 3.3})
	cam := testCam(4, 1.5, 0, 30, 480) // at 240 px, or 3 m away at 480 px, the statue is too small for its dot
	l := loaded(t, h)
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newViewCtx(l, st, testCfg(), cam, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	c.seed = 7
	before, _ := l.Objects()
	ex, err := c.occGridPlan([][2]*ObjectMeta{{c.obj0("Chair|1|2"), c.obj0("Statue|1|1")}})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := l.Objects()
	for i := range before {
		if !samePose(&before[i], &after[i]) {
			t.Fatalf("scene not restored: %s", before[i].ID)
		}
	}
	if ex == nil {
		t.Fatalf("no example: %v", c.fails)
	}
	if ex.Metrics["plan"] != "cover_grid" {
		t.Errorf("plan %v, want cover_grid", ex.Metrics["plan"])
	}
	rate := ex.Metrics["cover_rate"].(float64)
	if (rate >= TauOcc) != (ex.Answer == letterOf(ex, "yes")) {
		t.Errorf("answer %s disagrees with the cover %.3f", ex.Answer, rate)
	}
	if rate < TauOcc {
		t.Errorf("cover grid found no covering pose (best %.3f, fails %v)", rate, c.fails)
	}
	r, f, _ := CameraComponents(cam, ex.RealisedMotion)
	if !(r < -0.3) || f > 0.01 {
		t.Errorf("realised move right %.3f forward %.3f, want a slide to the left (and back)", r, f)
	}
}
