package score

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Report gathers the results written by the report writers.
type Report struct {
	Mode   Mode       `json:"mode"`             // mode of Motion: 1A or 1B
	Motion *Result    `json:"motion"`           // predictions with the motion (1A/1B)
	Static *Result    `json:"static,omitempty"` // 2A predictions, when given
	Gap    *GapResult `json:"imagination_gap,omitempty"`
	// Rationales scores the replies' reasoning against the causal graphs
	// (score --rationales).
	Rationales *RationaleResult `json:"rationales,omitempty"`
}

// shortNames are Table 1's column names for the simulated categories.
var shortNames = map[string]string{
	"closer_to": "Closer", "closest_three": "Closest-3", "contact_wall": "Wall", "count_near": "Count",
	"feasibility": "Feasible", "left_right": "Left/Right", "near_object": "Near", "occlusion": "Occlusion",
	"depth_order": "Depth",
}

// DisplayName returns Table 1's column name of a category, or the name itself.
func DisplayName(category string) string {
	if s, ok := shortNames[category]; ok {
		return s
	}
	return category
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

func signed(x float64) string {
	s := pct(x)
	if x >= 0 {
		s = "+" + s
	}
	return s
}

// WriteJSON writes the report as indented JSON (accuracies as fractions).
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// WriteMarkdown writes the report as markdown tables (accuracies in %).
func (rep *Report) WriteMarkdown(w io.Writer) error {
	m := rep.Motion
	var b strings.Builder
	fmt.Fprintf(&b, "# FlowBench accuracy: split %s, %d questions × %d shuffles\n\n", m.Split, m.Questions, m.Shuffles)
	rows := []struct {
		label string
		r     *Result
	}{{string(rep.Mode), m}}
	if rep.Static != nil {
		rows = append(rows, struct {
			label string
			r     *Result
		}{"2A", rep.Static})
	}
	for _, row := range rows {
		fmt.Fprintf(&b, "- %s: %d answers scored; %d of %d (question, shuffle) pairs had no prediction and %d replies were unreadable (both counted wrong).\n",
			row.label, row.r.Answers, row.r.Missing, row.r.Questions*row.r.Shuffles, row.r.Unreadable)
	}
	b.WriteString("\nAccuracy (%), mean ± std over shuffles; CI is the Wilson 95% interval of the mean over questions.\n\n")
	b.WriteString("| |")
	for _, c := range m.Categories {
		fmt.Fprintf(&b, " %s |", DisplayName(c.Name))
	}
	b.WriteString(" Avg | Cat-avg |\n|---|")
	b.WriteString(strings.Repeat("---:|", len(m.Categories)+2) + "\n")
	b.WriteString("| Chance |")
	for _, c := range m.Categories {
		fmt.Fprintf(&b, " %s |", pct(c.Chance))
	}
	fmt.Fprintf(&b, " %s | %s |\n", pct(m.Avg.Chance), pct(m.CatAvg.Chance))
	b.WriteString("| n |")
	for _, c := range m.Categories {
		fmt.Fprintf(&b, " %d |", c.N)
	}
	fmt.Fprintf(&b, " %d | %d |\n", m.Avg.N, m.CatAvg.N)
	for _, row := range rows {
		r := row.r
		fmt.Fprintf(&b, "| %s |", row.label)
		for _, c := range r.Categories {
			fmt.Fprintf(&b, " %s ± %s |", pct(c.Mean), pct(c.Std))
		}
		fmt.Fprintf(&b, " %s ± %s | %s ± %s |\n", pct(r.Avg.Mean), pct(r.Avg.Std), pct(r.CatAvg.Mean), pct(r.CatAvg.Std))
		fmt.Fprintf(&b, "| %s CI |", row.label)
		for _, c := range r.Categories {
			fmt.Fprintf(&b, " %s–%s |", pct(c.CI.Lo), pct(c.CI.Hi))
		}
		fmt.Fprintf(&b, " %s–%s | |\n", pct(r.Avg.CI.Lo), pct(r.Avg.CI.Hi))
	}
	if g := rep.Gap; g != nil {
		fmt.Fprintf(&b, "| Δ 2A−%s |", rep.Mode)
		for _, c := range m.Categories {
			fmt.Fprintf(&b, " %s |", signed(g.Categories[c.Name]))
		}
		fmt.Fprintf(&b, " %s | %s |\n", signed(g.Avg), signed(g.CatAvg))
	}
	for _, row := range rows {
		r := row.r
		fmt.Fprintf(&b, "\n## %s breakdown\n\n| Group | n | Accuracy (%%) | 95%% CI | Chance (%%) |\n|---|---:|---:|---:|---:|\n", row.label)
		groups := []struct {
			name string
			s    Stat
		}{{"Changed", r.Changed}, {"Unchanged", r.Unchanged},
			{fmt.Sprintf("Short motion (< %.2f m)", r.ShortMotion), r.Short}, {fmt.Sprintf("Long motion (≥ %.2f m)", r.ShortMotion), r.Long}}
		for _, g := range groups {
			fmt.Fprintf(&b, "| %s | %d | %s ± %s | %s |%s |\n", g.name, g.s.N, pct(g.s.Mean), pct(g.s.Std), ciText(g.s.CI), " "+pct(g.s.Chance))
		}
		fmt.Fprintf(&b, "\nGap (Unchanged − Changed): %s points; Gap_mix (categories holding both kinds): %s points.\n", signed(r.Gap), signed(r.GapMix))
		st := r.Stale
		fmt.Fprintf(&b, "Stale rate: %d of %d readable wrong answers on %d changed multi-choice questions equal the before-motion answer = %s%% (CI %s), chance %s%%.\n",
			st.Stale, st.Wrong, st.Questions, pct(st.Rate), ciText(st.CI), pct(st.Chance))
	}
	if rep.Rationales != nil {
		rep.Rationales.writeMarkdown(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func ciText(ci *Interval) string {
	if ci == nil {
		return "–"
	}
	return pct(ci.Lo) + "–" + pct(ci.Hi)
}

// WriteCSV writes one row per (setting, group): accuracies as fractions.
// Columns: setting, group, name, n, mean, std, ci_lo, ci_hi, chance,
// shuffle_0, shuffle_1, ….
func (rep *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	m := rep.Motion
	head := []string{"setting", "group", "name", "n", "mean", "std", "ci_lo", "ci_hi", "chance"}
	for s := range m.Shuffles {
		head = append(head, fmt.Sprintf("shuffle_%d", s))
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	put := func(rec []string) error {
		for len(rec) < len(head) {
			rec = append(rec, "")
		}
		return cw.Write(rec)
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	write := func(setting, group, name string, s Stat) error {
		lo, hi := "", ""
		if s.CI != nil {
			lo, hi = f(s.CI.Lo), f(s.CI.Hi)
		}
		rec := []string{setting, group, name, strconv.Itoa(s.N), f(s.Mean), f(s.Std), lo, hi, f(s.Chance)}
		for _, v := range s.PerShuffle {
			rec = append(rec, f(v))
		}
		return put(rec)
	}
	results := []struct {
		label string
		r     *Result
	}{{string(rep.Mode), m}}
	if rep.Static != nil {
		results = append(results, struct {
			label string
			r     *Result
		}{"2A", rep.Static})
	}
	for _, res := range results {
		r := res.r
		for _, c := range r.Categories {
			if err := write(res.label, "category", c.Name, c.Stat); err != nil {
				return err
			}
		}
		for _, g := range []struct {
			group, name string
			s           Stat
		}{{"overall", "avg", r.Avg}, {"overall", "cat_avg", r.CatAvg}, {"change", "changed", r.Changed}, {"change", "unchanged", r.Unchanged},
			{"motion", "short", r.Short}, {"motion", "long", r.Long}} {
			if err := write(res.label, g.group, g.name, g.s); err != nil {
				return err
			}
		}
		st := r.Stale
		rec := []string{res.label, "stale", "stale_rate", strconv.Itoa(st.Wrong), f(st.Rate), "", "", "", f(st.Chance)}
		if st.CI != nil {
			rec[6], rec[7] = f(st.CI.Lo), f(st.CI.Hi)
		}
		if err := put(rec); err != nil {
			return err
		}
		for _, g := range []struct {
			name string
			v    float64
		}{{"missing", float64(r.Missing)}, {"unreadable", float64(r.Unreadable)}, {"gap", r.Gap}, {"gap_mix", r.GapMix}} {
			if err := put([]string{res.label, "info", g.name, "", f(g.v), "", "", "", ""}); err != nil {
				return err
			}
		}
	}
	if g := rep.Gap; g != nil {
		label := "2A-" + string(rep.Mode)
		for _, c := range m.Categories {
			if err := put([]string{label, "imagination_gap", c.Name, "", f(g.Categories[c.Name]), "", "", "", ""}); err != nil {
				return err
			}
		}
		for _, x := range []struct {
			name string
			v    float64
		}{{"avg", g.Avg}, {"cat_avg", g.CatAvg}} {
			if err := put([]string{label, "imagination_gap", x.name, "", f(x.v), "", "", "", ""}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
