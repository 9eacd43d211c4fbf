package planner

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// simType is a mover type of the simulated planning: how likely one of
// its movers in a view can give a "yes" and a "no".
type simType struct {
	name      string
	pYes, pNo float64
}

// simTypes lean the way the train split's types did before the lean rule
// (dining tables 25 "no" / 9 "yes", sofas 10 / 23, …).
var simTypes = []simType{{"DiningTable", 0.25, 0.9}, {"Sofa", 0.9, 0.35}, {"Chair", 0.4, 0.9},
	{"GarbageCan", 0.9, 0.9}, {"Television", 0.9, 0.2}, {"DogBed", 0.05, 0.9}, {"ShelvingUnit", 0.8, 0.7}}

// simulateTypeBalance plans category cat over blocks balance blocks of 60
// slots each, every slot seeing a random two thirds of simTypes (its view's
// movers) and choosing among them with choose (the planner's rule), and
// returns the per-type answer counts over all blocks. check is called after
// every emitted question with the block's balance. A slot where no mover
// is chosen gives no question.
func simulateTypeBalance(cat Category, blocks int, choose func(Intent, []*ObjectMeta) []*ObjectMeta, check func(k int, b *Balance)) map[string]*[2]int {
	totals := map[string]*[2]int{}
	for _, ty := range simTypes {
		totals[ty.name] = &[2]int{}
	}
	for k := range blocks {
		b := &Balance{Block: k}
		rng := rand.New(rand.NewPCG(uint64(k), 7))
		for range 60 {
			in := b.Decide(cat, rng)
			var view []*ObjectMeta
			for _, ty := range simTypes {
				p := ty.pNo
				if in.PreferYes {
					p = ty.pYes
				}
				if rng.IntN(3) > 0 && rng.Float64() < p {
					view = append(view, &ObjectMeta{Type: ty.name})
				}
			}
			ok := choose(in, view)
			if len(ok) == 0 {
				continue
			}
			ex := &Example{Category: cat, Choices: []string{"yes", "no"}, Answer: "B",
				Mover: ObjectRef{ObjectType: ok[rng.IntN(len(ok))].Type}}
			if in.PreferYes {
				ex.Answer = "A"
			}
			b.RecordExample(ex)
			check(k, b)
		}
		for t, n := range b.MoverTypes[cat] {
			totals[t][0] += n[0]
			totals[t][1] += n[1]
		}
	}
	return totals
}

// Over many balance blocks of simulated contact-wall and feasibility
// planning, a type's lead within a block stays within NearTauSlack, leans
// alternate from block to block, and the types' leads summed over all
// blocks (what a text-only model can learn from the mover's name) are
// under two thirds of those of the symmetric per-block slack alone, for
// at least 85 % of its questions.
func TestMoverTypeBalanceAcrossBlocks(t *testing.T) {
	const blocks = 21
	for _, ty := range simTypes {
		for k := 1; k < blocks; k++ {
			if lean(typeKey(ty.name), k) == lean(typeKey(ty.name), k-1) {
				t.Fatalf("%s leans the same way in blocks %d and %d", ty.name, k-1, k)
			}
		}
	}
	for _, cat := range []Category{ContactWall, Feasibility} {
		lead := func(tot map[string]*[2]int) (sum, n int) {
			for _, c := range tot {
				sum += max(c[0]-c[1], c[1]-c[0])
				n += c[0] + c[1]
			}
			return sum, n
		}
		newTot := simulateTypeBalance(cat, blocks, Intent.typeMovers, func(k int, b *Balance) {
			for ty, n := range b.MoverTypes[cat] {
				if d := n[1] - n[0]; d >= NearTauSlack+1 || d <= -NearTauSlack-1 {
					t.Fatalf("%v block %d: %s has %d no / %d yes", cat, k, ty, n[0], n[1])
				}
			}
		})
		oldTot := simulateTypeBalance(cat, blocks, func(in Intent, movers []*ObjectMeta) []*ObjectMeta {
			var out []*ObjectMeta
			for _, a := range movers {
				if in.TypeLeads[a.Type] < NearTauSlack { // the earlier rule
					out = append(out, a)
				}
			}
			return out
		}, func(int, *Balance) {})
		newLead, newN := lead(newTot)
		oldLead, oldN := lead(oldTot)
		t.Logf("%v: leads %d over %d questions (symmetric slack: %d over %d)", cat, newLead, newN, oldLead, oldN)
		if 3*newLead*oldN >= 2*oldLead*newN || float64(newN) < 0.85*float64(oldN) {
			t.Errorf("%v: type leads %d/%d questions, want under two thirds of the symmetric slack's %d/%d with 85 %% of its questions", cat, newLead, newN, oldLead, oldN)
		}
	}
}

