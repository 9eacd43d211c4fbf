package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/render"
	"flowbench/score"
)

// The "audit" subcommand is the report a dataset builder runs before
// publishing (score.Audit, docs/audit.md): per category the accuracy of
// text-only and geometry-free baselines against chance, answer-letter and
// answer-value distributions, questions under the margin rule, mentioned
// objects smaller than k× their mark, template counts, and the dot rules
// (colour pairs, dots hiding their object, static dots that shift). The
// trained baselines are cross-validated over house folds of each split, or
// with --fit SPLIT (and --fit-dir DIR2) fitted on another split that shares
// no house with it (score.AuditFit), houses compared by content
// (score.HouseContents), not by name.

func init() {
	register(command{
		name:    "audit",
		use:     "DIR|URL [flags]",
		summary: "text-only baselines, answer distributions, margins, mark sizes and templates of a dataset",
		long: "audit is the report to run before publishing (docs/audit.md): text-only and geometry-free\n" +
			"baselines against chance, answer distributions, margins, mark sizes and templates of every split\n" +
			"(or --split S). --physics checks every row's poses instead and exits 1 on any finding;\n" +
			"--framing checks that every named object is framed (docs/audit.md, \"Framing\") and exits 1 on any finding.",
		example: "flowbench audit out/demo\nflowbench audit out/demo --physics\nflowbench audit out/test --fit train --fit-dir out/train",
		args:    datasetArgs,
		setup:   auditCommand,
	})
}

// auditFlags are audit's flags beyond --split and --json.
type auditFlags struct {
	physics, framing bool
	fitSplit, fitDir string
}

func auditCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	f := addSplitsFlags(fs, "only this split (default: every split)")
	a := &auditFlags{}
	fs.BoolVar(&a.physics, "physics", false, "check every row's I0 and I1 poses instead (unstable objects, overlaps over 1 cm, objects below the floor or in walls, wall objects over doors and windows); exit 1 when any is found")
	fs.BoolVar(&a.framing, "framing", false, "check instead that every named object shows its mark's area and is cut by the image border by at most a third of its projected box, in I0 and (moved objects) I1; exit 1 when one is not")
	fs.StringVar(&a.fitSplit, "fit", "", "fit the trained baselines on this split (no house in common with the audited ones) instead of cross-validating over house folds; without --split, every other split is audited")
	fs.StringVar(&a.fitDir, "fit-dir", "", "read the --fit split from this dataset directory (default: the audited one)")
	return func(args []string) error {
		return withDatasetIn(args[0], func(dir string) error {
			ds, splits, err := f.open(dir)
			if err != nil {
				return err
			}
			return runAudit(ds, splits, f.asJSON, a, stdout, stderr)
		})
	}
}

