package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"flowbench/internal/bound"
	"flowbench/pipeline"
)

// The --version template prints versionText. Cobra's template functions are
// one global map: set once here, not per run (runs may be concurrent in
// tests).
func init() { cobra.AddTemplateFunc("versionText", versionText) }

// newRootCommand builds the flowbench command tree from the registered
// commands, writing help and results to stdout and diagnostics to stderr.
func newRootCommand(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "flowbench",
		Short: "generate and score counterfactual spatial imagination data",
		Long: "flowbench generates training and evaluation data for counterfactual spatial imagination:\n" +
			"procedural houses with real furniture, planned object motions, rule-computed answers, and per\n" +
			"question the outcome frame, depth, instance masks, exact optical flow and Set-of-Marks overlays,\n" +
			"written as Parquet shards; it also scores model predictions. docs/cli.md lists every command.",
		Example: "  flowbench generate --houses 8 --seed 1 --out csi\n" +
			"  flowbench validate csi\n" +
			"  flowbench inspect csi --out panel.png",
		Version:       pipeline.Version,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate("{{versionText}}")
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(flagError)
	root.SuggestionsMinimumDistance = 2

	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names) // parents ("assets") before their children ("assets build")
	built := map[string]*cobra.Command{"": root}
	for _, n := range names {
		parent, leaf := "", n
		if i := strings.LastIndexByte(n, ' '); i >= 0 {
			parent, leaf = n[:i], n[i+1:]
		}
		p := built[parent]
		if p == nil {
			panic("flowbench: command " + n + " registered without its parent " + parent)
		}
		c := newCommand(commands[n], leaf, stdout, stderr)
		p.AddCommand(c)
		built[n] = c
	}
	strictCompletion(root)
	return root
}

// strictCompletion makes cobra's completion command refuse a shell it has
// no script for (completion tcsh printed help and exited 0) and a missing
// shell, as usage errors naming the shells it has.
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		shells := subcommandNames(c)
		c.Args = func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("no completion script for shell %s (want one of %s)", bound.Quote(args[0]), strings.Join(shells, ", "))
			}
			return nil
		}
		c.RunE = func(*cobra.Command, []string) error {
			return fmt.Errorf("missing the shell (one of %s)", strings.Join(shells, ", "))
		}
	}
}

// newCommand makes the cobra command of one registered command.
func newCommand(spec command, leaf string, stdout, stderr io.Writer) *cobra.Command {
	use := spec.use
	if use == "" {
		use = "[flags]"
	}
	c := &cobra.Command{
		Use:           leaf + " " + use,
		Short:         spec.summary,
		Long:          spec.long,
		Example:       indentExample(spec.example),
		Args:          spec.args,
		SilenceErrors: true,
		SilenceUsage:  true,
		// Cobra applies its default distance only on the root.
		SuggestionsMinimumDistance: 2,
	}
	if c.Args == nil {
		c.Args = noArgs
	}
	switch {
	case spec.run != nil:
		c.DisableFlagParsing = true
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(_ *cobra.Command, args []string) error {
			return wrapCommandError(spec.run(args, stdout, stderr))
		}
	case spec.setup != nil:
		run := spec.setup(c.Flags(), stdout, stderr)
		c.RunE = func(_ *cobra.Command, args []string) error { return wrapCommandError(run(args)) }
	default:
		// A group such as "assets": it only holds subcommands.
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("missing subcommand (one of %s)", strings.Join(subcommandNames(c), ", "))
			}
			return fmt.Errorf("unknown command %q for %q%s", args[0], c.CommandPath(), suggestionText(c.SuggestionsFor(args[0])))
		}
	}
	return c
}

// noArgs refuses positional arguments, naming the first.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		if s := c.SuggestionsFor(args[0]); len(s) > 0 {
			return fmt.Errorf("unexpected argument %q%s", args[0], suggestionText(s))
		}
		return fmt.Errorf("unexpected argument %q (%s takes none)", args[0], c.CommandPath())
	}
	return nil
}

// wrapCommandError marks err as the command's own (exit code by its kind)
// rather than cobra's (a usage error).
func wrapCommandError(err error) error {
	if err == nil {
		return nil
	}
	return commandError{err}
}

