// Command flowbench generates and scores counterfactual spatial imagination data.
//
// Usage: flowbench <command> [flags]. Run "flowbench --help" for the list of
// commands and "flowbench <command> --help" for one; docs/cli.md has them
// all. The commands are github.com/spf13/cobra commands built afresh for
// every run (root_command.go); each command's file registers it.
package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"flowbench/pipeline"
)

// command is one command of the CLI, registered by its file's init.
type command struct {
	// name is the command's path below flowbench: "generate", or
	// "assets build" for a subcommand of assets (its parent is registered
	// too).
	name string
	// use is the synopsis after the command's name, e.g. "DIR|URL [flags]";
	// empty means "[flags]".
	use     string
	summary string
	// long and example are the help's description and example lines
	// (each line a full command line).
	long, example string
	// args checks the positional arguments (nil: none are allowed).
	args cobra.PositionalArgs
	// setup defines the command's flags on fs and returns the function
	// that runs it on the positional arguments, once fs is parsed.
	setup func(fs *pflag.FlagSet, stdout, stderr io.Writer) func(args []string) error
	// run, for test-only commands, takes the raw arguments unparsed.
	run func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

// register adds a command; each command's file calls it from init.
func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("flowbench: command " + c.name + " registered twice")
	}
	commands[c.name] = c
}

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

// runCommand runs args through a fresh command tree (no flag state is
// shared between calls) and maps the outcome to an exit code.
func runCommand(args []string, stdout, stderr io.Writer) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	root := newRootCommand(stdout, stderr)
	if len(args) == 0 {
		root.SetOut(stderr)
		root.Help()
		return exitUsage
	}
	if err := checkSingleDashFlags(root, args); err != nil {
		fmt.Fprintf(stderr, "flowbench: %v\n", clipQuoted(err.Error()))
		return exitUsage
	}
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	path := strings.TrimPrefix(cmd.CommandPath(), "flowbench")
	var ce commandError
	if !errors.As(err, &ce) {
		// Cobra's own errors: an unknown command or flag, a bad flag
		// value, wrong positional arguments.
		fmt.Fprintf(stderr, "flowbench%s: %v\n", path, clipQuoted(strings.TrimRight(err.Error(), "\n")))
		fmt.Fprintf(stderr, "Run 'flowbench%s --help' for usage.\n", path)
		return exitUsage
	}
	switch {
	case errors.Is(ce.err, errUsage):
		fmt.Fprintf(stderr, "flowbench%s: %v\n", path, clipQuoted(ce.err.Error()))
		fmt.Fprintf(stderr, "Run 'flowbench%s --help' for usage.\n", path)
		return exitUsage
	}
	fmt.Fprintf(stderr, "flowbench%s: %v\n", path, ce.err)
	if errors.Is(ce.err, errInternal) {
		return exitInternal
	}
	return exitFailure
}

// commandError wraps an error returned by a command's own code, as opposed
// to cobra's errors about the command line.
type commandError struct{ err error }

func (e commandError) Error() string { return e.err.Error() }
