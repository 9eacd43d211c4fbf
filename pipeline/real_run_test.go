package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
)

// buildReal runs RunReal on pairs into dir and fails the test on error.
func buildReal(t *testing.T, dir string, pairs []RealPairRef, mod func(*RealOptions)) *RealResult {
	t.Helper()
	opt := RealOptions{Pairs: pairs, Out: dir, Split: "train", Seed: 7, Workers: 2, PairsPerShard: 2, Input: "synthetic"}
	if mod != nil {
		mod(&opt)
	}
	res, err := RunReal(context.Background(), opt)
	if err != nil {
		t.Fatalf("RunReal: %v", err)
	}
	return res
}

// treeBytes reads every file under dir by relative path.
func treeBytes(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTrees(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	for k, v := range a {
		if !bytes.Equal(v, b[k]) {
			t.Errorf("%s: %s differs", what, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			t.Errorf("%s: %s only in the second", what, k)
		}
	}
}

func TestRunRealValidates(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ds")
	res := buildReal(t, dir, realTestPairs(5), nil)
	if res.Questions == 0 || res.Pairs == 0 {
		t.Fatalf("no questions written: %+v", res)
	}
	counts, err := export.ValidateReal(dir)
	if err != nil {
		t.Fatalf("ValidateReal: %v", err)
	}
	if counts["train"] != res.Questions {
		t.Fatalf("validate counted %d questions, the run wrote %d", counts["train"], res.Questions)
	}
	m, err := export.ReadRealManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	st := m.Splits["train"]
	if st.Run.InputPairs != 7 || st.Questions != res.Questions || st.Pairs != 5 || st.Sources["custom"].Pairs != 5 {
		t.Fatalf("manifest split %+v, run %+v", st.RealCounts, *st.Run)
	}
	reasons := map[string]string{}
	for _, s := range st.Run.Skipped {
		reasons[s.PairID] = s.Stage + ": " + s.Reason
	}
	if r := reasons["zz-broken"]; !strings.HasPrefix(r, "read: ") || !strings.Contains(r, "depth0.npy: field shape") {
		t.Errorf("broken pair's skip %q, want the read stage naming the file and field", r)
	}
	if r := reasons["zz-still"]; r == "" {
		t.Errorf("the pair whose cup never moves was not skipped (skips %v)", reasons)
	}
	// The motion reader opens the questions table of a Real dataset.
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(q.SceneStyle, "real:") || q.Mover.DotColor == "" {
			t.Fatalf("question %s: scene_style %q, mover %+v", q.ID, q.SceneStyle, q.Mover)
		}
		n++
	}
	if n != res.Questions {
		t.Fatalf("Open read %d questions, want %d", n, res.Questions)
	}
}

func TestRunRealDeterministicAcrossWorkers(t *testing.T) {
	pairs := realTestPairs(5)
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	buildReal(t, a, pairs, func(o *RealOptions) { o.Workers = 1 })
	// Listed in another order, with more workers.
	rev := make([]RealPairRef, len(pairs))
	for i, p := range pairs {
		rev[len(pairs)-1-i] = p
	}
	buildReal(t, b, rev, func(o *RealOptions) { o.Workers = 4 })
	sameTrees(t, "1 worker vs 4 workers", treeBytes(t, a), treeBytes(t, b))
}

func TestRunRealPartsMerge(t *testing.T) {
	pairs := realTestPairs(5) // 7 refs, 2 per shard: 4 shards
	whole := filepath.Join(t.TempDir(), "whole")
	buildReal(t, whole, pairs, nil)
	var parts []string
	for k := range 3 {
		d := filepath.Join(t.TempDir(), "part")
		res := buildReal(t, d, pairs, func(o *RealOptions) { o.Part = Part{Index: k, Count: 3} })
		if _, err := os.Stat(filepath.Join(d, export.ManifestFile)); err == nil {
			t.Fatalf("part %d wrote a manifest", k)
		}
		if res.Shards != 4 {
			t.Fatalf("%d shards, want 4", res.Shards)
		}
		parts = append(parts, d)
	}
	merged := filepath.Join(t.TempDir(), "merged")
	if err := Merge(context.Background(), []string{parts[2], parts[0]}, merged); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("merge without part 1: %v, want a missing part", err)
	}
	if err := Merge(context.Background(), []string{parts[2], parts[0], parts[1]}, merged); err != nil {
		t.Fatalf("merge: %v", err)
	}
	sameTrees(t, "whole run vs merged parts", treeBytes(t, whole), treeBytes(t, merged))
}

func TestRunRealRefusesOtherFamily(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, export.ManifestFile), []byte(`{"name":"flowbench","version":"x","schema_version":"3","splits":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := RunReal(context.Background(), RealOptions{Pairs: realTestPairs(1), Out: dir, Split: "test"})
	if err == nil || !strings.Contains(err.Error(), "motion-family") {
		t.Fatalf("RunReal into a motion dataset: %v", err)
	}
}
