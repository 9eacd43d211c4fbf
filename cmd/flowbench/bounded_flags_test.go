package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

var updateCLIDoc = flag.Bool("update-cli-doc", false, "rewrite docs/cli.md's table of flag limits")

// numericTypes are the pflag value types that hold a number.
var numericTypes = map[string]bool{"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"float32": true, "float64": true, "float": true, "duration": true, "count": true}

// eachFlag calls fn for every flag of every command of the tree, with the
// command's path below flowbench.
func eachFlag(fn func(path string, f *pflag.Flag)) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.TrimPrefix(c.CommandPath(), "flowbench ")
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Name != "help" {
				fn(path, f)
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRootCommand(&bytes.Buffer{}, &bytes.Buffer{}))
}

// flagLimitsTable is docs/cli.md's table of every numeric flag's limits.
func flagLimitsTable() string {
	var b strings.Builder
	// No default column: some defaults are the machine's CPU count.
	b.WriteString("| command | flag | limits |\n|---|---|---|\n")
	eachFlag(func(path string, f *pflag.Flag) {
		if lim := limitsText(f.Value); lim != "" {
			fmt.Fprintf(&b, "| `%s` | `--%s` | %s |\n", path, f.Name, lim)
		}
	})
	return b.String()
}

// TestEveryNumericFlagIsBounded: every flag holding a number is one of the
// bounded kinds, so that a value past its limits is refused while parsing.
func TestEveryNumericFlagIsBounded(t *testing.T) {
	n := 0
	eachFlag(func(path string, f *pflag.Flag) {
		if limitsText(f.Value) != "" {
			n++
			return
		}
		if numericTypes[f.Value.Type()] {
			t.Errorf("%s --%s is a %s flag without limits (use boundedIntVar and its kin)", path, f.Name, f.Value.Type())
		}
	})
	if n < 30 {
		t.Errorf("only %d bounded flags found; the walk missed commands", n)
	}
}

// TestCLIDocListsFlagBounds: docs/cli.md lists the limits of every numeric
// flag as the flags define them (go test -run TestCLIDocListsFlagBounds
// -update-cli-doc rewrites the table).
func TestCLIDocListsFlagBounds(t *testing.T) {
	const path = "../../docs/cli.md"
	const begin, end = "<!-- flag-limits:begin -->\n", "<!-- flag-limits:end -->"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q ... %q section", path, begin, end)
	}
	want := flagLimitsTable()
	if got := s[i+len(begin) : j]; got != want {
		if *updateCLIDoc {
			if err := os.WriteFile(path, []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s's table of flag limits differs from the flags (rerun with -update-cli-doc):\ngot\n%s\nwant\n%s", path, got, want)
	}
}

// TestBoundedFlagRefusals: a value outside a flag's limits, or not a
// number, is a usage error naming the flag, the value cut to 64
// characters, and the limits; nothing is written.
func TestBoundedFlagRefusals(t *testing.T) {
	out := t.TempDir() + "/d"
	long := strings.Repeat("9", 100_000)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"generate", "--houses", "1", "--out", out, "--balance-houses", "9223372036854775807"},
			[]string{`invalid value "9223372036854775807" for --balance-houses: outside 1..1024`}},
		{[]string{"generate", "--houses", "1", "--out", out, "--blocks-per-shard", "9223372036854775807"},
			[]string{"--blocks-per-shard", "outside 0..1000000"}},
		{[]string{"generate", "--houses", long, "--out", out},
			[]string{`"` + strings.Repeat("9", 64) + `"… (100000 bytes) for --houses: not an integer in 0..1000000`}},
		{[]string{"generate", "--houses", "1", "--out", out, "--part", "0/1000000000"},
			[]string{"--part", "N <= 10000"}},
		{[]string{"generate", "--houses", "1", "--out", out, "--category-mix", "occlusion=" + long},
			[]string{"--category-mix", `"` + strings.Repeat("9", 64) + `"… (100000 bytes)`, "0..1e+06"}},
		{[]string{"generate", "--houses", "1", "--out", out, "--workers", "0"}, []string{"--workers", "outside 1..256"}},
		{[]string{"generate", "--houses", "1", "--out", out, "--size", "8"}, []string{"--size", "outside 16..4096"}},
		{[]string{"scene", "stats", "--houses", "100000"}, []string{"--houses", "outside 1..10000"}},
		{[]string{"eval", "--timeout", "1000h"}, []string{"--timeout", "1s..24h0m0s"}},
		{[]string{"score", "x", "--short-motion", "NaN"}, []string{"--short-motion", "0.001..100"}},
		{[]string{"inspect", "x", "--seed", "-1"}, []string{"--seed", "0..18446744073709551615"}},
	} {
		code, stdout, stderr := runCLI(c.args...)
		if code != exitUsage {
			t.Errorf("%.120q: exit %d, want %d (stderr %.300q)", c.args, code, exitUsage, stderr)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%.120q: stderr %.400q does not contain %q", c.args, stderr, w)
			}
		}
		if len(stderr) > 1024 || stdout != "" {
			t.Errorf("%.120q: %d bytes of stderr, stdout %.100q", c.args, len(stderr), stdout)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%.120q: wrote %s", c.args, out)
		}
	}
}
