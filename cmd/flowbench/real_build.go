package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"flowbench/pipeline"
	"flowbench/real"
	"flowbench/real/pairfile"
	"flowbench/score"
)

// The "real build" subcommand turns image pairs with estimator outputs
// into a FlowBench-Real split (pipeline.RunReal, docs/real.md).

func init() {
	register(command{
		name:    "real build",
		use:     "PAIRS --out DIR|URL [flags]",
		summary: "build a FlowBench-Real split from image pairs (questions, annotations, manifest, card)",
		long: "real build reads every pair under PAIRS (a pair folder, a folder of pair folders, or a JSONL index;\n" +
			"docs/real.md), measures it, generates and filters its questions (Appendix B), selects the split\n" +
			"and writes the questions and real_annotations tables, the manifest and the card. A bad pair is\n" +
			"left out with a reason naming its file and field. --part K/N writes shards K of N (every part\n" +
			"reads every pair: the selection is over the whole split); join the parts with flowbench merge.\n" +
			"Three VLM steps are off by default (docs/real.md): --check-marks-endpoint drops questions whose\n" +
			"numbered marks a VLM sees on the robot or a person (B.5), --text-only-endpoint (test split)\n" +
			"selects last the questions a model answers without the image in both option orders (B.6), and\n" +
			"--names-endpoint has a VLM name, count and check the objects of Bridge V2, DROID and custom pairs\n" +
			"for named-object questions (B.4.9). A VLM never answers a question.",
		example: "flowbench real build pairs --out realds\n" +
			"flowbench real build pairs --out realds --split test --seed 1\n" +
			"flowbench real build pairs.jsonl --part 0/4 --out part0    # then: flowbench merge part0 ... part3 --out realds\n" +
			"flowbench real build pairs --out realds --split test --check-marks-endpoint http://127.0.0.1:8000/v1 --check-marks-model Qwen3.5-9B \\\n" +
			"    --text-only-endpoint http://127.0.0.1:8000/v1 --text-only-model Qwen3.5-9B \\\n" +
			"    --names-endpoint http://127.0.0.1:8000/v1 --names-model Qwen3.5-9B",
		args:  cobra.ExactArgs(1),
		setup: realBuildCommand,
	})
}

func realBuildCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	out := fs.String("out", "", "dataset directory or URL to write (required)")
	split := fs.String("split", "train", "split to build: test (B.6's selection; build it first), train (B.7: per pair, each category's best question, the test pairs left out), or another name")
	seed := seed(fs, "seed of the per-pair random choices (mark numbers, sides, no-change thresholds, dot colours)")
	workers := boundedInt(fs, "workers", 0, 0, maxWorkers, "pairs processed in parallel (0: one per CPU); the output does not depend on it")
	part := fs.String("part", "", "write only part K of N (0-based K/N) into --out; join the parts with flowbench merge")
	extended := fs.Bool("extended", false, "add B.7's halved-margin questions (categories that do not depend on scale; train only)")
	perCategory := boundedInt(fs, "per-category", real.TestPerCategory, 0, maxRealPairs, "test split: the questions per category B.6's selection aims for (default: the paper's 1,083 over seven categories; 0: as many as the caps allow)")
	overwrite := fs.Bool("overwrite", false, "replace the split if --out already holds it")
	widthRadius := fs.Bool("width-radius", false, "experiment, not Appendix B: half the box width as each object's radius instead of eq. 52's (w + h)/4 (docs/real.md, Agreement)")
	splitsFrom := fs.String("splits-from", "", "with --part: the local dataset the parts will be merged into, whose test split's pairs the other splits leave out (B.6, B.7; default: --out)")
	perShard := boundedInt(fs, "pairs-per-shard", pipeline.DefaultRealPairsPerShard, 1, maxRealPairs, "input pairs per shard")
	marksEndpoint := fs.String("check-marks-endpoint", "", "check every pair's numbered marks with a VLM through this OpenAI-compatible API (base URL ending in /v1): questions mentioning a mark on the robot or a person are dropped, and the pair when it is the mover's (B.5); off by default")
	marksModel := fs.String("check-marks-model", "", "vision model for --check-marks-endpoint")
	marksKeyEnv := fs.String("check-marks-api-key-env", "OPENAI_API_KEY", "environment variable holding the --check-marks-endpoint API key (sent as a bearer token when set)")
	textEndpoint := fs.String("text-only-endpoint", "", "with --split test: ask a model every candidate without the image through this OpenAI-compatible API, in the original and the reversed option order; questions it solves are selected last in their category (B.6); off by default")
	textModel := fs.String("text-only-model", "", "model for --text-only-endpoint")
	textKeyEnv := fs.String("text-only-api-key-env", "OPENAI_API_KEY", "environment variable holding the --text-only-endpoint API key (sent as a bearer token when set)")
	namesEndpoint := fs.String("names-endpoint", "", "name every measured object of Bridge V2, DROID and custom pairs from a crop with a VLM through this OpenAI-compatible API, count the objects each name fits and check it on the boxed object, and add named-object questions with the names B.4.9's rules accept; off by default")
	namesModel := fs.String("names-model", "", "vision model for --names-endpoint")
	namesKeyEnv := fs.String("names-api-key-env", "OPENAI_API_KEY", "environment variable holding the --names-endpoint API key (sent as a bearer token when set)")
	textThinkingOff := fs.Bool("text-only-thinking-off", true, "with --text-only-endpoint: send chat_template_kwargs {\"enable_thinking\": false} (vLLM, SGLang); set false for a server that refuses the field")
	return func(args []string) error {
		switch {
		case *out == "":
			return fmt.Errorf("%w: --out is required", errUsage)
		case *marksEndpoint == "" && (*marksModel != "" || fs.Changed("check-marks-api-key-env")):
			return fmt.Errorf("%w: --check-marks-model and --check-marks-api-key-env need --check-marks-endpoint", errUsage)
		case *marksEndpoint != "" && *marksModel == "":
			return fmt.Errorf("%w: --check-marks-endpoint needs --check-marks-model", errUsage)
		case *textEndpoint == "" && (*textModel != "" || fs.Changed("text-only-api-key-env") || fs.Changed("text-only-thinking-off")):
			return fmt.Errorf("%w: --text-only-model, --text-only-api-key-env and --text-only-thinking-off need --text-only-endpoint", errUsage)
		case *textEndpoint != "" && *textModel == "":
			return fmt.Errorf("%w: --text-only-endpoint needs --text-only-model", errUsage)
		case *namesEndpoint == "" && (*namesModel != "" || fs.Changed("names-api-key-env")):
			return fmt.Errorf("%w: --names-model and --names-api-key-env need --names-endpoint", errUsage)
		case *namesEndpoint != "" && *namesModel == "":
			return fmt.Errorf("%w: --names-endpoint needs --names-model", errUsage)
		case *textEndpoint != "" && *split != "test":
			return fmt.Errorf("%w: --text-only-endpoint orders the test selection (B.6): use it with --split test, not %s", errUsage, *split)
		case *workers < 0 || *perShard < 1 || *perCategory < 0:
			return fmt.Errorf("%w: --workers and --per-category must not be negative and --pairs-per-shard must be positive", errUsage)
		case *workers > 4096 || *perShard > 1<<20 || *perCategory > 1<<24:
			return fmt.Errorf("%w: --workers (at most 4096), --pairs-per-shard (at most 1048576) or --per-category (at most 16777216) out of range", errUsage)
		}
		var p pipeline.Part
		if *part != "" {
			var err error
			if p, err = pipeline.ParsePart(*part); err != nil {
				return fmt.Errorf("%w: %v", errUsage, strings.TrimPrefix(err.Error(), pipeline.ErrConfig.Error()+": "))
			}
		}
		refs, err := pairfile.List(args[0])
		if err != nil {
			return fmt.Errorf("pairs %s: %w", args[0], err)
		}
		pairs := make([]pipeline.RealPairRef, len(refs))
		for i, r := range refs {
			pairs[i] = pipeline.RealPairRef{ID: r.ID, Load: r.Load}
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		start := time.Now()
		opt := pipeline.RealOptions{Pairs: pairs, Split: *split, Seed: *seed, Extended: *extended, PerCategory: *perCategory, SplitsFrom: *splitsFrom, WidthRadius: *widthRadius, Workers: *workers,
			Part: p, PairsPerShard: *perShard, Overwrite: *overwrite, Input: args[0], Log: stderr}
		if *marksEndpoint != "" {
			opt.CheckMarks = &score.EvalOptions{Endpoint: *marksEndpoint, Model: *marksModel, APIKey: os.Getenv(*marksKeyEnv)}
		}
		if *namesEndpoint != "" {
			opt.Names = &score.EvalOptions{Endpoint: *namesEndpoint, Model: *namesModel, APIKey: os.Getenv(*namesKeyEnv)}
		}
		if *textEndpoint != "" {
			opt.TextOnly = &score.TextOnlyOptions{EvalOptions: score.EvalOptions{Endpoint: *textEndpoint, Model: *textModel,
				APIKey: os.Getenv(*textKeyEnv)}, ThinkingOff: *textThinkingOff}
		}
		var res *pipeline.RealResult
		err = withGenerateOut(ctx, stdout, *out, *split, false, *overwrite, func(dir string) error {
			opt.Out = dir
			var err error
			res, err = pipeline.RunReal(ctx, opt)
			return err
		})
		if err != nil {
			if se := (*pipeline.SplitExistsError)(nil); errors.As(err, &se) {
				return fmt.Errorf("%w: use --overwrite to replace it", err)
			}
			if errors.Is(err, pipeline.ErrConfig) {
				return fmt.Errorf("%w: %v", errUsage, err)
			}
			return err
		}
		printRealSummary(stdout, res, *split, *out, time.Since(start))
		return nil
	}
}

// printRealSummary prints what a Real build wrote and what it left out:
// the count per stage and the first reasons.
func printRealSummary(w io.Writer, res *pipeline.RealResult, split, out string, took time.Duration) {
	fmt.Fprintf(w, "split %s: %d questions from %d pairs in shards [%d, %d) of %d, written to %s in %s\n",
		split, res.Questions, res.Pairs, res.FirstShard, res.EndShard, res.Shards, out, took.Round(time.Millisecond))
	r := res.Run
	if len(r.Skipped) == 0 {
		fmt.Fprintf(w, "%d input pairs, none left out\n", r.InputPairs)
		return
	}
	fmt.Fprintf(w, "%d input pairs; left out:", r.InputPairs)
	for _, s := range slices.Sorted(maps.Keys(r.SkippedByStage)) {
		fmt.Fprintf(w, " %s %d", s, r.SkippedByStage[s])
	}
	fmt.Fprintln(w, " (all of them in the manifest's run report)")
	for i, s := range r.Skipped {
		if i == 10 {
			fmt.Fprintf(w, "  ... and %d more\n", len(r.Skipped)-10)
			break
		}
		id := s.PairID
		if s.QuestionID != "" {
			id = s.QuestionID
		}
		fmt.Fprintf(w, "  %s: %s: %s\n", id, s.Stage, s.Reason)
	}
}
