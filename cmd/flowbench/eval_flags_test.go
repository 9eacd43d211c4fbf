package main

import (
	"strings"
	"testing"
)

// eval refuses a --concurrency over score.MaxConcurrency (1000000 took
// 3 GB for 2 prompts) or under 1 with a usage error naming the value and
// the accepted range, before reading the prompts.
func TestEvalRefusesAbsurdConcurrency(t *testing.T) {
	for _, n := range []string{"1000000", "257", "0"} {
		code, _, e := runCmd(t, "eval", "--prompts", "/nonexistent/p.jsonl", "--model", "m", "--out", "/nonexistent/o.jsonl", "--quiet", "--concurrency", n)
		if code != 2 || !strings.Contains(e, `invalid value "`+n+`" for --concurrency: outside 1..256`) {
			t.Errorf("--concurrency %s: exit %d, stderr %q", n, code, e)
		}
	}
}
