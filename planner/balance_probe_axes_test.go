package planner

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The orthogonal wish follows the running share of the probes with one
// direction: under FeasOrthogonal it is set, over it not, and on a tie it
// is drawn (u < FeasOrthogonal). Decide records it in the intent with the
// per-axis direction preference; RecordExample counts the emitted probe's
// axis (drops orthogonal, compounds along the setup axis).
func TestOrthogonalWish(t *testing.T) {
	for _, tc := range []struct {
		along, ortho int
		u            float64
		want         bool
	}{
		{0, 0, 0.5, true}, {0, 0, 0.9, false}, // tie on a block's first probe: drawn
		{3, 17, 0.84, true}, {3, 17, 0.86, false}, // exactly 0.85: drawn
		{4, 16, 0.99, true},  // 0.80: under
		{2, 18, 0.01, false}, // 0.90: over
	} {
		b := &Balance{ProbeAxes: [2]int{tc.along, tc.ortho}}
		if got := b.orthogonalWish(tc.u); got != tc.want {
			t.Errorf("axes %v u %v: wish %v, want %v", b.ProbeAxes, tc.u, got, tc.want)
		}
	}
	for _, under := range []bool{true, false} {
		b := &Balance{ProbeAxes: [2]int{1, 1}}
		if !under {
			b.ProbeAxes = [2]int{0, 9}
		}
		for seed := uint64(0); seed < 20; seed++ {
			in := b.Decide(Feasibility, rand.New(rand.NewPCG(seed, 1)))
			if in.Orthogonal != under || (in.OrthoDirections != nil) != under {
				t.Fatalf("axes %v: intent orthogonal %v with directions %v", b.ProbeAxes, in.Orthogonal, in.OrthoDirections)
			}
		}
	}
	b := &Balance{}
	for _, rel := range []string{RelOrthogonal, RelDown, RelSame, RelOpposite, RelCompound} {
		ex := &Example{Category: Feasibility, Choices: []string{"yes", "no"}, Answer: "A",
			Metrics: map[string]any{"probe": map[string]any{"kind": ProbeSingle, "direction": "left", "length": 0.5, "setup_relation": rel}}}
		b.RecordExample(ex)
	}
	if b.ProbeAxes != [2]int{3, 2} {
		t.Errorf("probe axes %v after orthogonal, down, same, opposite and compound probes, want [3 2]", b.ProbeAxes)
	}
}

// Under an orthogonal wish only slides on the other camera axis than the
// setup move are asked, in the wish's per-axis directions, which keep at
// least one direction of each axis and follow the lean rule within it;
// drops are allowed, compound probes (a component along the setup axis)
// are not.
func TestOrthogonalProbesAllowed(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for k := 0; k < 200; k++ {
		b := &Balance{Block: k % 5}
		for i := range b.ProbeDirs {
			for d := range b.ProbeDirs[i] {
				b.ProbeDirs[i][d] = rng.IntN(4)
			}
		}
		cls := rng.IntN(2)
		dirs := b.orthoDirections(cls, 0.5, rng)
		for _, pair := range [2][2]Direction{{Left, Right}, {Forward, Back}} {
			var got []string
			for _, d := range dirs {
				if d == pair[0].String() || d == pair[1].String() {
					got = append(got, d)
				}
			}
			if len(got) == 0 || len(got) > 2 || len(got) == 2 && got[0] == got[1] {
				t.Fatalf("%v: directions %v on axis %v", b.ProbeDirs, dirs, pair)
			}
			// A direction the lean rule allows keeps out one it does not.
			for i, d := range pair {
				lead := func(x Direction) float64 { return float64(b.ProbeDirs[cls][x] - b.ProbeDirs[1-cls][x]) }
				if leanTier(lead(d), "probe_dir:"+d.String(), b.Block, cls == 1) == leanAllowed &&
					leanTier(lead(pair[1-i]), "probe_dir:"+pair[1-i].String(), b.Block, cls == 1) != leanAllowed &&
					slices.Contains(got, pair[1-i].String()) {
					t.Fatalf("%v class %d block %d: %v allowed beside %v", b.ProbeDirs, cls, b.Block, got, d)
				}
			}
		}
	}
	in := Intent{Orthogonal: true, OrthoDirections: []string{"right", "forward", "back"}, Directions: []string{"left", "back"}}
	for _, tc := range []struct {
		p    probe
		want bool
	}{
		{probe{kind: ProbeSingle, dir: Forward}, true},
		{probe{kind: ProbeSingle, dir: Back}, true},
		{probe{kind: ProbeSingle, dir: Left}, false},  // along the setup axis (same)
		{probe{kind: ProbeSingle, dir: Right}, false}, // along the setup axis (opposite)
		{probe{kind: ProbeSingle, dir: Back, wall: true}, true},
		{probe{kind: ProbeSingle, dir: Right, wall: true}, false},
		{probe{kind: ProbeCompound, dir: Left, dir2: Back}, false},
		{probe{kind: ProbeDown}, true},
	} {
		if got := in.probeAllowed(tc.p, Left); got != tc.want {
			t.Errorf("setup left, %+v: allowed %v, want %v", tc.p, got, tc.want)
		}
	}
	// After a forward setup move, right is the one lateral direction allowed.
	if !in.probeAllowed(probe{kind: ProbeSingle, dir: Right}, Forward) || in.probeAllowed(probe{kind: ProbeSingle, dir: Left}, Forward) {
		t.Error("after a forward setup move: want right only")
	}
	// Without the wish, the general preference decides, whatever the axis.
	in.Orthogonal = false
	if !in.probeAllowed(probe{kind: ProbeSingle, dir: Left}, Left) || in.probeAllowed(probe{kind: ProbeSingle, dir: Right}, Left) ||
		!in.probeAllowed(probe{kind: ProbeCompound, dir: Left, dir2: Back}, Left) ||
		in.probeAllowed(probe{kind: ProbeCompound, dir: Left, dir2: Forward}, Left) {
		t.Error("without the wish: want the general preference (left, back)")
	}
}

// The canonical stem says "a further" exactly for a probe that continues
// the setup move, "then be moved" for every other probe.
func TestFeasStemWording(t *testing.T) {
	for _, setup := range []Direction{Left, Right, Forward, Back} {
		for _, p := range []probe{
			{kind: ProbeSingle, dir: Left, length: 0.5}, {kind: ProbeSingle, dir: Right, length: 0.5},
			{kind: ProbeSingle, dir: Forward, length: 0.5}, {kind: ProbeSingle, dir: Back, length: 0.5},
			{kind: ProbeCompound, dir: Left, length: 0.5, dir2: Forward, length2: 0.4}, {kind: ProbeDown, length: 0.4},
		} {
			rel := p.relation(setup)
			s := feasStem("the mug (red dot)", p, rel)
			if saysFurther(s) != (p.kind == ProbeSingle && p.dir == setup) {
				t.Errorf("setup %v, probe %+v (%s): %q", setup, p, rel, s)
			}
		}
	}
}
