package score

import (
	"math"
	"testing"

	"flowbench/planner"
)

type rels = []planner.ViewRelation

var (
	l, r, f, bh = planner.RelLeft, planner.RelRight, planner.RelFront, planner.RelBehind
)

func TestSetF1HandValues(t *testing.T) {
	cases := []struct {
		truth, pred rels
		want        float64
	}{
		{rels{l, f}, rels{l}, 2.0 / 3},          // P 1, R 1/2
		{rels{l}, rels{l, bh}, 2.0 / 3},         // P 1/2, R 1
		{rels{l, f}, rels{f, l}, 1},             // order does not matter
		{rels{l}, rels{r}, 0},                   // opposite direction
		{nil, nil, 1},                           // nothing holds, nothing said
		{rels{l}, nil, 0},                       // nothing said
		{rels{l, f}, rels{l, bh}, 0.5},          // P 1/2, R 1/2
		{rels{l, f}, rels{l, f, f}, 1},          // duplicates count once
		{rels{l, bh}, rels{r, f, l}, 2.0 / 5.0}, // P 1/3, R 1/2 → 2·(1/6)/(5/6)
	}
	for _, c := range cases {
		if got := SetF1(c.truth, c.pred); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("SetF1(%v, %v) = %g, want %g", c.truth, c.pred, got, c.want)
		}
	}
}

func TestViewF1AndGap(t *testing.T) {
	v0, v90 := planner.Viewpoint{}, planner.Viewpoint{Orbit: 90}
	as := []ViewAnswer{
		{View: v0, Truth: rels{l}, Pred: rels{l}},
		{View: v0, Truth: rels{l, f}, Pred: rels{l}},
		{View: v90, Truth: rels{bh}, Pred: rels{f}},
		{View: v90, Truth: rels{r}, Pred: rels{r}},
	}
	f1 := ViewF1(as)
	want := map[string]float64{"0": (1 + 2.0/3) / 2, "left 90": 0.5, "all": (1 + 2.0/3 + 0 + 1) / 4}
	for k, w := range want {
		if math.Abs(f1[k]-w) > 1e-12 {
			t.Errorf("F1[%s] = %g, want %g", k, f1[k], w)
		}
	}
	if g := CounterfactualGap(f1); math.Abs(g-((1+2.0/3)/2-0.5)) > 1e-12 {
		t.Errorf("Δ_CF = %g", g)
	}
}

func TestCycleConsistency(t *testing.T) {
	v0, v360 := planner.Viewpoint{}, planner.Viewpoint{Orbit: 360}
	as := []ViewAnswer{
		{Scene: "s", Subject: "1", Object: "2", View: v0, Primary: true, Pred: rels{l, f}},
		{Scene: "s", Subject: "1", Object: "2", View: v360, Primary: true, Pred: rels{f, l}},
		{Scene: "s", Subject: "2", Object: "3", View: v0, Primary: true, Pred: rels{r}},
		{Scene: "s", Subject: "2", Object: "3", View: v360, Primary: true, Pred: rels{r, bh}},
		{Scene: "s", Subject: "3", Object: "1", View: v0, Primary: true, Pred: rels{r}}, // no 360° question
		{Scene: "s", Subject: "4", Object: "1", View: v0, Pred: rels{r}},                // not primary
		{Scene: "s", Subject: "4", Object: "1", View: v360, Pred: rels{l}},
	}
	c, n := CycleConsistency(as)
	if n != 2 || c != 0.5 {
		t.Errorf("cycle consistency %g over %d pairs, want 0.5 over 2", c, n)
	}
}

// TestNSCHandComputed: three tracked pairs, two steps each, K = {2}.
//
//	pair a: 0° correct, left 90 correct
//	pair b: 0° correct, left 90 wrong
//	pair c: 0° wrong,   left 90 correct
//
// S_obs(2) = 1/3. p(0°) = 2/3, p(left 90) = 2/3, so S_ind(2) = 4/9.
// q_1 = q_2 = 2/3, S_max(2) = 2/3. NSC = (1/3 − 4/9)/(2/3 − 4/9) = −1/2.
func TestNSCHandComputed(t *testing.T) {
	v0, v90 := planner.Viewpoint{}, planner.Viewpoint{Orbit: 90}
	q := func(pair string, step int, v planner.Viewpoint, ok bool) ViewAnswer {
		a := ViewAnswer{Scene: "s", Subject: pair, Object: "x", View: v, Step: step, Primary: true, Truth: rels{l}, Pred: rels{l}}
		if !ok {
			a.Pred = rels{r}
		}
		return a
	}
	as := []ViewAnswer{
		q("a", 2, v90, true), q("a", 1, v0, true), // steps out of order on purpose
		q("b", 1, v0, true), q("b", 2, v90, false),
		q("c", 1, v0, false), q("c", 2, v90, true),
	}
	got, ok := NSC(as, []int{2})
	if !ok || math.Abs(got-(-0.5)) > 1e-12 {
		t.Fatalf("NSC = %g (ok %v), want -0.5", got, ok)
	}
	// All three persistent: S_obs = S_max = 1, S_ind = 1 → denominator 0.
	for i := range as {
		as[i].Pred = rels{l}
	}
	if _, ok := NSC(as, []int{2}); ok {
		t.Error("NSC defined with a zero denominator")
	}
	// Two persistent pairs and one wrong at both steps: S_obs = 2/3,
	// p = 2/3 at both views → S_ind = 4/9, S_max = 2/3 → NSC = 1.
	as[4].Pred, as[5].Pred = rels{r}, rels{r}
	if got, ok := NSC(as, []int{2}); !ok || math.Abs(got-1) > 1e-12 {
		t.Errorf("NSC = %g (ok %v), want 1", got, ok)
	}
}

