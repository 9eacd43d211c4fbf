package planner

import (
	"fmt"
	"testing"
)

// TestFullPlannersReached plans the same houses with and without
// cfg.Full (what `generate --full`, the test split's default, sets) and
// checks that every full-path branch is reached only with it: closer-to
// executes plans beyond the fast budget of CloserFastPlans (A.2.2: up to
// 24), feasibility asks downward probes (A.2.5), and contact wall takes
// movers whose clearance before lies between 0.8 m and 1.5 m (eq. 33).
func TestFullPlannersReached(t *testing.T) {
	if testing.Short() {
		t.Skip("plans 8 houses twice")
	}
	type seen struct{ closerDeep, down, wallFar, closer, feas, wall int }
	run := func(full bool) seen {
		var s seen
		bal := &Balance{}
		for i := 0; i < 8; i++ {
			cfg := houseCfg(fmt.Sprintf("full%d", i))
			cfg.Categories = []Category{CloserTo, Feasibility, ContactWall}
			cfg.Full, cfg.Balance = full, bal
			exs, _, _, err := PlanHouse(newTestLocal(), genHouse(t, 300+i), cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, ex := range exs {
				switch ex.Category {
				case CloserTo:
					s.closer++
					if r := ex.Metrics["plan"].(map[string]any)["rank"].(int); r >= CloserFastPlans {
						s.closerDeep++
					}
				case Feasibility:
					s.feas++
					if ex.Metrics["probe"].(map[string]any)["kind"] == ProbeDown {
						s.down++
					}
				case ContactWall:
					s.wall++
					if ex.Metrics["wall_clearance_before"].(float64) >= WallFastBefore {
						s.wallFar++
					}
				}
			}
		}
		return s
	}
	fast, full := run(false), run(true)
	t.Logf("fast %+v\nfull %+v", fast, full)
	if fast.closerDeep+fast.down+fast.wallFar != 0 {
		t.Errorf("the fast path reached a full-path branch: %+v", fast)
	}
	if full.closerDeep == 0 || full.down == 0 || full.wallFar == 0 {
		t.Errorf("cfg.Full did not reach every full-path branch: %+v", full)
	}
}
