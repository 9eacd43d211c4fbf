package main

import (
	"runtime"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/pipeline"
)

// TestVersionCommand: "version" and "--version" print the generator, Go and
// schema versions and exit 0; an argument is a usage error.
func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, e := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", args, code, e)
		}
		for _, w := range []string{"flowbench " + pipeline.Version + "\n", "  revision  ", "  go        " + runtime.Version(), "  schema    " + export.SchemaVersion + " "} {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output %q lacks %q", args, out, w)
			}
		}
	}
	if code, _, _ := runCmd(t, "version", "extra"); code != exitUsage {
		t.Errorf("version extra: exit %d, want %d", code, exitUsage)
	}
}
