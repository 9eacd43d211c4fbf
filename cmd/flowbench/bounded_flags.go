package main

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"flowbench/internal/bound"
	"flowbench/pipeline"
)

// Every numeric flag of flowbench is one of the bounded values below: the
// value is checked against its limits while the command line is parsed, so
// before any work, and a value outside them is a usage error (exit 2)
// naming the flag, the value (cut to bound.QuoteMax characters) and the
// limits. docs/cli.md lists every limit (TestCLIDocListsFlagBounds).

// intRange is an int flag within [lo, hi].
type intRange struct {
	p      *int
	lo, hi int
}

// Set parses s and checks it against the limits.
func (r intRange) Set(s string) error {
	v, err := parseInRange(s, int64(r.lo), int64(r.hi))
	*r.p = int(v)
	return err
}

// parseInRange parses s as a base-10 integer within [lo, hi]. Its error
// gives the reason only: flagError adds the flag and the value.
func parseInRange(s string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("not an integer in %s", bound.Range(lo, hi))
	case v < lo || v > hi:
		return 0, fmt.Errorf("outside %s", bound.Range(lo, hi))
	}
	return v, nil
}

// String writes the value as it is parsed.
func (r intRange) String() string {
	if r.p == nil {
		return "0"
	}
	return strconv.Itoa(*r.p)
}

// Type names the value in help ("int").
func (r intRange) Type() string { return "int" }

// limits returns the flag's limits.
func (r intRange) limits() (int64, int64) { return int64(r.lo), int64(r.hi) }

// int64Range is an int64 flag within [lo, hi].
type int64Range struct {
	p      *int64
	lo, hi int64
}

// Set parses s and checks it against the limits.
func (r int64Range) Set(s string) error {
	v, err := parseInRange(s, r.lo, r.hi)
	*r.p = v
	return err
}

// String writes the value as it is parsed.
func (r int64Range) String() string {
	if r.p == nil {
		return "0"
	}
	return strconv.FormatInt(*r.p, 10)
}

// Type names the value in help ("int").
func (r int64Range) Type() string { return "int" }

// limits returns the flag's limits.
func (r int64Range) limits() (int64, int64) { return r.lo, r.hi }

// durationRange is a duration flag within [lo, hi].
type durationRange struct {
	p      *time.Duration
	lo, hi time.Duration
}

// Set parses s as a Go duration and checks it against the limits.
func (r durationRange) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil || v < r.lo || v > r.hi {
		return fmt.Errorf("not a duration in %s..%s (such as 30s or 5m)", r.lo, r.hi)
	}
	*r.p = v
	return nil
}

// String writes the value as it is parsed.
func (r durationRange) String() string {
	if r.p == nil {
		return "0s"
	}
	return r.p.String()
}

// Type names the value in help ("duration").
func (r durationRange) Type() string { return "duration" }

// boundedIntVar defines an int flag on fs stored in p, with default def
// and limits [lo, hi] (said at the end of the usage line).
func boundedIntVar(fs *pflag.FlagSet, p *int, name string, def, lo, hi int, usage string) {
	*p = def
	fs.Var(intRange{p, lo, hi}, name, fmt.Sprintf("%s (%s)", usage, bound.Range(int64(lo), int64(hi))))
}

// boundedInt is boundedIntVar returning the value's address.
func boundedInt(fs *pflag.FlagSet, name string, def, lo, hi int, usage string) *int {
	p := new(int)
	boundedIntVar(fs, p, name, def, lo, hi, usage)
	return p
}

// boundedInt64Var defines an int64 flag on fs stored in p, with default
// def and limits [lo, hi].
func boundedInt64Var(fs *pflag.FlagSet, p *int64, name string, def, lo, hi int64, usage string) {
	*p = def
	fs.Var(int64Range{p, lo, hi}, name, fmt.Sprintf("%s (%s)", usage, bound.Range(lo, hi)))
}

// boundedInt64 is boundedInt64Var returning the value's address.
func boundedInt64(fs *pflag.FlagSet, name string, def, lo, hi int64, usage string) *int64 {
	p := new(int64)
	boundedInt64Var(fs, p, name, def, lo, hi, usage)
	return p
}

// boundedDurationVar defines a duration flag on fs stored in p, with
// default def and limits [lo, hi].
func boundedDurationVar(fs *pflag.FlagSet, p *time.Duration, name string, def, lo, hi time.Duration, usage string) {
	*p = def
	fs.Var(durationRange{p, lo, hi}, name, fmt.Sprintf("%s (%s..%s)", usage, lo, hi))
}

