package planner

import (
	"testing"
	"time"

	"flowbench/render"
	"flowbench/sim"
)

func TestSmokeProcthor(t *testing.T) {
	var all []Example
	bal := &Balance{}
	start := time.Now()
	for i := 0; i < 3; i++ {
		h, err := sim.Generate("procthor", 1, i)
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		cfg.Balance = bal
		cfg.KeepFrames = false
		cfg.CameraSize = 400
		l := NewLocal(LocalOptions{Render: render.Options{Workers: 1}, NoRGB: true})
		exs, _, rep, err := PlanHouse(l, h, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("house %d: %+v", i, rep)
		all = append(all, exs...)
	}
	t.Logf("%d examples in %v\n%s", len(all), time.Since(start), Stats(all))
	for _, ex := range all[:min(len(all), 8)] {
		t.Logf("%s\n%s\n%s\nanswer %s before %s\n%s", ex.ID, ex.MotionText, ex.Question, ex.Answer, ex.BeforeAnswer, ex.Reasoning)
	}
}
