package planner

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// CategoryStats are the statistics of one category over a set of examples.
type CategoryStats struct {
	Category   string         `json:"category"`
	Count      int            `json:"count"`
	Chance     float64        `json:"chance"`
	NoRate     *float64       `json:"no_rate,omitempty"`     // yes/no categories
	TargetNo   *float64       `json:"target_no,omitempty"`   // ρ_no
	FlipRate   *float64       `json:"flip_rate,omitempty"`   // flip-seeking categories
	ChangeRate *float64       `json:"change_rate,omitempty"` // examples with a before answer
	Letters    map[string]int `json:"letters"`               // answer letters (each letter of a set counts)
	MaxLetter  float64        `json:"max_letter_share"`      // largest letter share
	// Share is the category's share of the examples; Target the share
	// the generator's category mix aimed at (SetTargets; nil: none).
	Share  float64  `json:"share"`
	Target *float64 `json:"target_share,omitempty"`
}

// StatsReport summarises a set of examples (issue item 7).
type StatsReport struct {
	Total      int             `json:"total"`
	Categories []CategoryStats `json:"categories"`
	// ChanceOverall is the mean of the per-example chance, i.e. the accuracy
	// of uniform guessing at this category mix.
	ChanceOverall float64 `json:"chance_overall"`
}

// Stats computes per-category counts, yes/no rates against the targets,
// flip rates, the answer-letter distribution and chance levels.
func Stats(examples []Example) StatsReport {
	var rep StatsReport
	by := map[Category][]*Example{}
	for i := range examples {
		ex := &examples[i]
		cat := ex.Category
		if ex.CategoryName != "" {
			if c, err := ParseCategory(ex.CategoryName); err == nil {
				cat = c
			}
		}
		by[cat] = append(by[cat], ex)
		rep.Total++
		rep.ChanceOverall += cat.Chance()
	}
	if rep.Total > 0 {
		rep.ChanceOverall /= float64(rep.Total)
	}
	for c := Category(0); c < NumCategories; c++ {
		exs := by[c]
		if len(exs) == 0 {
			continue
		}
		cs := CategoryStats{Category: c.String(), Count: len(exs), Chance: c.Chance(), Letters: map[string]int{},
			Share: float64(len(exs)) / float64(rep.Total)}
		letters := 0
		nNo, nFlip, nBefore, nChanged := 0, 0, 0, 0
		for _, ex := range exs {
			for _, r := range ex.Answer {
				cs.Letters[string(r)]++
				letters++
			}
			if ex.BeforeAnswer != "" {
				nBefore++
				if ex.Changed {
					nChanged++
				}
			}
			if ex.Flip {
				nFlip++
			}
			if _, ok := c.TargetNoRate(); ok && ex.Answer != yesLetter(ex) {
				nNo++
			}
		}
		if rho, ok := c.TargetNoRate(); ok {
			r := float64(nNo) / float64(len(exs))
			cs.NoRate, cs.TargetNo = &r, &rho
		}
		if c.FlipSeeking() {
			r := float64(nFlip) / float64(len(exs))
			cs.FlipRate = &r
		}
		if nBefore > 0 {
			r := float64(nChanged) / float64(nBefore)
			cs.ChangeRate = &r
		}
		for _, n := range cs.Letters {
			cs.MaxLetter = max(cs.MaxLetter, float64(n)/float64(letters))
		}
		rep.Categories = append(rep.Categories, cs)
	}
	return rep
}

// String renders the report as an aligned table.
// SetTargets records the target share of each category by name (the
// manifest's category mix); categories left out keep none.
func (r *StatsReport) SetTargets(target map[string]float64) {
	for i := range r.Categories {
		if t, ok := target[r.Categories[i].Category]; ok {
			r.Categories[i].Target = &t
		}
	}
}

func (r StatsReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-14s %6s %6s %6s %7s %8s %8s %7s %7s  %s\n", "category", "count", "share", "aim", "chance", "no_rate", "target", "flip", "maxlet", "letters")
	for _, c := range r.Categories {
		opt := func(p *float64) string {
			if p == nil {
				return "-"
			}
			return fmt.Sprintf("%.3f", *p)
		}
		keys := make([]string, 0, len(c.Letters))
		for k := range c.Letters {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var ls []string
		for _, k := range keys {
			ls = append(ls, fmt.Sprintf("%s:%d", k, c.Letters[k]))
		}
		fmt.Fprintf(&b, "%-14s %6d %6.3f %6s %7.3f %8s %8s %7s %7.3f  %s\n", c.Category, c.Count, c.Share, opt(c.Target), c.Chance, opt(c.NoRate), opt(c.TargetNo), opt(c.FlipRate), c.MaxLetter, strings.Join(ls, " "))
	}
	fmt.Fprintf(&b, "total %d, chance overall %.3f\n", r.Total, r.ChanceOverall)
	return b.String()
}

// Acceptance tolerances of the dataset statistics (issue item 7).
const (
	NoRateTolerance   = 0.05 // |no-rate − ρ_no| once a category has MinForNoRate questions
	MinForNoRate      = 200
	FlipTolerance     = 0.10 // |flip rate − π_flip| for flip-seeking categories
	MaxLetterShare4   = 0.35 // no answer letter above this share for 4-way questions
	minForFlipOrShare = 50   // flip and letter checks start at this many questions
)

// Problems lists the statistics that miss the acceptance tolerances, in
// category order; empty when all pass. Checks start once a category has
// enough questions to be meaningful (200 for no-rates, 50 otherwise).
func (r StatsReport) Problems() []string {
	var out []string
	for _, c := range r.Categories {
		cat, _ := ParseCategory(c.Category)
		if c.NoRate != nil && c.Count >= MinForNoRate && math.Abs(*c.NoRate-*c.TargetNo) > NoRateTolerance {
			out = append(out, fmt.Sprintf("%s: no-rate %.3f, target %.2f ± %.2f", c.Category, *c.NoRate, *c.TargetNo, NoRateTolerance))
		}
		if c.FlipRate != nil && c.Count >= minForFlipOrShare && math.Abs(*c.FlipRate-FlipProbability) > FlipTolerance {
			out = append(out, fmt.Sprintf("%s: flip rate %.3f, target %.2f ± %.2f", c.Category, *c.FlipRate, FlipProbability, FlipTolerance))
		}
		if cat.NumChoices() == 4 && c.Count >= minForFlipOrShare && c.MaxLetter > MaxLetterShare4 {
			out = append(out, fmt.Sprintf("%s: an answer letter has share %.3f > %.2f", c.Category, c.MaxLetter, MaxLetterShare4))
		}
		if c.Target != nil && c.Share < MixShortShare**c.Target {
			out = append(out, fmt.Sprintf("%s: share %.3f of the questions, under half its target share %.3f", c.Category, c.Share, *c.Target))
		}
	}
	return out
}
