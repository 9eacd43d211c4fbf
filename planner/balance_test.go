package planner

import (
	"math"
	"slices"
	"testing"

	"flowbench/sim"
)

func TestBalancePrefersUnderRepresented(t *testing.T) {
	b := &Balance{}
	b.Yes[Occlusion], b.No[Occlusion] = 10, 1 // no-share 0.09 < 0.50
	for i := 0; i < 50; i++ {
		if in := b.Decide(Occlusion, newRNG(uint64(i))); in.PreferYes || in.Tie {
			t.Fatalf("no-share below target must prefer no: %+v", in)
		}
	}
	b.Yes[Occlusion], b.No[Occlusion] = 4, 6 // no-share 0.6 > 0.5
	for i := 0; i < 50; i++ {
		if in := b.Decide(Occlusion, newRNG(uint64(i))); !in.PreferYes {
			t.Fatalf("no-share above target must prefer yes")
		}
	}
}

// On a tie (here: no history) "yes" is preferred with probability 1 − ρ_no;
// flip-seeking categories wish a flip with probability π_flip.
func TestBalanceTieAndFlipProbabilities(t *testing.T) {
	const n = 20000
	for _, c := range []Category{Occlusion, ContactWall, Feasibility, LeftRight, NearObject} {
		rho, _ := c.TargetNoRate()
		yes, flips := 0, 0
		for i := 0; i < n; i++ {
			in := (&Balance{}).Decide(c, newRNG(uint64(i)*7919+uint64(c)))
			if !in.Tie {
				t.Fatal("empty history is a tie")
			}
			if in.PreferYes {
				yes++
			}
			if in.WantFlip {
				flips++
			}
		}
		if p := float64(yes) / n; math.Abs(p-(1-rho)) > 0.015 {
			t.Errorf("%s: P(prefer yes) = %.3f, want %.3f", c, p, 1-rho)
		}
		wantFlip := 0.0
		if c.FlipSeeking() {
			wantFlip = FlipProbability
		}
		if p := float64(flips) / n; math.Abs(p-wantFlip) > 0.015 {
			t.Errorf("%s: P(flip) = %.3f, want %.2f", c, p, wantFlip)
		}
	}
	// Closer-to draws an answer change with CloserChangeRate, the other
	// 4-way and set categories no wish at all.
	for _, c := range []Category{CloserTo, ClosestThree, CountNear} {
		flips := 0
		for i := 0; i < n; i++ {
			if (&Balance{}).Decide(c, newRNG(uint64(i)*7919+uint64(c))).WantFlip {
				flips++
			}
		}
		want := FlipProbability
		if c == CloserTo {
			want = CloserChangeRate
		}
		if p := float64(flips) / n; math.Abs(p-want) > 0.015 {
			t.Errorf("%s: P(change wish) = %.3f, want %.2f", c, p, want)
		}
	}
}

// With a planner that skips 40% of slots and emits the opposite class in 3%,
// the running balance still drives the no-rate to the target.
func TestBalanceConverges(t *testing.T) {
	rng := newRNG(1)
	for _, c := range []Category{Occlusion, ContactWall, Feasibility, LeftRight} {
		b := &Balance{}
		for i := 0; i < 2000; i++ {
			in := b.Decide(c, rng)
			yes := in.PreferYes
			if rng.Float64() < 0.4 {
				continue
			}
			if rng.Float64() < 0.03 {
				yes = !yes
			}
			b.Record(c, yes)
		}
		rho, _ := c.TargetNoRate()
		got := float64(b.No[c]) / float64(b.No[c]+b.Yes[c])
		if math.Abs(got-rho) > 0.02 {
			t.Errorf("%s: no-rate %.3f, target %.2f", c, got, rho)
		}
	}
}

