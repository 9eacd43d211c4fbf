package simsource

import (
	"testing"

	"flowbench/real"
)

// BenchmarkProcess measures the Real rules alone (measurement, questions,
// filters; no estimators, no reading) on 16 simulated 640×480 pairs at the
// default noise level with furniture (skipped without it), one pair per
// iteration (issue 50's target: ≥ 50 pairs/s on 2 cores; run with -cpu 1
// for one core's rate).
func BenchmarkProcess(b *testing.B) {
	opts := GenerateOptions{Assets: testLibrary(b)}
	pairs := make([]*real.Pair, 16)
	for i := range pairs {
		p, _, err := GenerateWith(1, i, NoiseDefault, opts)
		if err != nil {
			b.Fatal(err)
		}
		pairs[i] = p
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		real.Process(pairs[i%len(pairs)], real.Options{Seed: 1})
	}
}

// BenchmarkProcessParallel is BenchmarkProcess with one goroutine per
// core: the pairs-per-second rate of a run on this machine.
func BenchmarkProcessParallel(b *testing.B) {
	opts := GenerateOptions{Assets: testLibrary(b)}
	pairs := make([]*real.Pair, 16)
	for i := range pairs {
		p, _, err := GenerateWith(1, i, NoiseDefault, opts)
		if err != nil {
			b.Fatal(err)
		}
		pairs[i] = p
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			real.Process(pairs[i%len(pairs)], real.Options{Seed: 1})
			i++
		}
	})
}
