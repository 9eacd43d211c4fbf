package planner

import (
	"testing"

	"flowbench/sim"
)

// iTHOR-style single rooms plan like procthor houses (budget y = 3).
func TestIthorRooms(t *testing.T) {
	total := 0
	for i := 0; i < 3; i++ {
		h, err := sim.Generate("ithor", 5, i)
		if err != nil {
			t.Fatal(err)
		}
		cfg := houseCfg("ithor")
		cfg.SceneStyle = "ithor"
		exs, _, rep, err := PlanHouse(newTestLocal(), h, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Views > 3 {
			t.Errorf("one room allows at most 3 views, got %d", rep.Views)
		}
		for k := range exs {
			checkWellFormed(t, &exs[k])
		}
		total += len(exs)
		t.Logf("%+v", rep)
	}
	if total == 0 {
		t.Error("no questions from three iTHOR rooms")
	}
}