func subcommandNames(c *cobra.Command) []string {
	var names []string
	for _, s := range c.Commands() {
		if s.IsAvailableCommand() {
			names = append(names, s.Name())
		}
	}
	return names
}

func suggestionText(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
}

// indentExample indents each example line by two spaces, as cobra's help
// expects.
func indentExample(ex string) string {
	if ex == "" {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(ex), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}

// flagError words a flag-parsing error and, for an unknown flag, suggests
// the command's flags nearest to it by edit distance.
func flagError(c *cobra.Command, err error) error {
	if iv := (*pflag.InvalidValueError)(nil); errors.As(err, &iv) {
		cause := ""
		if c := errors.Unwrap(iv); c != nil {
			cause = clipQuoted(c.Error())
		}
		return fmt.Errorf("invalid value %s for --%s: %s", bound.Quote(iv.GetValue()), iv.GetFlag().Name, cause)
	}
	msg := clipQuoted(err.Error())
	name := ""
	switch {
	case strings.HasPrefix(msg, "unknown flag: --"):
		name = strings.TrimPrefix(msg, "unknown flag: --")
	case strings.HasPrefix(msg, "unknown shorthand flag: "):
		// "unknown shorthand flag: 'e' in -eed"
		if i := strings.LastIndex(msg, " in -"); i >= 0 {
			name = msg[i+len(" in -"):]
		}
	}
	if name == "" {
		return err
	}
	if len(name) > bound.QuoteMax {
		msg = strings.TrimSuffix(msg, name) + bound.Quote(name)
	}
	if s := nearestFlags(c.Flags(), name); len(s) > 0 {
		return fmt.Errorf("%s\n\nDid you mean %s?", msg, strings.Join(s, " or "))
	}
	return errors.New(msg)
}

// longQuoted matches a double-quoted string of more than bound.QuoteMax
// characters in a message.
var longQuoted = regexp.MustCompile(fmt.Sprintf(`"(?:[^"\\]|\\.){%d,}"`, bound.QuoteMax+1))

// clipQuoted cuts every long quoted string in msg as bound.Quote does, so
// that a message never echoes a hostile argument whole.
func clipQuoted(msg string) string {
	return longQuoted.ReplaceAllStringFunc(msg, func(q string) string {
		s, err := strconv.Unquote(q)
		if err != nil {
			s = q[1 : len(q)-1]
		}
		return bound.Quote(s)
	})
}

// nearestFlags returns the flags of fs (as --name) within edit distance 2
// of name, or whose name starts with it, nearest first.
func nearestFlags(fs *pflag.FlagSet, name string) []string {
	type cand struct {
		d    int
		name string
	}
	var cs []cand
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Deprecated != "" {
			return
		}
		d := editDistance(strings.ToLower(name), strings.ToLower(f.Name))
		if d <= 2 || (len(name) >= 3 && strings.HasPrefix(f.Name, name)) {
			cs = append(cs, cand{d, f.Name})
		}
	})
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].name < cs[j].name
	})
	var out []string
	for i, c := range cs {
		if i == 3 {
			break
		}
		out = append(out, "--"+c.name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// checkSingleDashFlags refuses the single-dash long flags that Go's flag
// package accepted (-seed 3, -out=DIR) when the command has a flag of that
// name: flowbench 0.4 respelled them with a notice and promised to refuse
// them after 0.4, so the error says how to write them. Arguments after "--"
// are left alone.
func checkSingleDashFlags(root *cobra.Command, args []string) error {
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil || cmd.DisableFlagParsing {
		return nil
	}
	cmd.InitDefaultHelpFlag()
	if cmd == root {
		cmd.InitDefaultVersionFlag()
	}
	var spelled []string
	for _, a := range args {
		if a == "--" {
			break
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if f := cmd.Flags().Lookup(name); f != nil && len(name) > 1 {
			spelled = append(spelled, name)
		}
	}
	if len(spelled) > 0 {
		return fmt.Errorf("single-dash long flags were refused after 0.4: write --%s", strings.Join(spelled, ", --"))
	}
	return nil
}
