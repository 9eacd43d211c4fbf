package simsource

import "testing"

// BenchmarkGenerate measures one pair at the default noise level on one
// core with primitive shapes (go test -bench Generate -cpu 1
// ./real/simsource/).
func BenchmarkGenerate(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		if _, _, err := Generate(1, i, NoiseDefault); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerateDressed is BenchmarkGenerate with the installed
// furniture models (skipped without them). Models load on first use, once
// per process: a short run pays for more of them per pair than a long one
// (-benchtime 200x amortises them as a real check run does).
func BenchmarkGenerateDressed(b *testing.B) {
	opts := GenerateOptions{Assets: testLibrary(b)}
	for i := 0; b.Loop(); i++ {
		if _, _, err := GenerateWith(1, i, NoiseDefault, opts); err != nil {
			b.Fatal(err)
		}
	}
}
