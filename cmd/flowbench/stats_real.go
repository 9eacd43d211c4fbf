package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"flowbench/export"
	"flowbench/real"
)

// runRealStats is stats on a FlowBench-Real dataset: per split the counts
// recomputed from the questions shards (per category: questions, flips,
// answers, chance; per source; frame sizes) and the run's report (input
// pairs, candidates, what was left out by stage). planner.Stats's
// acceptance tolerances are the simulated planner's and do not apply.
func runRealStats(dir string, splits []string, asJSON bool, stdout io.Writer) error {
	m, err := export.ReadRealManifest(dir)
	if err != nil {
		return err
	}
	out := map[string]*export.RealSplitStats{}
	for _, s := range splits {
		c, err := export.ComputeRealCounts(dir, s)
		if err != nil {
			return err
		}
		st := &export.RealSplitStats{RealCounts: *c}
		if ms := m.Splits[s]; ms != nil {
			st.Run = ms.Run
		}
		out[s] = st
	}
	if asJSON {
		b, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	for _, s := range splits {
		st := out[s]
		fmt.Fprintf(stdout, "== %s (FlowBench-Real): %d questions from %d pairs, %d changed, chance %.1f%%\n",
			s, st.Questions, st.Pairs, st.Changed, 100*st.Chance)
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "category\tquestions\tchanged\tchance\tanswers\t")
		cats := slices.Collect(maps.Keys(st.Categories))
		slices.SortFunc(cats, func(a, b string) int { return slices.Index(real.Categories, a) - slices.Index(real.Categories, b) })
		for _, c := range cats {
			cs := st.Categories[c]
			var ans []string
			for _, a := range slices.Sorted(maps.Keys(cs.Answers)) {
				ans = append(ans, fmt.Sprintf("%s:%d", a, cs.Answers[a]))
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%s\t\n", c, cs.Questions, cs.Changed, 100*cs.Chance, strings.Join(ans, " "))
		}
		tw.Flush()
		if st.Named > 0 {
			fmt.Fprintf(stdout, "named-object questions (B.4.9): %d\n", st.Named)
		}
		for _, src := range slices.Sorted(maps.Keys(st.Sources)) {
			ss := st.Sources[src]
			fmt.Fprintf(stdout, "source %s: %d pairs, %d questions\n", src, ss.Pairs, ss.Questions)
		}
		if r := st.Run; r != nil {
			fmt.Fprintf(stdout, "input: %d pairs; left out:", r.InputPairs)
			if len(r.SkippedByStage) == 0 {
				fmt.Fprint(stdout, " none")
			}
			for _, stage := range slices.Sorted(maps.Keys(r.SkippedByStage)) {
				fmt.Fprintf(stdout, " %s %d", stage, r.SkippedByStage[stage])
			}
			fmt.Fprintln(stdout)
			if n := r.Names; n != nil {
				fmt.Fprintf(stdout, "names (%s): %d objects, %d accepted, %d named candidates; rejected:", n.Model, n.Objects, n.Accepted, n.Candidates)
				for _, k := range slices.Sorted(maps.Keys(n.Rejected)) {
					fmt.Fprintf(stdout, " %s %d", k, n.Rejected[k])
				}
				fmt.Fprintln(stdout)
			}
			for _, tp := range r.TablePlanes {
				if tp.Error != "" {
					fmt.Fprintf(stdout, "table plane %s: %d pairs, %d correspondences: %s\n", tp.Setup, tp.Pairs, tp.Correspondences, tp.Error)
					continue
				}
				fmt.Fprintf(stdout, "table plane %s: %d pairs, %d of %d correspondences inliers, residual median %.2f px, p90 %.2f px\n",
					tp.Setup, tp.Pairs, tp.Inliers, tp.Correspondences, tp.MedianPx, tp.P90Px)
			}
		}
		fmt.Fprintln(stdout)
	}
	return nil
}
