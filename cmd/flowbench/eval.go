package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/score"
)

func init() {
	register(command{
		name:    "eval",
		use:     "--prompts FILE --model NAME --out FILE [flags]",
		summary: "query an OpenAI-compatible chat-completions server with a prompts file",
		long: "eval sends every request of a prompts file (flowbench prompts) to a chat-completions server and\n" +
			"writes the replies as predictions JSONL for score; an existing --out is resumed.",
		example: "flowbench eval --prompts prompts.jsonl --endpoint http://127.0.0.1:8000/v1 --model qwen2.5-vl --out preds.jsonl",
		setup:   evalCommand,
	})
}

func evalCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	prompts := fs.String("prompts", "", "prompts JSONL written by \"flowbench prompts\" (required)")
	endpoint := fs.String("endpoint", "http://127.0.0.1:8000/v1", "base URL of the OpenAI-compatible API")
	model := fs.String("model", "", "model name sent with every request (required)")
	out := fs.String("out", "", "predictions JSONL; an existing file is resumed (required)")
	concurrency := fs.Int("concurrency", 8, fmt.Sprintf("requests in flight (at most %d; never more than the prompts)", score.MaxConcurrency))
	retries := fs.Int("retries", 5, "retries per request after network errors, HTTP 429 or 5xx")
	backoff := fs.Duration("backoff", time.Second, "wait before the first retry; doubles per retry")
	timeout := fs.Duration("timeout", 10*time.Minute, "timeout per request")
	maxTokens := fs.Int("max-tokens", 0, "override the prompts' max_tokens (0 = keep)")
	keyEnv := fs.String("api-key-env", "OPENAI_API_KEY", "environment variable holding the API key (sent as a bearer token when set)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	return func(args []string) error {
		switch {
		case *prompts == "":
			return fmt.Errorf("%w: --prompts is required", errUsage)
		case *model == "":
			return fmt.Errorf("%w: --model is required", errUsage)
		case *out == "":
			return fmt.Errorf("%w: --out is required", errUsage)
		case *concurrency < 1 || *concurrency > score.MaxConcurrency:
			return fmt.Errorf("%w: --concurrency %d must be within 1..%d", errUsage, *concurrency, score.MaxConcurrency)
		case *retries < 0:
			return fmt.Errorf("%w: --retries %d must be ≥ 0", errUsage, *retries)
		}
		if err := export.CheckOutputFile("--out", *out); err != nil {
			return err
		}
		opt := score.EvalOptions{Endpoint: *endpoint, Model: *model, APIKey: os.Getenv(*keyEnv), Concurrency: *concurrency,
			MaxRetries: *retries, Backoff: *backoff, Timeout: *timeout, MaxTokens: *maxTokens}
		if *retries == 0 {
			opt.MaxRetries = -1
		}
		if !*quiet {
			opt.Progress = stderr
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		sum, err := score.EvalFile(ctx, *prompts, *out, opt)
		fmt.Fprintf(stderr, "flowbench eval: %d prompts, %d already in %s, %d written, %d failed\n", sum.Prompts, sum.Resumed, *out, sum.Written, sum.Failed)
		return err
	}
}
