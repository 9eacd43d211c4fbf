package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestPaceCollector checks generate's collector defaults and that each
// environment variable overrides its own setting only.
func TestPaceCollector(t *testing.T) {
	limit0, percent0 := debug.SetMemoryLimit(-1), debug.SetGCPercent(-1)
	debug.SetGCPercent(percent0)
	defer func() {
		debug.SetMemoryLimit(limit0)
		debug.SetGCPercent(percent0)
	}()
	for _, tc := range []struct {
		name         string
		env          map[string]string
		limit        int64
		percent      int
		keepsLimit   bool
		keepsPercent bool
	}{
		{name: "defaults", env: map[string]string{}, limit: defaultMemoryLimit, percent: defaultGCPercent},
		{name: "GOGC set", env: map[string]string{"GOGC": "200"}, limit: defaultMemoryLimit, keepsPercent: true},
		{name: "GOMEMLIMIT set", env: map[string]string{"GOMEMLIMIT": "3GiB"}, keepsLimit: true, percent: defaultGCPercent},
		{name: "both set", env: map[string]string{"GOGC": "off", "GOMEMLIMIT": "3GiB"}, keepsLimit: true, keepsPercent: true},
	} {
		// Start from values neither default has, so a kept one shows.
		const otherLimit, otherPercent = math.MaxInt64 / 2, 123
		debug.SetMemoryLimit(otherLimit)
		debug.SetGCPercent(otherPercent)
		paceCollector(func(k string) string { return tc.env[k] })
		gotLimit, gotPercent := debug.SetMemoryLimit(-1), debug.SetGCPercent(otherPercent)
		wantLimit, wantPercent := tc.limit, tc.percent
		if tc.keepsLimit {
			wantLimit = otherLimit
		}
		if tc.keepsPercent {
			wantPercent = otherPercent
		}
		if gotLimit != wantLimit || gotPercent != wantPercent {
			t.Errorf("%s: memory limit %d, GC percent %d; want %d, %d", tc.name, gotLimit, gotPercent, wantLimit, wantPercent)
		}
	}
}
