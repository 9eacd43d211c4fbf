package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every registered command (but the test-only ones) has a summary and an
// example, and its help shows the synopsis, the examples and --flags.
func TestEveryCommandHasSynopsisAndExamples(t *testing.T) {
	for name, c := range commands {
		if c.run != nil {
			continue // test-only commands
		}
		if c.summary == "" || c.example == "" {
			t.Errorf("%s: summary %q, example %q: both are required", name, c.summary, c.example)
		}
		code, out, errs := runCLI(append(strings.Fields(name), "--help")...)
		if code != exitOK || errs != "" {
			t.Errorf("%s --help: exit %d, stderr %q", name, code, errs)
			continue
		}
		for _, want := range []string{"Usage:\n  flowbench " + name, "Examples:\n  flowbench "} {
			if !strings.Contains(out, want) {
				t.Errorf("%s --help lacks %q:\n%s", name, want, out)
			}
		}
		if c.setup != nil && !strings.Contains(out, "      --help") && !strings.Contains(out, "-h, --help") {
			t.Errorf("%s --help shows no --flags:\n%s", name, out)
		}
		if strings.Contains(out, "\n  -out ") || strings.Contains(out, "\n  -seed ") {
			t.Errorf("%s --help shows single-dash flags:\n%s", name, out)
		}
	}
}

func TestRootHelp(t *testing.T) {
	code, out, errs := runCLI("--help")
	if code != exitOK || errs != "" {
		t.Fatalf("--help: exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"generate", "validate", "completion", `Use "flowbench [command] --help"`} {
		if !strings.Contains(out, want) {
			t.Errorf("--help lacks %q:\n%s", want, out)
		}
	}
	// No arguments: the same help on stderr, exit 2.
	code, out, errs = runCLI()
	if code != exitUsage || out != "" || !strings.Contains(errs, "Available Commands:") {
		t.Errorf("no arguments: exit %d, stdout %q, stderr %q; want exit 2 and the help on stderr", code, out, errs)
	}
}

// A mistyped flag gets the nearest flags and a pointer to --help, not the
// whole usage; a mistyped command gets cobra's suggestion.
func TestSuggestions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"generate", "--sed", "3"}, []string{"flowbench generate: unknown flag: --sed", "Did you mean --seed?", "Run 'flowbench generate --help' for usage."}},
		{[]string{"generate", "--hauses", "3"}, []string{"Did you mean --houses?"}},
		{[]string{"validate", "--jsno", "x"}, []string{"unknown flag: --jsno"}},
		{[]string{"genrate"}, []string{`unknown command "genrate" for "flowbench"`, "Did you mean this?\n\tgenerate"}},
		{[]string{"asets", "list"}, []string{"Did you mean this?\n\tassets"}},
		{[]string{"assets", "lst"}, []string{`unknown command "lst" for "flowbench assets"`, "Did you mean this?\n\tlist"}},
		{[]string{"assets"}, []string{"missing subcommand (one of build, coverage, gallery, list)"}},
		{[]string{"scene", "stat"}, []string{`unexpected argument "stat"`, "Did you mean this?\n\tstats"}},
	} {
		code, out, errs := runCLI(c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, w, errs)
			}
		}
		if strings.Contains(errs, "Flags:") || out != "" {
			t.Errorf("%v: the usage was printed (stdout %q):\n%s", c.args, out, errs)
		}
	}
}

func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, out, errs := runCLI("completion", shell)
		if code != exitOK || !strings.Contains(out, "flowbench") || !strings.Contains(out, "__complete") {
			t.Errorf("completion %s: exit %d, %d bytes, stderr %q", shell, code, len(out), errs)
		}
	}
	// The scripts call "flowbench __complete": it must complete commands
	// and flags.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "gen"}, "generate"},
		{[]string{"__complete", "assets", "ga"}, "gallery"},
		{[]string{"__complete", "generate", "--hou"}, "--houses"},
	} {
		code, out, _ := runCLI(c.args...)
		if code != exitOK || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, output %q; want %q", c.args, code, out, c.want)
		}
	}
}

// The single-dash long flags of the old parser, accepted with a notice in
// 0.4, are refused since 0.5 with a usage error saying how to write them;
// nothing is written.
func TestSingleDashFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	code, _, errs := runCLI("scene", "-style", "procthor", "-seed=4", "--out", a)
	if code != exitUsage || !strings.Contains(errs, "write --style, --seed") {
		t.Fatalf("single dash: exit %d, stderr %q; want 2 naming --style and --seed", code, errs)
	}
	if _, err := os.Stat(a); err == nil {
		t.Errorf("a refused command line wrote %s", a)
	}
	if code, _, errs := runCLI("scene", "--style", "procthor", "--seed=4", "--out", a); code != exitOK {
		t.Fatalf("double dash: exit %d: %s", code, errs)
	}
	// Not a flag of the command: pflag refuses it as unknown.
	if code, _, errs := runCLI("scene", "-nosuch", "--out", a); code != exitUsage || strings.Contains(errs, "single-dash") {
		t.Errorf("-nosuch: exit %d, stderr %q", code, errs)
	}
	// After "--" nothing is a flag of flowbench's.
	if code, _, errs := runCLI("scene", "--style", "procthor", "--out", a, "--", "-seed"); code != exitUsage || strings.Contains(errs, "single-dash") {
		t.Errorf("-seed after --: exit %d, stderr %q", code, errs)
	}
}

