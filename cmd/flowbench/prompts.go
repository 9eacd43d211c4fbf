package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/score"
	"flowbench/sim"
)

func init() {
	register(command{
		name:    "prompts",
		use:     "DIR|URL --out FILE [flags]",
		summary: "write chat-completions requests (modes 1A/1B/2A, answer-order shuffles) as JSONL",
		long: "prompts writes one OpenAI chat-completions request per question and answer-order shuffle of\n" +
			"one split (docs/scoring.md); eval sends them to a server and score scores the replies.",
		example: "flowbench prompts out/test --mode 1A --shuffles 3 --out prompts.jsonl\n" +
			"flowbench prompts out/viewpoint --family viewpoint --context scene_graph --out vp.jsonl",
		args:  datasetOrDataArgs,
		setup: promptsCommand,
	})
}

// promptsOptions are the flags of prompts.
type promptsOptions struct {
	split, family, rep, modeName, out string
	shuffles, maxTokens               int
	named                             bool
	marks                             string // --marks: badges or dots (FlowBench-Real)
}

func promptsCommand(fs *pflag.FlagSet, _, stderr io.Writer) func([]string) error {
	var o promptsOptions
	data := addDataFlag(fs)
	fs.StringVar(&o.split, "split", "", "split to prompt (default: the dataset's only split)")
	fs.StringVar(&o.family, "family", "motion", "question family of the dataset: motion, or viewpoint (one request per question, docs/viewpoint.md)")
	fs.StringVar(&o.rep, "context", planner.RepImage, "viewpoint family: the scene representation, image (tagged image + object dictionary), text_bbox (dictionary with boxes, no image) or scene_graph (boxes + the source view's scene graph)")
	fs.StringVar(&o.modeName, "mode", "1A", "1A (I0 + motion), 1B (1A, reasoning first) or 2A (I1 + static question)")
	boundedIntVar(fs, &o.shuffles, "shuffles", 3, 1, score.MaxShuffles, "answer-order shuffles per question (shuffle 0 is the original order)")
	fs.BoolVar(&o.named, "named", false, "named-object variant: unmarked images, no \"(red dot)\" references")
	fs.StringVar(&o.marks, "marks", "badges", "FlowBench-Real marks: badges (I0 with numbered badges, objects named by number) or dots (I0 with colour dots, objects named by colour; modes 1A and 1B)")
	boundedIntVar(fs, &o.maxTokens, "max-tokens", -1, -1, maxTokensLimit, "max_tokens per request (default 4096 for 1B, unset otherwise; 0 = unset)")
	fs.StringVar(&o.out, "out", "", "output JSONL file (required)")
	return func(args []string) error {
		return withDatasetArg(args, data, stderr, func(dir string) error { return runPrompts(fs, dir, o, stderr) })
	}
}

