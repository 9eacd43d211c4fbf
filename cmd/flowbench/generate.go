package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/pipeline"
	"flowbench/planner"
)

// The "generate" subcommand runs the pipeline (package pipeline) into a
// Hugging Face style dataset directory: houses → camera selection →
// planning → rendering I0/I1 → flow → marks → Parquet shards, then the
// manifest and the dataset card. This file maps its flags to a
// pipeline.Config and pipeline.Options and prints the progress and summary.

// defaultMemoryLimit and defaultGCPercent pace the collector of a generate
// run (override them with the GOMEMLIMIT and GOGC environment variables).
//
// Rows are large and short-lived, and with real furniture the live heap of
// a long run sits at 700-970 MB (shared models, the houses planned ahead,
// the open row groups). Paced by a memory limit alone (1152 MiB in 0.5.0),
// the heap met the limit at every collection, and the runtime returned the
// pages it freed to the kernel to stay under it, only to fault them in
// again for the next rows: 100 houses took 19.4 million page faults and
// 182 s of system time out of 1009 CPU-s. With GOGC 50 the heap goal stays
// below the limit, so freed pages are reused: 40 houses at 512x512 took
// 336 CPU-s (23 s system, 1.8 million faults) instead of 405 (70 s, 7.7
// million) and 173 s instead of 208 s of wall time, at 1.75 GB max RSS
// instead of 1.29. GOGC 30 and 100 were about even, 20 worse
// (docs/performance.md). The limit stays as a backstop for runs whose live
// heap grows larger.
const (
	defaultMemoryLimit = 1600 << 20
	defaultGCPercent   = 50
)

// paceCollector sets generate's memory limit and GC percentage, each unless
// its environment variable (read with getenv) sets it.
func paceCollector(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	if getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
}

func init() {
	register(command{
		name:    "generate",
		use:     "--out DIR|URL [flags]",
		summary: "generate a dataset split (questions + dense annotations) as Parquet shards",
		long: "generate builds houses, picks cameras, plans answer-changing object motions, renders the\n" +
			"outcomes and writes one split of a dataset: Parquet shards of questions and dense annotations,\n" +
			"the manifest and the dataset card (docs/generate.md, docs/dataset.md). --split defaults to train.",
		example: "flowbench generate --houses 8 --seed 1 --out csi\n" +
			"flowbench generate --split test --size 512 --out csi\n" +
			"flowbench generate --houses 1000 --part 3/8 --out part3    # then: flowbench merge part0 ... part7 --out csi\n" +
			"flowbench generate --houses 100 --out s3://bucket/csi?region=eu-west-1 --resume",
		setup: generateCommand,
	})
}

// generateFlags are the parsed flags of a generate run.
type generateFlags struct {
	split, out, importDir, scenes, cpuProfile, categories, backend string
	categoryMix                                                    string
	renderBackend                                                  string // --render-backend
	assets                                                         string // --assets
	part                                                           string // --part K/N
	houses, size, workers, rowsPerShard, blocksPerShard, views     int
	balanceHouses                                                  int
	seed                                                           int64
	resume, overwrite, quiet, verbose, questionsOnly               bool
	skipBadHouses                                                  bool
	marks                                                          string // --marks
	rephraseEndpoint, rephraseModel, rephraseKeyEnv                string // --rephrase-*
	annotateEndpoint, annotateModel, annotateJudge, annotateKeyEnv string // --annotate-*
	annotateFilter                                                 bool   // --annotate-filter
	family                                                         string // --family
	testCounts                                                     string // --test-counts
	full                                                           bool   // --full
	allowEmpty                                                     bool   // --allow-empty
	tensorType                                                     export.TensorType

	cfg pipeline.Config  // the flags as a pipeline configuration
	opt pipeline.Options // the flags as pipeline options (no progress yet)

	// onHouse, when set (tests), is called after each house's rows are
	// written and its shard possibly completed, with the shards completed so far.
	onHouse func(completedShards int)
}

