package planner

import (
	"regexp"
	"testing"

	"flowbench/sim"
)

// planFeasScenes plans feasibility alone on n ithor scenes spread over the
// 120 (every 120/n-th), with the test split's planner settings (full
// planners, m = 8 candidate views per room, 3× the FPS samples) at size
// px, carrying one balance per block of 8 houses as the pipeline does. It
// returns the examples and the slots tried.
func planFeasScenes(t *testing.T, n, size int) ([]Example, int) {
	t.Helper()
	names := sim.IthorSceneNames()
	step := max(1, len(names)/n)
	var all []Example
	slots := 0
	var bal *Balance
	for k := 0; k < n && k*step < len(names); k++ {
		if k%8 == 0 {
			bal = &Balance{Block: k / 8}
		}
		name := names[k*step]
		h, err := sim.GenerateIthor(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		cfg.Seed, cfg.Split, cfg.HouseID, cfg.SceneStyle = 1, "test", name, sim.StyleITHOR
		cfg.CameraSize, cfg.KeepFrames, cfg.Full, cfg.Balance = size, false, true, bal
		cfg.PerRoom, cfg.FPSPerRoom = 8, 3*cfg.FPSPerRoom
		cfg.Categories = []Category{Feasibility}
		exs, _, rep, err := PlanHouse(newTestLocal(), h, cfg)
		if err != nil {
			t.Fatal(err)
		}
		slots += rep.Slots
		all = append(all, exs...)
	}
	return all, slots
}

// reFurther finds the words that read as more of the same move; "further
// from the camera" is a form of the direction forward (dirWords), removed
// first (reAwayForm).
var (
	reFurther  = regexp.MustCompile(`\b(further|another|extra)\b`)
	reAwayForm = regexp.MustCompile(`further from the camera`)
)

// saysFurther reports whether question q words its probe as more of the
// same move.
func saysFurther(q string) bool { return reFurther.MatchString(reAwayForm.ReplaceAllString(q, "")) }

// Over 40 test scenes (5 balance blocks), the probes are orthogonal to the
// setup move (slides on the other camera axis, drops) in FeasOrthogonal ±
// 0.07 of the questions, the relation read from the realised motion and
// the probe record alone; the recorded relation agrees with it. The question (canonical and paraphrased) says "a further" (or
// "another", "extra") exactly when the probe continues the setup move.
func TestFeasibilityOrthogonalShare(t *testing.T) {
	if testing.Short() {
		t.Skip("plans 40 scenes")
	}
	exs, slots := planFeasScenes(t, 40, 160)
	rel := map[string]int{}
	for i := range exs {
		ex := &exs[i]
		r := measuredRelation(ex)
		rel[r]++
		if got := ex.Metrics["probe"].(map[string]any)["setup_relation"]; got != r {
			t.Errorf("%s: recorded relation %v, measured %s", ex.ID, got, r)
		}
		p := *ex
		if !Paraphrase(&p) {
			t.Fatalf("%s: %q not recognised", ex.ID, ex.Question)
		}
		for _, q := range []string{ex.Question, ex.StaticQuestion, p.Question, p.StaticQuestion} {
			if saysFurther(q) != (r == RelSame) {
				t.Errorf("%s: %s probe worded %q", ex.ID, r, q)
			}
		}
	}
	share := float64(rel[RelOrthogonal]+rel[RelDown]) / float64(len(exs))
	t.Logf("%d questions from %d slots: %v; orthogonal share %.3f", len(exs), slots, rel, share)
	if len(exs) < 150 {
		t.Fatalf("only %d questions: too few to measure the share", len(exs))
	}
	if share < FeasOrthogonal-0.07 || share > FeasOrthogonal+0.07 {
		t.Errorf("orthogonal share %.3f (%v), want %.2f ± 0.07", share, rel, FeasOrthogonal)
	}
	if rel[RelSame] == 0 {
		t.Error("no probe continues its setup move: the \"a further\" wording is never exercised")
	}
}
