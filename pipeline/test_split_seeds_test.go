package pipeline

import (
	"context"
	"io"
	"log/slog"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"flowbench/planner"
)

// TestTestSplitSeeds (long tier, issue 52): at every seed the test split
// of `generate --split test --size 512 --seed S` selects exactly the
// method's 714 questions, each category its MethodTestCounts count, chance
// 35.8 %. It runs the split's planning and selection (preselect, the path
// Run takes before annotating) without rendering the selected questions,
// which the counts do not depend on. Seeds 1 to 10 by default;
// FLOWBENCH_TEST_SPLIT_SEEDS=a-b or a list narrows them. About 2 to 3 CPU
// minutes per seed (120 scenes at 512 px), some 25 CPU minutes in all.
func TestTestSplitSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("plans the 120-scene test split at ten seeds")
	}
	seeds := testSplitSeeds(t, os.Getenv("FLOWBENCH_TEST_SPLIT_SEEDS"))
	lib, err := OpenAssets("auto")
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range seeds {
		cfg := DefaultConfig()
		// generate's defaults for the test split: the method's counts, the full planners.
		cfg.Split, cfg.Seed, cfg.Size, cfg.QuestionsOnly, cfg.TestCounts, cfg.Full = "test", seed, 512, true, "method", true
		if err := cfg.Validate(); err != nil {
			t.Fatal(err)
		}
		targets, err := cfg.testTargets()
		if err != nil || targets == nil {
			t.Fatalf("targets %v: %v", targets, err)
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		src, err := newSource(cfg, log)
		if err != nil {
			t.Fatal(err)
		}
		// The planning fields of runSource's options.
		ropt := runOptions{Split: cfg.Split, Seed: cfg.Seed, Size: cfg.Size, Workers: runtime.GOMAXPROCS(0),
			QuestionsOnly: true, Planner: cfg.plannerConfig(), Dress: Dresser(lib), Marks: cfg.markStyle(), Log: log}
		_, sel, err := preselect(context.Background(), src, ropt, NewLayout(cfg, len(src.Houses)).BalanceHouses, targets)
		if err != nil {
			t.Fatal(err)
		}
		total, chance := 0, 0.0
		for c := planner.Category(0); c < planner.NumCategories; c++ {
			n := sel.Selected[c.String()]
			total += n
			chance += float64(n) * c.Chance()
			if n != planner.MethodTestCounts[c] {
				t.Errorf("seed %d: %s %d questions of %d candidates, want %d", seed, c, n, sel.Candidates[c.String()], planner.MethodTestCounts[c])
			}
		}
		if total > 0 {
			chance /= float64(total)
		}
		if total != 714 || math.Abs(chance-0.358) > 0.0005 || len(sel.Short) > 0 {
			t.Errorf("seed %d: %d questions, chance %.4f, short %v; want 714, 0.358", seed, total, chance, sel.Short)
		}
		t.Logf("seed %d: %d questions, chance %.4f, candidates %v", seed, total, chance, sel.Candidates)
	}
}

// testSplitSeeds parses FLOWBENCH_TEST_SPLIT_SEEDS: "" (1 to 10), "a-b",
// or a comma-separated list.
func testSplitSeeds(t *testing.T, s string) []int64 {
	if s == "" {
		s = "1-10"
	}
	var out []int64
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.ParseInt(strings.TrimSpace(lo), 10, 64)
		b := a
		if err == nil && isRange {
			b, err = strconv.ParseInt(strings.TrimSpace(hi), 10, 64)
		}
		if err != nil || b < a {
			t.Fatalf("FLOWBENCH_TEST_SPLIT_SEEDS=%q: %q is not a seed or a range", s, part)
		}
		for x := a; x <= b; x++ {
			out = append(out, x)
		}
	}
	return out
}
