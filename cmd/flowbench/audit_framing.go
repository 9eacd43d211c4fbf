package main

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/score"
)

// framingFindingsShown is how many offenders the table lists per split
// (--json lists all).
const framingFindingsShown = 40

// errFraming is returned when the framing audit finds a named object that
// is not framed, so that the command exits non-zero after its report.
var errFraming = errors.New("framing audit found named objects cut by the border or too small")

// runFramingAudit is "audit --framing": score.FramingAudit over every row
// of each split, from the stored cameras, object boxes and instance masks.
func runFramingAudit(ds *export.Dataset, splits []string, asJSON bool, stdout io.Writer) error {
	var reports []score.FramingReport
	for _, s := range splits {
		rows, err := framingRows(ds, s)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return fmt.Errorf("%s: split %q has no annotations", ds.Dir, s)
		}
		reports = append(reports, score.FramingAudit(s, rows))
	}
	return writeAuditReports(stdout, reports, asJSON, writeFramingTable, errFraming)
}

// framingRows joins a split's questions (category, camera, named objects)
// with its annotations' instance masks and object boxes.
func framingRows(ds *export.Dataset, split string) ([]score.FramingRow, error) {
	qs := map[string]score.FramingRow{}
	for q, err := range ds.Questions(split) {
		if err != nil {
			return nil, err
		}
		r := score.FramingRow{ID: q.ID, Category: q.Category, Width: int(q.Camera.Width), Height: int(q.Camera.Height),
			K: q.Camera.K, W2C: q.Camera.WorldToCamera, Named: []string{q.Mover.ObjectID}}
		for _, ref := range q.Referenced {
			r.Named = append(r.Named, ref.ObjectID)
		}
		if q.Category == planner.Occlusion.String() && len(q.Referenced) > 0 {
			r.Occludee = q.Referenced[0].ObjectID // occlusionExample names B alone
		}
		qs[q.ID] = r
	}
	var out []score.FramingRow
	for a, err := range ds.Instances(split) {
		if err != nil {
			return nil, err
		}
		r, ok := qs[a.ID]
		if !ok {
			return nil, fmt.Errorf("%s: annotations row %q has no question", ds.Dir, a.ID)
		}
		r.Inst = a
		out = append(out, r)
	}
	return out, nil
}

// writeFramingTable prints one split's counts per category and its first
// offenders.
func writeFramingTable(w io.Writer, r *score.FramingReport) {
	fmt.Fprintf(w, "framing audit, split %s: %d rows; named objects per state I0/I1\n", r.Split, r.Rows)
	fmt.Fprintf(w, "%-16s %6s %9s %9s %9s\n", "category", "rows", "area", "cut", "bad_rows")
	line := func(name string, c *score.FramingCounts) {
		p := func(v [2]int) string { return fmt.Sprintf("%d/%d", v[0], v[1]) }
		fmt.Fprintf(w, "%-16s %6d %9s %9s %9d\n", name, c.Rows, p(c.Area), p(c.Cut), c.BadRows)
	}
	names := make([]string, 0, len(r.Categories))
	for k := range r.Categories {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		line(k, r.Categories[k])
	}
	line("all", &r.Total)
	if r.Clean() {
		fmt.Fprintln(w, "every named object framed")
		return
	}
	for i, f := range r.Findings {
		if i == framingFindingsShown {
			fmt.Fprintf(w, "... and %d more (--json lists all)\n", len(r.Findings)-i)
			break
		}
		if f.Kind == "area" {
			fmt.Fprintf(w, "%s %s area: %s shows %.0f px (needs %.0f)\n", f.Row, f.State, f.Object, f.Value, f.Limit)
		} else {
			fmt.Fprintf(w, "%s %s cut: %s is %.0f %% outside the frame\n", f.Row, f.State, f.Object, 100*f.Value)
		}
	}
}