// The per-answer preferences put the least used value first: probe
// lengths per feasibility class, count-near answers, τ per near-object
// class.
func TestBalancePreferencesLeastUsedFirst(t *testing.T) {
	b := &Balance{}
	b.No[Feasibility] = 1 // no-share 1 > 0.55: prefer yes
	for i := range b.ProbeLengths[1] {
		b.ProbeLengths[1][i] = 5
	}
	b.ProbeLengths[1][3] = 1
	in := b.Decide(Feasibility, newRNG(1))
	if !in.PreferYes || len(in.Lengths) != len(FeasLengths) || in.Lengths[0] != FeasLengths[3] {
		t.Fatalf("feasibility intent %+v, want yes with %v first", in, FeasLengths[3])
	}
	b.CountValues = [numCountAnswers]int{4, 4, 0, 4}
	for i := range b.CountTaus[2] {
		b.CountTaus[2][i] = 3
	}
	b.CountTaus[2][numCountTaus-2] = 0
	in = b.Decide(CountNear, newRNG(2))
	if in.Counts[0] != 4 || in.Taus[0] != CountTauGrid[numCountTaus-2] {
		t.Fatalf("count-near intent %+v, want count 4 and τ %g first", in, CountTauGrid[numCountTaus-2])
	}
	b.Yes[NearObject], b.No[NearObject] = 0, 3
	b.NearTaus[1] = [numTaus]int{0, 1, 1, 1, 1, 1}
	in = b.Decide(NearObject, newRNG(3))
	if !in.PreferYes || in.Taus[0] != 0.35 {
		t.Fatalf("near-object intent %+v, want yes with τ 0.35 first", in)
	}
}

// With a planner that meets the length preference only half of the time
// (else it takes the next), lengths whose "yes" succeeds rarely, and
// skipped slots, the length histograms of "yes" and "no" end up alike: the
// length tells nothing about the answer.
func TestBalanceEvensProbeLengths(t *testing.T) {
	rng := newRNG(9)
	b := &Balance{}
	for i := 0; i < 4000; i++ {
		in := b.Decide(Feasibility, rng)
		var got float64
		for k, l := range in.Lengths {
			pYes := 1 - float64(k)/10 // long probes are rarely free
			if !in.PreferYes {
				pYes = 0.3 + l/3 // long probes are often blocked
			}
			if rng.Float64() < 0.5*pYes {
				got = l
				break
			}
		}
		if got == 0 {
			continue // skipped slot
		}
		ex := Example{Category: Feasibility, Choices: []string{"yes", "no"}, Answer: "B",
			Metrics: map[string]any{"probe": map[string]any{"length": got}}}
		if in.PreferYes {
			ex.Answer = "A"
		}
		b.RecordExample(&ex)
	}
	for cls := range 2 {
		n := 0
		for _, k := range b.ProbeLengths[cls] {
			n += k
		}
		for i, k := range b.ProbeLengths[cls] {
			if share := float64(k) / float64(n); math.Abs(share-1.0/numFeasLengths) > 0.02 {
				t.Errorf("class %d length %v: share %.3f, want %.3f", cls, FeasLengths[i], share, 1.0/numFeasLengths)
			}
		}
	}
	rho, _ := Feasibility.TargetNoRate()
	if got := float64(b.No[Feasibility]) / float64(b.No[Feasibility]+b.Yes[Feasibility]); math.Abs(got-rho) > 0.02 {
		t.Errorf("no-rate %.3f, target %.2f", got, rho)
	}
}

// Count-near answers and their τ are recorded from the example's metrics;
// widened answers (1 or 6) are not counted as values.
func TestBalanceRecordsCountNear(t *testing.T) {
	b := &Balance{}
	for _, c := range []struct {
		n   int
		tau float64
	}{{3, 0.8}, {3, 0.8}, {6, 1.25}, {2, 0.35}} {
		b.RecordExample(&Example{Category: CountNear, Metrics: map[string]any{"count_after": c.n, "tau": c.tau}})
	}
	if b.CountValues != [numCountAnswers]int{1, 2, 0, 0} || b.CountTaus[1][slices.Index(CountTauGrid, 0.8)] != 2 || b.CountTaus[0][slices.Index(CountTauGrid, 0.35)] != 1 {
		t.Errorf("count values %v, taus %v", b.CountValues, b.CountTaus)
	}
}

