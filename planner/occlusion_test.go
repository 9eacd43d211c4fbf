package planner

import (
	"testing"

	"flowbench/sim"
)

// Occludees are the catalog's occludee class plus small pickupable medium
// objects; occluders, large or fixed medium objects are not.
func TestIsOccludee(t *testing.T) {
	cat := defaultCatalogInfo()
	box := func(x, y, z float64) sim.AABB { return sim.AABB{Max: sim.Vec3{x, y, z}} }
	for _, c := range []struct {
		typ        string
		pickupable bool
		size       sim.AABB
		want       bool
	}{
		{"CellPhone", true, box(0.07, 0.01, 0.15), true},
		{"Book", true, box(0.25, 0.05, 0.3), true},
		{"Book", true, box(0.25, 0.05, 0.46), false},  // over OccOccludeeMaxExtent
		{"Laptop", false, box(0.3, 0.02, 0.3), false}, // medium but not pickupable
		{"Chair", false, box(0.5, 0.9, 0.5), false},   // an occluder
		{"Box", true, box(0.3, 0.2, 0.3), false},      // an occluder, though pickupable
	} {
		o := &ObjectMeta{Type: c.typ, Pickupable: c.pickupable, AABB: c.size}
		if got := isOccludee(cat, o); got != c.want {
			t.Errorf("%s (pickupable %v, %v): occludee %v, want %v", c.typ, c.pickupable, c.size.Size(), got, c.want)
		}
	}
}

// A garbage can 2 m from a statue is in range (eq. 22), but every target
// of the fast plan lies more than OccMaxMove from it: a "no" wish (no cover
// grid) finds no pair. 1.4 m from the statue, the fast plan meets a "yes"
// wish with a move within the cap.
func TestOcclusionMoveCap(t *testing.T) {
	cam := testCam(4, 1.5, 0, 30, 480)
	for _, c := range []struct {
		x, z float64
		yes  bool
		plan string // "" for the no_pair skip
	}{{5.9, 3.6, false, ""}, {5.3, 3.3, true, "fast_ray"}} {
		h := boxHouse(t, 8, 8,
			tObj{asset: assetStatue, id: "Statue|1|1", x: 4, z: 4.2},
			tObj{asset: assetCan, id: "GarbageCan|1|2", x: c.x, z: c.z})
		ex, _, reason, _ := planOne(t, h, cam, Occlusion, Intent{PreferYes: c.yes})
		if c.plan == "" {
			if ex != nil || reason != "no_pair" {
				t.Errorf("%+v: want the no_pair skip, got %v (%s)", c, ex != nil, reason)
			}
			continue
		}
		if ex == nil {
			t.Fatalf("%+v: skipped: %s", c, reason)
		}
		if m := horizontal(ex.RealisedMotion).Len(); m > OccMaxMove+1e-9 || ex.Metrics["plan"] != c.plan {
			t.Errorf("%+v: moved %.3f m, plan %v", c, m, ex.Metrics["plan"])
		}
	}
}

// An occlusion edit whose realised move-length bin is not in the intent's
// length preference (Balance.OccMoves under the lean rule) is rejected:
// the "yes" plan of TestOcclusionMoveCap is met again when its bin is
// allowed, and without its bin the question, if any, has another length.
func TestOcclusionLengthBalance(t *testing.T) {
	cam := testCam(4, 1.5, 0, 30, 480)
	h := boxHouse(t, 8, 8,
		tObj{asset: assetStatue, id: "Statue|1|1", x: 4, z: 4.2},
		tObj{asset: assetCan, id: "GarbageCan|1|2", x: 5.3, z: 3.3})
	ex, _, reason, _ := planOne(t, h, cam, Occlusion, Intent{PreferYes: true})
	if ex == nil {
		t.Fatalf("skipped: %s", reason)
	}
	bin := wallBin(horizontal(ex.RealisedMotion).Len())
	if ex2, _, reason, _ := planOne(t, h, cam, Occlusion, Intent{PreferYes: true, Lengths: []float64{WallSlideEdges[bin]}}); ex2 == nil {
		t.Fatalf("with its bin [%v, %v) allowed: skipped: %s", WallSlideEdges[bin], WallSlideEdges[bin+1], reason)
	}
	var others []float64
	for i := range numWallBins {
		if i != bin {
			others = append(others, WallSlideEdges[i])
		}
	}
	ex3, _, _, _ := planOne(t, h, cam, Occlusion, Intent{PreferYes: true, Lengths: others})
	if ex3 != nil && wallBin(horizontal(ex3.RealisedMotion).Len()) == bin {
		t.Errorf("a move of %.3f m (bin %d) passed a preference without its bin", horizontal(ex3.RealisedMotion).Len(), bin)
	}
	if ex3 != nil && !lengthAllowed(others, ex3.RealisedMotion) {
		t.Errorf("lengthAllowed rejects the emitted move")
	}
}

// executeFirst takes its alternatives in order: a free first target is
// used as planned (the fast plan's "yes" target before its pulls toward
// the camera), a blocked one gives way to the next free one.
func TestExecuteFirstOrder(t *testing.T) {
	cam := testCam(4, 1.5, 0, 30, 480)
	h := boxHouse(t, 8, 8,
		tObj{asset: assetCan, id: "GarbageCan|1|2", x: 5.3, z: 3.3},
		tObj{asset: assetStatue, id: "Statue|1|1", x: 4, z: 4.2})
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newViewCtx(loaded(t, h), st, houseCfg("order"), cam, newRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		deltas []sim.Vec3
		want   int
	}{
		{[]sim.Vec3{{-0.5, 0, 0.3}, {-0.3, 0, 0.2}, {-0.2, 0, 0.1}}, 0},
		{[]sim.Vec3{{-0.3, 0, 0.2}, {-0.5, 0, 0.3}}, 0},
		{[]sim.Vec3{{-1.3, 0, 0.9}, {-0.5, 0, 0.3}}, 1}, // the first ends in the statue
	} {
		want := tc.deltas[tc.want]
		e, why, err := c.executeFirst("GarbageCan|1|2", append([]sim.Vec3(nil), tc.deltas...), false)
		if err != nil {
			t.Fatal(err)
		}
		if e == nil {
			t.Fatalf("%v: failed: %s", tc.deltas, why)
		}
		if e.requested.Sub(want).Len() > 1e-9 {
			t.Errorf("%v: executed %v, want %v", tc.deltas, e.requested, want)
		}
		if err := c.restore(); err != nil {
			t.Fatal(err)
		}
	}
}
