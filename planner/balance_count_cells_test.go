package planner

import (
	"slices"
	"testing"
)

// A count-near (τ, answer) cell at CountTauMaxShare of its τ's questions is
// blocked unless the answer is among the least used at that τ; Decide
// passes the blocked cells to the count-near intent, and only to it.
func TestBlockedCountCells(t *testing.T) {
	t1 := slices.Index(CountTauGrid, 1.0)
	if t1 < 0 || !slices.Equal(CountAnswers, []int{2, 3, 4, 5}) {
		t.Fatalf("grids changed: τ %v, answers %v", CountTauGrid, CountAnswers)
	}
	b := &Balance{}
	b.CountTaus[0][t1], b.CountTaus[1][t1] = 3, 1 // "2" three times, "3" once at τ = 1.00
	got := b.blockedCountCells()
	want := []string{countCellKey(1.0, 2), countCellKey(1.0, 3)}
	if !slices.Equal(got, want) {
		t.Fatalf("blocked %v, want %v", got, want)
	}
	// With "4" and "5" used once each, "3" is among the least used again;
	// "2" (3 of 6) stays blocked.
	b.CountTaus[2][t1], b.CountTaus[3][t1] = 1, 1
	if got := b.blockedCountCells(); !slices.Equal(got, []string{countCellKey(1.0, 2)}) {
		t.Fatalf("blocked %v, want only τ 1 answer 2", got)
	}
	b.CountValues = [numCountAnswers]int{4, 1, 1, 1}
	in := b.Decide(CountNear, newRNG(1))
	if !in.countCellBlocked(1.0, 2) || in.countCellBlocked(1.0, 3) || in.countCellBlocked(1.25, 2) {
		t.Fatalf("count-near intent blocks %v", in.BlockedCells)
	}
	if in := b.Decide(ClosestThree, newRNG(1)); in.BlockedCells != nil {
		t.Fatalf("closest-three intent blocks %v", in.BlockedCells)
	}
}
