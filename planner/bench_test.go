package planner

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"
)

// BenchmarkPlanHouse plans whole procthor houses on one core at the
// default 800×800 image size (FLOWBENCH_BENCH_SIZE overrides it) and
// reports questions per house, questions per second and the skip reasons.
// Run: go test ./planner -run '^$' -bench PlanHouse -benchtime 20x
func BenchmarkPlanHouse(b *testing.B) {
	size := 0
	if s := os.Getenv("FLOWBENCH_BENCH_SIZE"); s != "" {
		size, _ = strconv.Atoi(s)
	}
	bal := &Balance{}
	var all []Example
	skips := map[string]int{}
	houses, bad := 0, 0
	var planTime time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h := genHouse(b, 1000+i)
		cfg := DefaultConfig()
		cfg.HouseID = fmt.Sprintf("bench%d", i)
		cfg.KeepFrames = false
		cfg.CameraSize = size
		cfg.Balance = bal
		start := time.Now()
		exs, _, rep, err := PlanHouse(newTestLocal(), h, cfg)
		planTime += time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		houses++
		if rep.Bad != "" {
			bad++
		}
		for k, v := range rep.Skips {
			skips[k] += v
		}
		all = append(all, exs...)
	}
	b.ReportMetric(float64(len(all))/float64(houses), "questions/house")
	b.ReportMetric(float64(len(all))/planTime.Seconds(), "questions/s")
	keys := make([]string, 0, len(skips))
	for k := range skips {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	msg := fmt.Sprintf("%d houses (%d bad), %d questions\n", houses, bad, len(all))
	for _, k := range keys {
		msg += fmt.Sprintf("  skip %-40s %d\n", k, skips[k])
	}
	b.Logf("%s%s", msg, Stats(all))
}
