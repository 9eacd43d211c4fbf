package score

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// MaxConcurrency bounds EvalOptions.Concurrency (and `eval --concurrency`):
// every request in flight holds a goroutine, its encoded prompt (images
// included) and a reply of up to 16 MiB, and no chat server serves more
// at once usefully. A larger value is refused.
const MaxConcurrency = 256

// checkConcurrency refuses a concurrency over MaxConcurrency.
func checkConcurrency(n int) error {
	if n > MaxConcurrency {
		return fmt.Errorf("eval: concurrency %d is over the maximum of %d requests in flight", n, MaxConcurrency)
	}
	return nil
}

// workerCount is how many request goroutines EvalSeq starts: the
// concurrency, but never more than there are prompts (total, when known).
func workerCount(concurrency, total int) int {
	if total > 0 && total < concurrency {
		return total
	}
	return concurrency
}

// retryAfter reads a Retry-After header (delta-seconds or an HTTP date) as
// a wait from now, capped at maxWait: a server asking for 999999999 s (or
// a date years ahead) gets maxWait, the longest backoff. A missing,
// malformed or past value is 0.
func retryAfter(h string, now time.Time, maxWait time.Duration) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	var d time.Duration
	if s, err := strconv.ParseUint(h, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		if err != nil || s > uint64(maxWait/time.Second) {
			return maxWait // more seconds than maxWait, or than uint64 holds
		}
		d = time.Duration(s) * time.Second
	} else if t, err := http.ParseTime(h); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), maxWait)
}
