package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/planner"
)

// The "stats" subcommand reports the planner's statistics (planner.Stats)
// over the questions of a finished dataset: per-category counts, yes/no
// rates against their targets, flip rates, the answer-letter distribution
// and chance, per split and over all splits.

func init() {
	register(command{
		name:    "stats",
		use:     "DIR|URL [flags]",
		summary: "per-category counts, yes/no and flip rates, letters and chance of a dataset",
		long:    "stats reports every split of a dataset, then all together, unless --split names one.",
		example: "flowbench stats out/demo\nflowbench stats out/demo --split train --json",
		args:    datasetArgs,
		setup: func(fs *pflag.FlagSet, stdout, _ io.Writer) func([]string) error {
			f := addSplitsFlags(fs, "only this split (default: every split, then all together)")
			return func(args []string) error {
				return withDatasetIn(args[0], func(dir string) error {
					ds, splits, err := f.open(dir)
					if err != nil {
						return err
					}
					if fam, _ := export.DatasetFamily(dir); fam == export.FamilyReal {
						return runRealStats(dir, splits, f.asJSON, stdout)
					}
					return runStats(ds, splits, f.asJSON, stdout)
				})
			}
		},
	})
}

func runStats(ds *export.Dataset, splits []string, asJSON bool, stdout io.Writer) error {
	reports := map[string]planner.StatsReport{}
	var all []planner.Example
	for _, s := range splits {
		exs, err := statsExamples(ds, s)
		if err != nil {
			return err
		}
		r := planner.Stats(exs)
		if m := ds.Manifest; m != nil && m.Splits[s] != nil && m.Splits[s].Mix != nil {
			r.SetTargets(m.Splits[s].Mix.Target)
		}
		reports[s] = r
		all = append(all, exs...)
	}
	if len(splits) > 1 {
		reports["all"] = planner.Stats(all)
	}
	if asJSON {
		type withProblems struct {
			planner.StatsReport
			Problems []string `json:"problems"` // statistics outside the acceptance tolerances
		}
		out := map[string]withProblems{}
		for k, r := range reports {
			out[k] = withProblems{r, append([]string{}, r.Problems()...)}
		}
		b, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	for _, s := range append(splits, "all") {
		r, ok := reports[s]
		if !ok {
			continue
		}
		fmt.Fprintf(stdout, "== %s\n%s", s, r)
		if p := r.Problems(); len(p) > 0 {
			fmt.Fprintf(stdout, "outside the acceptance tolerances:\n")
			for _, line := range p {
				fmt.Fprintf(stdout, "  %s\n", line)
			}
		} else {
			fmt.Fprintf(stdout, "within the acceptance tolerances (checked where a category has enough questions)\n")
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// statsExamples reads a split's questions back as planner examples carrying
// what planner.Stats looks at. The flip flag is not stored; for the
// flip-seeking categories it is the changed flag (the edit flipped the answer).
func statsExamples(ds *export.Dataset, split string) ([]planner.Example, error) {
	var out []planner.Example
	for q, err := range ds.Questions(split) {
		if err != nil {
			return nil, err
		}
		ex := planner.Example{ID: q.ID, Split: q.Split, CategoryName: q.Category, Choices: q.Choices, Answer: q.Answer,
			BeforeAnswer: q.BeforeAnswer, Changed: q.Changed}
		c, err := planner.ParseCategory(q.Category)
		if err != nil {
			return nil, fmt.Errorf("question %s: %w", q.ID, err)
		}
		ex.Category = c
		ex.Flip = c.FlipSeeking() && q.Changed
		out = append(out, ex)
	}
	return out, nil
}
