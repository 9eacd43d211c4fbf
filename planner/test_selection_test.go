package planner

import (
	"fmt"
	"math"
	"testing"
)

// The method's counts sum to 714 with chance 35.8%.
func TestMethodTestCounts(t *testing.T) {
	n, chance := 0, 0.0
	for c, k := range MethodTestCounts {
		n += k
		chance += float64(k) * c.Chance()
	}
	if n != 714 || math.Abs(chance/float64(n)-0.358) > 0.0005 {
		t.Errorf("method counts: %d questions, chance %.4f; want 714 and 0.358", n, chance/float64(n))
	}
	m, err := ParseTestCounts(FormatTestCounts(MethodTestCounts))
	if err != nil || len(m) != len(MethodTestCounts) {
		t.Fatalf("round trip: %v %v", m, err)
	}
	for c, k := range MethodTestCounts {
		if m[c] != k {
			t.Errorf("round trip %s: %d, want %d", c, m[c], k)
		}
	}
	for _, bad := range []string{"closer_to", "closer_to=x", "nope=3", "closer_to=1,closer_to=2", "closer_to=-1"} {
		if _, err := ParseTestCounts(bad); err == nil {
			t.Errorf("ParseTestCounts(%q) accepted", bad)
		}
	}
}

// candidates makes n yes/no near-object examples over scenes, the first
// share yes, with margins growing with i.
func candidates(n, scenes int, yesShare float64) []Example {
	var out []Example
	for i := 0; i < n; i++ {
		ans := "B"
		if float64(i) < yesShare*float64(n) {
			ans = "A"
		}
		out = append(out, Example{
			ID: fmt.Sprintf("s%d/v%d/near_object", i%scenes, i), HouseID: fmt.Sprintf("s%d", i%scenes),
			Category: NearObject, Choices: []string{"yes", "no"}, Answer: ans,
			Metrics: map[string]any{"decision_margin": DecisionMargin{Kind: MarginDistance, Gap: 0.1 + 0.01*float64(i%17), Relative: 1}},
		})
	}
	return out
}

func TestSelectTestCountsBalanceCapsClarity(t *testing.T) {
	cands := candidates(400, 20, 0.3)
	sel := SelectTest(cands, map[Category]int{NearObject: 100}, 7)
	if len(sel.Keep) != 100 || sel.Selected["near_object"] != 100 || len(sel.Short) != 0 {
		t.Fatalf("selected %d (%v), short %v", len(sel.Keep), sel.Selected, sel.Short)
	}
	yes, perScene := 0, map[string]int{}
	minKept, maxDropped := math.Inf(1), 0.0
	for i := range cands {
		ex := &cands[i]
		if sel.Keep[ex.ID] {
			perScene[ex.HouseID]++
			if ex.Answer == "A" {
				yes++
			}
			minKept = math.Min(minKept, min(Clarity(ex), ClarityCap))
		} else {
			maxDropped = math.Max(maxDropped, min(Clarity(ex), ClarityCap))
		}
	}
	if yes != 30 {
		t.Errorf("%d yes of 100, want the candidates' 30%%", yes)
	}
	for s, k := range perScene {
		if k > 8 { // 1.5 × 100/20 = 7.5 → 8
			t.Errorf("scene %s gave %d questions, cap 8", s, k)
		}
	}
	if minKept < maxDropped-0.1-1e-9 {
		t.Errorf("kept clarity down to %.2f while dropping %.2f", minKept, maxDropped)
	}
	again := SelectTest(cands, map[Category]int{NearObject: 100}, 7)
	for id := range sel.Keep {
		if !again.Keep[id] {
			t.Fatal("selection not deterministic")
		}
	}
	// Too few candidates: all taken, reported short.
	few := SelectTest(cands[:50], map[Category]int{NearObject: 100, Occlusion: 5}, 7)
	if len(few.Keep) != 50 || len(few.Short) != 2 {
		t.Errorf("50 candidates for 100: kept %d, short %v", len(few.Keep), few.Short)
	}
	// One scene only: the caps give way in the second pass.
	one := SelectTest(candidates(60, 1, 0.5), map[Category]int{NearObject: 40}, 7)
	if len(one.Keep) != 40 {
		t.Errorf("one scene: kept %d of 40", len(one.Keep))
	}
}

