package export

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// benchmarkWrite writes b.N synthetic w×h question/annotation pairs and
// reports bytes per question (both tables, and each) and rows per second.
// Rows are generated up front (8 distinct ones, ids made unique), so only
// the export cost is timed.
func benchmarkWrite(b *testing.B, w, h int) {
	rng := rand.New(rand.NewPCG(5, 6))
	var qs []QuestionRow
	var as []AnnotationRow
	for k := range 8 {
		q, a := synthRows(rng, k, w, h)
		qs, as = append(qs, q), append(as, a)
	}
	dir := b.TempDir()
	dw, err := Create(dir, Options{RowsPerShard: 64})
	if err != nil {
		b.Fatal(err)
	}
	sw, err := dw.Split("train", w, h)
	if err != nil {
		b.Fatal(err)
	}
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := range b.N {
		q, a := qs[i%8], as[i%8]
		q.ID = fmt.Sprintf("%s#%d", q.ID, i)
		a.ID = q.ID
		if err := sw.Add(q, a); err != nil {
			b.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	sizes := map[string]int64{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			info, _ := d.Info()
			sizes[filepath.Base(filepath.Dir(p))] += info.Size() // data/<table>/<split>-NNNNN-of-NNNNN.parquet
		}
		return nil
	})
	n := float64(b.N)
	b.ReportMetric((float64(sizes[QuestionsTable])+float64(sizes[AnnotationsTable]))/n, "bytes/question")
	b.ReportMetric(float64(sizes[QuestionsTable])/n, "questions-bytes/q")
	b.ReportMetric(float64(sizes[AnnotationsTable])/n, "annotations-bytes/q")
	b.ReportMetric(n/b.Elapsed().Seconds(), "rows/s")
	// CPU time is steadier than wall time on a shared machine.
	b.ReportMetric(cpu.Seconds()*1000/n, "cpu-ms/row")
}

// cpuTime returns the process's user plus system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkWrite512(b *testing.B) { benchmarkWrite(b, 512, 512) }
func BenchmarkWrite800(b *testing.B) { benchmarkWrite(b, 800, 800) }

// BenchmarkReadAnnotations800 reads back 800×800 annotation rows.
func BenchmarkReadAnnotations800(b *testing.B) {
	dir := b.TempDir()
	writeSynth(b, dir, 8, 800, 800, 8, Options{})
	ds, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	rows := 0
	for range b.N {
		for _, err := range ds.Annotations("train") {
			if err != nil {
				b.Fatal(err)
			}
			rows++
		}
	}
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
}

// benchmarkAnnotationShard writes b.N synthetic w×h annotation rows into
// one annotations shard with a ShardWriter (no questions, no dataset
// writer): the cost of shard writing alone. Rows are made up front.
func benchmarkAnnotationShard(b *testing.B, w, h int) {
	rng := rand.New(rand.NewPCG(5, 6))
	var as []AnnotationRow
	for k := range 8 {
		_, a := synthRows(rng, k, w, h)
		as = append(as, a)
	}
	path := filepath.Join(b.TempDir(), "train-00000-of-00001.parquet")
	sw, err := NewShardWriter(path, AnnotationsTable, ShardOptions{W: w, H: h})
	if err != nil {
		b.Fatal(err)
	}
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := range b.N {
		a := as[i%8]
		a.ID = fmt.Sprintf("%s#%d", a.ID, i)
		if err := sw.WriteAnnotation(a); err != nil {
			b.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	n := float64(b.N)
	b.ReportMetric(float64(info.Size())/n, "bytes/row")
	b.ReportMetric(cpu.Seconds()*1000/n, "cpu-ms/row")
}

func BenchmarkAnnotationShard512(b *testing.B) { benchmarkAnnotationShard(b, 512, 512) }
func BenchmarkAnnotationShard800(b *testing.B) { benchmarkAnnotationShard(b, 800, 800) }
