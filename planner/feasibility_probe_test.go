package planner

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"flowbench/sim"
)

// feasCtx is a view context on the feasibility test room with a setup edit
// that leaves the box where it is (probes start from the before pose).
func feasCtx(t *testing.T, seed uint64, full bool) (*viewCtx, *edit) {
	t.Helper()
	h := boxHouse(t, 5, 6,
		tObj{asset: assetBox, id: "Box|1|1", x: 2.5, z: 3.4},
		tObj{asset: assetChair, id: "Chair|1|2", x: 1.2, z: 3.6},
		tObj{asset: assetChair, id: "Chair|1|3", x: 3.8, z: 3.6})
	l := loaded(t, h)
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testCfg()
	cfg.Full = full
	c, err := newViewCtx(l, st, cfg, testCam(2.5, 1.0, 0, 30, 240), rand.New(rand.NewPCG(seed, 3)))
	if err != nil {
		t.Fatal(err)
	}
	return c, &edit{moverID: "Box|1|1", objs1: c.objs0, byID1: c.byID0}
}

// Probe shapes: the text states both components of a compound probe and
// "straight down" for a drop; the displacement is their sum.
func TestProbeShapes(t *testing.T) {
	cam := testCam(0, 0, 90, 0, 64) // forward +x, right −z
	cp := probe{kind: ProbeCompound, dir: Left, length: 1.25, dir2: Forward, length2: 0.75}
	if w := cp.words(); !strings.Contains(w, "1.25 m to the left and 0.75 m forward (away from the camera)") {
		t.Errorf("compound words %q", w)
	}
	if d := cp.delta(cam); d.Sub(sim.Vec3{0.75, 0, 1.25}).Len() > 1e-9 {
		t.Errorf("compound delta %v", d)
	}
	dp := probe{kind: ProbeDown, length: 0.5}
	if w := dp.words(); w != "0.50 m straight down" {
		t.Errorf("down words %q", w)
	}
	if d := dp.delta(cam); d != (sim.Vec3{0, -0.5, 0}) || dp.metric()["direction"] != "down" {
		t.Errorf("down delta %v metric %v", d, dp.metric())
	}
}

// Over many streams the candidates cover the shapes (downward probes only
// on the full path, for a "no" wish); compound components lie on
// different camera axes; every stated length, wall negatives and compound
// components included, comes from the one shared list FeasLengths, in the
// intent's preference order, for both answers.
func TestProbeCandidates(t *testing.T) {
	for _, full := range []bool{false, true} {
		kinds := map[string]int{}
		for seed := uint64(0); seed < 60; seed++ {
			c, e := feasCtx(t, seed, full)
			order := append([]float64(nil), FeasLengths...)
			c.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, yes := range []bool{true, false} {
				rank := -1
				for _, p := range c.probeCandidates(e, Left, Intent{PreferYes: yes, Lengths: order}) {
					kinds[p.kind]++
					if p.kind == ProbeDown {
						if yes || !full || !slices.Contains(FeasDownLengths, p.length) {
							t.Fatalf("full=%v yes=%v: down probe %v", full, yes, p.length)
						}
						continue
					}
					if p.wall && yes {
						t.Fatal("wall negative for a yes wish")
					}
					r := slices.Index(order, p.length)
					if r < 0 || r < rank {
						t.Fatalf("length %v out of the preference order %v (rank %d after %d)", p.length, order, r, rank)
					}
					rank = r
					if p.kind == ProbeCompound {
						if (p.dir == Left || p.dir == Right) == (p.dir2 == Left || p.dir2 == Right) || p.dir == Forward || p.dir == Back {
							t.Fatalf("compound axes %v %v", p.dir, p.dir2)
						}
						if !slices.Contains(FeasLengths, p.length2) {
							t.Fatalf("compound second length %v not in %v", p.length2, FeasLengths)
						}
					}
				}
			}
		}
		for _, k := range []string{ProbeSingle, ProbeCompound, ProbeDown} {
			if (kinds[k] == 0) == (full || k != ProbeDown) {
				t.Errorf("full=%v: %d %s probes in %v (downward probes only on the full path)", full, kinds[k], k, kinds)
			}
		}
	}
}

// A box on the floor cannot drop (the floor blocks the first waypoint); a
// compound probe into the room's back wall is blocked; a short compound in
// the open is free. Each leaves the scene restorable to the after-state.
func TestRunProbeShapes(t *testing.T) {
	c, e := feasCtx(t, 1, false)
	for _, tc := range []struct {
		p    probe
		want bool
	}{
		{probe{kind: ProbeDown, length: 0.4}, false},
		{probe{kind: ProbeCompound, dir: Left, length: 0.4, dir2: Forward, length2: 3.0}, false},
		{probe{kind: ProbeCompound, dir: Right, length: 0.3, dir2: Back, length2: 0.3}, true},
	} {
		ok, steps, _, err := c.runProbe(e, tc.p)
		if err != nil {
			t.Fatal(err)
		}
		if ok != tc.want {
			t.Errorf("%+v: feasible %v after %d waypoints, want %v", tc.p, ok, steps, tc.want)
		}
		if want := int(math.Ceil(tc.p.delta(c.cam).Len()/FeasWaypointGap - 1e-9)); ok && steps != want {
			t.Errorf("%+v: %d waypoints, want %d", tc.p, steps, want)
		}
		if err := c.restoreTo(e.objs1, e.byID1); err != nil {
			t.Fatal(err)
		}
	}
}