// The selection keeps the candidates' flip rate even where flips are the
// less clear questions (the clarity order alone took non-flips first).
func TestSelectTestKeepsFlipRate(t *testing.T) {
	cands := candidates(400, 20, 0.5)
	for i := range cands {
		cands[i].Category = LeftRight
		cands[i].ID = fmt.Sprintf("s%d/v%d/left_right", i%20, i)
		cands[i].Flip = i%5 != 0 // 80 % flips, each less clear than every non-flip
		gap := 0.5
		if cands[i].Flip {
			gap = 0.11
		}
		cands[i].Metrics = map[string]any{"decision_margin": DecisionMargin{Kind: MarginDistance, Gap: gap, Relative: 1}}
	}
	sel := SelectTest(cands, map[Category]int{LeftRight: 100}, 7)
	flips, yes := 0, 0
	for i := range cands {
		if sel.Keep[cands[i].ID] {
			if cands[i].Flip {
				flips++
			}
			if cands[i].Answer == "A" {
				yes++
			}
		}
	}
	if len(sel.Keep) != 100 || flips != 80 || yes < 48 || yes > 52 {
		t.Errorf("kept %d: %d flips (want 80), %d yes (want about 50)", len(sel.Keep), flips, yes)
	}
}

// Closer-to answers name objects (each its own value): the clearest are
// kept, not the first names in alphabetical order. Above ClarityCap the
// order is the seeded one (TestSelectTestClarityCap).
func TestSelectTestCloserToByClarity(t *testing.T) {
	var cands []Example
	for i := 0; i < 100; i++ {
		name := fmt.Sprintf("the object %03d (red dot)", i)
		cands = append(cands, Example{
			ID: fmt.Sprintf("s%d/v%d/closer_to", i%10, i), HouseID: fmt.Sprintf("s%d", i%10), Category: CloserTo,
			Choices: []string{name, "b", "c", "d"}, Answer: "A", Flip: true,
			// clarity 1 … 1.99, under ClarityCap: strictly ordered
			Metrics: map[string]any{"decision_margin": DecisionMargin{Kind: MarginDistance, Gap: 0.1 + 0.001*float64(i), Relative: 1}},
		})
	}
	sel := SelectTest(cands, map[Category]int{CloserTo: 20}, 3)
	for i := 80; i < 100; i++ {
		if !sel.Keep[cands[i].ID] {
			t.Errorf("%s (clarity rank %d of 100) not kept", cands[i].ID, 100-i)
		}
	}
}

// TestSelectTestClarityCap: candidates at or above ClarityCap are equally
// clear, so a selection of 20 out of 100 of them is spread over clarities
// (seeded order) rather than taking the 20 largest margins, which would
// select the longest moves of one answer; below the cap the clearer one
// still wins.
func TestSelectTestClarityCap(t *testing.T) {
	var cands []Example
	for i := 0; i < 100; i++ {
		cands = append(cands, Example{
			ID: fmt.Sprintf("s%d/v%d/near_object", i%10, i), HouseID: fmt.Sprintf("s%d", i%10), Category: NearObject,
			Choices: []string{"yes", "no"}, Answer: "A", Flip: true,
			Metrics: map[string]any{"decision_margin": DecisionMargin{Kind: MarginDistance, Gap: 0.2 + 0.01*float64(i), Relative: 1}},
		})
	}
	sel := SelectTest(cands, map[Category]int{NearObject: 20}, 3)
	top := 0
	for i := 80; i < 100; i++ {
		if sel.Keep[cands[i].ID] {
			top++
		}
	}
	if len(sel.Keep) != 20 || top > 10 {
		t.Errorf("kept %d, %d of them the 20 largest margins: the cap does not tie clear candidates", len(sel.Keep), top)
	}
	// One candidate under the cap among clear ones is the one left out.
	cands[0].Metrics = map[string]any{"decision_margin": DecisionMargin{Kind: MarginDistance, Gap: 0.15, Relative: 1}}
	sel = SelectTest(cands, map[Category]int{NearObject: 99}, 3)
	if sel.Keep[cands[0].ID] {
		t.Error("the only candidate under the cap was kept over clearer ones")
	}
}

