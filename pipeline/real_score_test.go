package pipeline

import (
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/score"
)

// TestRealScorePerfect scores perfect predictions on a Real split with
// the simulated family's scorer: 100 % overall and per category, and each
// category's chance is the per-question 1/C(choices, letters), 0.5 for
// depth_order.
func TestRealScorePerfect(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ds")
	buildReal(t, dir, realTestPairs(4), nil)
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var qs []score.Question
	var preds []score.Prediction
	for r, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, score.Question{ID: r.ID, Split: r.Split, Category: r.Category, MotionText: r.MotionText, Question: r.Question,
			StaticQuestion: r.StaticQuestion, Choices: r.Choices, Answer: r.Answer, StaticAnswer: r.StaticAnswer,
			BeforeAnswer: r.BeforeAnswer, Changed: r.Changed, Mover: r.Mover, Referenced: r.Referenced, RealisedMotion: r.RealisedMotion})
		preds = append(preds, score.Prediction{ID: r.ID, Response: "The answer is " + strings.Join(strings.Split(r.Answer, ""), ", ") + "."})
	}
	res, err := score.Score(qs, "train", preds, score.Options{Shuffles: 1, ShortMotion: score.DefaultShortMotion})
	if err != nil {
		t.Fatal(err)
	}
	if res.Avg.Mean != 1 || res.CatAvg.Mean != 1 {
		t.Fatalf("perfect predictions scored %v (cat-avg %v)", res.Avg.Mean, res.CatAvg.Mean)
	}
	chance := map[string]float64{}
	for _, c := range res.Categories {
		if c.Mean != 1 {
			t.Errorf("category %s scored %v", c.Name, c.Mean)
		}
		chance[c.Name] = c.Chance
	}
	for cat, want := range map[string]float64{"depth_order": 0.5, "near_object": 0.5, "left_right": 0.5, "closest_three": 0.1} { // three of five landmarks: 1/C(5,3)
		if got, ok := chance[cat]; !ok || got != want {
			t.Errorf("%s chance %v (present %v), want %v; categories %v", cat, got, ok, want, chance)
		}
	}
}
