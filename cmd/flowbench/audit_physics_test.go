package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/pipeline"
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
	// Drawn with the installed models, the receptacles' meshes are checked
	// too (mesh_gap, mesh_bridge).
	if lib, err := pipeline.OpenAssets("auto"); err == nil && lib != nil && !reps[0].MeshesChecked {
		t.Fatal("models installed, but the audit did not check the drawn meshes")
	}
	text, code := genCLI(t, "audit", "--physics", generateOnce.dir)
	if code != 0 || !strings.Contains(text, "walls checked") || !strings.Contains(text, "no defects") {
		t.Fatalf("table (code %d):\n%s", code, text)
	}
}

// physicsMJS is what testdata/duckdb/physics.mjs prints.
type physicsMJS struct {
	Rows  int `json:"rows"`
	Total struct {
		Unstable   [2]int `json:"unstable"`
		Overlap    [2]int `json:"overlap"`
		BelowFloor [2]int `json:"below_floor"`
	} `json:"total"`
	Offenders []string `json:"offenders"`
}

// The independent check (testdata/duckdb/physics.mjs: DuckDB and code that
// shares nothing with flowbench) reads the reference run's poses and agrees
// with audit --physics: the same rows, no unstable, overlapping or sunken
// object in I0 or I1. (On a 0.3.8 test split both count 119 unstable
// objects and 25 overlaps in I1.)
func TestPhysicsIndependentCheck(t *testing.T) {
	referenceRun(t)
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: skipping the independent physics check")
	}
	root := filepath.Join("..", "..", "testdata", "duckdb")
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@duckdb", "node-api")); err != nil {
		t.Skip("@duckdb/node-api is not installed (npm ci --prefix testdata/duckdb): skipping the independent physics check")
	}
	script, _ := filepath.Abs(filepath.Join(root, "physics.mjs"))
	b, err := exec.Command(node, script, generateOnce.dir, "train").Output()
	if err != nil {
		t.Fatalf("physics.mjs: %v", err)
	}
	var got physicsMJS
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("physics.mjs output: %v\n%s", err, b)
	}
	out, code := genCLI(t, "audit", "--physics", "--json", generateOnce.dir)
	var reps []score.PhysicsReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil || code != 0 {
		t.Fatalf("audit --physics: code %d, %v\n%s", code, err, out)
	}
	r := reps[0].Total
	if got.Rows != reps[0].Rows || got.Total.Unstable != r.Unstable || got.Total.Overlap != r.Overlaps || got.Total.BelowFloor != r.BelowFloor {
		t.Fatalf("physics.mjs %+v, audit %+v over %d rows", got, r, reps[0].Rows)
	}
	if got.Total.Unstable != [2]int{} || got.Total.Overlap != [2]int{} || got.Total.BelowFloor != [2]int{} {
		t.Fatalf("defects: %v", got.Offenders)
	}
}
