package main

import (
	"encoding/json"
	"strings"
	"testing"

	"flowbench/score"
)

// audit --framing on the reference run: the planner's framing rule holds
// on every row as the audit recomputes it from the stored data, and the
// table and JSON agree; a bad flag combination is a usage error.
func TestAuditFramingReferenceRun(t *testing.T) {
	referenceRun(t)
	out, code := genCLI(t, "audit", "--framing", "--json", generateOnce.dir)
	if code != 0 {
		t.Fatalf("audit --framing: code %d\n%s", code, out)
	}
	var reps []score.FramingReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("audit --framing --json: %v\n%s", err, out)
	}
	if len(reps) != 1 || reps[0].Rows == 0 || reps[0].Total.Rows != reps[0].Rows || len(reps[0].Findings) != 0 {
		t.Fatalf("report %+v", reps)
	}
	text, code := genCLI(t, "audit", "--framing", generateOnce.dir)
	if code != 0 || !strings.Contains(text, "every named object framed") {
		t.Fatalf("table (code %d):\n%s", code, text)
	}
	if out, code := genCLI(t, "audit", "--framing", "--physics", generateOnce.dir); code != 2 || !strings.Contains(out, "do not apply to --framing") {
		t.Fatalf("--framing --physics: code %d\n%s", code, out)
	}
}
