package planner

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// BenchmarkPlanHouse plans whole procthor houses on one core at the
// default 800×800 image size (FLOWBENCH_BENCH_SIZE overrides it) and
// reports questions per house, questions per second and the skip reasons;
// FLOWBENCH_BENCH_REPORT=path writes the full report (skips and Stats) there.
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
	var planTime, cpuUsed time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h := genHouse(b, 1000+i)
		cfg := DefaultConfig()
		cfg.HouseID = fmt.Sprintf("bench%d", i)
		cfg.KeepFrames = false
		cfg.CameraSize = size
		cfg.Balance = bal
		start, cpu0 := time.Now(), cpuTime()
		exs, _, rep, err := PlanHouse(newTestLocal(), h, cfg)
		planTime += time.Since(start)
		cpuUsed += cpuTime() - cpu0
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
	b.ReportMetric(float64(len(all))/cpuUsed.Seconds(), "questions/cpu-s")
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
	if path := os.Getenv("FLOWBENCH_BENCH_REPORT"); path != "" && b.N > 1 {
		txt := fmt.Sprintf("%s%.2f questions/house, %.2f questions/s wall, %.2f questions/cpu-s\n%s",
			msg, float64(len(all))/float64(houses), float64(len(all))/planTime.Seconds(), float64(len(all))/cpuUsed.Seconds(), Stats(all))
		if err := os.WriteFile(path, []byte(txt), 0o644); err != nil {
			b.Error(err)
		}
	}
}

// cpuTime is the process's user+system CPU time (the machine is shared, so
// wall-clock rates understate the single-core speed).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
