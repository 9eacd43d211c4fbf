package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/sim"
)

// badHouseConfig is a small split of n houses, one house per shard; at 32
// px its houses may give no question, so it allows an empty split.
func badHouseConfig(n int) Config {
	cfg := DefaultConfig()
	cfg.Houses, cfg.Size, cfg.Views, cfg.Assets, cfg.QuestionsOnly = n, 32, 1, "none", true
	cfg.BalanceHouses, cfg.BlocksPerShard, cfg.AllowEmpty = 1, 1, true
	return cfg
}

// failHouse makes house i of src fail to load, as a house file that
// validates but cannot be built would.
func failHouse(src *houseSource, i int) {
	src.Houses[i].load = func() (*sim.House, error) { return nil, errors.New("duplicate mesh id \"floor|room|1\"") }
}

// stagedShards lists the staged and final shard files of the split.
func stagedShards(t *testing.T, out, split string) []string {
	t.Helper()
	var names []string
	finished, _ := filepath.Glob(filepath.Join(out, "data", "*", split+"-*.parquet"))
	staged, _ := filepath.Glob(filepath.Join(export.StagingDir(out, split), "*.parquet"))
	for _, p := range append(finished, staged...) {
		names = append(names, filepath.Base(p))
	}
	return names
}

// TestFailingHouseStopsRun: a house that fails stops the run with an error
// naming it and the way out (before: "1 houses failed", exit 0, a split
// without it); the open shard is discarded, so the shards left staged are
// those of the houses before it, and --resume after the fix completes the
// split.
func TestFailingHouseStopsRun(t *testing.T) {
	cfg := badHouseConfig(3)
	src, err := newSource(cfg, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	good := src.Houses[1].load
	failHouse(src, 1)
	out := filepath.Join(t.TempDir(), "ds")
	_, err = runSource(context.Background(), cfg, Options{Out: out, Workers: 1}, src, slog.Default())
	if err == nil {
		t.Fatal("a failing house did not stop the run")
	}
	for _, w := range []string{"house 1 (" + src.Houses[1].ID + ") failed", "duplicate mesh id", "--skip-bad-houses"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
	if _, err := os.Stat(filepath.Join(out, export.ManifestFile)); err == nil {
		t.Error("a manifest was written for the failed run")
	}
	if got := stagedShards(t, out, cfg.Split); len(got) != 1 || !strings.HasSuffix(got[0], "-00000.parquet") {
		t.Errorf("staged shards %v, want only shard 0 (the house before the failure)", got)
	}
	src.Houses[1].load = good
	res, err := runSource(context.Background(), cfg, Options{Out: out, Workers: 1, Resume: true}, src, slog.Default())
	if err != nil {
		t.Fatalf("resume after the fix: %v", err)
	}
	if len(res.Kept) != 1 || res.Houses != 2 || res.Manifest.Splits[cfg.Split].Shards != 3 {
		t.Errorf("resume kept %d shards, generated %d houses, manifest %d shards; want 1, 2, 3", len(res.Kept), res.Houses, res.Manifest.Splits[cfg.Split].Shards)
	}
}

// TestOnlyHouseFailsLeavesNoShard: a split whose only house fails leaves
// no sealed shard (before: a 0-row shard that --resume accepted), with and
// without --skip-bad-houses.
func TestOnlyHouseFailsLeavesNoShard(t *testing.T) {
	for _, skip := range []bool{false, true} {
		cfg := badHouseConfig(1)
		src, err := newSource(cfg, slog.Default())
		if err != nil {
			t.Fatal(err)
		}
		failHouse(src, 0)
		out := filepath.Join(t.TempDir(), "ds")
		if _, err := runSource(context.Background(), cfg, Options{Out: out, Workers: 1, SkipBadHouses: skip}, src, slog.Default()); err == nil {
			t.Fatalf("skip %v: the run succeeded without its only house", skip)
		}
		if got := stagedShards(t, out, cfg.Split); len(got) != 0 {
			t.Errorf("skip %v: shards %v left behind", skip, got)
		}
		// With --skip-bad-houses every house failed and was discarded:
		// nothing of the split stays (staging folder, skipped-house list).
		for _, p := range []string{export.StagingRoot(out), filepath.Dir(export.SkippedPath(out, cfg.Split))} {
			if _, err := os.Stat(p); skip && !os.IsNotExist(err) {
				t.Errorf("skip %v: %s left behind (%v)", skip, p, err)
			}
		}
		if _, err := runSource(context.Background(), cfg, Options{Out: out, Workers: 1, Resume: true, SkipBadHouses: skip}, src, slog.Default()); err == nil {
			t.Errorf("skip %v: --resume accepted the failed run", skip)
		}
	}
}

// TestSkipBadHousesListed: with SkipBadHouses the run completes without the
// failing house and the manifest and card list it; the record kept for a
// resume is removed once the manifest holds it.
func TestSkipBadHousesListed(t *testing.T) {
	cfg := badHouseConfig(3)
	src, err := newSource(cfg, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	failHouse(src, 2)
	out := filepath.Join(t.TempDir(), "ds")
	res, err := runSource(context.Background(), cfg, Options{Out: out, Workers: 1, SkipBadHouses: true}, src, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	want := []export.SkippedHouse{{Index: 2, House: src.Houses[2].ID, Reason: `duplicate mesh id "floor|room|1"`}}
	b, _ := os.ReadFile(filepath.Join(out, export.ManifestFile))
	var m export.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	got := m.Splits[cfg.Split].Skipped
	if len(got) != 1 || got[0] != want[0] || len(res.Skipped) != 1 {
		t.Errorf("manifest skipped_houses %+v, result %+v; want %+v", got, res.Skipped, want)
	}
	card, _ := os.ReadFile(filepath.Join(out, export.CardFile))
	if !strings.Contains(string(card), "## Skipped houses") || !strings.Contains(string(card), "| "+cfg.Split+" | 2 | "+src.Houses[2].ID+" |") {
		t.Errorf("card lacks the skipped house:\n%s", card)
	}
	if _, err := os.Stat(export.SkippedPath(out, cfg.Split)); !os.IsNotExist(err) {
		t.Errorf("%s left after the manifest: %v", export.SkippedPath(out, cfg.Split), err)
	}
	if _, err := os.Stat(filepath.Dir(export.SkippedPath(out, cfg.Split))); !os.IsNotExist(err) {
		t.Errorf("the empty folder of skipped-house lists is left after the manifest: %v", err)
	}
}

// TestReadSkippedKeepsKeptShards: a resumed run reports the skipped houses
// of the shards it keeps and forgets those of the shards it redoes.
func TestReadSkippedKeepsKeptShards(t *testing.T) {
	cfg := badHouseConfig(4)
	layout := NewLayout(cfg, 4)
	path := export.SkippedPath(t.TempDir(), cfg.Split)
	all := []export.SkippedHouse{{Index: 0, House: "a", Reason: "x"}, {Index: 2, House: "c", Reason: "y"}, {Index: 3, House: "d", Reason: "z"}}
	if err := writeSkipped(path, all); err != nil {
		t.Fatal(err)
	}
	got, err := readSkipped(path, layout, []export.ShardInfo{{Index: 0}, {Index: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].House != "a" || got[1].House != "d" {
		t.Errorf("kept %+v, want houses a and d", got)
	}
}

// TestImportFingerprintCoversContent: editing an imported house file
// changes the resume fingerprint (before: only file names were hashed, so
// --resume kept the stale shards of the old file).
func TestImportFingerprintCoversContent(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "h.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := badHouseConfig(1)
	cfg.Import = dir
	print := func() string {
		src, err := newImportSource(dir, 0, slog.Default())
		if err != nil {
			t.Fatal(err)
		}
		return fingerprint(cfg, src, nil, cfg.plannerConfig(), NewLayout(cfg, 1))
	}
	before := print()
	if err := os.WriteFile(p, append(b, '\n', ' '), 0o644); err != nil { // same house, other bytes
		t.Fatal(err)
	}
	if after := print(); after == before {
		t.Errorf("fingerprint %s unchanged after the file's content changed", before)
	}
}