// Decide copies the preferred class's per-type leads and the block into
// the intent of the type-balanced categories only; typeMovers keeps the
// allowed movers, or the tolerated ones when none is allowed.
func TestDecideTypeLeads(t *testing.T) {
	b := &Balance{Block: 5}
	b.MoverTypes[ContactWall] = map[string]*[2]int{"Chair": {2, 1}, "Sofa": {1, 1}}
	for seed := uint64(0); seed < 10; seed++ {
		in := b.Decide(ContactWall, newRNG(seed))
		want := 1 // Chair leads for "no"
		if in.PreferYes {
			want = -1
		}
		if in.LeanBlock != 5 || len(in.TypeLeads) != 1 || in.TypeLeads["Chair"] != want {
			t.Fatalf("intent %+v: want block 5 and Chair lead %d", in, want)
		}
	}
	if in := b.Decide(NearObject, newRNG(1)); in.TypeLeads != nil || in.LeanBlock != 0 {
		t.Fatalf("near object intent %+v carries type leads", in)
	}
	in := Intent{PreferYes: true, TypeLeads: map[string]int{"B": 1}}
	if lean(typeKey("A"), 0) {
		in.LeanBlock = 1 // "A" leans "no" in block 1 then
	}
	// A, even and leaning "no": not allowed for "yes" but tolerated; B
	// leads for "yes": neither.
	got := in.typeMovers([]*ObjectMeta{{Type: "A"}, {Type: "B"}})
	if in.typeAllowed("A") || len(got) != 1 || got[0].Type != "A" {
		t.Fatalf("typeMovers = %v, want the tolerated A only", got)
	}
	in.LeanBlock++ // now A leans "yes": allowed, and B (at its lean or not) is not
	if got := in.typeMovers([]*ObjectMeta{{Type: "A"}, {Type: "B"}}); len(got) != 1 || got[0].Type != "A" || !in.typeAllowed("A") {
		t.Fatalf("typeMovers = %v, want the allowed A", got)
	}
}

// Feasibility counts both stated directions of a probe per answer; a
// direction where the preferred answer leads (against the 55/45 target
// shares) is left out of its preference, and probeDirsAllowed keeps only
// probes whose stated directions are all in it (down probes always).
func TestFeasibilityProbeDirections(t *testing.T) {
	b := &Balance{}
	rec := func(yes bool, probe map[string]any) {
		ex := &Example{Category: Feasibility, Choices: []string{"yes", "no"}, Answer: "B", Metrics: map[string]any{"probe": probe}}
		if yes {
			ex.Answer = "A"
		}
		b.RecordExample(ex)
	}
	// "yes" twice towards the camera (one a compound probe with right).
	rec(true, map[string]any{"kind": ProbeSingle, "direction": "back", "length": 0.4})
	rec(true, map[string]any{"kind": ProbeCompound, "direction": "right", "direction2": "back", "length": 0.4})
	if b.ProbeDirs[1] != [4]int{0, 1, 0, 2} || b.ProbeDirs[0] != [4]int{} {
		t.Fatalf("probe dirs %v", b.ProbeDirs)
	}
	for seed := uint64(0); seed < 10; seed++ {
		b.Yes[Feasibility], b.No[Feasibility] = 2, 3 // no-share 0.6 > 0.55: prefer yes
		in := b.Decide(Feasibility, newRNG(seed))
		if !in.PreferYes || slices.Contains(in.Directions, "back") || len(in.Directions) == 0 {
			t.Fatalf("intent %+v: want yes without back", in)
		}
		for _, d := range in.Directions {
			i := slices.Index(directionNames[:], d)
			if b.ProbeDirs[1][i] > 0 && !lean("probe_dir:"+d, 0) {
				t.Errorf("direction %s leads for yes against its lean, in %v", d, in.Directions)
			}
		}
		back := probe{kind: ProbeSingle, dir: Back, length: 0.4}
		comp := probe{kind: ProbeCompound, dir: Left, dir2: Back, length: 0.4, length2: 0.4}
		down := probe{kind: ProbeDown, length: 0.3}
		if in.probeDirsAllowed(back) || in.probeDirsAllowed(comp) || !in.probeDirsAllowed(down) {
			t.Errorf("probeDirsAllowed with %v: back %v, left+back %v, down %v", in.Directions,
				in.probeDirsAllowed(back), in.probeDirsAllowed(comp), in.probeDirsAllowed(down))
		}
	}
}