// A τ where the preferred near-object answer already leads the other by
// NearTauSlack is left out of the preference.
func TestBalanceNearTauSlack(t *testing.T) {
	b := &Balance{}
	b.Yes[NearObject], b.No[NearObject] = 5, 5
	b.NearTaus[1] = [numTaus]int{3, 1, 0, 0, 1, 0}
	b.NearTaus[0] = [numTaus]int{0, 1, 1, 1, 1, 1}
	for seed := uint64(0); seed < 20; seed++ {
		in := b.Decide(NearObject, newRNG(seed))
		if !in.PreferYes {
			continue
		}
		if slices.Contains(in.Taus, 0.35) || len(in.Taus) != numTaus-1 || in.Taus[0] == 0.5 {
			t.Fatalf("yes preference %v: want every τ but 0.35, lagging ones (0.65, 0.8, 1.25) first", in.Taus)
		}
	}
}

// The realised move lengths of emitted near-object examples are counted per
// answer, and a length where the preferred answer leads the other by
// NearTauSlack is left out of its preference (and kept in the other's).
func TestBalanceNearMoveSlack(t *testing.T) {
	b := &Balance{}
	emit := func(yes bool, dx float64) {
		ex := &Example{Category: NearObject, Choices: []string{"yes", "no"}, Answer: "B",
			Metrics: map[string]any{"tau": 0.8}, RealisedMotion: sim.Vec3{dx, -0.3, 0}}
		if yes {
			ex.Answer = "A"
		}
		b.RecordExample(ex)
	}
	// "no" twice at 0.6 m (one a collision-shortened 0.57 m), "yes" at 0.25 m.
	emit(false, 0.6)
	emit(false, -0.57)
	emit(true, 0.26)
	if b.NearMoves[0][0] != 2 || b.NearMoves[1][3] != 1 || b.No[NearObject] != 2 {
		t.Fatalf("near moves %v, counts %d/%d", b.NearMoves, b.Yes[NearObject], b.No[NearObject])
	}
	for seed := uint64(0); seed < 20; seed++ {
		in := b.Decide(NearObject, newRNG(seed))
		no, yes := in.Lengths, in.LengthsOther
		if in.PreferYes {
			no, yes = yes, no
		}
		if slices.Contains(no, 0.6) || len(no) != numGenericLengths-1 {
			t.Fatalf("no preference %v: 0.6 m leads by 2 and must be left out", no)
		}
		if len(yes) != numGenericLengths || yes[0] != 0.6 {
			t.Fatalf("yes preference %v: want all lengths, 0.6 m (lagging most) first", yes)
		}
	}
}

// Contact-wall slides are counted per answer and length bin, the bin
// least used for the preferred answer comes first, and of the bins where
// the answers are even only those leaning towards it in the block follow
// (leanOrder).
func TestBalanceWallSlideBins(t *testing.T) {
	for _, c := range []struct {
		m   float64
		bin int
	}{{0.05, 0}, {0.149, 0}, {0.15, 1}, {0.36, 3}, {0.99, 6}, {1.0, 7}, {2.4, 9}, {3.0, 9}} {
		if got := wallBin(c.m); got != c.bin {
			t.Errorf("wallBin(%v) = %d, want %d", c.m, got, c.bin)
		}
	}
	b := &Balance{}
	for i := range numWallBins {
		b.WallSlides[1][i] = 5
		b.WallSlides[0][i] = 5
	}
	b.WallSlides[1][4] = 1 // yes is short of [0.5, 0.65)
	b.Yes[ContactWall], b.No[ContactWall] = 4, 6
	ex := &Example{Category: ContactWall, Choices: []string{"no", "yes"}, Answer: "B", RealisedMotion: sim.Vec3{0, 0, 0.55}}
	in := b.Decide(ContactWall, newRNG(1))
	want := 1
	for i := range numWallBins {
		if i != 4 && lean(wallBinKeys[i], 0) {
			want++
		}
	}
	if !in.PreferYes || len(in.Lengths) != want || in.Lengths[0] != 0.5 {
		t.Fatalf("intent %+v: want yes, bin [0.5, 0.65) first, %d bins", in, want)
	}
	for _, l := range in.Lengths[1:] {
		if i := slices.Index(WallSlideEdges, l); i < 0 || !lean(wallBinKeys[i], 0) {
			t.Errorf("bin from %v (lean yes %v) in the yes preference %v", l, i >= 0 && lean(wallBinKeys[i], 0), in.Lengths)
		}
	}
	b.RecordExample(ex)
	if b.WallSlides[1][4] != 2 || b.Yes[ContactWall] != 5 {
		t.Errorf("wall slides %v after a 0.55 m yes", b.WallSlides[1])
	}
}

