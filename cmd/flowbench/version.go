package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/pipeline"
)

// The "version" subcommand (also "flowbench --version") prints the
// generator version, the VCS revision the binary was built from, the Go
// version and the dataset schema version.

func init() {
	register(command{
		name:    "version",
		summary: "print the flowbench version, VCS revision, Go version and dataset schema version",
		example: "flowbench version\nflowbench --version",
		setup: func(_ *pflag.FlagSet, stdout, _ io.Writer) func([]string) error {
			return func([]string) error {
				fmt.Fprint(stdout, versionText())
				return nil
			}
		},
	})
}

// versionText is what version prints: a line with the generator version,
// then the revision (from the build's VCS stamp; "unknown" for binaries
// built without one, e.g. by go test), the Go toolchain and platform, and
// the dataset schema version.
func versionText() string {
	rev := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		var r, t, dirty string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				r = s.Value
			case "vcs.time":
				t = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = " (modified)"
				}
			}
		}
		if r != "" {
			rev = r + dirty
			if t != "" {
				rev += ", " + t
			}
		}
	}
	return fmt.Sprintf("flowbench %s\n  revision  %s\n  go        %s %s/%s\n  schema    %s (dataset Parquet shards and manifest)\n",
		pipeline.Version, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH, export.SchemaVersion)
}
