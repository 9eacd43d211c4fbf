package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"flowbench/export"
	"flowbench/score"
)

// physicsFindingsShown is how many offenders the table lists per split
// (--json lists all).
const physicsFindingsShown = 40

// errPhysics is returned when the physics audit finds a defect, so that the
// command exits non-zero after printing its report.
var errPhysics = fmt.Errorf("physics audit found defects")

// runPhysicsAudit is "audit --physics": score.PhysicsAudit over every row of
// each split, from the stored object poses alone.
func runPhysicsAudit(ds *export.Dataset, splits []string, asJSON bool, stdout io.Writer) error {
	var reports []score.PhysicsReport
	for _, s := range splits {
		rows, err := physicsRows(ds, s)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return fmt.Errorf("%s: split %q has no annotations", ds.Dir, s)
		}
		reports = append(reports, score.PhysicsAudit(s, rows))
	}
	clean := true
	for i := range reports {
		clean = clean && reports[i].Clean()
	}
	if asJSON {
		b, err := json.MarshalIndent(reports, "", "  ")
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(stdout, "%s\n", b); err != nil {
			return err
		}
	} else {
		for i := range reports {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			writePhysicsTable(stdout, &reports[i])
		}
	}
	if !clean {
		return errPhysics
	}
	return nil
}

// physicsRows joins a split's questions (for the category) with its
// annotations' object poses.
func physicsRows(ds *export.Dataset, split string) ([]score.PhysicsRow, error) {
	cats := map[string]string{}
	for q, err := range ds.Questions(split) {
		if err != nil {
			return nil, err
		}
		cats[q.ID] = q.Category
	}
	var out []score.PhysicsRow
	for p, err := range ds.Poses(split) {
		if err != nil {
			return nil, err
		}
		cat, ok := cats[p.ID]
		if !ok {
			return nil, fmt.Errorf("%s: annotations row %q has no question", ds.Dir, p.ID)
		}
		out = append(out, score.PhysicsRow{ID: p.ID, Category: cat, Before: p.ObjectsBefore, After: p.ObjectsAfter})
	}
	return out, nil
}

// writePhysicsTable prints one split's counts per category and its first
// offenders.
func writePhysicsTable(w io.Writer, r *score.PhysicsReport) {
	fmt.Fprintf(w, "physics audit, split %s: %d rows\n", r.Split, r.Rows)
	fmt.Fprintf(w, "%-16s %6s %14s %14s %14s %14s\n", "category", "rows", "unstable I0/I1", "overlaps I0/I1", "below fl I0/I1", "bad rows I0/I1")
	line := func(name string, c *score.PhysicsCounts) {
		p := func(v [2]int) string { return fmt.Sprintf("%d/%d", v[0], v[1]) }
		fmt.Fprintf(w, "%-16s %6d %14s %14s %14s %14s\n", name, c.Rows, p(c.Unstable), p(c.Overlaps), p(c.BelowFloor), p(c.BadRows))
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
		fmt.Fprintln(w, "no defects")
		return
	}
	for i, f := range r.Findings {
		if i == physicsFindingsShown {
			fmt.Fprintf(w, "... and %d more (--json lists all)\n", len(r.Findings)-i)
			break
		}
		other := ""
		if f.Other != "" {
			other = " with " + f.Other
		}
		fmt.Fprintf(w, "%s %s %s: %s%s (%.3f m)\n", f.Row, f.State, f.Kind, f.Object, other, f.Amount)
	}
}