func runAudit(ds *export.Dataset, splits []string, asJSON bool, a *auditFlags, stdout, stderr io.Writer) error {
	physics, fitSplit, fitDir := a.physics, a.fitSplit, a.fitDir
	if a.framing {
		if physics || fitSplit != "" || fitDir != "" {
			return fmt.Errorf("%w: --physics, --fit and --fit-dir do not apply to --framing", errUsage)
		}
		return runFramingAudit(ds, splits, asJSON, stdout)
	}
	if physics {
		if fitSplit != "" || fitDir != "" {
			return fmt.Errorf("%w: --fit and --fit-dir do not apply to --physics", errUsage)
		}
		return runPhysicsAudit(ds, splits, asJSON, stdout, stderr)
	}
	fit, splits, err := auditFitSplit(ds, splits, fitSplit, fitDir)
	if err != nil {
		return err
	}
	var reports []score.AuditReport
	for _, s := range splits {
		opt := score.DefaultAuditOptions()
		if opt.MarkStyle, err = manifestMarkStyle(ds, s); err != nil {
			return fmt.Errorf("%s: %w", ds.Dir, err)
		}
		rows, err := auditRows(ds, s, opt.MarkStyle == render.StyleDots)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return fmt.Errorf("%s: split %q has no questions", ds.Dir, s)
		}
		var rep score.AuditReport
		if fit != nil {
			if err := setHouseContents(ds, s, rows); err != nil {
				return err
			}
			rep, err = score.AuditFit(s, rows, fit.split, fit.rows, opt)
		} else {
			rep, err = score.Audit(s, rows, opt)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", ds.Dir, err)
		}
		reports = append(reports, rep)
	}
	if asJSON {
		b, err := json.MarshalIndent(reports, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	for i, rep := range reports {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if err := score.WriteAuditTable(stdout, rep); err != nil {
			return err
		}
	}
	return nil
}

// auditFitData is the split the trained baselines are fitted on.
type auditFitData struct {
	split string
	rows  []score.AuditRow
}

// auditFitSplit reads the --fit split (from --fit-dir, else from ds) and
// returns it with the splits to audit: when the fit split is one of
// several splits of ds (no --split), the others. Nil without --fit.
func auditFitSplit(ds *export.Dataset, splits []string, fitSplit, fitDir string) (*auditFitData, []string, error) {
	if fitSplit == "" {
		if fitDir != "" {
			return nil, nil, fmt.Errorf("%w: --fit-dir needs --fit SPLIT", errUsage)
		}
		return nil, splits, nil
	}
	src := ds
	if fitDir != "" {
		var err error
		if src, err = export.CheckDataset(fitDir); err != nil {
			return nil, nil, err
		}
	}
	found := false
	for _, s := range src.Splits() {
		found = found || s == fitSplit
	}
	if !found {
		return nil, nil, fmt.Errorf("--fit: %s has no split %q (it has %v)", src.Dir, fitSplit, src.Splits())
	}
	if fitDir == "" && len(splits) > 1 {
		var rest []string
		for _, s := range splits {
			if s != fitSplit {
				rest = append(rest, s)
			}
		}
		splits = rest
	}
	rows, err := auditRows(src, fitSplit, false)
	if err != nil {
		return nil, nil, err
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("--fit: %s: split %q has no questions", src.Dir, fitSplit)
	}
	if err := setHouseContents(src, fitSplit, rows); err != nil {
		return nil, nil, err
	}
	return &auditFitData{split: fitSplit, rows: rows}, splits, nil
}

// manifestMarkStyle is the Set-of-Marks style the manifest records for a
// split ("marks" in its generation config), dots when it records none.
func manifestMarkStyle(ds *export.Dataset, split string) (render.MarkStyle, error) {
	if ds.Manifest == nil {
		return render.StyleDots, nil
	}
	conf, _ := ds.Manifest.Config[split].(map[string]any)
	name, _ := conf["marks"].(string)
	if name == "" {
		return render.StyleDots, nil
	}
	st, err := render.ParseMarkStyle(name)
	if err != nil {
		return 0, fmt.Errorf("manifest marks of split %s: %w", split, err)
	}
	return st, nil
}

// auditRows reads a split's questions as audit rows; with dots, each row
// also carries what score.MeasureDots reads from its images when the split
// has annotations.
func auditRows(ds *export.Dataset, split string, dots bool) ([]score.AuditRow, error) {
	var out []score.AuditRow
	var ann *score.AnnotationCursor
	var meas *score.DotMeasurer
	if dots {
		ann = score.NewAnnotationCursor(ds, split)
		defer ann.Stop()
		meas = score.NewDotMeasurer()
	}
	for q, err := range ds.Questions(split) {
		if err != nil {
			return nil, err
		}
		r := score.AuditRow{ID: q.ID, HouseID: q.HouseID, Category: q.Category,
			MotionText: q.MotionText, Question: q.Question, Choices: q.Choices, Answer: q.Answer,
			BeforeAnswer: q.BeforeAnswer, Mover: q.Mover, Referenced: q.Referenced,
			Width: int(q.Camera.Width), Height: int(q.Camera.Height), Metrics: q.Metrics}
		if ann != nil {
			a, ok, err := ann.RowFor(q.ID)
			if err != nil {
				return nil, fmt.Errorf("%s: split %s: %w", ds.Dir, split, err)
			}
			if ok {
				meas.Start(len(out), q, a)
			}
		}
		out = append(out, r)
	}
	if meas != nil {
		dots, err := meas.Wait(len(out))
		if err != nil {
			return nil, fmt.Errorf("%s: split %s: %w", ds.Dir, split, err)
		}
		for i := range out {
			out[i].Dots = dots[i]
		}
	}
	return out, nil
}

// setHouseContents sets each row's HouseContent from the split's stored
// house records (score.HouseContents); rows of a questions-only split keep
// "" and are compared by house id.
func setHouseContents(ds *export.Dataset, split string, rows []score.AuditRow) error {
	contents, err := score.HouseContents(ds, split)
	if err != nil {
		return fmt.Errorf("%s: split %s: %w", ds.Dir, split, err)
	}
	for i := range rows {
		rows[i].HouseContent = contents[rows[i].ID]
	}
	return nil
}