// Letters are balanced within a category: candidates whose correct letter
// is "A" 70 % of the time give a selection whose letters differ by at most
// one, keeping the answer values' proportions, and within one (value,
// letter) the clearest candidates are the ones kept (one candidate per
// scene, so that the scene caps do not bind).
func TestSelectTestBalancesLetters(t *testing.T) {
	cands := candidates(400, 400, 0.5)
	for i := range cands {
		if i%10 >= 7 { // 30 % of the candidates put the answer on "B"
			ex := &cands[i]
			ex.Choices = []string{ex.Choices[1], ex.Choices[0]}
			ex.Answer = map[string]string{"A": "B", "B": "A"}[ex.Answer]
		}
	}
	for _, want := range []int{19, 40, 101} {
		sel := SelectTest(cands, map[Category]int{NearObject: want}, 3)
		letters, values := map[string]int{}, map[string]int{}
		minKept := map[string]float64{}
		maxDropped := map[string]float64{}
		for i := range cands {
			ex := &cands[i]
			key := ex.Answer + "|" + answerValue(ex)
			cl := Clarity(ex)
			if sel.Keep[ex.ID] {
				letters[ex.Answer]++
				values[answerValue(ex)]++
				if v, ok := minKept[key]; !ok || cl < v {
					minKept[key] = cl
				}
			} else if cl > maxDropped[key] {
				maxDropped[key] = cl
			}
		}
		if d := letters["A"] - letters["B"]; d > 1 || d < -1 || letters["A"]+letters["B"] != want {
			t.Errorf("%d selected: letters %v, want a difference of at most 1", want, letters)
		}
		if d := values["yes"] - values["no"]; d > 1 || d < -1 {
			t.Errorf("%d selected: values %v, want the candidates' even split", want, values)
		}
		for key, lo := range minKept {
			if min(maxDropped[key], ClarityCap) > min(lo, ClarityCap)+1e-12 {
				t.Errorf("%d selected, %s: a dropped candidate (clarity %.3f) is clearer than a kept one (%.3f)", want, key, maxDropped[key], lo)
			}
		}
	}
}

// In a yes/no category the mover type does not predict the selected
// answer: with the clearest "yes" candidates all of one type and the
// clearest "no" all of another, the selection still takes each type with
// both answers evenly (within one) when the candidates allow it, keeping
// the counts, the values' proportions and the letters' balance.
func TestSelectTestBalancesMoverTypes(t *testing.T) {
	cands := candidates(200, 200, 0.5)
	for i := range cands {
		ex := &cands[i]
		clear := i%2 == 0 // the clearer half of each value ...
		ex.Metrics["decision_margin"] = DecisionMargin{Kind: MarginDistance, Gap: map[bool]float64{true: 0.5, false: 0.2}[clear] + 0.001*float64(i), Relative: 1}
		// ... is all TVStand for "yes" and all DiningTable for "no".
		typ := map[bool]string{true: "TVStand", false: "DiningTable"}[(ex.Answer == "A") == clear]
		ex.Mover = ObjectRef{ObjectID: typ + "|1", ObjectType: typ}
	}
	sel := SelectTest(cands, map[Category]int{NearObject: 20}, 5)
	by := map[string]map[string]int{}
	for i := range cands {
		ex := &cands[i]
		if !sel.Keep[ex.ID] {
			continue
		}
		if by[ex.Mover.ObjectType] == nil {
			by[ex.Mover.ObjectType] = map[string]int{}
		}
		by[ex.Mover.ObjectType][answerValue(ex)]++
	}
	for typ, n := range by {
		if d := n["yes"] - n["no"]; d > 1 || d < -1 {
			t.Errorf("%s selected %v: the type predicts the answer", typ, n)
		}
	}
	if len(sel.Keep) != 20 {
		t.Errorf("selected %d, want 20", len(sel.Keep))
	}
}
