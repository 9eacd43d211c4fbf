package score

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"flowbench/planner"
)

// pairFixture is one pair with B offset (1, 0.5) m from A in the source
// frame, asked at 0°, left 45…360 and top; the truths worked by hand (see
// TestScoreViewpointHandComputed) are right+behind at 0/45/360, left+behind
// at 90/135, left+front at 180/225, right+front at 270/315, right+north at
// the top.
func pairFixture(t *testing.T) []ViewpointQuestion {
	t.Helper()
	views := []planner.Viewpoint{}
	for _, a := range planner.OrbitAngles {
		views = append(views, planner.Viewpoint{Orbit: a})
	}
	views = append(views, planner.Viewpoint{Top: true})
	r := func(s ...planner.ViewRelation) []planner.ViewRelation { return s }
	R, L, F, B, N := planner.RelRight, planner.RelLeft, planner.RelFront, planner.RelBehind, planner.RelNorth
	hand := [][]planner.ViewRelation{r(R, B), r(R, B), r(L, B), r(L, B), r(L, F), r(L, F), r(R, F), r(R, F), r(R, B), r(R, N)}
	var qs []ViewpointQuestion
	for i, v := range views {
		got, clear := planner.RelationsAt(v, [2]float64{1, 0.5}, 0.15)
		if !slices.Equal(got, hand[i]) || !clear {
			t.Fatalf("%s: RelationsAt %v (clear %v), by hand %v", v, got, clear, hand[i])
		}
		qs = append(qs, ViewpointQuestion{ID: fmt.Sprintf("s/q%d", i), Scene: "s", Subject: 0, Object: 1, View: v, Step: i + 1, Truth: hand[i]})
	}
	return qs
}

func TestScoreViewpointHandComputed(t *testing.T) {
	qs := pairFixture(t)
	perfect := map[string]string{}
	frozen := map[string]string{}
	for _, q := range qs {
		var words []string
		for _, r := range q.Truth {
			words = append(words, string(r))
		}
		perfect[q.ID] = fmt.Sprintf("The answer is %v", words)
		frozen[q.ID] = "[right, behind]" // ignores the rotation
	}
	res, err := ScoreViewpoint(qs, perfect)
	if err != nil {
		t.Fatal(err)
	}
	if res.F1 != 1 || res.Exact != 1 || res.Cycle != 1 || res.Realizable != 1 || res.NSC != nil || res.Missing != 0 {
		t.Errorf("perfect: %+v", res)
	}
	// Frozen answers: F1 per question 1, 1, ½, ½, 0, 0, ½, ½, 1 and ⅔ at
	// the top view, where "behind" is off the vocabulary and dropped, so
	// {right} meets {right, north}: mean 5⅔/10. Exact at 0, 45, 360.
	// Right at 0° and right at left 90 put B on both sides of the axis
	// (0, −1) and (0, 1): unrealizable. 0° and 360° agree: cycle 1.
	res, err = ScoreViewpoint(qs, frozen)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.F1-(5+2.0/3)/10) > 1e-12 || math.Abs(res.Exact-0.3) > 1e-12 || res.Cycle != 1 || res.Realizable != 0 || res.OffVocabulary != 1 {
		t.Errorf("frozen: %+v", res)
	}
	// No replies: every set empty, F1 0, and an empty set of relations is
	// trivially realizable.
	res, err = ScoreViewpoint(qs, map[string]string{})
	if err != nil || res.Missing != 10 || res.F1 != 0 || res.Realizable != 1 {
		t.Errorf("no replies: %+v, %v", res, err)
	}
}

func TestParseRelations(t *testing.T) {
	for _, c := range []struct {
		reply string
		want  []planner.ViewRelation
		ok    bool
	}{
		{"[left, behind]", []planner.ViewRelation{"left", "behind"}, true},
		{"It moves right first. Final: [Front]", []planner.ViewRelation{"front"}, true},
		{"Thinking about left and right...\nbehind, left, behind", []planner.ViewRelation{"behind", "left"}, true},
		{"I do not know", nil, false},
		{"[]", nil, false},
	} {
		got, ok := ParseRelations(c.reply)
		if ok != c.ok || !slices.Equal(got, c.want) {
			t.Errorf("%q: %v %v, want %v %v", c.reply, got, ok, c.want, c.ok)
		}
	}
}
