package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"net/url"
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

	"flowbench/assets"
	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/score"
)

// The "generate" subcommand runs the whole pipeline into a Hugging Face
// style dataset directory: houses → camera selection → planning →
// rendering I0/I1 → flow → marks → Parquet shards, then the manifest and
// the dataset card.

// flowbenchVersion is the generator version recorded in manifests.
const flowbenchVersion = "0.1.0"

// defaultRowsPerShard is generate's default shard size in questions.
const defaultRowsPerShard = 256

// defaultBalanceHouses is the default number of houses per balance block.
const defaultBalanceHouses = 8

// defaultMemoryLimit is the Go soft memory limit of a generate run
// (override with the GOMEMLIMIT environment variable).
const defaultMemoryLimit = 768 << 20

func init() {
	register(command{
		name:    "generate",
		summary: "generate a dataset split (questions + dense annotations) as Parquet shards",
		run:     runGenerate,
	})
}

// TestCandidateViewsPerRoom is m, the views kept per room, when the test
// split is selected from a candidate pool.
const TestCandidateViewsPerRoom = 8

// generateFlags are the parsed flags of a generate run.
type generateFlags struct {
	split, out, importDir, scenes, cpuProfile, categories, backend string
	renderBackend                                                  string          // --render-backend
	assets                                                         string          // --assets
	lib                                                            *assets.Library // opened from --assets; nil = primitive shapes
	houses, size, workers, rowsPerShard, views                     int
	balanceHouses                                                  int
	seed                                                           int64
	resume, overwrite, quiet, verbose, questionsOnly               bool
	marks                                                          string           // --marks
	markStyle                                                      render.MarkStyle // parsed from --marks
	rephraseEndpoint, rephraseModel, rephraseKeyEnv                string           // --rephrase-*
	testCounts                                                     string           // --test-counts
	full                                                           bool             // --full
	// tensorType types the dense annotation columns (--tensor-type).
	tensorType export.TensorType
	// targets are the parsed --test-counts (nil: keep every candidate);
	// selection is the test split's selection once made.
	targets   map[planner.Category]int
	selection *planner.Selection

	// onHouse, when set (tests), is called after each house's rows are
	// written and its shard possibly completed, with the shards completed so far.
	onHouse func(completedShards int)
}

func runGenerate(args []string, stdout, stderr io.Writer) error {
	g, src, cfg, err := parseGenerate(args, stderr)
	if err != nil {
		return err
	}
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
	if os.Getenv("GOMEMLIMIT") == "" {
		// Rows are large and short-lived; a soft limit keeps the heap from
		// doubling between collections (GOGC) on long runs.
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C kills at once
	}()
	return generate(ctx, g, src, cfg, stdout, stderr)
}

