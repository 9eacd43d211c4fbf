package simsource

import "testing"

// BenchmarkGenerate measures one pair at the default noise level on one
// core (go test -bench Generate -cpu 1 ./real/simsource/).
func BenchmarkGenerate(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		if _, _, err := Generate(1, i, NoiseDefault); err != nil {
			b.Fatal(err)
		}
	}
}