// generateCommand defines generate's flags on fs and returns the command.
func generateCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	g := addGenerateFlags(fs)
	return func([]string) error {
		if err := g.finish(fs); err != nil {
			return err
		}
		return runGenerate(g, stdout, stderr)
	}
}

func runGenerate(g *generateFlags, stdout, stderr io.Writer) error {
	if g.verbose {
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelDebug})))
	}
	if g.cpuProfile != "" {
		f, err := os.Create(g.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	paceCollector(os.Getenv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C kills at once
	}()
	err := withGenerateOut(ctx, stdout, g.out, g.split, g.resume, g.overwrite, func(dir string) error {
		g.out, g.opt.Out = dir, dir
		return generate(ctx, g, stdout, stderr)
	})
	if se := (*pipeline.SplitExistsError)(nil); errors.As(err, &se) {
		return fmt.Errorf("%w: use --resume to continue it or --overwrite to replace it", err)
	}
	return err
}

// parseGenerate parses and checks generate's flags in args (for tests and
// tools that build a run without the command tree).
func parseGenerate(args []string, stderr io.Writer) (*generateFlags, error) {
	fs := pflag.NewFlagSet("flowbench generate", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	g := addGenerateFlags(fs)
	if err := fs.Parse(args); err != nil {
		return nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if err := g.finish(fs); err != nil {
		return nil, err
	}
	return g, nil
}

// addGenerateFlags defines generate's flags on fs, filling the returned
// flags when fs is parsed.
func addGenerateFlags(fs *pflag.FlagSet) *generateFlags {
	g := &generateFlags{}
	def := pipeline.DefaultConfig()
	fs.StringVar(&g.split, "split", "train", "split: train or val (procthor houses), test (ithor scenes); with --import any name of [a-z][a-z0-9_]{0,31}")
	boundedIntVar(fs, &g.houses, "houses", 0, 0, pipeline.MaxHouses, "number of houses (required for train/val; test and --import default to all)")
	seedVar(fs, &g.seed, "master seed")
	fs.StringVar(&g.out, "out", "", "dataset directory, or a URL: s3://, gs://, azblob://, file:// (docs/storage.md) (required)")
	boundedIntVar(fs, &g.size, "size", def.Size, pipeline.MinSize, pipeline.MaxSize, "square image size in pixels")
	boundedIntVar(fs, &g.workers, "workers", min(runtime.GOMAXPROCS(0), pipeline.MaxWorkers), 1, pipeline.MaxWorkers, "planning workers: balance blocks planned in parallel (the output does not depend on it)")
	boundedIntVar(fs, &g.rowsPerShard, "rows-per-shard", pipeline.DefaultRowsPerShard, 1, pipeline.MaxRowsPerShard, "target questions per shard: sets --blocks-per-shard from the expected questions of a block (a shard holds whole balance blocks)")
	boundedIntVar(fs, &g.blocksPerShard, "blocks-per-shard", 0, 0, pipeline.MaxBlocksPerShard, "balance blocks per shard (0: derived from --rows-per-shard); shard s holds blocks [s·k, (s+1)·k)")
	fs.StringVar(&g.part, "part", "", "generate only part K of N (0-based K/N, e.g. $(JOB_COMPLETION_INDEX)/8) into --out; join the parts with flowbench merge")
	fs.BoolVar(&g.resume, "resume", false, "continue an interrupted run: keep its completed shards, redo the rest")
	fs.BoolVar(&g.skipBadHouses, "skip-bad-houses", false, "leave out a house whose generation fails (listed in the manifest and card) instead of stopping the run")
	fs.BoolVar(&g.overwrite, "overwrite", false, "replace this split if DIR already holds it")
	fs.BoolVar(&g.quiet, "quiet", false, "no progress bar")
	fs.BoolVar(&g.verbose, "verbose", false, "debug logs: the planner's per-house skip report")
	fs.StringVar(&g.importDir, "import", "", "generate from the ProcTHOR house JSON files of this directory")
	fs.StringVar(&g.scenes, "scenes", "", "test split: comma-separated ithor scenes (default all 120), e.g. FloorPlan1,FloorPlan201")
	boundedIntVar(fs, &g.balanceHouses, "balance-houses", pipeline.DefaultBalanceHouses, 1, pipeline.MaxBalanceHouses,
		"the yes/no balance runs over blocks of this many consecutive houses (shards end at block boundaries)")
	boundedIntVar(fs, &g.views, "views", def.Views, 1, pipeline.MaxViews, "at most this many camera views per house")
	fs.StringVar(&g.categories, "categories", "", "comma-separated question categories (default all eight)")
	fs.StringVar(&g.categoryMix, "category-mix", "", "target share of questions per category: natural (the default: every category once per view), equal, method (the method's test-split shares) or category=weight,...; a category over its share among those keeping up skips slots, one under half its share is reported short in the manifest and the log (not with the test split's --test-counts)")
	fs.BoolVar(&g.questionsOnly, "questions-only", false, "write only the questions table (no dense annotations)")
	fs.StringVar(&g.marks, "marks", "dots", "Set-of-Marks style: dots (colour dots, objects named by colour) or badges (numbered badges, objects named by number)")
	fs.StringVar(&g.rephraseEndpoint, "rephrase-endpoint", "", "rewrite each text after the paraphrase grammar through this OpenAI-compatible API (base URL ending in /v1); rewrites that lose an object, mark, number or direction are dropped")
	fs.StringVar(&g.rephraseModel, "rephrase-model", "", "model name for --rephrase-endpoint")
	fs.StringVar(&g.rephraseKeyEnv, "rephrase-api-key-env", "OPENAI_API_KEY", "environment variable holding the --rephrase-endpoint API key (sent as a bearer token when set)")
	fs.StringVar(&g.family, "family", pipeline.FamilyMotion, "question family: motion (object-motion counterfactuals) or viewpoint (CVT-Bench-style camera orbits and top view with withheld target views; docs/viewpoint.md)")
	fs.StringVar(&g.annotateEndpoint, "annotate-endpoint", "", "add the method's VLM reasoning annotations (reasoning_outcome c1, reasoning_imagined c0) through this OpenAI-compatible API (base URL ending in /v1); off by default")
	fs.StringVar(&g.annotateModel, "annotate-model", "", "vision model for --annotate-endpoint")
	fs.StringVar(&g.annotateJudge, "annotate-judge-model", "", "judge model of the filter (default: --annotate-model)")
	fs.BoolVar(&g.annotateFilter, "annotate-filter", true, "with --annotate-endpoint: drop examples whose static question the judge answers wrongly on the outcome image")
	fs.StringVar(&g.annotateKeyEnv, "annotate-api-key-env", "OPENAI_API_KEY", "environment variable holding the --annotate-endpoint API key")
	fs.StringVar(&g.testCounts, "test-counts", "method",
		"test split: select per-category counts from the candidates of all scenes: method (the method's 714 questions), all (keep every candidate), or category=count,...")
	fs.BoolVar(&g.allowEmpty, "allow-empty", false, "write the split even when it holds no question (otherwise such a run writes nothing and fails; validate refuses an empty split made without this flag)")
	fs.BoolVar(&g.full, "full", false, "run the full planners (closer-to's 24 plans, feasibility's full-path and downward probes, contact-wall's 1.5 m filter); default on for the test split")
	fs.StringVar(&g.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&g.assets, "assets", "auto", assetsUsage)
	fs.StringVar(&g.backend, "backend", "", "plan and render through a websocket bridge, e.g. ws://127.0.0.1:8765 (default: in-process)")
	fs.StringVar(&g.renderBackend, "render-backend", "", "plan and label in-process; render only the stored I0/I1 frames' RGB through a websocket bridge (e.g. Blender)")
	addTensorTypeFlag(fs, &g.tensorType)
	return g
}

// finish checks the parsed flags of fs (filled into g by addGenerateFlags).
func (g *generateFlags) finish(fs *pflag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(f *pflag.Flag) { set[f.Name] = true })
	return g.check(set)
}

// check validates the flags and maps them to g.cfg and g.opt.
func (g *generateFlags) check(set map[string]bool) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{errUsage}, a...)...)
	}
	switch {
	case g.out == "":
		return bad("--out is required")
	case g.rephraseEndpoint == "" && g.rephraseModel != "":
		return bad("--rephrase-model needs --rephrase-endpoint")
	case g.annotateEndpoint == "" && (g.annotateModel != "" || g.annotateJudge != "" || set["annotate-filter"]):
		return bad("--annotate-model, --annotate-judge-model and --annotate-filter need --annotate-endpoint")
	case set["test-counts"] && strings.TrimSpace(g.testCounts) == "":
		return bad("--test-counts is empty (leave it out for the method's counts, or pass all)")
	case set["categories"] && strings.TrimSpace(g.categories) == "":
		return bad("--categories is empty (leave it out for all eight)")
	case set["scenes"] && strings.TrimSpace(g.scenes) == "":
		return bad("--scenes is empty (leave it out for all 120 scenes)")
	case set["test-counts"] && (g.split != "test" || g.importDir != ""):
		return bad("--test-counts selects the ithor test split, not %s", g.split)
	}
	ithorTest := g.split == "test" && g.importDir == ""
	c := pipeline.Config{Split: g.split, Seed: g.seed, Houses: g.houses, Size: g.size, Import: g.importDir, Scenes: g.scenes,
		BalanceHouses: g.balanceHouses, RowsPerShard: g.rowsPerShard, BlocksPerShard: g.blocksPerShard, Views: g.views,
		QuestionsOnly: g.questionsOnly, Marks: g.marks, Assets: g.assets, Backend: g.backend, RenderBackend: g.renderBackend,
		Full: g.full || (!set["full"] && ithorTest), TensorType: g.tensorType.String()}
	c.Family = g.family
	c.AllowEmpty = g.allowEmpty
	if ithorTest && g.testCounts != "all" && g.family != pipeline.FamilyViewpoint {
		c.TestCounts = g.testCounts
	}
	c.CategoryMix = g.categoryMix
	if g.categories != "" {
		c.Categories = strings.Split(g.categories, ",")
	}
	if g.annotateEndpoint != "" {
		c.Annotate = &pipeline.AnnotateConfig{Endpoint: g.annotateEndpoint, Model: g.annotateModel, JudgeModel: g.annotateJudge,
			Filter: g.annotateFilter, APIKeyEnv: g.annotateKeyEnv}
	}
	if g.rephraseEndpoint != "" {
		c.Rephrase = &pipeline.RephraseConfig{Endpoint: g.rephraseEndpoint, Model: g.rephraseModel, APIKeyEnv: g.rephraseKeyEnv}
	}
	if err := c.Validate(); err != nil {
		return bad("%v", strings.TrimPrefix(err.Error(), pipeline.ErrConfig.Error()+": "))
	}
	var part pipeline.Part
	if g.part != "" {
		p, err := pipeline.ParsePart(g.part)
		if err != nil {
			return bad("%v", strings.TrimPrefix(err.Error(), pipeline.ErrConfig.Error()+": "))
		}
		if c.TestCounts != "" {
			return bad("--part cannot split the test split's selection (--test-counts %s is chosen over every scene's candidates): "+
				"run the test split whole, or pass --test-counts all", c.TestCounts)
		}
		part = p
	}
	g.cfg = c
	g.opt = pipeline.Options{Out: g.out, Workers: g.workers, Part: part, Resume: g.resume, Overwrite: g.overwrite, SkipBadHouses: g.skipBadHouses}
	return nil
}

