package planner

import (
	"fmt"
	"math"
	"sort"
	"testing"

	"flowbench/sim"
)

// TestAnswersRecomputedOverHouses recomputes the answer of every generated
// example from its Outcome alone (poses, boxes and frames), with sim's
// geometry helpers and plain loops rather than the planner's code paths.
// Feasibility (a probe replay) is covered by TestFeasibilityRecomputed.
func TestAnswersRecomputedOverHouses(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 2
	}
	checked := map[Category]int{}
	for i := 0; i < n; i++ {
		h := genHouse(t, 200+i)
		cfg := houseCfg(fmt.Sprintf("rc%d", i))
		cfg.KeepFrames = true
		cfg.CameraSize = 256 // at 160 px too few objects are large enough for their dots
		l := newTestLocal()
		exs, outs, _, err := PlanHouse(l, h, cfg)
		if err != nil {
			t.Fatal(err)
		}
		sc, _ := sim.NewScene(h) // static walls for the clearance
		for k := range exs {
			ex, out := &exs[k], &outs[k]
			cat, _ := ParseCategory(ex.CategoryName)
			got, ok := recompute(t, sc, ex, out, cat)
			if !ok {
				continue
			}
			checked[cat]++
			if got != ex.Answer {
				t.Errorf("%s: answer %s, recomputed %s", ex.ID, ex.Answer, got)
			}
		}
	}
	for c := Category(0); c < NumCategories; c++ {
		if c != Feasibility && checked[c] == 0 {
			t.Errorf("no %s example recomputed", c)
		}
	}
	t.Logf("recomputed %v", checked)
}

func recompute(t *testing.T, sc *sim.Scene, ex *Example, out *Outcome, cat Category) (string, bool) {
	box := map[string]sim.AABB{}
	pos := map[string]sim.Vec3{}
	for _, o := range out.ObjectsBefore {
		box[o.ID], pos[o.ID] = o.AABB, o.Position
	}
	for _, o := range out.ObjectsAfter {
		box[o.ID], pos[o.ID] = o.AABB, o.Position
	}
	mover := ex.Mover.ObjectID
	yes := func(b bool) string {
		if b {
			return letterOf(ex, "yes")
		}
		return letterOf(ex, "no")
	}
	dist := func(id string) float64 { return pos[id].Sub(pos[mover]).Len() }
	switch cat {
	case Occlusion:
		ib, ia := out.Before.InstanceOf(ex.Referenced[0].ObjectID), out.After.InstanceOf(mover)
		nb, nc := 0, 0
		for p, id := range out.Before.IDs {
			if id == ib {
				nb++
				if out.After.IDs[p] == ia {
					nc++
				}
			}
		}
		return yes(float64(nc) >= TauOcc*float64(nb)), true
	case CloserTo:
		best, bd := -1, math.Inf(1)
		for i, r := range ex.Referenced {
			if d := sim.AABBSurfaceClearance(box[mover], box[r.ObjectID]); d < bd {
				best, bd = i, d
			}
		}
		return Letter(best), true
	case ContactWall:
		return yes(sc.BoxWallClearance(box[mover]).Min() < TauWall), true
	case LeftRight:
		u := func(id string) float64 {
			inst := out.After.InstanceOf(id)
			s, n := 0.0, 0
			for p, v := range out.After.IDs {
				if v == inst {
					s += float64(p % out.After.W)
					n++
				}
			}
			return s / float64(n)
		}
		left := u(mover) < u(ex.Referenced[0].ObjectID)
		askLeft := ex.Metrics["relation"] == "to the left of"
		return yes(left == askLeft), true
	case ClosestThree:
		idx := make([]int, len(ex.Referenced))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool {
			return dist(ex.Referenced[idx[a]].ObjectID) < dist(ex.Referenced[idx[b]].ObjectID)
		})
		return sortedLetters(idx[:3]), true
	case CountNear:
		tau := ex.Metrics["tau"].(float64)
		n := 0
		for _, r := range ex.Referenced {
			if dist(r.ObjectID) <= tau {
				n++
			}
		}
		for i, c := range ex.Choices {
			if c == fmt.Sprint(n) {
				return Letter(i), true
			}
		}
		return "?", true
	case NearObject:
		return yes(dist(ex.Referenced[0].ObjectID) <= ex.Metrics["tau"].(float64)), true
	}
	return "", false
}
