package beamgen

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/pipeline"
	"flowbench/real/pairfile"
	"flowbench/real/simsource"
	"flowbench/storage"
	"flowbench/storage/s3fake"
)

// A Real job on prism: 16 simulated tabletop pairs (primitive shapes, no
// noise), 6 pairs per shard, so that the split has 3 shards and each of 3
// parts writes one. The merged dataset must equal, byte for byte, a
// single-machine pipeline.RunReal of the same options.

// writeRealPairs writes n simulated pairs as pair folders under dir.
func writeRealPairs(t testing.TB, dir string, n int) {
	t.Helper()
	for i := range n {
		p, _, err := simsource.Generate(3, i, simsource.NoiseNone)
		if err != nil {
			t.Fatal(err)
		}
		if err := pairfile.Write(filepath.Join(dir, p.ID), p); err != nil {
			t.Fatal(err)
		}
	}
}

// realPrismConfig is the Real build of the tests, over the pairs at pairs.
func realPrismConfig(pairs, split string) RealConfig {
	return RealConfig{Pairs: pairs, Split: split, Seed: 1, PairsPerShard: 6}
}

// runRealPlain is the single-machine reference build of cfg into out.
func runRealPlain(t testing.TB, cfg RealConfig, out string) {
	t.Helper()
	pairs, err := listPairs(cfg.Pairs)
	if err != nil {
		t.Fatal(err)
	}
	opt := cfg.options()
	opt.Pairs, opt.Out, opt.Workers = pairs, out, 2
	if _, err := pipeline.RunReal(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
}

// The test split is built first by a single machine, into the reference
// and into the Beam output alike; then the train split is built into each,
// by one RunReal and by the Beam job in 3 parts. The parts must keep the
// test split's pairs out of train as the single build does (they read the
// output's splits), and an earlier attempt's leftovers in a part's location
// must be replaced.
func TestPrismRealMatchesSingleMachine(t *testing.T) {
	dir := t.TempDir()
	pairs, ref, out := filepath.Join(dir, "pairs"), filepath.Join(dir, "ref"), filepath.Join(dir, "beam")
	writeRealPairs(t, pairs, 16)
	runRealPlain(t, realPrismConfig(pairs, "test"), ref)
	if err := os.CopyFS(out, os.DirFS(ref)); err != nil {
		t.Fatal(err)
	}
	runRealPlain(t, realPrismConfig(pairs, "train"), ref)

	// What a failed earlier attempt of part 1 might have left: a damaged
	// shard of the split and a part record of another run.
	work := filepath.Join(dir, "work")
	stale := PartLocation(work, 1)
	shard := filepath.Join(export.TableDir(stale, export.QuestionsTable), export.FinalShardName("train", 1, 3))
	if err := os.MkdirAll(filepath.Dir(shard), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(shard, []byte("PAR1 truncated"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stale, pipeline.PartFile), []byte(`{"format": "flowbench-part/real-1"}`), 0o644); err != nil {
		t.Fatal(err)
	}

	cfg := realPrismConfig(pairs, "train")
	runPrism(t, Job{Real: &cfg, Parts: 3, Work: work, Out: out, PartWorkers: 1})

	want, got := treeDigest(t, ref), treeDigest(t, out)
	shards := 0
	for name := range want {
		if export.InSplit(name, "train") {
			shards++
		}
	}
	if shards != 3*len(export.RealTables) {
		t.Fatalf("the reference train split has %d shard files, want 3 per table", shards)
	}
	sameDigest(t, want, got)
	if _, err := export.ValidateReal(out); err != nil {
		t.Errorf("validate: %v", err)
	}
	m, err := export.ReadRealManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if st := m.Splits["train"]; st.Run == nil || st.Run.SkippedByStage["split"] == 0 || st.Questions == 0 {
		t.Errorf("train split: %+v; want questions and the test split's pairs left out (stage split)", st)
	}
	for k := range 3 {
		n := 0
		for name, sum := range treeDigest(t, PartLocation(work, k)) {
			if export.InSplit(name, "train") {
				n++
				if want[name] != sum {
					t.Errorf("part %d: %s differs from the single-machine run's", k, name)
				}
			}
		}
		if n != len(export.RealTables) {
			t.Errorf("part %d wrote %d shard files, want one per table", k, n)
		}
	}
}

// The parts and the dataset in a bucket (an in-process S3 fake), with a
// part's stale objects there before the run: the merged objects equal a
// single-machine build's files, and the stale part record is replaced.
func TestPrismRealObjectStorage(t *testing.T) {
	dir := t.TempDir()
	pairs, ref := filepath.Join(dir, "pairs"), filepath.Join(dir, "ref")
	writeRealPairs(t, pairs, 16)
	cfg := realPrismConfig(pairs, "train")
	runRealPlain(t, cfg, ref)

	endpoint := s3fake.Start(t, "flow")
	job := Job{Real: &cfg, Parts: 3, Work: s3fake.URL(endpoint, "flow/run/work"),
		Out: s3fake.URL(endpoint, "flow/run/dataset"), PartWorkers: 1}
	// A stale part record under part 2 (another run's).
	err := storage.WithOutput(context.Background(), PartLocation(job.Work, 2), storage.Options{}, func(d string) error {
		return os.WriteFile(filepath.Join(d, pipeline.PartFile), []byte(`{"format": "flowbench-part/real-1", "seed": 99}`), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	runPrism(t, job)
	err = storage.WithInput(context.Background(), job.Out, func(d string) error {
		sameDigest(t, treeDigest(t, ref), treeDigest(t, d))
		_, err := export.ValidateReal(d)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = storage.WithInput(context.Background(), PartLocation(job.Work, 2), func(d string) error {
		b, err := os.ReadFile(filepath.Join(d, pipeline.PartFile))
		if err == nil && strings.Contains(string(b), `"seed": 99`) {
			err = errors.New("the stale part record is still there")
		}
		return err
	})
	if err != nil {
		t.Errorf("part 2: %v", err)
	}
}

// The Real config the workers decode is the one the launcher encoded, and
// a bad one is refused.
func TestRealConfigTravelsAsJSON(t *testing.T) {
	for _, c := range []RealConfig{
		{Pairs: "/data/pairs", Split: "train", Seed: 1},
		{Pairs: "/data/pairs.jsonl", Split: "test", Seed: 7, PerCategory: 30, PairsPerShard: 64},
		{Pairs: "pairs", Split: "train", Extended: true},
	} {
		js, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		f := &runRealPartFn{Config: string(js), Parts: 2}
		if err := f.Setup(); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if f.cfg != c {
			t.Errorf("the worker decoded %+v, want %+v", f.cfg, c)
		}
	}
	for _, bad := range []struct{ js, why string }{
		{`{"pairs": "/p", "sead": 1}`, "sead"},
		{`{"pairs": "/p"} {}`, "more than one"},
		{`{"split": "train"}`, "pairs path is required"},
		{`{"pairs": "s3://bucket/pairs"}`, "local path"},
		{`{"pairs": "/p", "per_category": -1}`, "per-category"},
	} {
		f := &runRealPartFn{Config: bad.js, Parts: 2}
		if err := f.Setup(); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("Setup(%s) = %v, want an error about %q", bad.js, err, bad.why)
		}
	}
	j := Job{Real: &RealConfig{Pairs: "s3://b/p"}, Parts: 2, Work: "/w", Out: "/o"}
	if err := j.Validate(); !errors.Is(err, ErrJob) {
		t.Errorf("a Real job with URL pairs: Validate = %v, want an ErrJob", err)
	}
	j.Real.Pairs = "/p"
	if err := j.Validate(); err != nil {
		t.Errorf("a Real job with a zero Config: %v", err)
	}
}
