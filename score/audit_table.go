package score

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"flowbench/render"
)

// WriteAuditTable prints the audit as aligned tables: baselines against
// chance, distributions, margins, mark sizes and templates, then the dot
// rules.
func WriteAuditTable(w io.Writer, rep AuditReport) error {
	fmt.Fprintf(w, "split %s: %d questions from %d houses; %d question templates, %d motion templates\n",
		rep.Split, rep.Questions, rep.Houses, rep.QuestionTemplates, rep.MotionTemplates)
	if rep.FitSplit != "" {
		fmt.Fprintf(w, "baselines fitted on split %s (%d questions from %d houses, none of them in %s)",
			rep.FitSplit, rep.FitQuestions, rep.FitHouses, rep.Split)
	} else {
		fmt.Fprintf(w, "baselines cross-validated over %d house-disjoint folds", rep.Options.Folds)
	}
	fmt.Fprintf(w, "; text tree depth %d, leaf >= %d; logistic regression λ %g, words in >= %d samples; size rule k = %g\n\n",
		rep.Options.TreeDepth, rep.Options.TreeMinLeaf, rep.Options.LogRegL2, rep.Options.LogRegMinCount, rep.Options.MarkAreaFactor)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "category\tn\tchance\tmaj.value\tmaj.letter\ttext tree\tlogreg\ttype prior\ttype pair\tside rule\tbest text\t95% CI\tbest-chance\tbest is\tbefore\tflip rate\t")
	for _, c := range rep.Categories {
		ci := c.BestTextOnlyCI
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f–%.1f\t%+.1f\t%s\t%s\t%s\t\n", c.Category, c.Questions, auditPct(c.Chance),
			baselineCell(c, BaselineMajorityValue), baselineCell(c, BaselineMajorityLetter), baselineCell(c, BaselineTextTree),
			baselineCell(c, BaselineTextLogReg), baselineCell(c, BaselineTypePrior), baselineCell(c, BaselineTypePairPrior),
			baselineCell(c, BaselineSideMoved), auditPct(c.BestTextOnly), 100*ci.Lo, 100*ci.Hi, 100*c.BestOverChance, c.BestTextOnlyName,
			baselineCell(c, BaselineBeforeAnswer), flipCell(c))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "category\tmax letter\tmax value\tmargin n\trecorded\t<5 cm\tunder margin\tsmall obj.\tq. w. small\ttiny obj.\tq. w. tiny\tq. templates\tm. templates\t")
	for _, c := range rep.Categories {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t\n", c.Category, auditPct(c.MaxLetterShare), auditPct(c.MaxValueShare),
			c.MarginMeasured, c.MarginRecorded, auditPct(c.Within5cm), auditPct(c.UnderMargin), auditPct(c.SmallObjects), auditPct(c.QuestionsWithSmall),
			auditPct(c.TinyObjects), auditPct(c.QuestionsWithTiny), c.QuestionTemplates, c.MotionTemplates)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	writeDotAudit(w, rep.Dots)
	for _, c := range rep.Categories {
		fmt.Fprintf(w, "%s: letters %s; values %s", c.Category, shareList(c.Letters, 0), shareList(c.Values, 6))
		if len(c.Thresholds) > 0 {
			fmt.Fprintf(w, "; tau %s", shareList(c.Thresholds, 0))
		}
		fmt.Fprintln(w)
	}
	return nil
}

func auditPct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// baselineCell is a baseline's accuracy, or "-" where the category has
// no such baseline.
func baselineCell(c CategoryAudit, name string) string {
	if v, ok := c.Baselines[name]; ok {
		return auditPct(v)
	}
	return "-"
}

func flipCell(c CategoryAudit) string {
	if c.BeforeAnswered == 0 {
		return "-"
	}
	return auditPct(c.FlipRate)
}

// shareList formats a distribution, largest share first (ties by key),
// keeping the top n entries (0: all).
func shareList(m map[string]float64, n int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	more := 0
	if n > 0 && len(keys) > n {
		more, keys = len(keys)-n, keys[:n]
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %.0f%%", k, 100*m[k])
	}
	s := strings.Join(parts, ", ")
	if more > 0 {
		s += fmt.Sprintf(", … %d more", more)
	}
	return s
}

// writeDotAudit prints the dot rules' counts, two lines and a blank one
// (nothing for a split without dot colours).
func writeDotAudit(w io.Writer, d *DotAudit) {
	if d == nil {
		return
	}
	fmt.Fprintf(w, "dots: %d of %d colour pairs under CIEDE2000 %d (%d of %d questions)\n",
		d.ClosePairs, d.ColourPairs, render.MinDotPairDeltaE2000, d.QuestionsWithClosePair, d.Questions)
	if d.Measured == 0 {
		fmt.Fprintf(w, "dots: images not read (no annotations)\n\n")
		return
	}
	fmt.Fprintf(w, "dots of %d questions: covering > %.0f%% of their object: I0 %d of %d, I1 %d of %d (largest cover %.1f%%); static dots shifted > %d px with the I0 point visible: %d of %d (%d where it could stay)\n\n",
		d.Measured, 100*render.MaxMarkCover, d.I0Covering, d.I0Dots, d.I1Covering, d.I1Dots, 100*d.MaxCover,
		MaxStaticShift, d.Shifted, d.Static, d.ShiftedCarried)
}
