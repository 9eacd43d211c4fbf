package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"flowbench/score"
)

func init() {
	register(command{name: "prompts", summary: "write chat-completions requests (modes 1A/1B/2A, answer-order shuffles) as JSONL", run: runPrompts})
}

func runPrompts(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("prompts", stderr)
	data := fs.String("data", "", "dataset directory (required)")
	split := fs.String("split", "test", "split to prompt")
	modeName := fs.String("mode", "1A", "1A (I0 + motion), 1B (1A, reasoning first) or 2A (I1 + static question)")
	shuffles := fs.Int("shuffles", 3, "answer-order shuffles per question (shuffle 0 is the original order)")
	named := fs.Bool("named", false, "named-object variant: unmarked images, no \"(red dot)\" references")
	maxTokens := fs.Int("max-tokens", -1, "max_tokens per request (default 4096 for 1B, unset otherwise; 0 = unset)")
	out := fs.String("out", "", "output JSONL file (required)")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	mode, err := score.ParseMode(*modeName)
	if err != nil {
		return fmt.Errorf("%w: --mode: %v", errUsage, err)
	}
	if *shuffles < 1 || *shuffles > score.MaxShuffles {
		return fmt.Errorf("%w: --shuffles %d must be in 1..%d", errUsage, *shuffles, score.MaxShuffles)
	}
	if *out == "" {
		return fmt.Errorf("%w: --out is required", errUsage)
	}
	tokens := *maxTokens
	if tokens < 0 {
		tokens = 0
		if mode == score.Mode1B {
			tokens = 4096
		}
	}
	ds, err := openSplit(*data, *split)
	if err != nil {
		return err
	}
	opt := score.PromptOptions{Mode: mode, Shuffles: *shuffles, Named: *named, MaxTokens: tokens}
	// stream into a temporary file beside the output, renamed at the end:
	// prompt files with images are too large to hold in memory.
	tmp, err := os.CreateTemp(filepath.Dir(*out), "."+filepath.Base(*out)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	bw := bufio.NewWriterSize(tmp, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	lines, skipped, questions := 0, 0, 0
	err = eachQuestion(ds, *split, true, *named, func(q *score.Question) error {
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
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), *out); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "flowbench prompts: %d requests for %d questions of split %s (mode %s, %d shuffles)", lines, questions, *split, mode, *shuffles)
	if *named {
		fmt.Fprintf(stderr, "; %d questions skipped: their objects share a type, so names would be ambiguous", skipped)
	}
	fmt.Fprintln(stderr)
	return nil
}