// generate runs a checked configuration and prints its progress and summary.
func generate(ctx context.Context, g *generateFlags, stdout, stderr io.Writer) error {
	opt := g.opt
	var bar progress
	opt.Progress = func(ev pipeline.Event) {
		switch ev.Kind {
		case pipeline.EventStart:
			if !g.quiet {
				bar = newProgress(stderr, ev.Houses)
			}
		case pipeline.EventQuestion:
			if bar != nil {
				bar.Question()
			}
		case pipeline.EventHouse:
			if bar != nil {
				bar.House()
			}
			if g.onHouse != nil {
				g.onHouse(ev.ShardsDone)
			}
		}
	}
	start := time.Now()
	res, err := pipeline.Run(ctx, g.cfg, opt)
	if bar != nil {
		bar.Finish()
	}
	elapsed := time.Since(start)
	if err != nil {
		if errors.Is(err, pipeline.ErrConfig) {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		if len(res.Failed) > 0 && len(res.Failed) == res.Houses {
			for _, f := range res.Failed {
				fmt.Fprintf(stderr, "  %s\n", f)
			}
		}
		return err
	}
	rate := float64(res.Questions) / elapsed.Seconds()
	fmt.Fprintf(stdout, "generated %d questions from %d houses in %s (%.2f questions/s, %d workers)\n",
		res.Questions, res.Houses, elapsed.Round(time.Millisecond), rate, g.workers)
	if len(res.Structure) > 0 {
		fmt.Fprintf(stdout, "  %s\n", planner.NewStructureHistogram(res.Structure))
	}
	if len(res.Framing) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(res.Framing)) {
			parts = append(parts, fmt.Sprintf("%s %d", k, res.Framing[k]))
		}
		fmt.Fprintf(stdout, "  attempts rejected by the framing rule (a named object cut by the border or too small): %s\n", strings.Join(parts, ", "))
	}
	if len(res.SkippedRooms) > 0 {
		fmt.Fprintf(stdout, "  rooms without a view (no candidate passes the view rule): %s\n", skippedRoomsLine(res.Rooms, res.SkippedRooms))
	}
	for _, reason := range slices.Sorted(maps.Keys(res.Bad)) {
		fmt.Fprintf(stdout, "  %d houses gave no questions: %s\n", res.Bad[reason], reason)
	}
	if len(res.Failed) > 0 {
		fmt.Fprintf(stdout, "  %d houses failed and were skipped (--skip-bad-houses; listed in the manifest and card):\n", len(res.Failed))
		for _, f := range res.Failed {
			fmt.Fprintf(stdout, "    %s\n", f)
		}
	}
	if g.cfg.Family == pipeline.FamilyViewpoint {
		fmt.Fprintf(stdout, "wrote %s (viewpoint family: flowbench validate / inspect / score --family viewpoint read it)\n", g.out)
		return nil
	}
	if res.Manifest == nil {
		fmt.Fprintf(stdout, "part %s: shards %d to %d of %d\nwrote %s (join the parts with flowbench merge)\n",
			g.opt.Part, res.FirstShard, res.EndShard-1, res.Layout.Shards, g.out)
		return nil
	}
	if st := res.Manifest.Splits[g.cfg.Split]; st != nil {
		bytes, err := splitBytes(g.out, g.cfg.Split)
		if err != nil {
			return err
		}
		per := 0.0
		if st.Questions > 0 {
			per = float64(bytes) / float64(st.Questions)
		}
		fmt.Fprintf(stdout, "split %s: %d questions in %d shards, %d bytes (%.0f bytes/question)\n",
			g.cfg.Split, st.Questions, st.Shards, bytes, per)
	}
	fmt.Fprintf(stdout, "wrote %s\n", g.out)
	return nil
}

// splitBytes returns the size of split's files in the dataset dir (its
// shards under data/<table>/).
func splitBytes(dir, split string) (int64, error) {
	var n int64
	data := filepath.Join(dir, export.DataDir)
	err := filepath.WalkDir(data, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type().IsRegular() && export.InSplit(filepath.ToSlash(rel), split) {
			info, err := d.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	return n, err
}
