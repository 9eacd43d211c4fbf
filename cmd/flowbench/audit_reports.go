package main

import (
	"encoding/json"
	"fmt"
	"io"
)

// cleanReport is a per-split audit report that says whether it found
// nothing (score.PhysicsReport, score.FramingReport).
type cleanReport interface{ Clean() bool }

// writeAuditReports prints per-split audit reports, as indented JSON or as
// one table each (blank lines between), and returns bad when any report
// found something, so that the command exits non-zero after its output.
func writeAuditReports[R any, P interface {
	*R
	cleanReport
}](stdout io.Writer, reports []R, asJSON bool, table func(io.Writer, *R), bad error) error {
	clean := true
	for i := range reports {
		clean = clean && P(&reports[i]).Clean()
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
			table(stdout, &reports[i])
		}
	}
	if !clean {
		return bad
	}
	return nil
}
