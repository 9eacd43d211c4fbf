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
	concurrency := boundedInt(fs, "concurrency", 8, 1, score.MaxConcurrency, "requests in flight (never more than the prompts)")
	retries := boundedInt(fs, "retries", 5, 0, maxRetries, "retries per request after network errors, HTTP 429 or 5xx")
	backoff := boundedDuration(fs, "backoff", time.Second, 0, time.Hour, "wait before the first retry; doubles per retry")
	timeout := boundedDuration(fs, "timeout", 10*time.Minute, time.Second, 24*time.Hour, "timeout per request")
	maxTokens := boundedInt(fs, "max-tokens", 0, 0, maxTokensLimit, "override the prompts' max_tokens (0 = keep)")
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