// A count-near answer at CountMaxShare of the answers so far is left out
// of the preference; the least used one never is.
func TestBalanceCountShareCap(t *testing.T) {
	b := &Balance{CountValues: [numCountAnswers]int{10, 2, 1, 1}}
	for seed := uint64(0); seed < 20; seed++ {
		in := b.Decide(CountNear, newRNG(seed))
		if slices.Contains(in.Counts, 2) || len(in.Counts) != 3 || in.Counts[2] != 3 {
			t.Fatalf("counts %v: want 4 and 5 (either order), then 3; never 2", in.Counts)
		}
	}
	b = &Balance{} // nothing recorded: only the least used (a random one)
	if in := b.Decide(CountNear, newRNG(1)); len(in.Counts) != 1 {
		t.Fatalf("counts %v with no answer recorded, want one", in.Counts)
	}
	b = &Balance{CountValues: [numCountAnswers]int{2, 2, 2, 1}} // 3/8 > 0.35 for the others
	if in := b.Decide(CountNear, newRNG(1)); len(in.Counts) != 1 || in.Counts[0] != 5 {
		t.Fatalf("counts %v, want [5]", in.Counts)
	}
}

// Closest-three flip wishes become strict while the recorded flip rate is
// under π_flip (after flipRateMin questions), count-near ones until it
// reaches π_flip, and never non-flip wishes.
func TestBalanceStrictFlip(t *testing.T) {
	// Closest-three and count-near against π_flip = 0.8, closer-to against
	// CloserChangeRate = 0.85: a rate of 0.82 is strict only for closer-to.
	// Closer-to's and count-near's wishes follow their running rates like
	// a yes/no balance.
	for _, c := range []Category{ClosestThree, CountNear, CloserTo} {
		b := &Balance{}
		for i := 0; i < 100; i++ {
			b.RecordExample(&Example{Category: c, Flip: i < 60}) // rate 0.6
		}
		if b.Emitted[c] != 100 || b.Flipped[c] != 60 {
			t.Fatalf("%s: emitted %d flipped %d", c, b.Emitted[c], b.Flipped[c])
		}
		wishes := 0
		for seed := uint64(0); seed < 50; seed++ {
			in := b.Decide(c, newRNG(seed))
			if in.StrictFlip != in.WantFlip {
				t.Fatalf("%s: flip rate 0.6: intent %+v", c, in)
			}
			if in.WantFlip {
				wishes++
			}
		}
		if wishes == 0 {
			t.Fatalf("%s: no flip wish in 50 draws", c)
		}
		b.Flipped[c] = 82
		for seed := uint64(0); seed < 50; seed++ {
			in := b.Decide(c, newRNG(seed))
			if want := in.WantFlip && c == CloserTo; in.StrictFlip != want {
				t.Fatalf("%s: rate 0.82: intent %+v", c, in)
			}
		}
		b.Flipped[c] = 75
		for seed := uint64(0); seed < 50; seed++ {
			in := b.Decide(c, newRNG(seed))
			if in.StrictFlip != in.WantFlip || c != ClosestThree && !in.WantFlip {
				t.Fatalf("%s: rate 0.75: intent %+v", c, in)
			}
		}
		if c != ClosestThree && wishes != 50 {
			t.Errorf("%s at change rate 0.6: %d of 50 change wishes, want all", c, wishes)
		}
		b.Flipped[c] = 80 // count-near at π_flip: a drawn wish, not strict
		draws := 0
		for seed := uint64(0); seed < 50; seed++ {
			in := b.Decide(c, newRNG(seed))
			if c == CountNear && in.StrictFlip {
				t.Fatalf("%s: rate 0.80: intent %+v", c, in)
			}
			if in.WantFlip {
				draws++
			}
		}
		if c == CountNear && (draws == 0 || draws == 50) {
			t.Errorf("count-near at π_flip: %d of 50 flip wishes, want a draw", draws)
		}
		b.Flipped[c] = 90 // rate 0.9
		for seed := uint64(0); seed < 50; seed++ {
			in := b.Decide(c, newRNG(seed))
			if in.StrictFlip || c != ClosestThree && in.WantFlip {
				t.Fatalf("%s: flip rate 0.9: intent %+v", c, in)
			}
		}
	}
	// Count-near's first flip wish of a block is strict; closest-three's
	// turns strict only after flipRateMin questions.
	for seed := uint64(0); seed < 50; seed++ {
		b := &Balance{}
		cn, c3 := b.Decide(CountNear, newRNG(seed)), b.Decide(ClosestThree, newRNG(seed))
		if cn.StrictFlip != cn.WantFlip || c3.StrictFlip {
			t.Fatalf("empty balance, seed %d: count-near %+v, closest-three %+v", seed, cn, c3)
		}
	}
	// Other categories never record flips here or get a strict wish.
	b := &Balance{}
	b.RecordExample(&Example{Category: Feasibility, Flip: true})
	if b.Emitted[Feasibility] != 0 {
		t.Errorf("feasibility counted as flip-seeking")
	}
}