// Exit codes: 0 success, 1 bad input or a failed run, 2 usage, 3 internal.
func TestExitCodes(t *testing.T) {
	notDataset := t.TempDir()
	if err := os.WriteFile(filepath.Join(notDataset, "x.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"version"}, exitOK},
		{[]string{"--version"}, exitOK},
		{[]string{"help", "generate"}, exitOK},
		{[]string{"validate", notDataset}, exitFailure},
		{[]string{"stats", notDataset}, exitFailure},
		{[]string{"scene", "--import", filepath.Join(notDataset, "x.txt"), "--out", filepath.Join(t.TempDir(), "h.json")}, exitFailure},
		{[]string{"nosuch"}, exitUsage},
		{[]string{"generate", "--nosuch"}, exitUsage},
		{[]string{"generate", "--houses", "many", "--out", t.TempDir()}, exitUsage},
		{[]string{"generate", "--houses", "1"}, exitUsage},               // missing --out
		{[]string{"generate", "extra", "--out", t.TempDir()}, exitUsage}, // a stray argument
		{[]string{"validate"}, exitUsage},
		{[]string{"validate", "a", "b"}, exitUsage},
		{[]string{"version", "extra"}, exitUsage},
		{[]string{"prompts", "--out", "p.jsonl"}, exitUsage}, // no dataset
		{[]string{"hostile-panic"}, exitInternal},
		{[]string{"hostile-worker-panic"}, exitInternal},
	} {
		if code, out, errs := runCLI(c.args...); code != c.code {
			t.Errorf("%v: exit %d, want %d\nstdout %q\nstderr %q", c.args, code, c.code, out, errs)
		}
	}
}

// The dataset is the first argument of every reader; the --data of 0.4 is
// refused. Commands on
// one split default to the dataset's only split and need --split when it
// holds several.
func TestDatasetArgumentAndDefaultSplit(t *testing.T) {
	referenceRun(t)
	one := generateOnce.dir
	out := t.TempDir()
	pos, alias := filepath.Join(out, "pos.jsonl"), filepath.Join(out, "alias.jsonl")
	code, _, errs := runCLI("prompts", one, "--out", pos)
	if code != exitOK || strings.Contains(errs, "deprecated") {
		t.Fatalf("prompts DIR: exit %d: %s", code, errs)
	}
	code, _, errs = runCLI("prompts", "--data", one, "--out", alias)
	if code != exitUsage || !strings.Contains(errs, "--data was refused after 0.4: pass the dataset as the first argument") {
		t.Fatalf("prompts --data DIR: exit %d, want 2 saying how to pass the dataset: %s", code, errs)
	}
	if _, err := os.Stat(alias); err == nil {
		t.Errorf("a refused prompts --data wrote %s", alias)
	}
	if code, _, errs := runCLI("prompts", one, "--data", one, "--out", alias); code != exitUsage || !strings.Contains(errs, "given twice") {
		t.Errorf("DIR and --data: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCLI("prompts", one, "--split", "val", "--out", alias); code != exitUsage || !strings.Contains(errs, `no split "val"`) {
		t.Errorf("--split val of a train-only dataset: exit %d, stderr %q", code, errs)
	}

	// A second split: now prompts needs --split, stats reports both.
	two := filepath.Join(t.TempDir(), "two")
	if err := os.CopyFS(two, os.DirFS(one)); err != nil {
		t.Fatal(err)
	}
	val := tinyRun(two, "--split", "val", "--houses", "2")
	if code, out, errs := runCLI(append([]string{"generate"}, val...)...); code != exitOK {
		t.Fatalf("generate val: exit %d\n%s\n%s", code, out, errs)
	}
	code, _, errs = runCLI("prompts", two, "--out", alias)
	if code != exitUsage || !strings.Contains(errs, "holds the splits [train val]: choose one with --split") {
		t.Errorf("prompts on two splits without --split: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCLI("prompts", two, "--split", "train", "--out", alias); code != exitOK {
		t.Errorf("prompts --split train: exit %d: %s", code, errs)
	}
	code, stdout, errs := runCLI("stats", two, "--json")
	if code != exitOK || !strings.Contains(stdout, `"train"`) || !strings.Contains(stdout, `"val"`) || !strings.Contains(stdout, `"all"`) {
		t.Errorf("stats over two splits: exit %d, stderr %q, stdout %.300s", code, errs, stdout)
	}
}

// docs/cli.md lists every command with the synopsis its help shows.
func TestDocsListEveryCommand(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	md := strings.ReplaceAll(string(doc), `\|`, "|")
	for name, c := range commands {
		if c.run != nil {
			continue
		}
		syn := "flowbench " + name
		if c.use != "" && c.use != "[flags]" {
			syn += " " + c.use
		} else if c.setup != nil && name != "version" {
			syn += " [flags]"
		}
		if !strings.Contains(md, "`"+syn+"`") {
			t.Errorf("docs/cli.md lacks the synopsis `%s`", syn)
		}
	}
}
