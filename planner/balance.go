package planner

import "math/rand/v2"

// Balance holds the running yes/no counts of the yes/no categories (A.2,
// "Class balance"). It is deliberately simple state so that a run can carry
// it from house to house and a single example can be regenerated from the
// Intent recorded with it.
type Balance struct {
	Yes [NumCategories]int `json:"yes"`
	No  [NumCategories]int `json:"no"`
}

// Intent is what the planner aims for in one (view, category) slot: the
// preferred yes/no class and whether the edit should change the answer.
// It is drawn before planning and stored with the example, so PlanOne can
// regenerate the example alone.
type Intent struct {
	PreferYes bool `json:"prefer_yes"`
	WantFlip  bool `json:"want_flip"`
	Tie       bool `json:"tie"` // the class preference was drawn on a tie
}

// Decide draws the intent for category c: for yes/no categories the
// under-represented class relative to ρ_no, and on a tie "yes" with
// probability 1 − ρ_no (eq. 18); for flip-seeking categories a flip with
// probability π_flip (eq. 19).
func (b *Balance) Decide(c Category, rng *rand.Rand) Intent {
	var in Intent
	if rho, ok := c.TargetNoRate(); ok {
		n := b.Yes[c] + b.No[c]
		// Compare counts exactly: no-share below the target prefers "no".
		switch {
		case n > 0 && float64(b.No[c]) < rho*float64(n)-1e-9:
			in.PreferYes = false
		case n > 0 && float64(b.No[c]) > rho*float64(n)+1e-9:
			in.PreferYes = true
		default:
			in.PreferYes = rng.Float64() < 1-rho
			in.Tie = true
		}
	} else {
		_ = rng.Float64() // keep the stream aligned across categories
	}
	in.WantFlip = c.FlipSeeking() && rng.Float64() < FlipProbability
	if !c.FlipSeeking() {
		_ = rng.Float64()
	}
	return in
}

// Record counts an emitted answer of a yes/no category.
func (b *Balance) Record(c Category, yes bool) {
	if _, ok := c.TargetNoRate(); !ok {
		return
	}
	if yes {
		b.Yes[c]++
	} else {
		b.No[c]++
	}
}
