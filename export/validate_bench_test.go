package export

import (
	"math/rand/v2"
	"testing"

	"flowbench/planner"
)

// BenchmarkValidate512 validates a dataset of 16 synthetic 512×512
// question/annotation pairs (two shard pairs; closest-three rows, whose
// synthetic static answer Validate refuses, are left out) and reports the
// CPU time per row: the cost of all of Validate's checks.
func BenchmarkValidate512(b *testing.B) {
	const w, h, rows = 512, 512, 16
	dir := b.TempDir()
	dw, err := Create(dir, Options{RowsPerShard: 8})
	if err != nil {
		b.Fatal(err)
	}
	sw, err := dw.Split("train", w, h)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for k, n := 0, 0; n < rows; k++ {
		if planner.Category(k%int(planner.NumCategories)) == planner.ClosestThree {
			continue
		}
		q, a := synthRows(rng, k, w, h)
		if err := sw.Add(q, a); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if err := sw.Close(); err != nil {
		b.Fatal(err)
	}
	if _, err := dw.Finish("test", nil, map[string]int64{"train": 1}); err != nil {
		b.Fatal(err)
	}
	cpu0 := cpuTime()
	b.ResetTimer()
	for range b.N {
		if _, err := Validate(dir); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(rows*b.N), "cpu-ms/row")
}