// parseGenerate parses and checks generate's flags.
func parseGenerate(args []string, stderr io.Writer) (generateFlags, *houseSource, planner.Config, error) {
	fs := newFlags("generate", stderr)
	var g generateFlags
	fs.StringVar(&g.split, "split", "train", "split: train or val (procthor houses), test (ithor scenes); with --import any name of [a-z][a-z0-9_]{0,31}")
	fs.IntVar(&g.houses, "houses", 0, "number of houses (required for train/val; test and --import default to all)")
	fs.Int64Var(&g.seed, "seed", 1, "master seed")
	fs.StringVar(&g.out, "out", "", "dataset directory (required)")
	fs.IntVar(&g.size, "size", 800, "square image size in pixels")
	fs.IntVar(&g.workers, "workers", runtime.GOMAXPROCS(0), "planning workers: balance blocks planned in parallel (the output does not depend on it)")
	fs.IntVar(&g.rowsPerShard, "rows-per-shard", defaultRowsPerShard, "questions per shard (shards end at a balance-block boundary, so a shard may hold more)")
	fs.BoolVar(&g.resume, "resume", false, "continue an interrupted run: keep its completed shards, redo the rest")
	fs.BoolVar(&g.overwrite, "overwrite", false, "replace this split if DIR already holds it")
	fs.BoolVar(&g.quiet, "quiet", false, "no progress bar")
	fs.BoolVar(&g.verbose, "verbose", false, "debug logs: the planner's per-house skip report")
	fs.StringVar(&g.importDir, "import", "", "generate from the ProcTHOR house JSON files of this directory")
	fs.StringVar(&g.scenes, "scenes", "", "test split: comma-separated ithor scenes (default all 120), e.g. FloorPlan1,FloorPlan201")
	fs.IntVar(&g.balanceHouses, "balance-houses", defaultBalanceHouses,
		"the yes/no balance runs over blocks of this many consecutive houses (shards end at block boundaries)")
	fs.IntVar(&g.views, "views", planner.DefaultConfig().Views, "at most this many camera views per house")
	fs.StringVar(&g.categories, "categories", "", "comma-separated question categories (default all eight)")
	fs.BoolVar(&g.questionsOnly, "questions-only", false, "write only the questions table (no dense annotations)")
	fs.StringVar(&g.marks, "marks", "dots", "Set-of-Marks style: dots (colour dots, objects named by colour) or badges (numbered badges, objects named by number)")
	fs.StringVar(&g.rephraseEndpoint, "rephrase-endpoint", "", "rewrite each text after the paraphrase grammar through this OpenAI-compatible API (base URL ending in /v1); rewrites that lose an object, mark, number or direction are dropped")
	fs.StringVar(&g.rephraseModel, "rephrase-model", "", "model name for --rephrase-endpoint")
	fs.StringVar(&g.rephraseKeyEnv, "rephrase-api-key-env", "OPENAI_API_KEY", "environment variable holding the --rephrase-endpoint API key (sent as a bearer token when set)")
	fs.StringVar(&g.testCounts, "test-counts", "method",
		"test split: select per-category counts from the candidates of all scenes: method (the method's 714 questions), all (keep every candidate), or category=count,...")
	fs.BoolVar(&g.full, "full", false, "run the full planners (closer-to's 24 plans, feasibility's full-path and downward probes, contact-wall's 1.5 m filter); default on for the test split")
	fs.StringVar(&g.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&g.assets, "assets", "auto", assetsUsage)
	fs.StringVar(&g.backend, "backend", "", "plan and render through a websocket bridge, e.g. ws://127.0.0.1:8765 (default: in-process)")
	fs.StringVar(&g.renderBackend, "render-backend", "", "plan and label in-process; render only the stored I0/I1 frames' RGB through a websocket bridge (e.g. Blender)")
	addTensorTypeFlag(fs, &g.tensorType)
	if err := parseFlags(fs, args, false); err != nil {
		return g, nil, planner.Config{}, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	src, cfg, err := g.check(set)
	return g, src, cfg, err
}

// check validates the flags and builds the house source and planner config.
func (g *generateFlags) check(set map[string]bool) (*houseSource, planner.Config, error) {
	cfg := planner.DefaultConfig()
	bad := func(format string, a ...any) (*houseSource, planner.Config, error) {
		return nil, cfg, fmt.Errorf("%w: "+format, append([]any{errUsage}, a...)...)
	}
	style, merr := render.ParseMarkStyle(g.marks)
	if merr != nil {
		return bad("--marks: %v", merr)
	}
	g.markStyle = style
	if g.rephraseEndpoint != "" {
		u, perr := url.Parse(g.rephraseEndpoint)
		switch {
		case perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			return bad("--rephrase-endpoint %q: want an http(s) URL", g.rephraseEndpoint)
		case g.rephraseModel == "":
			return bad("--rephrase-model is required with --rephrase-endpoint")
		}
	} else if g.rephraseModel != "" {
		return bad("--rephrase-model needs --rephrase-endpoint")
	}
	switch {
	case g.out == "":
		return bad("--out is required")
	case g.resume && g.overwrite:
		return bad("--resume and --overwrite exclude each other")
	case g.size < 16 || g.size > 4096:
		return bad("--size must be between 16 and 4096, got %d", g.size)
	case g.workers < 1:
		return bad("--workers must be at least 1, got %d", g.workers)
	case g.rowsPerShard < 1:
		return bad("--rows-per-shard must be at least 1, got %d", g.rowsPerShard)
	case g.houses < 0:
		return bad("--houses must not be negative, got %d", g.houses)
	case g.balanceHouses < 1:
		return bad("--balance-houses must be at least 1, got %d", g.balanceHouses)
	case g.views < 1:
		return bad("--views must be at least 1, got %d", g.views)
	case set["scenes"] && g.split != "test":
		return bad("--scenes selects ithor scenes of the test split, not %s", g.split)
	case set["scenes"] && g.importDir != "":
		return bad("--scenes and --import exclude each other")
	case set["test-counts"] && (g.split != "test" || g.importDir != ""):
		return bad("--test-counts selects the ithor test split, not %s", g.split)
	}
	if g.split == "test" && g.importDir == "" && g.testCounts != "all" {
		t, err := planner.ParseTestCounts(g.testCounts)
		if err != nil {
			return bad("--test-counts: %v", err)
		}
		g.targets = t
		// The candidate pool: more views per scene than A.1's m = 3 (a
		// single-room scene gets 3 views, too few for 714 questions from 120
		// scenes at the planners' acceptance rates); see docs/planner.md.
		cfg.PerRoom, cfg.FPSPerRoom = TestCandidateViewsPerRoom, 2*cfg.FPSPerRoom
	}
	cfg.Full = g.full || (!set["full"] && g.split == "test" && g.importDir == "")
	if err := checkSplitName(g.split); err != nil {
		return bad("%v", err)
	}
	if err := checkBackends(g.backend, g.renderBackend); err != nil {
		return bad("%v", err)
	}
	if g.categories != "" {
		cfg.Categories = nil
		for _, name := range strings.Split(g.categories, ",") {
			c, err := planner.ParseCategory(strings.TrimSpace(name))
			if err != nil {
				return bad("--categories: %v", err)
			}
			cfg.Categories = append(cfg.Categories, c)
		}
	}
	cfg.Views = g.views
	var src *houseSource
	var err error
	switch {
	case g.importDir != "":
		// Unreadable or invalid house files are bad input, not usage: exit 1
		// with the file name.
		if src, err = newImportSource(g.importDir, g.houses); err != nil {
			return nil, cfg, err
		}
	case g.split == "test":
		src, err = newIthorSource(g.scenes, g.seed, g.houses)
	case g.split == "train" || g.split == "val":
		if g.houses == 0 {
			return bad("--houses is required for the %s split", g.split)
		}
		src, err = newProcthorSource(g.split, g.seed, g.houses)
	default:
		return bad("--split must be train, val or test (or any name with --import), got %q", g.split)
	}
	if err != nil {
		return bad("%v", err)
	}
	return src, cfg, nil
}

// generate runs a checked configuration.
func generate(ctx context.Context, g generateFlags, src *houseSource, cfg planner.Config, stdout, stderr io.Writer) error {
	lib, err := openAssets(g.assets)
	if err != nil {
		return err
	}
	g.lib = lib
	if err := export.CheckTensorType(g.out, g.split, g.tensorType); err != nil {
		return err
	}
	if err := prepareOutDir(g.out, g.split, g.resume, g.overwrite); err != nil {
		return err
	}
	index := map[string]int{}
	for _, h := range src.Houses {
		index[h.ID] = h.Index
	}
	fp := fingerprint(g, src, cfg)
	shards, err := openShardSet(g.out, g.split, g.size, g.size, g.rowsPerShard, g.questionsOnly, fp,
		func(id string) (int, bool) { i, ok := index[id]; return i, ok }, g.balanceHouses, len(src.Houses), g.resume)
	if err != nil {
		return err
	}
	shards.tensorType = g.tensorType
	from := shards.NextHouse()
	if kept := shards.Resumed(); len(kept) > 0 {
		rows := 0
		for _, r := range kept {
			rows += r.Rows
		}
		slog.Info("resuming", "split", g.split, "shards_kept", len(kept), "questions_kept", rows, "next_house", from)
	}
	var prog progressSink = noProgress{}
	var bar *progressBar
	if !g.quiet {
		bar = newProgressBar(stderr, len(src.Houses)-from)
		prog = bar
	}
	opt := runOptions{Split: g.split, Seed: g.seed, Size: g.size, Workers: g.workers, RowsPerShard: g.rowsPerShard,
		BalanceHouses: g.balanceHouses, QuestionsOnly: g.questionsOnly, Planner: cfg, Backend: g.backend, RenderBackend: g.renderBackend,
		Dress: dresser(g.lib), Marks: g.markStyle}
	if g.rephraseEndpoint != "" {
		opt.Rephrase = &score.EvalOptions{Endpoint: g.rephraseEndpoint, Model: g.rephraseModel,
			APIKey: os.Getenv(g.rephraseKeyEnv), Concurrency: 1, MaxRetries: 2, Timeout: 2 * time.Minute}
	}
	if g.targets != nil {
		pre, sel, err := preselect(ctx, src, opt, g.targets)
		if err != nil {
			return err
		}
		opt.Preplanned, g.selection = pre, &sel
		slog.Info("test split selected", "candidates", sel.Candidates, "selected", sel.Selected, "chance", sel.Chance, "short", sel.Short)
	}
	start := time.Now()
	if g.onHouse != nil {
		prog = hookSink{prog, func() { g.onHouse(len(shards.done)) }}
	}
	res, err := runPipeline(ctx, src, from, opt, shards, prog)
	if bar != nil {
		bar.Finish()
	}
	elapsed := time.Since(start)
	if err != nil {
		if isInterrupt(err) {
			return fmt.Errorf("interrupted after %d houses: %d completed shards kept in %s; rerun with --resume to continue",
				res.Houses, len(shards.Resumed()), shards.staging)
		}
		return err
	}
	if res.Houses > 0 && len(res.Failed) == res.Houses {
		for _, f := range res.Failed {
			fmt.Fprintf(stderr, "  %s\n", f)
		}
		return fmt.Errorf("every house failed (%d of %d); no dataset was written", len(res.Failed), res.Houses)
	}
	m, err := writeManifest(g, src, cfg)
	if err != nil {
		return err
	}
	st := m.Splits[g.split]
	bytes, err := dirBytes(filepath.Join(g.out, "data", g.split))
	if err != nil {
		return err
	}
	rate := float64(res.Questions) / elapsed.Seconds()
	fmt.Fprintf(stdout, "generated %d questions from %d houses in %s (%.2f questions/s, %d workers)\n",
		res.Questions, res.Houses, elapsed.Round(time.Millisecond), rate, g.workers)
	for _, reason := range slices.Sorted(maps.Keys(res.Bad)) {
		fmt.Fprintf(stdout, "  %d houses gave no questions: %s\n", res.Bad[reason], reason)
	}
	if len(res.Failed) > 0 {
		fmt.Fprintf(stdout, "  %d houses failed (their remaining questions are missing):\n", len(res.Failed))
		for _, f := range res.Failed {
			fmt.Fprintf(stdout, "    %s\n", f)
		}
	}
	if st != nil {
		per := 0.0
		if st.Questions > 0 {
			per = float64(bytes) / float64(st.Questions)
		}
		fmt.Fprintf(stdout, "split %s: %d questions in %d shards, %d bytes (%.0f bytes/question)\n",
			g.split, st.Questions, st.Shards, bytes, per)
	}
	fmt.Fprintf(stdout, "wrote %s\n", g.out)
	return nil
}

// prepareOutDir creates DIR or checks that this run may write into it:
// an empty or new DIR always; a DIR holding this split only with --resume
// or --overwrite (which removes the split); a flowbench dataset without this
// split (a new split is added); any other non-empty DIR only with
// --overwrite. It also checks that DIR is writable and that every path the
// run writes or removes (data/<split>, its staging folder, the manifest and
// the card) lies inside DIR after resolving symbolic links, before removing
// anything.
func prepareOutDir(dir, split string, resume, overwrite bool) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return diskError(fmt.Errorf("cannot create output directory %s: %w", dir, err))
		}
	case err != nil:
		return fmt.Errorf("output directory %s: %w", dir, err)
	case !st.IsDir():
		return fmt.Errorf("output %s exists and is not a directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("cannot read output directory %s: %w", dir, err)
	}
	splitDir := filepath.Join(dir, "data", split)
	if err := checkUnderOut(dir, filepath.Join(dir, "data"), splitDir, filepath.Join(splitDir, ".staging"),
		filepath.Join(dir, export.ManifestFile), filepath.Join(dir, export.CardFile)); err != nil {
		return err
	}
	splitEntries, _ := os.ReadDir(splitDir)
	_, manErr := os.Stat(filepath.Join(dir, export.ManifestFile))
	isDataset := manErr == nil
	switch {
	case len(entries) == 0:
	case len(splitEntries) > 0:
		if overwrite {
			if err := os.RemoveAll(splitDir); err != nil {
				return diskError(fmt.Errorf("cannot remove the old split %s: %w", splitDir, err))
			}
		} else if !resume {
			return fmt.Errorf("%s already holds split %q: use --resume to continue it or --overwrite to replace it", dir, split)
		}
	case isDataset || resume || overwrite:
		// A new split of an existing dataset, or an explicit request.
	default:
		return fmt.Errorf("%s is not empty and holds no flowbench dataset: choose a new or empty directory, or pass --overwrite to write into it", dir)
	}
	probe, err := os.CreateTemp(dir, ".write-probe-*")
	if err != nil {
		return diskError(fmt.Errorf("output directory %s is not writable: %w", dir, err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// fingerprint hashes everything a split's bytes depend on, so that --resume
// never mixes shards of different configurations.
func fingerprint(g generateFlags, src *houseSource, cfg planner.Config) string {
	h := sha256.New()
	fmt.Fprintf(h, "flowbench %s schema %s\nsplit %s seed %d size %d questions-only %v balance-houses %d rows-per-shard %d\nsource %s\n",
		flowbenchVersion, export.SchemaVersion, g.split, g.seed, g.size, g.questionsOnly, g.balanceHouses, g.rowsPerShard, src.Kind)
	fmt.Fprintf(h, "assets %s\n", assetsKey(g.lib))
	writeTensorTypeFingerprint(h, g.tensorType)
	if g.markStyle != render.StyleDots {
		fmt.Fprintf(h, "marks %s\n", g.markStyle)
	}
	if g.rephraseEndpoint != "" {
		fmt.Fprintf(h, "rephrase %s %s\n", g.rephraseEndpoint, g.rephraseModel)
	}
	if g.targets != nil {
		fmt.Fprintf(h, "test-counts %s\n", planner.FormatTestCounts(g.targets))
	}
	for _, hs := range src.Houses {
		fmt.Fprintf(h, "%s\n", hs.ID)
	}
	b, _ := json.Marshal(struct {
		Views, FPS, PerRoom int
		Visible             float64
		Full                bool
		Categories          []string
	}{cfg.Views, cfg.FPSPerRoom, cfg.PerRoom, cfg.VisiblePixels, cfg.Full, categoryNames(cfg.Categories)})
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func categoryNames(cs []planner.Category) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// writeManifest writes DIR/manifest.json and DIR/README.md from the finished
// shards of every split, keeping the configuration and seed of the other
// splits from an existing manifest.
func writeManifest(g generateFlags, src *houseSource, cfg planner.Config) (*export.Manifest, error) {
	conf := map[string]any{}
	seeds := map[string]int64{}
	oldAssets := map[string]*export.AssetUse{}
	if b, err := os.ReadFile(filepath.Join(g.out, export.ManifestFile)); err == nil {
		var old export.Manifest
		if json.Unmarshal(b, &old) == nil {
			for k, v := range old.Config {
				conf[k] = v
			}
			for k, v := range old.Seeds {
				seeds[k] = v
			}
			for k, st := range old.Splits {
				oldAssets[k] = st.Assets
			}
		}
	}
	source := map[string]any{"kind": src.Kind}
	switch {
	case g.importDir != "":
		source["import_dir"] = g.importDir
	case src.Kind == "ithor":
		source["scenes"] = len(src.Houses)
	case g.split == "val":
		source["generator_index"] = fmt.Sprintf("%d + house index", valStreamOffset)
	default:
		source["generator_index"] = "house index"
	}
	conf[g.split] = map[string]any{
		"houses": len(src.Houses), "seed": g.seed, "size": g.size, "rows_per_shard": g.rowsPerShard,
		"views": cfg.Views, "categories": categoryNames(cfg.Categories), "questions_only": g.questionsOnly,
		"source": source, "balance_houses": g.balanceHouses, "marks": g.markStyle.String(), "full_planners": cfg.Full,
		export.TensorTypeKey: g.tensorType.String(),
	}
	if g.rephraseEndpoint != "" {
		conf[g.split].(map[string]any)["rephrase"] = map[string]any{"endpoint": g.rephraseEndpoint, "model": g.rephraseModel}
	}
	if sel := g.selection; sel != nil {
		conf[g.split].(map[string]any)["selection"] = map[string]any{
			"targets": planner.FormatTestCounts(g.targets), "candidates": sel.Candidates, "selected": sel.Selected,
			"short": sel.Short, "scene_cap": sel.SceneCap, "chance": sel.Chance,
			"rule": "per category, answer values in the candidates' proportions, clearest decision margin first, per-scene caps 1.5× an even share, then uncapped",
		}
	}
	seeds[g.split] = g.seed
	m, err := export.NewManifest(g.out, flowbenchVersion, conf, seeds)
	if err != nil {
		return nil, err
	}
	for name, st := range m.Splits {
		if name != g.split && oldAssets[name] != nil {
			st.Assets = oldAssets[name]
		}
	}
	if st := m.Splits[g.split]; st != nil {
		if st.Assets, err = assetUse(g.lib, src); err != nil {
			return nil, err
		}
	}
	ds, err := export.Open(g.out)
	if err != nil {
		return nil, err
	}
	hasAnn := false
	for _, s := range ds.Splits() {
		hasAnn = hasAnn || len(ds.Shards(s, export.AnnotationsTable)) > 0
	}
	if !hasAnn && len(m.Schema) > 1 {
		m.Schema = m.Schema[:1]
	}
	if err := export.WriteManifest(g.out, m); err != nil {
		return nil, diskError(err)
	}
	if err := export.WriteCard(g.out, m); err != nil {
		return nil, diskError(err)
	}
	return m, nil
}

// dirBytes sums the sizes of the regular files under dir.
func dirBytes(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
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
