package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"flowbench/export"
)

// BenchmarkGenerate runs the whole pipeline (one planning worker) on the
// first two training houses and reports questions per second and bytes per
// question at 512×512 and 800×800 with full annotations, with primitive
// shapes (assets=none, issue 16's throughput target) and with the real
// models when the asset packages are installed (assets=auto, issue 11's).
func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		size   int
		assets string
	}{{512, "none"}, {512, "auto"}, {800, "none"}, {800, "auto"}} {
		size := c.size
		b.Run(fmt.Sprintf("size%d/assets=%s", size, c.assets), func(b *testing.B) {
			var questions, bytes int64
			var elapsed time.Duration
			for i := 0; i < b.N; i++ {
				dir := filepath.Join(b.TempDir(), "ds")
				g, err := parseGenerate([]string{"--split", "train", "--houses", "2", "--size", fmt.Sprint(size),
					"--workers", "1", "--assets", c.assets, "--quiet", "--out", dir}, io.Discard)
				if err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				if err := generate(context.Background(), g, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
				elapsed += time.Since(start)
				n, err := splitBytes(dir, "train")
				if err != nil {
					b.Fatal(err)
				}
				m, err := readManifestQuestions(dir)
				if err != nil {
					b.Fatal(err)
				}
				questions += int64(m)
				bytes += n
			}
			b.ReportMetric(float64(questions)/elapsed.Seconds(), "questions/s")
			b.ReportMetric(float64(bytes)/float64(questions), "bytes/question")
		})
	}
}

// readManifestQuestions returns the number of questions a dataset's
// manifest records over all splits.
func readManifestQuestions(dir string) (int, error) {
	b, err := os.ReadFile(filepath.Join(dir, export.ManifestFile))
	if err != nil {
		return 0, err
	}
	var m export.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return 0, fmt.Errorf("%s: %w", filepath.Join(dir, export.ManifestFile), err)
	}
	n := 0
	for _, st := range m.Splits {
		n += st.Questions
	}
	return n, nil
}
