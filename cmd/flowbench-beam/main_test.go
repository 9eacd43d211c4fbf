package main

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"

	"flowbench/beamgen"
	"flowbench/pipeline"
	"flowbench/real"
)

// setFlags sets the launcher's flags (and --runner) for one case and
// restores them afterwards.
func setFlags(t *testing.T, vals map[string]string) {
	t.Helper()
	names := []string{"config", "parts", "work", "out", "part-workers", "real", "split", "seed", "extended", "per-category", "pairs-per-shard"}
	old := map[string]string{}
	for _, n := range names {
		old[n] = flag.Lookup(n).Value.String()
	}
	oldRunner := *runners.Runner
	t.Cleanup(func() {
		for n, v := range old {
			flag.Set(n, v)
		}
		*runners.Runner = oldRunner
	})
	for _, n := range names {
		flag.Set(n, flag.Lookup(n).DefValue)
	}
	*runners.Runner = ""
	for n, v := range vals {
		if n == "runner" {
			*runners.Runner = v
			continue
		}
		if err := flag.Set(n, v); err != nil {
			t.Fatal(err)
		}
	}
}

func TestJobFromFlags(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	typo := filepath.Join(dir, "typo.json")
	os.WriteFile(good, []byte(`{"houses": 6, "size": 64}`), 0o644)
	os.WriteFile(typo, []byte(`{"houses": 6, "sise": 64}`), 0o644)
	base := map[string]string{"config": good, "parts": "3", "work": "/w", "out": "/o"}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range base {
			m[a] = b
		}
		if v == "" {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}

	setFlags(t, base)
	job, runner, err := jobFromFlags()
	if err != nil || runner != "prism" || job.Parts != 3 || job.Config.Houses != 6 || job.Config.Size != 64 || job.Work != "/w" || job.Out != "/o" {
		t.Fatalf("good flags: job %+v, runner %q, err %v", job, runner, err)
	}
	setFlags(t, with("runner", "dataflow"))
	if _, runner, err := jobFromFlags(); err != nil || runner != "dataflow" {
		t.Errorf("--runner dataflow: runner %q, err %v", runner, err)
	}

	for _, c := range []struct {
		name  string
		flags map[string]string
		usage bool   // a usage error (exit 2) rather than bad input (exit 1)
		why   string // in the message
	}{
		{"direct runner", with("runner", "direct"), true, `--runner "direct"`},
		{"no config", with("config", ""), true, "--config (or --real) is required"},
		{"config and real", with("real", "/pairs"), true, "exclude each other"},
		{"real flag without real", with("seed", "7"), true, "--seed needs --real"},
		{"no parts", with("parts", ""), true, "--parts"},
		{"no work", with("work", ""), true, "--work"},
		{"missing config file", with("config", filepath.Join(dir, "none.json")), false, "none.json"},
		{"config typo", with("config", typo), false, "sise"},
		{"out is work", with("out", "/w"), false, "must differ"},
	} {
		setFlags(t, c.flags)
		_, _, err := jobFromFlags()
		if err == nil || errors.Is(err, errUsage) != c.usage || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: err %v; want a usage error %v mentioning %q", c.name, err, c.usage, c.why)
		}
	}
}

func TestRealJobFromFlags(t *testing.T) {
	base := map[string]string{"real": "/data/pairs", "parts": "4", "work": "/w", "out": "/o"}
	setFlags(t, base)
	job, runner, err := jobFromFlags()
	if err != nil || runner != "prism" || job.Real == nil || job.Parts != 4 || job.Work != "/w" || job.Out != "/o" {
		t.Fatalf("--real: job %+v, runner %q, err %v", job, runner, err)
	}
	want := beamgen.RealConfig{Pairs: "/data/pairs", Split: "train", Seed: 1, PerCategory: real.TestPerCategory, PairsPerShard: pipeline.DefaultRealPairsPerShard}
	if *job.Real != want {
		t.Errorf("--real with defaults: %+v, want real build's defaults %+v", *job.Real, want)
	}
	all := map[string]string{"split": "test", "seed": "9", "extended": "true", "per-category": "30", "pairs-per-shard": "64", "part-workers": "2"}
	for k, v := range base {
		all[k] = v
	}
	setFlags(t, all)
	job, _, err = jobFromFlags()
	want = beamgen.RealConfig{Pairs: "/data/pairs", Split: "test", Seed: 9, Extended: true, PerCategory: 30, PairsPerShard: 64}
	if err != nil || *job.Real != want || job.PartWorkers != 2 {
		t.Errorf("--real with every flag: %+v (part workers %d), %v; want %+v", job.Real, job.PartWorkers, err, want)
	}
	for _, c := range []struct {
		name, flag, value string
		usage             bool
		why               string
	}{
		{"URL pairs", "real", "s3://bucket/pairs", false, "local path"},
		{"no parts", "parts", "0", true, "--parts"},
		{"bad pairs per shard", "pairs-per-shard", "0", true, "--pairs-per-shard"},
	} {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		m[c.flag] = c.value
		setFlags(t, m)
		_, _, err := jobFromFlags()
		if err == nil || errors.Is(err, errUsage) != c.usage || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: err %v; want a usage error %v mentioning %q", c.name, err, c.usage, c.why)
		}
	}
}