// An opposite-class fallback is allowed only while, counting it, the
// no-share stays within FallbackSlack of ρ_no: never on an empty history,
// on a 5/5 tie (6/11 no), not one count past it (7/12); at 20/21 yes (22/42).
func TestBalanceFallbackSlack(t *testing.T) {
	for _, c := range []struct {
		yes, no int
		want    bool
	}{{0, 0, false}, {1, 1, false}, {5, 5, true}, {5, 6, false}, {6, 5, false}, {20, 21, true}} {
		b := &Balance{}
		b.Yes[Occlusion], b.No[Occlusion] = c.yes, c.no
		for seed := uint64(0); seed < 10; seed++ {
			in := b.Decide(Occlusion, newRNG(seed))
			if in.Fallback != c.want {
				t.Fatalf("%d yes / %d no, prefer yes %v: fallback %v, want %v", c.yes, c.no, in.PreferYes, in.Fallback, c.want)
			}
		}
	}
}

// mainDirection names the larger camera-frame component of a slide, and a
// contact-wall direction where an answer leads the other by NearTauSlack
// is left out of that answer's directions.
func TestBalanceWallDirections(t *testing.T) {
	cam := testCam(4, 4, 90, 0, 64) // yaw 90°: forward is +x, right is −z
	for _, c := range []struct {
		d    sim.Vec3
		want Direction
	}{{sim.Vec3{0.5, 0, 0.1}, Forward}, {sim.Vec3{-0.3, 0, 0.2}, Back}, {sim.Vec3{0.1, 0, -0.4}, Right}, {sim.Vec3{0.1, 0, 0.4}, Left}} {
		if got := mainDirection(cam, c.d); got != c.want {
			t.Errorf("mainDirection(%v) = %v, want %v", c.d, got, c.want)
		}
	}
	b := &Balance{}
	b.Yes[ContactWall], b.No[ContactWall] = 2, 4
	b.WallDirs[1] = [4]int{0, 2, 0, 0} // yes: two slides to the right
	for seed := uint64(0); seed < 10; seed++ {
		in := b.Decide(ContactWall, newRNG(seed))
		if !in.PreferYes || slices.Contains(in.Directions, "right") || len(in.Directions) != 3 {
			t.Fatalf("intent %+v: want yes without right", in)
		}
	}
}
