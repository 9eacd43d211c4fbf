package real

import "testing"

// BenchmarkProcess measures measurement and question generation of one
// 640×480 pair with six objects, without the estimators (issue 50's
// target: ≥ 50 pairs/s on 2 cores).
func BenchmarkProcess(b *testing.B) {
	p := synthPair("bench", tableScene(-150))
	b.ReportAllocs()
	for b.Loop() {
		if _, qs, skip := Process(p, Options{Seed: 1}); skip != nil || len(qs) == 0 {
			b.Fatal(skip)
		}
	}
}
