package planner

import (
	"strings"
	"testing"
)

// TestCausalGraphCheckRejects feeds ParseCausalGraph one malformed graph per
// rule and checks the error names the problem; a well-formed chain passes.
func TestCausalGraphCheckRejects(t *testing.T) {
	const ok = `{"nodes":[{"id":"obj:A","kind":"object"},{"id":"move","kind":"event"},{"id":"answer","kind":"attribute"}],
		"edges":[{"from":"obj:A","to":"move"},{"from":"move","to":"answer"}]}`
	if _, err := ParseCausalGraph(ok); err != nil {
		t.Fatalf("well-formed graph: %v", err)
	}
	for _, c := range []struct{ graph, want string }{
		{`{"nodes":[`, "causal graph"},
		{`{"nodes":[{"id":"","kind":"object"}]}`, "no id"},
		{`{"nodes":[{"id":"x","kind":"thing"},{"id":"answer","kind":"attribute"}]}`, `kind "thing"`},
		{`{"nodes":[{"id":"answer","kind":"attribute"},{"id":"answer","kind":"attribute"}]}`, "duplicate node answer"},
		{`{"nodes":[{"id":"x","kind":"event"}],"edges":[]}`, `no "answer" node`},
		{`{"nodes":[{"id":"x","kind":"event"},{"id":"answer","kind":"attribute"}],"edges":[{"from":"x","to":"y"}]}`, "unknown node"},
		{`{"nodes":[{"id":"x","kind":"event"},{"id":"y","kind":"event"},{"id":"answer","kind":"attribute"}],
			"edges":[{"from":"x","to":"y"},{"from":"y","to":"x"},{"from":"y","to":"answer"}]}`, "cycle"},
		{`{"nodes":[{"id":"x","kind":"event"},{"id":"answer","kind":"attribute"}],"edges":[]}`, "x has no path to the answer"},
	} {
		_, err := ParseCausalGraph(c.graph)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.graph, err, c.want)
		}
	}
}
