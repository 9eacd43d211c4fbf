package score

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"flowbench/storage/localfile"
)

// EvalOptions configure Eval.
type EvalOptions struct {
	Endpoint    string // base URL ending in /v1, e.g. http://127.0.0.1:8000/v1
	Model       string
	APIKey      string // sent as a bearer token when set
	Concurrency int    // requests in flight (default 8, at most MaxConcurrency; never more than the prompts)
	MaxRetries  int    // retries per request after errors (default 5; negative = none)
	// Backoff is the wait before the first retry (default 1 s); it doubles
	// with every further retry up to MaxBackoff (default 60 s). A 429's or
	// 5xx's Retry-After (seconds or an HTTP date), when longer, is honoured
	// up to MaxBackoff: a longer one waits MaxBackoff.
	Backoff, MaxBackoff time.Duration
	Timeout             time.Duration // per request (default 10 min)
	MaxTokens           int           // overrides the prompts' max_tokens when > 0
	Client              *http.Client  // default: http.Client without timeout (Timeout applies per request)
	Progress            io.Writer     // progress bar destination; nil = none
}

// EvalLine is one line of the predictions file Eval writes.
type EvalLine struct {
	ID           string          `json:"id"`
	Shuffle      int             `json:"shuffle"`
	Response     string          `json:"response"`
	Reasoning    string          `json:"reasoning,omitempty"` // reasoning_content, when the server separates it
	LatencyMS    float64         `json:"latency_ms"`          // of the successful attempt
	Attempts     int             `json:"attempts"`
	Usage        json.RawMessage `json:"usage,omitempty"` // as the server reported it
	Model        string          `json:"model"`
	FinishReason string          `json:"finish_reason,omitempty"`
	Mode         Mode            `json:"mode,omitempty"`
}

// EvalSummary counts what Eval did.
type EvalSummary struct {
	Prompts  int     // prompt lines given
	Resumed  int     // already in the output file, skipped
	Written  int     // new lines written
	Failed   int     // requests that failed after retries (not written)
	Failures []error // their errors, in prompt order
}

// Eval runs EvalSeq over prompts held in memory.
func Eval(ctx context.Context, prompts []PromptLine, outPath string, opt EvalOptions) (EvalSummary, error) {
	seq := func(yield func(PromptLine, error) bool) {
		for _, p := range prompts {
			if !yield(p, nil) {
				return
			}
		}
	}
	return EvalSeq(ctx, seq, len(prompts), outPath, opt)
}

// EvalFile runs EvalSeq over a prompts JSONL file, streaming it (prompt
// files with images run to gigabytes).
func EvalFile(ctx context.Context, promptsPath, outPath string, opt EvalOptions) (EvalSummary, error) {
	n, err := CountPrompts(promptsPath)
	if err != nil {
		return EvalSummary{}, err
	}
	return EvalSeq(ctx, PromptsSeq(promptsPath), n, outPath, opt)
}

