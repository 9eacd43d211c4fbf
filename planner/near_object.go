package planner

import (
	"fmt"
	"slices"
)

// planNearObject is A.2.8 with the relaxation order (flip, balance) →
// (¬flip, balance) → (flip, ·) → (¬flip, ·), where "flip" is the drawn
// flip wish.
func (c *viewCtx) planNearObject(in Intent) (*Example, string, error) {
	return c.stagedSearch("near_object_", NearBudget, NearStrict, in.WantFlip, func(e *edit, dry bool) (int, *Example, string) {
		pool := c.neighbourPool(e)
		type cand struct {
			r     ranked
			tau   float64
			stage int
		}
		var cands []cand
		taus, other := in.tauOrder(), in.TausOther
		if len(other) == 0 {
			other = TauGrid
		}
		// The realised move length (nearest generic length) must be in the
		// answer's length preference (Balance.NearMoves), so that the
		// stated length does not predict the answer (our choice, issue 13).
		moved := GenericLengths[nearestIndex(GenericLengths, horizontal(e.realised).Len())]
		lenYes := slices.Contains(orGrid(in.Lengths, GenericLengths), moved)
		lenOther := slices.Contains(orGrid(in.LengthsOther, GenericLengths), moved)
		for _, r := range pool {
			for _, tau := range TauGrid {
				if !guarded([]float64{r.d0}, tau) || !ThresholdMargin("tau", r.d1, tau).OK() {
					continue
				}
				in0, in1 := r.d0 <= tau, r.d1 <= tau
				if !in0 && !in1 {
					// A.2.8 eq. 45: landmarks come from S0 △ S1 (flips), else
					// S0 ∩ S1; one far from the mover before and after is
					// never asked about.
					continue
				}
				if in1 == in.PreferYes && (!slices.Contains(taus, tau) || !lenYes) || in1 != in.PreferYes && (!slices.Contains(other, tau) || !lenOther) {
					continue // τ or move length left out for this answer (slackOrder)
				}
				flipOK := (in0 != in1) == in.WantFlip
				balOK := in1 == in.PreferYes
				stage := 3
				switch {
				case flipOK && balOK:
					stage = 0
				case balOK:
					stage = 1
				case flipOK:
					stage = 2
				}
				cands = append(cands, cand{r, tau, stage})
			}
		}
		if len(cands) == 0 {
			return 0, nil, "no_landmark"
		}
		best := 4
		for _, cd := range cands {
			best = min(best, cd.stage)
		}
		if dry {
			return best, nil, ""
		}
		// Within the best stage, the most preferred τ (the intent's order:
		// least used for the preferred class first), then a landmark drawn
		// uniformly.
		rank := func(cd cand) int { // the τ's place in its answer's preference
			if (cd.r.d1 <= cd.tau) == in.PreferYes {
				return slices.Index(taus, cd.tau)
			}
			return slices.Index(other, cd.tau)
		}
		var top []cand
		for _, cd := range cands {
			if cd.stage != best {
				continue
			}
			if len(top) > 0 && cd.tau != top[0].tau {
				if rank(cd) > rank(top[0]) {
					continue
				}
				top = top[:0]
			}
			top = append(top, cd)
		}
		pick := top[c.rng.IntN(len(top))]
		ex, ok := c.newExample(NearObject, e, []string{pick.r.id})
		if !ok {
			return 0, nil, c.marksWhy
		}
		choices, yes, no := c.yesNo()
		ans, before := pick.r.d1 <= pick.tau, pick.r.d0 <= pick.tau
		L := ex.ref(pick.r.id).Name()
		ex.setQA(fmt.Sprintf("is the centre of %s within %s of the centre of %s?", ex.Mover.Name(), metres(pick.tau), L),
			choices, yn(ans, yes, no), yn(before, yes, no))
		ex.Flip = ans != before
		ex.Metrics["tau"] = pick.tau
		ex.Metrics["centre_distance"] = map[string]any{pick.r.id: map[string]float64{"before": round6(pick.r.d0), "after": round6(pick.r.d1)}}
		ex.Metrics["decision_margin"] = ThresholdMargin("tau", pick.r.d1, pick.tau)
		cmp := "more than"
		if ans {
			cmp = "at most"
		}
		ex.Reasoning = fmt.Sprintf("%s The centre distance to %s was %s before and is %s after the move, %s %s. So the answer is %s (%s).",
			ex.MotionText, L, metres(pick.r.d0), metres(pick.r.d1), cmp, metres(pick.tau), yn(ans, "yes", "no"), ex.Answer)
		return best, ex, ""
	})
}

// orGrid returns pref, or grid when pref is empty.
func orGrid(pref, grid []float64) []float64 {
	if len(pref) == 0 {
		return grid
	}
	return pref
}
