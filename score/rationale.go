package score

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"flowbench/planner"
)

// Judge decides each item about one rationale: true when the rationale
// satisfies it. RuleJudge is deterministic and offline; LLMJudge asks a
// model, as CausalPhys does.
type Judge interface {
	Judge(ctx context.Context, q *Question, rationale string, items []JudgeItem) ([]bool, error)
}

// RationaleStat is the mean of EF, DC and RA over scored rationales.
type RationaleStat struct {
	Rationales int     `json:"rationales"`
	EF         float64 `json:"ef"`
	DC         float64 `json:"dc"`
	RA         float64 `json:"ra"`
}

// RationaleCategory is one category's rationale scores.
type RationaleCategory struct {
	Name string `json:"name"`
	RationaleStat
}

// RationaleResult is the rationale scoring of one predictions file.
type RationaleResult struct {
	Judge      string              `json:"judge"`
	Categories []RationaleCategory `json:"categories"` // sorted by name
	Avg        RationaleStat       `json:"avg"`        // over all rationales
	// Failed counts rationales the judge could not score (an error or an
	// unreadable verdict); they are left out of the means.
	Failed   int      `json:"failed"`
	Failures []string `json:"failures,omitempty"` // the first few reasons
	// NoGraph counts predictions whose question has no causal graph.
	NoGraph int `json:"no_graph"`
}

// maxFailureReasons bounds the reasons kept in a RationaleResult.
const maxFailureReasons = 10

// ScoreRationales scores the reply of every prediction on a question of qs
// against that question's causal graph: per reply EF = share of nodes
// mentioned, DC = share of attributes and events described correctly, RA =
// share of edges stated (CausalPhys eqs. 3-5), then averaged per category
// and over all replies. Predictions for ids outside qs are ignored.
func ScoreRationales(ctx context.Context, qs []Question, preds []Prediction, judge Judge, judgeName string) (*RationaleResult, error) {
	byID := make(map[string]*Question, len(qs))
	for i := range qs {
		byID[qs[i].ID] = &qs[i]
	}
	res := &RationaleResult{Judge: judgeName}
	sums := map[string]*RationaleStat{}
	for _, p := range preds {
		q, ok := byID[p.ID]
		if !ok {
			continue
		}
		if q.CausalGraph == "" {
			res.NoGraph++
			continue
		}
		g, err := planner.ParseCausalGraph(q.CausalGraph)
		if err != nil {
			return nil, fmt.Errorf("question %s: %v", q.ID, err)
		}
		items := JudgeItems(g)
		verdicts, err := judge.Judge(ctx, q, p.Response, items)
		if err == nil && len(verdicts) != len(items) {
			err = fmt.Errorf("judge returned %d verdicts for %d items", len(verdicts), len(items))
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			res.Failed++
			if len(res.Failures) < maxFailureReasons {
				res.Failures = append(res.Failures, fmt.Sprintf("%s (shuffle %d): %v", q.ID, p.Shuffle, err))
			}
			continue
		}
		s := itemScores(items, verdicts)
		for _, name := range []string{q.Category, ""} {
			t := sums[name]
			if t == nil {
				t = &RationaleStat{}
				sums[name] = t
			}
			t.Rationales++
			t.EF += s.EF
			t.DC += s.DC
			t.RA += s.RA
		}
	}
	for name, t := range sums {
		t.EF, t.DC, t.RA = t.EF/float64(t.Rationales), t.DC/float64(t.Rationales), t.RA/float64(t.Rationales)
		if name == "" {
			res.Avg = *t
			continue
		}
		res.Categories = append(res.Categories, RationaleCategory{Name: name, RationaleStat: *t})
	}
	sort.Slice(res.Categories, func(i, j int) bool { return res.Categories[i].Name < res.Categories[j].Name })
	return res, nil
}

// itemScores turns one rationale's verdicts into its EF, DC and RA; a
// metric with no items (a graph without edges) scores 0.
func itemScores(items []JudgeItem, verdicts []bool) RationaleStat {
	var hit, all [3]float64
	for i, it := range items {
		k := map[string]int{MetricEF: 0, MetricDC: 1, MetricRA: 2}[it.Metric]
		all[k]++
		if verdicts[i] {
			hit[k]++
		}
	}
	ratio := func(k int) float64 {
		if all[k] == 0 {
			return 0
		}
		return hit[k] / all[k]
	}
	return RationaleStat{Rationales: 1, EF: ratio(0), DC: ratio(1), RA: ratio(2)}
}

// writeMarkdown appends the rationale table (scores in %).
func (r *RationaleResult) writeMarkdown(b *strings.Builder) {
	fmt.Fprintf(b, "\n## Rationales (judge: %s)\n\n", r.Judge)
	fmt.Fprintf(b, "CausalPhys metrics of the replies' reasoning against each question's causal graph (%%): EF entities mentioned, DC attributes and events described correctly, RA cause → effect edges stated. %d replies scored, %d the judge could not score, %d without a causal graph.\n\n",
		r.Avg.Rationales, r.Failed, r.NoGraph)
	b.WriteString("| Category | n | EF | DC | RA |\n|---|---:|---:|---:|---:|\n")
	for _, c := range r.Categories {
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s |\n", DisplayName(c.Name), c.Rationales, pct(c.EF), pct(c.DC), pct(c.RA))
	}
	fmt.Fprintf(b, "| Avg | %d | %s | %s | %s |\n", r.Avg.Rationales, pct(r.Avg.EF), pct(r.Avg.DC), pct(r.Avg.RA))
	for _, f := range r.Failures {
		fmt.Fprintf(b, "\n- not scored: %s", f)
	}
	if len(r.Failures) > 0 {
		b.WriteString("\n")
	}
}
