package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"flowbench/real"
	"flowbench/real/pairfile"
	"flowbench/real/simsource"
)

// The "real check" subcommand measures how often FlowBench-Real's answers
// agree with exact geometry on simulated pairs (docs/real.md):
//
//	flowbench real check --pairs N --seed S --noise none,default,high    in memory (--assets as real simulate)
//	flowbench real check DIR | --dir DIR                                  pairs real simulate wrote

func init() {
	register(command{
		name:    "real check",
		use:     "[DIR] [flags]",
		args:    cobra.MaximumNArgs(1),
		summary: "agreement of Real answers with exact geometry on simulated pairs, per category and noise level",
		long: "real check generates simulated pairs in memory (or reads pairs real simulate wrote, with their\n" +
			"truth.json), runs the Real rules on each and compares every emitted answer with the answer the\n" +
			"exact geometry gives; it prints a Markdown table of agreement per category and noise level.\n" +
			"Generated pairs are dressed with furniture models as real simulate's are (--assets; ignored with DIR).",
		example: "flowbench real check --pairs 2000 --seed 1 --noise none,default,high\nflowbench real check pairs",
		setup:   realCheckCommand,
	})
}

func realCheckCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	sf := addSimFlags(fs, 200)
	noise := fs.String("noise", "none,default,high", "comma-separated noise levels to generate (in memory only)")
	dir := fs.String("dir", "", "check the pair folders under DIR (with their truth.json) instead of generating")
	verdicts := fs.String("verdicts", "", "also write every verdict as JSON lines to this file")
	plot := fs.String("plot", "", "also write a PNG of agreement and questions per pair against noise level, per category, to this file")
	markdown := fs.String("markdown", "", "also write the Markdown table to this file")
	named := fs.Bool("named", false, "check the named-object questions (B.4.9) instead of the marked ones, with each object named by its segmenter label (simsource.OracleNames) and B.4.9's name rules")
	widthRadius := fs.Bool("width-radius", false, "experiment, not Appendix B: measure distances with half the box width as each object's radius instead of eq. 52's (w + h)/4")
	return func(args []string) error {
		if err := sf.check(); err != nil {
			return err
		}
		ropt := checkOptions{Options: real.Options{Seed: sf.seed, WidthRadius: *widthRadius}, named: *named}
		if len(args) == 1 {
			if *dir != "" && *dir != args[0] {
				return fmt.Errorf("%w: give the folder once, as DIR or --dir", errUsage)
			}
			*dir = args[0]
		}
		var levels []simsource.NoiseLevel
		if *dir == "" {
			for _, s := range strings.Split(*noise, ",") {
				l, err := simsource.ParseNoiseLevel(s)
				if err != nil {
					return fmt.Errorf("%w: --noise: %v", errUsage, err)
				}
				levels = append(levels, l)
			}
		}
		start := time.Now()
		var results [][]simsource.Verdict
		var noises []string
		var err error
		if *dir != "" {
			results, noises, err = checkDir(*dir, sf, ropt)
		} else {
			var opts simsource.GenerateOptions
			if opts, err = sf.generateOptions(); err != nil {
				return err
			}
			results, noises, err = checkGenerated(levels, sf, opts, ropt)
		}
		if err != nil {
			return err
		}
		rep := simsource.NewReport()
		rep.Seed = sf.seed
		for i, vs := range results {
			rep.AddPair(noises[i], vs)
		}
		if *verdicts != "" {
			if err := writeVerdicts(*verdicts, results); err != nil {
				return err
			}
		}
		if *plot != "" {
			png, err := rep.PlotPNG()
			if err != nil {
				return err
			}
			if err := os.WriteFile(*plot, png, 0o644); err != nil {
				return err
			}
		}
		if *markdown != "" {
			if err := os.WriteFile(*markdown, []byte(rep.Markdown()), 0o644); err != nil {
				return err
			}
		}
		fmt.Fprint(stdout, rep.Markdown())
		fmt.Fprintf(stderr, "flowbench real check: %d pairs in %.1f s\n", len(results), time.Since(start).Seconds())
		return nil
	}
}

// checkOptions are the Real options of a check, and whether it checks the
// named-object questions.
type checkOptions struct {
	real.Options
	named bool
}

// checkPair runs the Real rules on a pair and checks the questions: the
// marked ones, or with opt.named the named ones (names from the labels).
func checkPair(p *real.Pair, t *simsource.Truth, opt checkOptions) []simsource.Verdict {
	m, qs, skip := real.Process(p, opt.Options)
	if skip != nil {
		return nil
	}
	if opt.named {
		names, _ := real.AcceptNames(p, m, simsource.OracleNames(m))
		if m, qs = real.NamedQuestions(p, m, names, opt.Options); len(qs) == 0 {
			return nil
		}
	}
	return simsource.Check(p, m, qs, t)
}

// checkGenerated generates pairs 0..N−1 at every level with opts and
// checks them.
func checkGenerated(levels []simsource.NoiseLevel, sf *simFlags, opts simsource.GenerateOptions, ropt checkOptions) ([][]simsource.Verdict, []string, error) {
	n := sf.pairs * len(levels)
	results := make([][]simsource.Verdict, n)
	noises := make([]string, n)
	err := forEachPair(n, sf.workers, func(k int) error {
		lv, i := levels[k/sf.pairs], k%sf.pairs
		p, t, err := simsource.GenerateWith(sf.seed, i, lv, opts)
		if err != nil {
			return err
		}
		results[k], noises[k] = checkPair(p, t, ropt), lv.String()
		return nil
	})
	return results, noises, err
}

// checkDir checks every pair folder under dir with its truth.json.
func checkDir(dir string, sf *simFlags, ropt checkOptions) ([][]simsource.Verdict, []string, error) {
	refs, err := pairfile.List(dir)
	if err != nil {
		return nil, nil, err
	}
	results := make([][]simsource.Verdict, len(refs))
	noises := make([]string, len(refs))
	err = forEachPair(len(refs), sf.workers, func(i int) error {
		p, err := refs[i].Load()
		if err != nil {
			return err
		}
		t, err := simsource.ReadTruth(refs[i].Path)
		if err != nil {
			return err
		}
		results[i], noises[i] = checkPair(p, t, ropt), t.Noise
		return nil
	})
	return results, noises, err
}

// writeVerdicts writes the verdicts as JSON lines.
func writeVerdicts(path string, results [][]simsource.Verdict) error {
	var b strings.Builder
	for _, vs := range results {
		for _, v := range vs {
			line, err := json.Marshal(v)
			if err != nil {
				return err
			}
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
