package main

import (
	"encoding/json"
	"strings"
	"testing"

	"flowbench/score"
)

// audit --physics on the reference run: every row's I0 and I1 pass,
// the houses' walls are rebuilt from the manifest and checked, and the
// table and JSON agree on the row count.
func TestAuditPhysicsReferenceRun(t *testing.T) {
	referenceRun(t)
	out, code := genCLI(t, "audit", "--physics", "--json", generateOnce.dir)
	if code != 0 {
		t.Fatalf("audit --physics: code %d\n%s", code, out)
	}
	var reps []score.PhysicsReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("audit --physics --json: %v\n%s", err, out)
	}
	if len(reps) != 1 || reps[0].Rows == 0 || !reps[0].WallsChecked || len(reps[0].Findings) != 0 {
		t.Fatalf("report %+v", reps)
	}
	text, code := genCLI(t, "audit", "--physics", generateOnce.dir)
	if code != 0 || !strings.Contains(text, "walls checked") || !strings.Contains(text, "no defects") {
		t.Fatalf("table (code %d):\n%s", code, text)
	}
}
