package simsource

import (
	"fmt"
	"slices"
	"strings"

	"flowbench/real"
)

// Report aggregates verdicts per noise level and category.
type Report struct {
	// Cells holds the counts by noise level, then category.
	Cells map[string]map[string]*Cell
	// Pairs, Skipped count the pairs checked and those that yielded no
	// question, by noise level.
	Pairs   map[string]int
	Skipped map[string]int
	// Seed is the run's seed, for PlotPNG's title (the caller sets it).
	Seed   int64
	levels []string
}

// Cell counts the verdicts of one category at one noise level.
type Cell struct {
	Questions int // questions emitted
	Agree     int // answers that agree with the truth
	Unmapped  int // questions naming an object no truth object matches
	Changed   int // flipped questions (the rest are no-change, B.4.8)
}

// NewReport returns an empty report.
func NewReport() *Report {
	return &Report{Cells: map[string]map[string]*Cell{}, Pairs: map[string]int{}, Skipped: map[string]int{}}
}

func (r *Report) level(noise string) map[string]*Cell {
	m, ok := r.Cells[noise]
	if !ok {
		m = map[string]*Cell{}
		r.Cells[noise] = m
		r.levels = append(r.levels, noise)
	}
	return m
}

// AddPair counts one checked pair of a noise level and its verdicts; a pair
// with no verdicts counts as skipped.
func (r *Report) AddPair(noise string, vs []Verdict) {
	m := r.level(noise)
	r.Pairs[noise]++
	if len(vs) == 0 {
		r.Skipped[noise]++
	}
	for _, v := range vs {
		c, ok := m[v.Category]
		if !ok {
			c = &Cell{}
			m[v.Category] = c
		}
		c.Questions++
		if v.Agree {
			c.Agree++
		}
		if !v.Mapped {
			c.Unmapped++
		}
		if v.Changed {
			c.Changed++
		}
	}
}

// Agreement returns the share of agreeing answers of a category at a level
// ("" for all categories) and the number of questions.
func (r *Report) Agreement(noise, category string) (float64, int) {
	q, a := 0, 0
	for cat, c := range r.Cells[noise] {
		if category == "" || cat == category {
			q += c.Questions
			a += c.Agree
		}
	}
	if q == 0 {
		return 0, 0
	}
	return float64(a) / float64(q), q
}

// Markdown prints the report as a table: a row per category and a column
// per noise level, each cell "agreement % (questions)", then the totals and
// questions per pair.
func (r *Report) Markdown() string {
	levels := slices.Clone(r.levels)
	order := map[string]int{}
	for i, l := range NoiseLevels {
		order[l.String()] = i
	}
	slices.SortStableFunc(levels, func(a, b string) int { return order[a] - order[b] })
	var b strings.Builder
	b.WriteString("| category |")
	for _, l := range levels {
		fmt.Fprintf(&b, " %s |", l)
	}
	b.WriteString("\n|---|")
	for range levels {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	cell := func(noise, cat string) string {
		ag, n := r.Agreement(noise, cat)
		if n == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f %% (%d)", 100*ag, n)
	}
	for _, cat := range real.Categories {
		fmt.Fprintf(&b, "| %s |", cat)
		for _, l := range levels {
			fmt.Fprintf(&b, " %s |", cell(l, cat))
		}
		b.WriteString("\n")
	}
	b.WriteString("| **all** |")
	for _, l := range levels {
		fmt.Fprintf(&b, " %s |", cell(l, ""))
	}
	b.WriteString("\n| questions / pair |")
	for _, l := range levels {
		_, n := r.Agreement(l, "")
		fmt.Fprintf(&b, " %.2f (%d pairs, %d skipped) |", float64(n)/float64(max(1, r.Pairs[l])), r.Pairs[l], r.Skipped[l])
	}
	b.WriteString("\n")
	return b.String()
}
