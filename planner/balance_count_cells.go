package planner

import (
	"fmt"
	"slices"
)

// CountTauMaxShare is the share of a τ's count-near answers one answer may
// reach (counting the one being planned) before the (τ, answer) cell is
// blocked, unless the answer is among the least used at that τ (our
// choice, issue 13). The per-block answer cap (CountMaxShare) keeps the
// answers even overall, but not per τ: a small τ mostly gives small
// counts, and on 100 train houses at 512 px τ = 1.00 gave "2" on 43 % of
// its questions, so a text tree reading τ and the offered count reached
// 36 % against 25 % chance. A share cap, unlike a count slack, does not add
// up over balance blocks.
const CountTauMaxShare = 0.30

// countCellKey names a count-near (τ, answer) cell.
func countCellKey(tau float64, n int) string { return fmt.Sprintf("%g|%d", tau, n) }

// blockedCountCells lists the count-near (τ, answer) cells at
// CountTauMaxShare of their τ's questions so far, the least used answers
// of each τ excepted, in grid order.
func (b *Balance) blockedCountCells() []string {
	var out []string
	for t, tau := range CountTauGrid {
		total, least := 0, -1
		for v := range CountAnswers {
			n := b.CountTaus[v][t]
			total += n
			if least < 0 || n < least {
				least = n
			}
		}
		for v, ans := range CountAnswers {
			n := b.CountTaus[v][t]
			if n > least && float64(n+1) > CountTauMaxShare*float64(total+1) {
				out = append(out, countCellKey(tau, ans))
			}
		}
	}
	return out
}

// countCellBlocked reports whether the intent blocks count-near answer n
// at τ.
func (in Intent) countCellBlocked(tau float64, n int) bool {
	return slices.Contains(in.BlockedCells, countCellKey(tau, n))
}
