package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"iter"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/score"
	"flowbench/sim"
)

func init() {
	register(command{
		name:    "score",
		use:     "DIR|URL --predictions FILE [flags]",
		summary: "score model answers (predictions JSONL) on a dataset split",
		long: "score reads the replies eval wrote (or any predictions JSONL, docs/scoring.md) and reports\n" +
			"accuracy per category, shuffle consistency and, with --predictions-2a, the imagination gap.",
		example: "flowbench score out/test --predictions preds.jsonl\n" +
			"flowbench score out/test --predictions p1a.jsonl --predictions-2a p2a.jsonl --format json --out report.json\n" +
			"flowbench score out/viewpoint --family viewpoint --predictions replies.jsonl",
		args:  datasetOrDataArgs,
		setup: scoreCommand,
	})
	register(command{
		name:    "score-flow",
		use:     "DIR|URL [--pred-flow DIR] [--pred-frames DIR] [flags]",
		summary: "score predicted flows (.npy/.flo) and generated frames (PNG)",
		long:    "score-flow compares predicted optical flows and outcome frames with a split's exact ones (docs/scoring.md).",
		example: "flowbench score-flow out/test --pred-flow flows/ --pred-frames frames/",
		args:    datasetOrDataArgs,
		setup:   scoreFlowCommand,
	})
}

// openSplit opens a dataset and checks that it has the split.
func openSplit(dir, split string) (*export.Dataset, error) {
	if dir == "" {
		return nil, fmt.Errorf("%w: missing the dataset argument", errUsage)
	}
	ds, err := export.CheckDataset(dir)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(ds.Splits(), split) {
		return nil, fmt.Errorf("%w: dataset %s has no split %q (it has %s)", errUsage, dir, split, strings.Join(ds.Splits(), ", "))
	}
	return ds, nil
}

// questionFromRow adapts an export question row to what scoring needs.
func questionFromRow(r *export.QuestionRow, withImages bool) score.Question {
	q := score.Question{
		ID: r.ID, Split: r.Split, Category: r.Category,
		MotionText: r.MotionText, Question: r.Question, StaticQuestion: r.StaticQuestion,
		Choices: r.Choices, Answer: r.Answer, StaticAnswer: r.StaticAnswer,
		BeforeAnswer: r.BeforeAnswer, Changed: r.Changed,
		Mover: r.Mover, Referenced: r.Referenced, RealisedMotion: r.RealisedMotion,
		CausalGraph: r.CausalGraph,
	}
	if withImages {
		q.Image, q.ImageAfter = r.Image.Bytes, r.ImageAfter.Bytes
	}
	return q
}

// eachQuestion streams a split's questions in dataset order. withRaw also
// reads the unmarked images from the annotations table, whose rows are in
// the same order.
func eachQuestion(ds *export.Dataset, split string, withImages, withRaw bool, fn func(*score.Question) error) error {
	var nextAnn func() (export.AnnotationRow, error, bool)
	if withRaw {
		next, stop := iter.Pull2(ds.Annotations(split))
		defer stop()
		nextAnn = next
	}
	for row, err := range ds.Questions(split) {
		if err != nil {
			return err
		}
		q := questionFromRow(&row, withImages)
		if withRaw {
			a, err, ok := nextAnn()
			if err != nil {
				return err
			}
			if !ok || a.ID != row.ID {
				return fmt.Errorf("dataset %s split %s: annotations are not in question order at %s", ds.Dir, split, row.ID)
			}
			q.ImageRaw, q.ImageAfterRaw = a.ImageBeforeRaw.Bytes, a.ImageAfterRaw.Bytes
		}
		if err := fn(&q); err != nil {
			return err
		}
	}
	return nil
}

// locator tells the split of a question id anywhere in the dataset.
func locator(ds *export.Dataset) func(string) (string, bool) {
	return func(id string) (string, bool) {
		row, err := ds.Question(id)
		if err != nil {
			return "", false
		}
		return row.Split, true
	}
}

// writeOutput writes data to path atomically, or to stdout when path is "" or "-".
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "" || path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := export.CheckOutputFile("--out", path); err != nil {
		return err
	}
	return sim.WriteFileAtomic(path, data)
}

func scoreCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	data := addDataFlag(fs)
	split := fs.String("split", "", "split to score (default: the dataset's only split)")
	predsPath := fs.String("predictions", "", "predictions JSONL of mode 1A or 1B (required)")
	preds2A := fs.String("predictions-2a", "", "predictions JSONL of mode 2A (static question on I1): adds the imagination gap")
	modeName := fs.String("mode", "1A", "mode of --predictions: 1A or 1B")
	shuffles := boundedInt(fs, "shuffles", 0, 0, score.MaxShuffles, "answer-order shuffles scored (0 = from the predictions: largest index + 1)")
	short := boundedFloat(fs, "short-motion", score.DefaultShortMotion, 0.001, 100, "realised motion length (m) below which a motion is short")
	format := fs.String("format", "md", "report format: md, csv or json")
	out := fs.String("out", "", "report file (default stdout)")
	plot := fs.String("plot", "", "write a PNG bar chart per category to this file")
	rationales := fs.Bool("rationales", false, "also score the replies' reasoning against each question's causal graph (EF, DC, RA; docs/causal.md)")
	judgeEndpoint := fs.String("judge-endpoint", "", "with --rationales: OpenAI-compatible API of the judge model (default: the offline rule judge)")
	judgeModel := fs.String("judge-model", "", "with --judge-endpoint: judge model name (required)")
	judgeKeyEnv := fs.String("judge-api-key-env", "OPENAI_API_KEY", "with --judge-endpoint: environment variable holding the API key")
	family := fs.String("family", "motion", "question family of the dataset: motion, or viewpoint (F1, Δ_CF, cycle consistency, NSC, realizability; docs/viewpoint.md)")
	run := func(dir string) error {
		switch *family {
		case "motion":
		case "viewpoint":
			if *preds2A != "" || *rationales || *plot != "" || *modeName != "1A" || *shuffles != 0 {
				return fmt.Errorf("%w: --family viewpoint takes the dataset, --split, --predictions, --format md|json and --out only", errUsage)
			}
			if *predsPath == "" {
				return fmt.Errorf("%w: --predictions is required", errUsage)
			}
			if err := resolveSplit(dir, split); err != nil {
				return err
			}
			return scoreViewpoint(*data, *split, *predsPath, *format, *out, stdout)
		default:
			return fmt.Errorf("%w: --family %q: want motion or viewpoint", errUsage, *family)
		}
		judge, judgeName, err := rationaleJudge(*rationales, *judgeEndpoint, *judgeModel, *judgeKeyEnv, *format)
		if err != nil {
			return err
		}
		if *predsPath == "" {
			return fmt.Errorf("%w: --predictions is required", errUsage)
		}
		mode, err := score.ParseMode(*modeName)
		if err != nil || mode == score.Mode2A {
			return fmt.Errorf("%w: --mode %q: want 1A or 1B (2A predictions go to --predictions-2a)", errUsage, *modeName)
		}
		if !slices.Contains([]string{"md", "csv", "json"}, *format) {
			return fmt.Errorf("%w: --format %q: want md, csv or json", errUsage, *format)
		}
		if err := resolveSplit(dir, split); err != nil {
			return err
		}
		ds, err := openSplit(*data, *split)
		if err != nil {
			return err
		}
		var qs []score.Question
		if err := eachQuestion(ds, *split, false, false, func(q *score.Question) error { qs = append(qs, *q); return nil }); err != nil {
			return err
		}
		opt := score.Options{Shuffles: *shuffles, ShortMotion: *short, Locate: locator(ds)}
		scoreFile := func(path string, static bool) (*score.Result, error) {
			preds, err := score.ReadPredictionsFile(path)
			if err != nil {
				return nil, err
			}
			o := opt
			o.Static = static
			r, err := score.Score(qs, *split, preds, o)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			return r, nil
		}
		rep := &score.Report{Mode: mode}
		if rep.Motion, err = scoreFile(*predsPath, false); err != nil {
			return err
		}
		if *preds2A != "" {
			if rep.Static, err = scoreFile(*preds2A, true); err != nil {
				return err
			}
			if rep.Gap, err = score.ImaginationGap(rep.Motion, rep.Static); err != nil {
				return err
			}
		}
		if judge != nil {
			preds, err := score.ReadPredictionsFile(*predsPath)
			if err != nil {
				return err
			}
			if rep.Rationales, err = score.ScoreRationales(context.Background(), qs, preds, judge, judgeName); err != nil {
				return fmt.Errorf("%s: rationales: %w", *predsPath, err)
			}
		}
		var buf bytes.Buffer
		switch *format {
		case "md":
			err = rep.WriteMarkdown(&buf)
		case "csv":
			err = rep.WriteCSV(&buf)
		case "json":
			err = rep.WriteJSON(&buf)
		}
		if err != nil {
			return err
		}
		if *plot != "" {
			if err := rep.WriteChart(*plot); err != nil {
				return err
			}
		}
		if n := rep.Motion.Missing; n > 0 {
			fmt.Fprintf(stderr, "flowbench score: %d of %d (question, shuffle) pairs have no prediction and count as wrong\n", n, rep.Motion.Questions*rep.Motion.Shuffles)
		}
		return writeOutput(*out, buf.Bytes(), stdout)
	}
	return func(args []string) error {
		return withDatasetArg(args, data, stderr, run)
	}
}

func scoreFlowCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	data := addDataFlag(fs)
	split := fs.String("split", "", "split to score (default: the dataset's only split)")
	predFlow := fs.String("pred-flow", "", "directory of predicted flows: <id>.npy ([H,W,2] float32) or <id>.flo, id slashes as folders or \"__\"")
	predFrames := fs.String("pred-frames", "", "directory of generated outcome frames <id>.png (adds ΔPSNR)")
	name := fs.String("name", "prediction", "name of the predictor in the report")
	format := fs.String("format", "md", "report format: md, csv or json")
	out := fs.String("out", "", "report file (default stdout)")
	run := func(dir string) error {
		if !slices.Contains([]string{"md", "csv", "json"}, *format) {
			return fmt.Errorf("%w: --format %q: want md, csv or json", errUsage, *format)
		}
		for _, d := range []string{*predFlow, *predFrames} {
			if d == "" {
				continue
			}
			if st, err := os.Stat(d); err != nil || !st.IsDir() {
				return fmt.Errorf("%w: %s is not a directory", errUsage, d)
			}
		}
		if err := resolveSplit(dir, split); err != nil {
			return err
		}
		ds, err := openSplit(*data, *split)
		if err != nil {
			return err
		}
		var scorers []*score.FlowScorer
		model := &score.FlowScorer{Name: *name}
		if *predFlow != "" || *predFrames != "" {
			scorers = append(scorers, model)
		}
		zero, oracle := &score.FlowScorer{Name: "zero flow"}, &score.FlowScorer{Name: "oracle"}
		scorers = append(scorers, zero, oracle)
		for a, err := range ds.Annotations(*split) {
			if err != nil {
				return err
			}
			gt := &score.FlowSample{ID: a.ID, W: int(a.Width), H: int(a.Height), Flow: a.FlowForward, Change: a.ChangeMask,
				Before: a.ImageBeforeRaw.Bytes, After: a.ImageAfterRaw.Bytes}
			if *predFlow != "" {
				pred, _, err := score.ReadPredictedFlow(*predFlow, a.ID, gt.W, gt.H)
				if err != nil {
					return err
				}
				if err := model.Add(gt, pred); err != nil {
					return err
				}
			}
			if err := zero.Add(gt, nil); err != nil {
				return err
			}
			if err := oracle.Add(gt, gt.Flow); err != nil {
				return err
			}
			if *predFrames != "" {
				gen, _, err := score.ReadPredictedFrame(*predFrames, a.ID)
				if err != nil {
					return err
				}
				if err := model.AddFrame(gt, gen); err != nil {
					return err
				}
				if err := zero.AddFrame(gt, nil); err != nil {
					return err
				}
				after, err := score.DecodePNG(gt.After, a.ID+" image_after_raw")
				if err != nil {
					return err
				}
				if err := oracle.AddFrame(gt, after); err != nil {
					return err
				}
			}
		}
		var reps []score.FlowReport
		for _, s := range scorers {
			reps = append(reps, s.Report())
		}
		var buf bytes.Buffer
		switch *format {
		case "md":
			err = score.WriteFlowMarkdown(&buf, reps)
		case "csv":
			err = score.WriteFlowCSV(&buf, reps)
		case "json":
			err = score.WriteFlowJSON(&buf, reps)
		}
		if err != nil {
			return err
		}
		if *predFlow != "" && model.Report().Missing > 0 {
			fmt.Fprintf(stderr, "flowbench score-flow: %d samples have no predicted flow in %s and are scored as zero flow\n", model.Report().Missing, *predFlow)
		}
		return writeOutput(*out, buf.Bytes(), stdout)
	}
	return func(args []string) error {
		return withDatasetArg(args, data, stderr, run)
	}
}

// rationaleJudge picks the judge of --rationales: the rule judge, or a
// model behind --judge-endpoint. Rationale scores appear in md and json
// reports only.
func rationaleJudge(on bool, endpoint, model, keyEnv, format string) (score.Judge, string, error) {
	if !on {
		if endpoint != "" || model != "" {
			return nil, "", fmt.Errorf("%w: --judge-endpoint and --judge-model need --rationales", errUsage)
		}
		return nil, "", nil
	}
	if format == "csv" {
		return nil, "", fmt.Errorf("%w: --rationales: rationale scores are written in md or json reports, not csv", errUsage)
	}
	if endpoint == "" {
		if model != "" {
			return nil, "", fmt.Errorf("%w: --judge-model needs --judge-endpoint", errUsage)
		}
		return score.RuleJudge{}, "rules", nil
	}
	if model == "" {
		return nil, "", fmt.Errorf("%w: --judge-endpoint needs --judge-model", errUsage)
	}
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, "", fmt.Errorf("%w: --judge-endpoint %q is not an http(s) URL", errUsage, endpoint)
	}
	opt := score.EvalOptions{Endpoint: strings.TrimSuffix(endpoint, "/"), Model: model, APIKey: os.Getenv(keyEnv)}
	return score.LLMJudge{Options: opt}, model + " at " + endpoint, nil
}
