package planner

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestParseMix: named mixes and weight lists normalise to shares summing
// to 1; "natural" is no target; bad lists name the reason.
func TestParseMix(t *testing.T) {
	all := AllCategories()
	if m, err := ParseMix("natural", all); err != nil || m != nil {
		t.Fatalf("natural: %v %v, want nil", m, err)
	}
	if m, err := ParseMix("", all); err != nil || m != nil {
		t.Fatalf("empty: %v %v, want nil", m, err)
	}
	m, err := ParseMix("equal", all)
	if err != nil {
		t.Fatal(err)
	}
	for c := range m {
		if math.Abs(m[c]-1.0/8) > 1e-12 {
			t.Errorf("equal: %s %g, want 1/8", Category(c), m[c])
		}
	}
	m, err = ParseMix("method", all)
	if err != nil {
		t.Fatal(err)
	}
	for c, n := range MethodTestCounts {
		if math.Abs(m[c]-float64(n)/714) > 1e-12 {
			t.Errorf("method: %s %g, want %d/714", c, m[c], n)
		}
	}
	m, err = ParseMix("occlusion=1, count_near=3", all)
	if err != nil || m[Occlusion] != 0.25 || m[CountNear] != 0.75 || m[LeftRight] != 0 {
		t.Fatalf("weights: %v %v", m, err)
	}
	// equal over a subset of categories shares among those only.
	m, err = ParseMix("equal", []Category{Occlusion, NearObject})
	if err != nil || m[Occlusion] != 0.5 || m[NearObject] != 0.5 || m[LeftRight] != 0 {
		t.Fatalf("equal over two: %v %v", m, err)
	}
	for in, want := range map[string]string{
		"occlusion=1,occlusion=2": "given twice",
		"occlusion=-1":            "must be a number in 0..1e+06",
		"occlusion=x":             "must be a number in 0..1e+06",
		"occlusion=1e7":           "must be a number in 0..1e+06",
		"occlusion=NaN":           "must be a number in 0..1e+06",
		"occlusion=0":             "no category a positive share",
		"bogus=1":                 "unknown category",
		"occlusion":               "not category=weight",
	} {
		if _, err := ParseMix(in, all); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", in, err, want)
		}
	}
	if _, err := ParseMix("occlusion=1", []Category{NearObject}); err == nil || !strings.Contains(err.Error(), "not among the run's categories") {
		t.Errorf("category outside the run: %v", err)
	}
}

// TestMixOver: a category is capped at (1+slack)·share of the questions of
// the categories that are not starved, scaled by their targets, once it has
// one question; starved ones never hold the others back, and nil caps
// nothing.
func TestMixOver(t *testing.T) {
	m, _ := ParseMix("equal", AllCategories())
	var b Balance
	for c := range b.Questions {
		b.Questions[c] = 10
	}
	b.Questions[Occlusion] = 0  // starved
	b.Questions[LeftRight] = 20 // n = 80: cap 1.1 · 1/8 · 80/(7/8) = 12.6
	if !m.over(&b, LeftRight) {
		t.Errorf("left/right at 20 of 80 is not capped")
	}
	if m.over(&b, NearObject) || m.over(&b, Occlusion) {
		t.Errorf("near-object at 10 or occlusion at 0 capped")
	}
	b.Questions[LeftRight] = 12 // n = 72: cap 11.3
	if !m.over(&b, LeftRight) {
		t.Errorf("left/right at 12 of 72 (cap 11.3) is not capped")
	}
	// n = 71: cap 1.1 · 1/8 · 71/(7/8) = 11.16. Against the whole block
	// (occlusion counted) it would be 1.1·71/8 = 9.8, binding every
	// category to occlusion's yield.
	b.Questions[LeftRight] = 11
	if m.over(&b, LeftRight) {
		t.Errorf("left/right at 11 of 71 capped: the starved category held it back")
	}
	var first Balance // a block's first question of every category is free
	if m.over(&first, LeftRight) {
		t.Errorf("the block's first left/right question capped")
	}
	var nilMix *Mix
	if nilMix.over(&b, LeftRight) {
		t.Errorf("nil mix capped a category")
	}
	only, _ := ParseMix("near_object=1", AllCategories())
	if !only.over(&b, LeftRight) || only.over(&b, NearObject) {
		t.Errorf("a category with share 0 must be skipped, the only one never")
	}
}

// TestMixCapsAPlannedBlock: planning the fixture houses with the method's
// mix keeps the capped categories near their shares among the categories
// that are not starved, and records the caps as skips.
func TestMixCapsAPlannedBlock(t *testing.T) {
	if testing.Short() {
		t.Skip("plans houses")
	}
	for _, mixName := range []string{"natural", "method"} {
		mix, err := ParseMix(mixName, AllCategories())
		if err != nil {
			t.Fatal(err)
		}
		bal := &Balance{}
		caps := 0
		for i := 0; i < 4; i++ {
			cfg := houseCfg(fmt.Sprintf("mix%d", i))
			cfg.Mix, cfg.Balance = mix, bal
			_, _, rep, err := PlanHouse(newTestLocal(), genHouse(t, 100+i), cfg)
			if err != nil {
				t.Fatal(err)
			}
			for k, n := range rep.Skips {
				if strings.HasSuffix(k, "/"+SkipMixCap) {
					caps += n
				}
			}
		}
		if mix == nil {
			if caps != 0 {
				t.Errorf("natural: %d slots capped", caps)
			}
			continue
		}
		if caps == 0 {
			t.Errorf("method: no slot capped (counts %v)", bal.Questions)
		}
		// Every category stays within the slack of its scaled share (one
		// question over, the one that crossed it).
		for c := range mix {
			if limit := max(1, mix.limit(bal, Category(c))) + 1; mix[c] > 0 && float64(bal.Questions[c]) > limit {
				t.Errorf("method: %s holds %d questions of %d, over its limit %.1f", Category(c), bal.Questions[c], bal.total(), limit)
			}
		}
	}
}

// TestStatsShareAndTarget: Stats reports each category's share; targets
// set from a manifest's mix appear in the table, and a category under half
// its target is a problem.
func TestStatsShareAndTarget(t *testing.T) {
	var exs []Example
	for i := 0; i < 9; i++ {
		exs = append(exs, Example{Category: NearObject, Answer: "A", Choices: []string{"yes", "no"}})
	}
	exs = append(exs, Example{Category: Occlusion, Answer: "A", Choices: []string{"yes", "no"}})
	r := Stats(exs)
	r.SetTargets(map[string]float64{"occlusion": 0.5, "near_object": 0.5})
	for _, c := range r.Categories {
		want := map[string]float64{"occlusion": 0.1, "near_object": 0.9}[c.Category]
		if math.Abs(c.Share-want) > 1e-12 || c.Target == nil || *c.Target != 0.5 {
			t.Errorf("%s: share %g target %v, want %g and 0.5", c.Category, c.Share, c.Target, want)
		}
	}
	p := strings.Join(r.Problems(), "\n")
	if !strings.Contains(p, "occlusion: share 0.100") || strings.Contains(p, "near_object: share") {
		t.Errorf("problems %q: want occlusion under half its target, near-object not", p)
	}
	if !strings.Contains(r.String(), " 0.100  0.500") {
		t.Errorf("table lacks share and target:\n%s", r)
	}
}