func runPrompts(fs *pflag.FlagSet, data string, o promptsOptions, stderr io.Writer) error {
	split, family, rep, modeName, out := o.split, o.family, o.rep, o.modeName, o.out
	shuffles, maxTokens, named, marks := o.shuffles, o.maxTokens, o.named, o.marks
	if out == "" {
		return fmt.Errorf("%w: --out is required", errUsage)
	}
	if err := export.CheckOutputFile("--out", out); err != nil {
		return err
	}
	switch family {
	case "motion":
		if fs.Changed("context") {
			return fmt.Errorf("%w: --context is for --family viewpoint", errUsage)
		}
	case "viewpoint":
		for _, f := range []string{"mode", "shuffles", "named"} {
			if fs.Changed(f) {
				return fmt.Errorf("%w: --family viewpoint takes the dataset, --split, --context, --max-tokens and --out (no --%s)", errUsage, f)
			}
		}
		if err := resolveSplit(data, &split); err != nil {
			return err
		}
		return viewpointPrompts(data, split, rep, max(0, maxTokens), out, stderr)
	default:
		return fmt.Errorf("%w: --family %q: want motion or viewpoint", errUsage, family)
	}
	mode, err := score.ParseMode(modeName)
	if err != nil {
		return fmt.Errorf("%w: --mode: %v", errUsage, err)
	}
	if shuffles < 1 || shuffles > score.MaxShuffles {
		return fmt.Errorf("%w: --shuffles %d must be in 1..%d", errUsage, shuffles, score.MaxShuffles)
	}
	tokens := maxTokens
	if tokens < 0 {
		tokens = 0
		if mode == score.Mode1B {
			tokens = 4096
		}
	}
	if err := resolveSplit(data, &split); err != nil {
		return err
	}
	ds, err := openSplit(data, split)
	if err != nil {
		return err
	}
	dots, err := dotsReader(data, split, marks, mode, named)
	if err != nil {
		return err
	}
	defer dots.stop()
	opt := score.PromptOptions{Mode: mode, Shuffles: shuffles, Named: named, MaxTokens: tokens}
	lines, skipped, questions := 0, 0, 0
	err = writeJSONL(out, func(enc *json.Encoder) error {
		return eachQuestion(ds, split, true, named, func(q *score.Question) error {
			if ok, err := dots.apply(q); err != nil || !ok {
				skipped++
				return err
			}
			ls, skip, err := score.PromptsFor(q, opt)
			if err != nil {
				return err
			}
			questions++
			if skip {
				skipped++
			}
			for i := range ls {
				if err := enc.Encode(&ls[i]); err != nil {
					return err
				}
			}
			lines += len(ls)
			return nil
		})
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "flowbench prompts: %d requests for %d questions of split %s (mode %s, %d shuffles)", lines, questions, split, mode, shuffles)
	if named {
		fmt.Fprintf(stderr, "; %d questions skipped: their objects share a type, so names would be ambiguous", skipped)
	}
	if marks == "dots" {
		fmt.Fprintf(stderr, "; colour dots; %d questions without a dot wording skipped", skipped)
	}
	fmt.Fprintln(stderr)
	return nil
}

// viewpointPrompts is prompts --family viewpoint: one request per question
// of a viewpoint split in representation rep.
func viewpointPrompts(data, split, rep string, maxTokens int, out string, stderr io.Writer) error {
	if err := planner.CheckRepresentation(rep); err != nil {
		return fmt.Errorf("%w: --context: %v", errUsage, err)
	}
	if err := requireViewpointDataset(data); err != nil {
		return err
	}
	rows, err := export.ViewpointQuestions(data, split)
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return fmt.Errorf("%w: dataset %s has no viewpoint questions in split %q", errUsage, data, split)
	}
	err = writeJSONL(out, func(enc *json.Encoder) error {
		for i := range rows {
			r := &rows[i]
			it := score.ViewpointItem{ID: r.ID, Split: r.Split, Question: r.Question, Image: r.Image.Bytes, Answer: r.Answer,
				Context: map[string]string{planner.RepImage: r.ContextImage, planner.RepBBox: r.ContextBBox, planner.RepSceneGraph: r.ContextSceneGraph}}
			line, err := score.ViewpointPrompt(&it, rep, maxTokens)
			if err != nil {
				return err
			}
			if err := enc.Encode(&line); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "flowbench prompts: %d requests for the viewpoint questions of split %s (context %s)\n", len(rows), split, rep)
	return nil
}

// writeJSONL streams JSON lines from fill into path through a temporary
// file renamed when complete (sim.WriteFileAtomicFunc; prompt files with
// images are too large to hold in memory); on an error nothing is left at
// path.
func writeJSONL(path string, fill func(*json.Encoder) error) error {
	return sim.WriteFileAtomicFunc(path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		enc := json.NewEncoder(bw)
		enc.SetEscapeHTML(false)
		if err := fill(enc); err != nil {
			return err
		}
		return bw.Flush()
	})
}
