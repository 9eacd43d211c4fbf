package real

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sort"
)

// SelectOptions configure Select.
type SelectOptions struct {
	// Test selects the test split (B.6); otherwise the training split
	// (B.7).
	Test bool
	// Seed orders candidates of equal standing.
	Seed int64
	// PerCategory caps the test questions of each category (0: as many
	// as balance allows).
	PerCategory int
	// Extended keeps the halved-margin questions in the training split
	// (B.7); the test split never has them.
	Extended bool
	// TextOnly holds the IDs of questions a text-only model answers
	// correctly (B.6's ordering check, optional): they are selected only
	// after all other questions of their category.
	TextOnly map[string]bool
}

// Select builds a split from the candidate questions of many pairs.
//
// Test (B.6): no borderline item (|d − T|/T ≥ 0.25 where the rule has a
// threshold, and a margin of at least 5 cm), one question per pair, an
// equal count per category as far as the pairs allow (round robin, the
// category with the fewest questions first), within each category at most
// 55 % no-change questions and 55 % of any single answer, at most 65 % of
// Left Right questions that the side-it-moved-toward shortcut answers,
// and yes/no answers trimmed to at most 55:45.
//
// Train (B.7): the same generation rules, every pair, and per pair the
// candidate with the largest margin in each category, marked and named
// (B.4.9) apart. Named questions take part in the test selection like
// any other, one question per pair.
func Select(cands []Question, opt SelectOptions) []Question {
	if !opt.Test {
		return selectTrain(cands, opt)
	}
	byCat := map[string][]Question{}
	for _, q := range cands {
		if q.Extended || borderline(&q) {
			continue
		}
		byCat[q.Spec.Category] = append(byCat[q.Spec.Category], q)
	}
	for c := range byCat {
		qs := byCat[c]
		sort.SliceStable(qs, func(i, j int) bool {
			ti, tj := opt.TextOnly[qs[i].ID], opt.TextOnly[qs[j].ID]
			if ti != tj {
				return !ti
			}
			hi, hj := orderKey(opt.Seed, qs[i].ID), orderKey(opt.Seed, qs[j].ID)
			if hi != hj {
				return hi < hj
			}
			return qs[i].ID < qs[j].ID
		})
	}
	sel := map[string]*tally{}
	for _, c := range Categories {
		sel[c] = &tally{}
	}
	usedPair := map[string]bool{}
	next := map[string]int{}
	for {
		added := false
		order := slices.Clone(Categories)
		sort.SliceStable(order, func(i, j int) bool { return len(sel[order[i]].qs) < len(sel[order[j]].qs) })
		for _, c := range order {
			t := sel[c]
			if opt.PerCategory > 0 && len(t.qs) >= opt.PerCategory {
				continue
			}
			for next[c] < len(byCat[c]) {
				q := byCat[c][next[c]]
				next[c]++
				if usedPair[q.PairID] || !t.admits(&q) {
					continue
				}
				t.add(q)
				usedPair[q.PairID] = true
				added = true
				break
			}
		}
		if !added {
			break
		}
	}
	for _, c := range Categories {
		sel[c].trim()
	}
	trimYesNo(sel)
	var out []Question
	for _, c := range Categories {
		out = append(out, sel[c].qs...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// borderline is B.6's test: a threshold rule must clear T by 25 % of T,
// and every metric rule by 5 cm; Occlusion has no metric margin.
func borderline(q *Question) bool {
	if q.Spec.Category == CatOcclusion {
		return false // eq. 57 bounds areas and overlaps, not a distance
	}
	if q.Spec.T > 0 && q.RelMargin < BorderlineRel {
		return true
	}
	return q.MarginCleared < BorderlineAbs
}

func orderKey(seed int64, id string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s", seed, id)
	return h.Sum64()
}

// tally is one category's selected questions in selection order.
type tally struct {
	qs []Question
}

// isYesNo reports whether a question's choices are yes and no.
func isYesNo(q *Question) bool { return slices.Equal(q.Choices, yesNo) }

// shares counts a category's no-change questions, answers and shortcut
// answers.
func shares(qs []Question) (noChange int, answers map[string]int, shortcut int) {
	answers = map[string]int{}
	for _, q := range qs {
		if !q.Changed {
			noChange++
		}
		answers[q.Answer]++
		if q.Spec.Category == CatLeftRight && q.Shortcut {
			shortcut++
		}
	}
	return
}

// capOf is the most of n items a share cap allows during selection: one
// more than the cap, so that a yes/no category can pass through odd
// counts (2 of 3 is 67 %); trim removes the excess at the end.
func capOf(share float64, n int) int { return int(math.Floor(share*float64(n)+1e-9)) + 1 }

// admits reports whether adding q keeps the category within one item of
// B.6's caps.
func (t *tally) admits(q *Question) bool {
	n := len(t.qs) + 1
	nc, ans, sc := shares(t.qs)
	if !q.Changed && nc+1 > capOf(MaxNoChangeShare, n) {
		return false
	}
	if ans[q.Answer]+1 > capOf(MaxAnswerShare, n) {
		return false
	}
	return !(q.Spec.Category == CatLeftRight && q.Shortcut && sc+1 > capOf(MaxShortcutShare, n))
}

func (t *tally) add(q Question) { t.qs = append(t.qs, q) }

// trim removes the last-selected items that break a cap until none does.
func (t *tally) trim() {
	for len(t.qs) > 0 {
		n := len(t.qs)
		nc, ans, sc := shares(t.qs)
		drop := func(pred func(*Question) bool) bool {
			for i := n - 1; i >= 0; i-- {
				if pred(&t.qs[i]) {
					t.qs = slices.Delete(t.qs, i, i+1)
					return true
				}
			}
			return false
		}
		switch {
		case float64(nc) > MaxNoChangeShare*float64(n) && n > 1:
			drop(func(q *Question) bool { return !q.Changed })
			continue
		case float64(sc) > MaxShortcutShare*float64(n) && n > 1:
			drop(func(q *Question) bool { return q.Shortcut })
			continue
		}
		over := ""
		for a, k := range ans {
			if float64(k) > MaxAnswerShare*float64(n) && n > 1 && (over == "" || a < over) {
				over = a
			}
		}
		if over == "" {
			return
		}
		drop(func(q *Question) bool { return q.Answer == over })
	}
}

// trimYesNo drops last-selected yes/no items of the majority answer, from
// the largest category first, until yes/no answers are at most 55:45.
func trimYesNo(sel map[string]*tally) {
	for {
		yes, no := 0, 0
		for _, t := range sel {
			for _, q := range t.qs {
				if isYesNo(&q) {
					if q.Answer == "A" {
						yes++
					} else {
						no++
					}
				}
			}
		}
		n := yes + no
		if n == 0 || (float64(yes) <= MaxYesShare*float64(n) && float64(no) <= MaxYesShare*float64(n)) {
			return
		}
		major := "A"
		if no > yes {
			major = "B"
		}
		var best *tally
		for _, c := range Categories {
			t := sel[c]
			if slices.ContainsFunc(t.qs, func(q Question) bool { return isYesNo(&q) && q.Answer == major }) &&
				(best == nil || len(t.qs) > len(best.qs)) {
				best = t
			}
		}
		for i := len(best.qs) - 1; i >= 0; i-- {
			if isYesNo(&best.qs[i]) && best.qs[i].Answer == major {
				best.qs = slices.Delete(best.qs, i, i+1)
				break
			}
		}
		best.trim()
	}
}

// selectTrain keeps, per pair and category, the candidate with the largest
// margin (ties by ID).
func selectTrain(cands []Question, opt SelectOptions) []Question {
	best := map[string]Question{}
	for _, q := range cands {
		if q.Extended && !opt.Extended {
			continue
		}
		k := q.PairID + "\x00" + q.Spec.Category
		if q.Named {
			k += "\x00named"
		}
		if b, ok := best[k]; !ok || q.MarginCleared > b.MarginCleared || (q.MarginCleared == b.MarginCleared && q.ID < b.ID) {
			best[k] = q
		}
	}
	out := make([]Question, 0, len(best))
	for _, q := range best {
		out = append(out, q)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// CheckCaps reports the first of B.6's caps a test split breaks, or nil:
// one question per pair, the per-category no-change, answer and shortcut
// caps, and yes/no at most 55:45.
func CheckCaps(qs []Question) error {
	pairs := map[string]bool{}
	byCat := map[string][]Question{}
	yes, no := 0, 0
	for _, q := range qs {
		if pairs[q.PairID] {
			return fmt.Errorf("pair %s has two questions", q.PairID)
		}
		pairs[q.PairID] = true
		byCat[q.Spec.Category] = append(byCat[q.Spec.Category], q)
		if isYesNo(&q) {
			if q.Answer == "A" {
				yes++
			} else {
				no++
			}
		}
	}
	for c, cq := range byCat {
		n := float64(len(cq))
		if len(cq) < 2 {
			continue
		}
		nc, ans, sc := shares(cq)
		if float64(nc) > MaxNoChangeShare*n {
			return fmt.Errorf("%s: %d of %d no-change", c, nc, len(cq))
		}
		for a, k := range ans {
			if float64(k) > MaxAnswerShare*n {
				return fmt.Errorf("%s: answer %s on %d of %d", c, a, k, len(cq))
			}
		}
		if float64(sc) > MaxShortcutShare*n {
			return fmt.Errorf("%s: shortcut answers %d of %d", c, sc, len(cq))
		}
	}
	if n := float64(yes + no); n > 0 && (float64(yes) > MaxYesShare*n || float64(no) > MaxYesShare*n) {
		return fmt.Errorf("yes/no %d:%d", yes, no)
	}
	return nil
}
