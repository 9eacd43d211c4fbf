package planner

import (
	"math"
	"testing"
)

func TestBalancePrefersUnderRepresented(t *testing.T) {
	b := &Balance{}
	b.Yes[Occlusion], b.No[Occlusion] = 10, 1 // no-share 0.09 < 0.20
	for i := 0; i < 50; i++ {
		if in := b.Decide(Occlusion, newRNG(uint64(i))); in.PreferYes || in.Tie {
			t.Fatalf("no-share below target must prefer no: %+v", in)
		}
	}
	b.Yes[Occlusion], b.No[Occlusion] = 5, 5 // no-share 0.5 > 0.2
	for i := 0; i < 50; i++ {
		if in := b.Decide(Occlusion, newRNG(uint64(i))); !in.PreferYes {
			t.Fatalf("no-share above target must prefer yes")
		}
	}
}

// On a tie (here: no history) "yes" is preferred with probability 1 − ρ_no;
// flip-seeking categories wish a flip with probability π_flip.
func TestBalanceTieAndFlipProbabilities(t *testing.T) {
	const n = 20000
	for _, c := range []Category{Occlusion, ContactWall, Feasibility, LeftRight, NearObject} {
		rho, _ := c.TargetNoRate()
		yes, flips := 0, 0
		for i := 0; i < n; i++ {
			in := (&Balance{}).Decide(c, newRNG(uint64(i)*7919+uint64(c)))
			if !in.Tie {
				t.Fatal("empty history is a tie")
			}
			if in.PreferYes {
				yes++
			}
			if in.WantFlip {
				flips++
			}
		}
		if p := float64(yes) / n; math.Abs(p-(1-rho)) > 0.015 {
			t.Errorf("%s: P(prefer yes) = %.3f, want %.3f", c, p, 1-rho)
		}
		wantFlip := 0.0
		if c.FlipSeeking() {
			wantFlip = FlipProbability
		}
		if p := float64(flips) / n; math.Abs(p-wantFlip) > 0.015 {
			t.Errorf("%s: P(flip) = %.3f, want %.2f", c, p, wantFlip)
		}
	}
}

// With a planner that skips 40% of slots and emits the opposite class in 3%,
// the running balance still drives the no-rate to the target.
func TestBalanceConverges(t *testing.T) {
	rng := newRNG(1)
	for _, c := range []Category{Occlusion, ContactWall, Feasibility, LeftRight} {
		b := &Balance{}
		for i := 0; i < 2000; i++ {
			in := b.Decide(c, rng)
			yes := in.PreferYes
			if rng.Float64() < 0.4 {
				continue
			}
			if rng.Float64() < 0.03 {
				yes = !yes
			}
			b.Record(c, yes)
		}
		rho, _ := c.TargetNoRate()
		got := float64(b.No[c]) / float64(b.No[c]+b.Yes[c])
		if math.Abs(got-rho) > 0.02 {
			t.Errorf("%s: no-rate %.3f, target %.2f", c, got, rho)
		}
	}
}
