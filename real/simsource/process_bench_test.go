package simsource

import (
	"testing"

	"flowbench/real"
)

// simulatedPairs renders 16 furnished pairs at the default noise level
// (skipping the benchmark without the furniture libraries).
func simulatedPairs(b *testing.B) []*real.Pair {
	opts := GenerateOptions{Assets: testLibrary(b)}
	pairs := make([]*real.Pair, 16)
	for i := range pairs {
		p, _, err := GenerateWith(1, i, NoiseDefault, opts)
		if err != nil {
			b.Fatal(err)
		}
		pairs[i] = p
	}
	return pairs
}

// BenchmarkProcess measures the Real rules alone (measurement, questions,
// filters; no estimators, no reading) on simulated 640×480 pairs, one pair
// per iteration (issue 50's target: ≥ 50 pairs/s on 2 cores).
func BenchmarkProcess(b *testing.B) {
	pairs := simulatedPairs(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		real.Process(pairs[i%len(pairs)], real.Options{Seed: 1})
	}
}

// BenchmarkProcessParallel is BenchmarkProcess with one goroutine per
// core: the pairs-per-second rate of a run on this machine.
func BenchmarkProcessParallel(b *testing.B) {
	pairs := simulatedPairs(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			real.Process(pairs[i%len(pairs)], real.Options{Seed: 1})
		}
	})
}
