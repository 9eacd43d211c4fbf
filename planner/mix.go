package planner

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"flowbench/internal/bound"
)

// A category mix is the share of a split's questions each category should
// hold (issue 37). Without one ("natural", the default) the planner asks
// every category once per view and the split takes whatever share each
// category's yield gives. With one, the planner counts the questions per
// category within each balance block (Balance.Questions) and skips a
// category's slot while the category is over its share by more than
// MixCapSlack (once it holds one question in the block), its share taken
// among the categories that are not starved (over). A category under its
// share cannot be raised this way: every planner already searches its view
// exhaustively (another seed on the same view repeats the same failures;
// docs/planner.md, "Category mix"), so such a category is reported short
// in the manifest instead. No margin, size rule or balance rule is relaxed.

// Mix constants (our choices, issue 37): a category whose count k in the
// block reaches max(1, (1+MixCapSlack)·share·n) skips its slots, n being
// the questions of the categories that are not starved, scaled by their
// targets (over).
const (
	MixCapSlack = 0.10
	// MixShortShare: a category under this fraction of its target share is
	// starved (over leaves it out of the scaling; the manifest reports it
	// short).
	MixShortShare = 0.5
)

// Mix is a target share per category; the shares of the categories a run
// asks sum to 1 (ParseMix normalises). A category with share 0 is not
// asked.
type Mix [NumCategories]float64

// MixNames lists the named mixes ParseMix accepts besides category=share
// lists.
var MixNames = []string{"equal", "natural", "method"}

// MaxMixWeight bounds each weight of a --category-mix value (weights are
// relative; the method's counts, the largest used, are at most 117).
const MaxMixWeight = 1e6

// ParseMix parses a --category-mix value for the given categories:
// "natural" or "" (no target: nil, every category once per view), "equal"
// (the same share each), "method" (the shares of the method's test split,
// MethodTestCounts), or comma-separated category=weight pairs (weights are
// normalised; categories left out get 0 and are not asked).
func ParseMix(s string, cats []Category) (*Mix, error) {
	var w Mix
	switch s {
	case "", "natural":
		return nil, nil
	case "equal":
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
				return nil, fmt.Errorf("%s is not category=weight (or one of %s)", bound.Quote(part), strings.Join(MixNames, ", "))
			}
			c, err := ParseCategory(name)
			if err != nil {
				return nil, err
			}
			if seen[c] {
				return nil, fmt.Errorf("%s is given twice", c)
			}
			seen[c] = true
			v, err := strconv.ParseFloat(num, 64)
			if err != nil || !(v >= 0) || v > MaxMixWeight {
				return nil, fmt.Errorf("weight %s of %s must be a number in 0..%g", bound.Quote(num), c, float64(MaxMixWeight))
			}
			inCats := false
			for _, k := range cats {
				inCats = inCats || k == c
			}
			if !inCats && v > 0 {
				return nil, fmt.Errorf("%s is not among the run's categories", c)
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
		return nil, fmt.Errorf("%s gives no category a positive share", bound.Quote(s))
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
// that its next slot is skipped. Starved categories (under MixShortShare of
// their target share) do not hold the others back: the share a category
// may reach is its target scaled to the categories that are not starved, so
// that those stay in the mix's proportions among themselves while a starved
// one takes every question its planner finds. A cap against the whole
// block would bind every category to the yield of the scarcest one.
func (m *Mix) over(b *Balance, c Category) bool {
	if m == nil {
		return false
	}
	if m[c] == 0 {
		return true // not asked
	}
	k := float64(b.Questions[c])
	return k >= 1 && k >= m.limit(b, c)
}

// limit is the count at which category c is capped: (1+MixCapSlack) times
// its share of the block's questions of the categories that are not
// starved, scaled by their summed target shares (+Inf when every category
// is starved).
func (m *Mix) limit(b *Balance, c Category) float64 {
	n := b.total()
	keptK, keptT := 0, 0.0
	for k := range m {
		if m[k] > 0 && float64(b.Questions[k]) >= MixShortShare*m[k]*float64(n) {
			keptK += b.Questions[k]
			keptT += m[k]
		}
	}
	if keptT == 0 {
		return math.Inf(1)
	}
	return (1 + MixCapSlack) * m[c] * float64(keptK) / keptT
}
