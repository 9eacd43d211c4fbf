package beamgen

import (
	"context"
	"crypto/sha256"
	"flag"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"flowbench/export"
	"flowbench/pipeline"
	"flowbench/storage"
	"flowbench/storage/s3fake"
)

// The Beam pipeline runs end to end on prism, Beam's portable runner, in
// this process: prism starts its job service in-process and runs the SDK
// worker in loopback mode (no container, no network). The merged dataset
// must equal, byte for byte, a single-machine pipeline.Run of the same
// Config.

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

// prismConfig is a small complete split: six procthor houses in three
// balance blocks of two, one block per shard, so that three parts get one
// shard each; primitive shapes, so that the bytes do not depend on the
// installed furniture libraries.
func prismConfig() pipeline.Config {
	cfg := pipeline.DefaultConfig()
	cfg.Houses, cfg.Size, cfg.Views = 6, 64, 2
	cfg.BalanceHouses, cfg.BlocksPerShard = 2, 1
	cfg.Assets = "none"
	return cfg
}

// treeDigest returns the SHA-256 of every regular file under dir, by path
// relative to dir.
func treeDigest(t testing.TB, dir string) map[string][32]byte {
	t.Helper()
	sums := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		sums[filepath.ToSlash(rel)] = sha256.Sum256(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

// runPlain is the single-machine reference run.
func runPlain(t testing.TB, cfg pipeline.Config, out string) {
	t.Helper()
	if _, err := pipeline.Run(context.Background(), cfg, pipeline.Options{Out: out, Workers: 2}); err != nil {
		t.Fatal(err)
	}
}

// runPrism runs job on prism.
func runPrism(t testing.TB, job Job) {
	t.Helper()
	p, err := job.Pipeline()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := beam.Run(context.Background(), "prism", p); err != nil {
		t.Fatal(err)
	}
}

// reference is the digest of the single-machine run of prismConfig, made
// once for the tests below.
var reference struct {
	once sync.Once
	sums map[string][32]byte
}

func referenceDigest(t *testing.T) map[string][32]byte {
	t.Helper()
	reference.once.Do(func() {
		dir, err := os.MkdirTemp("", "beamgen-ref-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		runPlain(t, prismConfig(), dir)
		reference.sums = treeDigest(t, dir)
	})
	if reference.sums == nil {
		t.Fatal("the reference run failed")
	}
	return reference.sums
}

// sameDigest reports every file that differs between the reference run
// (want) and the Beam run (got).
func sameDigest(t *testing.T, want, got map[string][32]byte) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: missing from the Beam run", name)
		} else if g != want[name] {
			t.Errorf("%s: differs from the single-machine run", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: written by the Beam run only", name)
		}
	}
}

func TestPrismMatchesSingleMachine(t *testing.T) {
	dir := t.TempDir()
	job := Job{Config: prismConfig(), Parts: 3, Work: filepath.Join(dir, "work"), Out: filepath.Join(dir, "beam"), PartWorkers: 1}
	runPrism(t, job)

	want, got := referenceDigest(t), treeDigest(t, job.Out)
	shards := 0
	for name := range want {
		if export.InSplit(name, "train") {
			shards++
		}
	}
	// Three shards of each table: the parts really split the work.
	if shards != 6 || want[export.ManifestFile] == ([32]byte{}) {
		t.Fatalf("the reference run wrote %d shard files and manifest %v; want 6 and a manifest: %v",
			shards, want[export.ManifestFile] != [32]byte{}, slices.Sorted(maps.Keys(want)))
	}
	sameDigest(t, want, got)
	// Each part wrote its own shard under work/parts/K.
	for k := range 3 {
		part := treeDigest(t, PartLocation(job.Work, k))
		n := 0
		for name, sum := range part {
			if export.InSplit(name, "train") {
				n++
				if want[name] != sum {
					t.Errorf("part %d: %s differs from the single-machine run's", k, name)
				}
			}
		}
		if n != 2 {
			t.Errorf("part %d wrote %d shard files, want 2 (one per table)", k, n)
		}
	}
}

// The parts and the merged dataset in a bucket (an in-process S3 fake):
// each part is written through the storage mirror and downloaded for the
// merge, and the merged objects equal the single-machine run's files.
func TestPrismObjectStorage(t *testing.T) {
	endpoint := s3fake.Start(t, "flow")
	job := Job{Config: prismConfig(), Parts: 3, Work: s3fake.URL(endpoint, "flow/run/work"),
		Out: s3fake.URL(endpoint, "flow/run/dataset"), PartWorkers: 1}
	runPrism(t, job)
	err := storage.WithInput(context.Background(), job.Out, func(dir string) error {
		sameDigest(t, referenceDigest(t), treeDigest(t, dir))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Each part's record is in the bucket: the parts were complete.
	for k := range 3 {
		err := storage.WithInput(context.Background(), PartLocation(job.Work, k), func(dir string) error {
			_, err := os.Stat(filepath.Join(dir, pipeline.PartFile))
			return err
		})
		if err != nil {
			t.Errorf("part %d: %v", k, err)
		}
	}
}

// A part that fails makes the run fail, and the merge does not happen.
func TestPrismFailedPart(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "work")
	// Part 1's location is a file: its run cannot create the directory.
	if err := os.MkdirAll(filepath.Join(work, "parts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(PartLocation(work, 1), []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	job := Job{Config: prismConfig(), Parts: 3, Work: work, Out: filepath.Join(dir, "beam"), PartWorkers: 1}
	p, err := job.Pipeline()
	if err != nil {
		t.Fatal(err)
	}
	_, err = beam.Run(context.Background(), "prism", p)
	if err == nil || !strings.Contains(err.Error(), "part 1 of 3") {
		t.Fatalf("run with a part that cannot be written: %v; want an error naming part 1 of 3", err)
	}
	if _, err := os.Stat(filepath.Join(job.Out, export.ManifestFile)); err == nil {
		t.Error("a manifest was written although a part failed")
	}
}

// BenchmarkPrismOverhead compares the same six houses generated by one
// pipeline.Run and by the Beam pipeline on prism in three parts (plus the
// merge); the ratio of the two is the Beam overhead on one machine. Besides
// wall time it reports the process's CPU time per run (cpu-ms/op), which a
// loaded machine disturbs less.
func BenchmarkPrismOverhead(b *testing.B) {
	cfg := prismConfig()
	b.Run("plain", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			runPlain(b, cfg, filepath.Join(b.TempDir(), "plain"))
		}
	})
	b.Run("prism-3-parts", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			dir := b.TempDir()
			runPrism(b, Job{Config: cfg, Parts: 3, Work: filepath.Join(dir, "work"), Out: filepath.Join(dir, "beam"), PartWorkers: 2})
		}
	})
}

// reportCPU starts measuring the process's CPU time; the returned function
// reports it per iteration as cpu-ms/op.
func reportCPU(b *testing.B) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := cpu()
	return func() {
		b.ReportMetric(float64((cpu()-start).Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}
