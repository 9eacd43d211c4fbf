package planner

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// A category mix is the share of a split's questions each category should
// hold (issue 37). Without one the planner asks every category once per
// view and the split takes whatever share each category's yield gives
// (occlusion about 2 %, count-near 5 % of a train split). With one, the
// planner tracks the shares within each balance block (Balance.Questions)
// and, view by view,
//   - skips a category's slot while the category is over its share by more
//     than MixCapSlack (plus MixCapCushion questions), its share taken
//     among the categories that keep up with their targets (over), and
//   - gives a category under its share up to MixRounds more attempts on the
//     same view, each with its own seed and intent (Example.Round), unless
//     the last attempt ended for a reason no other seed changes (the view
//     has no occluder, no mover near a wall, …: structuralSkips).
// No margin, size rule or balance rule is relaxed for a round: a round is
// one more independent draw of the same planner.

// Mix constants (our choices, issue 37).
const (
	// MixRounds is the most extra attempts a category under its share gets
	// per view.
	MixRounds = 3
	// MixCapSlack and MixCapCushion: a category whose count k in the block
	// reaches (1+MixCapSlack)·share·n + MixCapCushion (n the block's
	// questions so far) skips its slots.
	MixCapSlack   = 0.10
	MixCapCushion = 1
)

// Mix is a target share per category; the shares of the categories a run
// asks sum to 1 (NewMix normalises). A category with share 0 is not asked.
type Mix [NumCategories]float64

// MixNames lists the named mixes ParseMix accepts besides category=share
// lists.
var MixNames = []string{"equal", "natural", "method"}

// ParseMix parses a --category-mix value for the given categories:
// "equal" (the same share each), "method" (the shares of the method's
// test split, MethodTestCounts), "natural" (no target: nil, every category
// once per view), or comma-separated category=weight pairs (weights are
// normalised; categories left out get 0 and are not asked).
func ParseMix(s string, cats []Category) (*Mix, error) {
	var w Mix
	switch s {
	case "natural":
		return nil, nil
	case "", "equal":
		for _, c := range cats {
			w[c] = 1
		}
	case "method":
		for _, c := range cats {
			w[c] = float64(MethodTestCounts[c])
		}
	default:
		seen := map[Category]bool{}
		for _, part := range strings.Split(s, ",") {
			name, num, ok := strings.Cut(strings.TrimSpace(part), "=")
			if !ok {
				return nil, fmt.Errorf("category mix %q: %q is not category=weight (or one of %s)", s, part, strings.Join(MixNames, ", "))
			}
			c, err := ParseCategory(name)
			if err != nil {
				return nil, fmt.Errorf("category mix %q: %w", s, err)
			}
			if seen[c] {
				return nil, fmt.Errorf("category mix %q: %s given twice", s, c)
			}
			seen[c] = true
			v, err := strconv.ParseFloat(num, 64)
			if err != nil || !(v >= 0) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("category mix %q: weight %q of %s must be a non-negative number", s, num, c)
			}
			inCats := false
			for _, k := range cats {
				inCats = inCats || k == c
			}
			if !inCats && v > 0 {
				return nil, fmt.Errorf("category mix %q: %s is not among the run's categories", s, c)
			}
			w[c] = v
		}
	}
	return w.normalised(s)
}

// normalised scales the weights to sum 1, or names the mix that has none.
func (w Mix) normalised(s string) (*Mix, error) {
	sum := 0.0
	for _, v := range w {
		sum += v
	}
	if !(sum > 0) {
		return nil, fmt.Errorf("category mix %q gives no category a positive share", s)
	}
	for i := range w {
		w[i] /= sum
	}
	return &w, nil
}

// String writes the mix as category=share pairs with three decimals.
func (m *Mix) String() string {
	if m == nil {
		return "natural"
	}
	var parts []string
	for c, v := range m {
		if v > 0 {
			parts = append(parts, fmt.Sprintf("%s=%.3f", Category(c), v))
		}
	}
	return strings.Join(parts, ",")
}

// Shares returns the mix as a map from category name to share (categories
// with share 0 left out), for manifests.
func (m *Mix) Shares() map[string]float64 {
	out := map[string]float64{}
	if m == nil {
		return out
	}
	for c, v := range m {
		if v > 0 {
			out[Category(c).String()] = v
		}
	}
	return out
}

// over reports whether category c is so far over its share in the block
// that its next slot is skipped. Categories under their share (under) do
// not hold the others back: the share a category may reach is its target
// scaled to the categories that keep up with theirs, so that those stay in
// the mix's proportions among themselves while the others take every
// question their extra rounds find. A cap against the whole block would
// bind every category to the yield of the scarcest one.
func (m *Mix) over(b *Balance, c Category) bool {
	if m == nil {
		return false
	}
	if m[c] == 0 {
		return true
	}
	n := b.total()
	keptK, keptT := 0, 0.0
	for k := range m {
		if m[k] > 0 && float64(b.Questions[k]) >= m[k]*float64(n) {
			keptK += b.Questions[k]
			keptT += m[k]
		}
	}
	if keptT == 0 {
		return false
	}
	return float64(b.Questions[c]) >= (1+MixCapSlack)*m[c]*float64(keptK)/keptT+MixCapCushion
}

// under reports whether category c is under its share in the block, so
// that it gets another attempt on the view: one more question would not
// take it more than one question over its share.
func (m *Mix) under(b *Balance, c Category) bool {
	if m == nil || m[c] == 0 {
		return false
	}
	return float64(b.Questions[c]) < m[c]*float64(b.total()+1)
}

// structuralSkips are the skip reasons that no other seed or intent on the
// same view changes (the view lacks the objects the category needs): a
// slot ending with one gets no extra round.
var structuralSkips = map[string]bool{
	"no_occluder": true, "no_occludee": true, "no_pair": true, "no_mover": true,
	"no_mover_near_wall": true, "pool_too_small": true, "no_rgb": true,
}
