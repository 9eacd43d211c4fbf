// Command flowbench generates and scores counterfactual spatial imagination data.
//
// Usage: flowbench <command> [flags]. Run "flowbench help" for the list.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"flowbench/pipeline"
)

// command is one subcommand of the CLI.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

// register adds a subcommand; each subcommand's file calls it from init.
func register(c command) { commands[c.name] = c }

// errUsage marks an error caused by wrong flags or arguments (exit code 2).
var errUsage = errors.New("usage error")

// errInternal marks an error made from a panic recovered in a worker
// goroutine (exit code exitInternal).
var errInternal = pipeline.ErrInternal

// recoverInternal, deferred in a goroutine that works on one input, turns a
// panic into an error wrapping errInternal that names the input (what) and
// carries the stack, stored in *err.
func recoverInternal(err *error, what string) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%w while processing %s: %v\n%s", errInternal, what, p, debug.Stack())
	}
}

// Exit codes of flowbench (README.md lists them).
const (
	exitOK       = 0
	exitFailure  = 1 // bad input (a file, a field, a value) or a run that failed
	exitUsage    = 2 // wrong flags or arguments
	exitInternal = 3 // an internal error: a recovered panic, i.e. a bug
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one command line and returns its exit code. A panic in the
// command's goroutine is recovered and reported as an internal error naming
// the command line (the input), with exit code exitInternal; Go's own exit
// code for an unrecovered panic is 2, the usage code, which would hide it.
// Worker goroutines recover with recoverInternal and return errInternal.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "flowbench: internal error (a bug, please report it) while running %q: %v\n%s", strings.Join(args, " "), p, debug.Stack())
			code = exitInternal
		}
	}()
	return runCommand(args, stdout, stderr)
}

// runCommand dispatches args to their subcommand and maps its error to an exit code.
func runCommand(args []string, stdout, stderr io.Writer) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "flowbench: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	if err := c.run(args[1:], stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		fmt.Fprintf(stderr, "flowbench %s: %v\n", c.name, err)
		switch {
		case errors.Is(err, errUsage):
			return exitUsage
		case errors.Is(err, errInternal):
			return exitInternal
		}
		return exitFailure
	}
	return exitOK
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: flowbench <command> [flags]\n\ncommands:")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}

// newFlags returns a FlagSet that reports errors instead of exiting.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("flowbench "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// flagSet reports whether flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// parseFlags parses args and wraps failures as usage errors; it also rejects
// stray positional arguments unless allowArgs is set.
func parseFlags(fs *flag.FlagSet, args []string, allowArgs bool) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if !allowArgs && fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	return nil
}