// EvalSeq sends every prompt not yet in outPath to an OpenAI-compatible
// chat-completions endpoint and appends one EvalLine per reply, in prompt
// order. total sizes the progress bar. An existing outPath is resumed: its
// (id, shuffle) pairs are skipped, and a final line cut short by a crash is
// dropped. Requests are retried only after errors (network, HTTP 429, HTTP
// 5xx), with exponential backoff; other failures are counted, not written,
// and retried by the next run. The error is non-nil when any request
// failed or the prompts could not be read.
func EvalSeq(ctx context.Context, prompts iter.Seq2[PromptLine, error], total int, outPath string, opt EvalOptions) (EvalSummary, error) {
	var sum EvalSummary
	if opt.Endpoint == "" || opt.Model == "" {
		return sum, errors.New("eval needs an endpoint and a model")
	}
	opt = withDefaults(opt)
	if err := checkConcurrency(opt.Concurrency); err != nil {
		return sum, err
	}
	done, err := resumeState(outPath)
	if err != nil {
		return sum, err
	}
	out, err := os.OpenFile(outPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return sum, err
	}
	defer out.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var bar *progressbar.ProgressBar
	if opt.Progress != nil {
		bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(opt.Progress), progressbar.OptionSetDescription("eval "+opt.Model),
			progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(opt.Progress) }))
	}

	type job struct {
		i int
		p PromptLine
	}
	type result struct {
		i    int
		p    *PromptLine
		line *EvalLine
		err  error
	}
	jobs := make(chan job)
	results := make(chan result)
	var readErr error
	var wg sync.WaitGroup
	for range workerCount(opt.Concurrency, total) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				l, err := call(ctx, &j.p, opt)
				results <- result{j.i, &j.p, l, err}
			}
		}()
	}
	var resumed int
	go func() {
		defer close(jobs)
		i := 0
		for p, err := range prompts {
			if err != nil {
				readErr = err
				cancel()
				return
			}
			sum.Prompts++
			if done[fmt.Sprintf("%s#%d", p.ID, p.Shuffle)] {
				resumed++
				if bar != nil {
					bar.Add(1)
				}
				continue
			}
			select {
			case jobs <- job{i, p}:
				i++
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	// write in prompt order: hold results until their predecessors are in
	pending := map[int]result{}
	next := 0
	var werr error
	for r := range results {
		pending[r.i] = r
		if bar != nil {
			bar.Add(1)
		}
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if p.err != nil {
				sum.Failed++
				sum.Failures = append(sum.Failures, fmt.Errorf("question %s shuffle %d: %w", p.p.ID, p.p.Shuffle, p.err))
				continue
			}
			b, _ := json.Marshal(p.line)
			if _, err := out.Write(append(b, '\n')); err != nil && werr == nil {
				werr = fmt.Errorf("%s: %w", outPath, err)
				cancel()
			}
			if werr == nil {
				sum.Written++
			}
		}
	}
	sum.Resumed = resumed // the feeder has finished: results closed after jobs
	if err := out.Sync(); err != nil && werr == nil {
		werr = err
	}
	switch {
	case werr != nil:
		return sum, werr
	case readErr != nil:
		return sum, readErr
	case ctx.Err() != nil:
		return sum, fmt.Errorf("eval interrupted after %d requests: %w", sum.Written+sum.Failed, ctx.Err())
	case sum.Failed > 0:
		return sum, fmt.Errorf("%d of %d requests failed (rerun to retry them); first: %w", sum.Failed, sum.Written+sum.Failed, sum.Failures[0])
	}
	return sum, nil
}

func withDefaults(o EvalOptions) EvalOptions {
	if o.Concurrency <= 0 {
		o.Concurrency = 8
	}
	if o.MaxRetries == 0 {
		o.MaxRetries = 5
	}
	if o.MaxRetries < 0 {
		o.MaxRetries = 0
	}
	if o.Backoff <= 0 {
		o.Backoff = time.Second
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = time.Minute
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Minute
	}
	if o.Client == nil {
		o.Client = &http.Client{}
	}
	o.Endpoint = strings.TrimRight(o.Endpoint, "/")
	return o
}

// resumeState returns the (id#shuffle) keys already in a predictions file;
// a last line without its newline (a crash mid-write) is cut off the file.
func resumeState(path string) (map[string]bool, error) {
	data, err := localfile.ReadFile(path, MaxPredictionsBytes, "a predictions file (eval --out)")
	if errors.Is(err, os.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	if n := len(data); n > 0 && data[n-1] != '\n' {
		cut := bytes.LastIndexByte(data, '\n') + 1
		if err := os.Truncate(path, int64(cut)); err != nil {
			return nil, fmt.Errorf("%s: dropping the unfinished last line: %w", path, err)
		}
		data = data[:cut]
	}
	preds, err := ReadPredictions(bytes.NewReader(data), path)
	if err != nil {
		return nil, fmt.Errorf("cannot resume: %w", err)
	}
	done := make(map[string]bool, len(preds))
	for _, p := range preds {
		done[fmt.Sprintf("%s#%d", p.ID, p.Shuffle)] = true
	}
	return done, nil
}

// retryable marks errors worth another attempt.
type retryable struct {
	err   error
	after time.Duration // server's Retry-After, 0 if none
}

func (r *retryable) Error() string { return r.err.Error() }
func (r *retryable) Unwrap() error { return r.err }

// call sends one prompt, retrying after errors.
func call(ctx context.Context, p *PromptLine, opt EvalOptions) (*EvalLine, error) {
	body := p.Body
	body.Model = opt.Model
	if opt.MaxTokens > 0 {
		body.MaxTokens = opt.MaxTokens
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	l, err := callPayload(ctx, payload, opt)
	if err != nil {
		return nil, err
	}
	l.ID, l.Shuffle, l.Mode = p.ID, p.Shuffle, p.Mode
	if l.Model == "" {
		l.Model = opt.Model
	}
	return l, nil
}

// callPayload sends one prepared chat-completions body, retrying after
// errors that are worth a retry (with the Retry-After a 429 or 5xx gives,
// up to MaxBackoff) until MaxRetries; LatencyMS is the successful
// attempt's.
func callPayload(ctx context.Context, payload []byte, opt EvalOptions) (*EvalLine, error) {
	wait := opt.Backoff
	for attempt := 1; ; attempt++ {
		start := time.Now()
		l, err := attemptOnce(ctx, payload, opt)
		if err == nil {
			l.Attempts = attempt
			l.LatencyMS = float64(time.Since(start).Microseconds()) / 1000
			return l, nil
		}
		var re *retryable
		if !errors.As(err, &re) || attempt > opt.MaxRetries || ctx.Err() != nil {
			if attempt > 1 {
				return nil, fmt.Errorf("after %d attempts: %w", attempt, err)
			}
			return nil, err
		}
		d := min(max(wait, re.after), opt.MaxBackoff)
		select {
		case <-time.After(d):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		wait = min(2*wait, opt.MaxBackoff)
	}
}

// chatResponse is the part of a chat-completions reply Eval reads.
type chatResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content          json.RawMessage `json:"content"`
			ReasoningContent string          `json:"reasoning_content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage json.RawMessage `json:"usage"`
}

// maxReplyBytes bounds a chat-completions reply read by eval (a model's
// answer is a few kilobytes; a broken or hostile server may stream forever).
const maxReplyBytes = 16 << 20

func attemptOnce(ctx context.Context, payload []byte, opt EvalOptions) (*EvalLine, error) {
	ctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, opt.Endpoint+"/chat/completions", bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if opt.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+opt.APIKey)
	}
	resp, err := opt.Client.Do(req)
	if err != nil {
		return nil, &retryable{err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes+1))
	if err != nil {
		return nil, &retryable{err: fmt.Errorf("reading the reply: %w", err)}
	}
	if len(raw) > maxReplyBytes {
		return nil, fmt.Errorf("the reply is longer than the %d-byte limit", maxReplyBytes)
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		after := retryAfter(resp.Header.Get("Retry-After"), time.Now(), opt.MaxBackoff)
		return nil, &retryable{err: fmt.Errorf("HTTP %d: %s", resp.StatusCode, snippet(raw)), after: after}
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("HTTP %d: %s", resp.StatusCode, snippet(raw))
	}
	var cr chatResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		return nil, fmt.Errorf("reply is not chat-completions JSON: %v: %s", err, snippet(raw))
	}
	if len(cr.Choices) == 0 {
		return nil, fmt.Errorf("reply has no choices: %s", snippet(raw))
	}
	c := cr.Choices[0]
	text, err := contentText(c.Message.Content)
	if err != nil {
		return nil, err
	}
	return &EvalLine{Response: text, Reasoning: c.Message.ReasoningContent, Usage: cr.Usage, Model: cr.Model, FinishReason: c.FinishReason}, nil
}

// contentText reads a message content: a string, null, or text parts.
func contentText(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("message content is neither text nor parts: %s", snippet(raw))
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