// boundedDuration is boundedDurationVar returning the value's address.
func boundedDuration(fs *pflag.FlagSet, name string, def, lo, hi time.Duration, usage string) *time.Duration {
	p := new(time.Duration)
	boundedDurationVar(fs, p, name, def, lo, hi, usage)
	return p
}

// seedVar defines the --seed flag on fs stored in p (default 1): any
// int64, parsed like the other bounded flags.
func seedVar(fs *pflag.FlagSet, p *int64, usage string) {
	*p = 1
	fs.Var(int64Range{p, math.MinInt64, math.MaxInt64}, "seed", usage)
}

// seed is seedVar returning the value's address.
func seed(fs *pflag.FlagSet, usage string) *int64 {
	p := new(int64)
	seedVar(fs, p, usage)
	return p
}

// floatRange is a float64 flag within [lo, hi] (NaN is outside).
type floatRange struct {
	p      *float64
	lo, hi float64
}

// Set parses s and checks it against the limits.
func (r floatRange) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v >= r.lo && v <= r.hi) {
		return fmt.Errorf("not a number in %g..%g", r.lo, r.hi)
	}
	*r.p = v
	return nil
}

// String writes the value as it is parsed.
func (r floatRange) String() string {
	if r.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*r.p, 'g', -1, 64)
}

// Type names the value in help ("float").
func (r floatRange) Type() string { return "float" }

// boundedFloat defines a float64 flag on fs with default def and limits
// [lo, hi], returning the value's address.
func boundedFloat(fs *pflag.FlagSet, name string, def, lo, hi float64, usage string) *float64 {
	p := new(float64)
	*p = def
	fs.Var(floatRange{p, lo, hi}, name, fmt.Sprintf("%s (%g..%g)", usage, lo, hi))
	return p
}

// uint64Seed is a uint64 --seed flag (any value).
type uint64Seed struct{ p *uint64 }

// Set parses s as a base-10 uint64.
func (u uint64Seed) Set(s string) error {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("not an integer in 0..%d", uint64(math.MaxUint64))
	}
	*u.p = v
	return nil
}

// String writes the value as it is parsed.
func (u uint64Seed) String() string {
	if u.p == nil {
		return "0"
	}
	return strconv.FormatUint(*u.p, 10)
}

// Type names the value in help ("uint").
func (u uint64Seed) Type() string { return "uint" }

// uint64SeedFlag defines a uint64 --seed flag on fs with default def.
func uint64SeedFlag(fs *pflag.FlagSet, def uint64, usage string) *uint64 {
	p := new(uint64)
	*p = def
	fs.Var(uint64Seed{p}, "seed", usage)
	return p
}

// Limits of flags that no package below owns (docs/cli.md lists them with
// the others).
const (
	// maxStatsHouses bounds scene stats --houses and assets coverage
	// --houses: each house is generated (about 20 ms), so 10,000 take a few
	// minutes, and ProcTHOR-10k is 10,000 houses.
	maxStatsHouses = 10_000
	// maxRetries bounds eval --retries (the backoff doubles per retry).
	maxRetries = 30
	// maxTokensLimit bounds --max-tokens of eval and prompts.
	maxTokensLimit = 1 << 20
	// maxSheetImages bounds inspect --sheet.
	maxSheetImages = 10_000
	// maxRealPairs bounds the pair counts of real build and real simulate.
	maxRealPairs = 1_000_000
	// maxMergeWait bounds merge --wait.
	maxMergeWait = 7 * 24 * time.Hour
	// maxWorkers bounds every --workers flag (generate's limit).
	maxWorkers = pipeline.MaxWorkers
	// maxHouses bounds scene --index (generate's --houses limit).
	maxHouses = pipeline.MaxHouses
)

// limitsText writes a bounded flag's limits as docs/cli.md lists them, or
// "" for a value that is not one of the bounded kinds.
func limitsText(v pflag.Value) string {
	switch r := v.(type) {
	case intRange:
		return bound.Range(int64(r.lo), int64(r.hi))
	case int64Range:
		if r.lo == math.MinInt64 && r.hi == math.MaxInt64 {
			return "any int64"
		}
		return bound.Range(r.lo, r.hi)
	case floatRange:
		return fmt.Sprintf("%g..%g", r.lo, r.hi)
	case durationRange:
		return fmt.Sprintf("%s..%s", r.lo, r.hi)
	case uint64Seed:
		return "any uint64"
	}
	return ""
}
