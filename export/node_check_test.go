package export

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// runNodeCheck runs testdata/<pkg>/check.mjs with node on a dataset
// directory and returns what it prints. The test is skipped when node or
// the package's npm module is not installed (npm ci --prefix
// testdata/<pkg>, as .ci/run does).
func runNodeCheck(t *testing.T, pkg, module, dir string) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("node is not installed: skipping the %s cross-check", pkg)
	}
	root := filepath.Join("..", "testdata", pkg)
	if _, err := os.Stat(filepath.Join(root, "node_modules", module)); err != nil {
		t.Skipf("%s is not installed (npm ci --prefix testdata/%s): skipping the %s cross-check", module, pkg, pkg)
	}
	script, _ := filepath.Abs(filepath.Join(root, "check.mjs"))
	out, err := exec.Command(node, script, dir).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("%s/check.mjs: %v\n%s", pkg, err, ee.Stderr)
		}
		t.Fatal(err)
	}
	return out
}

// readAll reads a split's questions and annotations with our reader.
func readAll(t *testing.T, dir, split string) ([]QuestionRow, []AnnotationRow) {
	t.Helper()
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var qs []QuestionRow
	var as []AnnotationRow
	for q, err := range ds.Questions(split) {
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	for a, err := range ds.Annotations(split) {
		if err != nil {
			t.Fatal(err)
		}
		as = append(as, a)
	}
	return qs, as
}