func TestRealizableFixtures(t *testing.T) {
	v0, v90, top := planner.Viewpoint{}, planner.Viewpoint{Orbit: 90}, planner.Viewpoint{Top: true}
	ans := func(a, b string, v planner.Viewpoint, p ...planner.ViewRelation) ViewAnswer {
		return ViewAnswer{Scene: "fixture", Subject: a, Object: b, View: v, Pred: p}
	}
	cases := []struct {
		name string
		as   []ViewAnswer
		want bool
	}{
		{"chain", []ViewAnswer{ans("A", "B", v0, r), ans("B", "C", v0, r), ans("A", "C", v0, r, bh)}, true},
		{"cycle", []ViewAnswer{ans("A", "B", v0, r), ans("B", "C", v0, r), ans("C", "A", v0, r)}, false},
		// B right of A at 0° is B behind A after orbiting 90° left.
		{"orbit agrees", []ViewAnswer{ans("A", "B", v0, r), ans("A", "B", v90, bh)}, true},
		{"orbit contradicts", []ViewAnswer{ans("A", "B", v0, r), ans("A", "B", v90, f)}, false},
		{"top north is behind", []ViewAnswer{ans("A", "B", v0, bh), ans("A", "B", top, planner.RelNorth)}, true},
		{"top south is front", []ViewAnswer{ans("A", "B", v0, bh), ans("A", "B", top, planner.RelSouth)}, false},
		{"both axes", []ViewAnswer{ans("A", "B", v0, l, f), ans("B", "A", v0, r, bh), ans("B", "A", planner.Viewpoint{Orbit: 45}, r)}, true},
		{"nothing said", []ViewAnswer{ans("A", "B", v0)}, true},
	}
	for _, c := range cases {
		got, err := Realizable(c.as)
		if err != nil || got != c.want {
			t.Errorf("%s: realizable %v (err %v), want %v", c.name, got, err, c.want)
		}
	}
	if _, err := Realizable([]ViewAnswer{ans("A", "B", top, bh)}); err == nil {
		t.Error("behind at the top view accepted")
	}
}

// Ground truth from geometry is always realizable: relations of random
// layouts at every viewpoint admit the layout itself.
func TestRealizableGroundTruth(t *testing.T) {
	pos := map[string][2]float64{"A": {0, 0}, "B": {1.2, 0.3}, "C": {-0.7, 1.5}, "D": {0.4, -1.1}}
	var as []ViewAnswer
	views := []planner.Viewpoint{{Top: true}}
	for _, a := range planner.OrbitAngles {
		views = append(views, planner.Viewpoint{Orbit: a}, planner.Viewpoint{Orbit: -a})
	}
	for _, v := range views {
		for s, ps := range pos {
			for o, po := range pos {
				if s == o {
					continue
				}
				truth, _ := planner.RelationsAt(v, [2]float64{po[0] - ps[0], po[1] - ps[1]}, 0.2)
				as = append(as, ViewAnswer{Scene: "gt", Subject: s, Object: o, View: v, Truth: truth, Pred: truth})
			}
		}
	}
	ok, err := Realizable(as)
	if err != nil || !ok {
		t.Fatalf("ground truth over %d questions: realizable %v, err %v", len(as), ok, err)
	}
	// One relation flipped in one 0° answer makes it infeasible.
	flipped := false
	for i := 0; i < len(as) && !flipped; i++ {
		if as[i].View != (planner.Viewpoint{}) {
			continue
		}
		for k, rel := range as[i].Pred {
			if rel == r {
				as[i].Pred = append(rels(nil), as[i].Pred...)
				as[i].Pred[k] = l
				flipped = true
				break
			}
		}
	}
	if !flipped {
		t.Fatal("no 0° answer with right to flip")
	}
	if ok, err := Realizable(as); err != nil || ok {
		t.Errorf("one flipped 0° answer: realizable %v, err %v", ok, err)
	}
}
