package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/pipeline"
)

// tinyRun are the flags of a small but complete run: three procthor houses
// in two balance blocks ({0, 1} and {2}), small images, two views.
func tinyRun(out string, extra ...string) []string {
	return append([]string{"--split", "train", "--houses", "3", "--seed", "1", "--size", "96", "--views", "2",
		"--rows-per-shard", "6", "--balance-houses", "2", "--quiet", "--out", out}, extra...)
}

// readTree returns every regular file under dir by relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, a, b map[string][]byte, what string) {
	t.Helper()
	var names []string
	for k := range a {
		names = append(names, k)
	}
	sort.Strings(names)
	if len(a) != len(b) {
		t.Fatalf("%s: %d files vs %d files", what, len(a), len(b))
	}
	for _, n := range names {
		if !bytes.Equal(a[n], b[n]) {
			t.Fatalf("%s: %s differs (%d vs %d bytes)", what, n, len(a[n]), len(b[n]))
		}
	}
}

func genCLI(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	code := run(args, &out, &out)
	return out.String(), code
}

// sharedRun is a generated dataset shared by the tests of this package
// (TestMain removes its directory).
type sharedRun struct {
	dir   string
	files map[string][]byte
}

// generateOnce is the reference run shared by the tests below (real
// furniture when the libraries are installed); plainOnce is the plain
// reference run, plainRun's flags on one worker.
var generateOnce, plainOnce sharedRun

// plainRun is tinyRun with primitive shapes (--assets none): the same
// houses and plans, drawn without the furniture libraries and about four
// times cheaper (8 against 2 CPU-seconds). The tests of the plumbing around
// a run (resume, --out URLs, parts and merge through S3, a backend killed
// mid-run, a full disk) use it and compare with plainReference; the
// reference run's own tests keep real furniture where it matters (worker
// counts, parts and merge on disk, the websocket backends).
func plainRun(out string, extra ...string) []string {
	return tinyRun(out, append([]string{"--assets", "none"}, extra...)...)
}

func referenceRun(t *testing.T) map[string][]byte {
	t.Helper()
	if generateOnce.files == nil {
		generateOnce.dir, generateOnce.files = generateShared(t, tinyRun)
	}
	return generateOnce.files
}

// plainReference is referenceRun for plainRun's flags.
func plainReference(t *testing.T) map[string][]byte {
	t.Helper()
	if plainOnce.files == nil {
		plainOnce.dir, plainOnce.files = generateShared(t, plainRun)
	}
	return plainOnce.files
}

// generateShared runs generate with flags(dir, "--workers", "1") into a
// directory that outlives the test (TestMain removes it) and returns the
// directory and its files.
func generateShared(t *testing.T, flags func(string, ...string) []string) (string, map[string][]byte) {
	t.Helper()
	dir, err := os.MkdirTemp("", "flowbench-ref-")
	if err != nil {
		t.Fatal(err)
	}
	out, code := genCLI(t, append([]string{"generate"}, flags(dir, "--workers", "1")...)...)
	if code != 0 {
		os.RemoveAll(dir)
		t.Fatalf("generate failed (%d):\n%s", code, out)
	}
	return dir, readTree(t, dir)
}

func TestMain(m *testing.M) {
	if os.Getenv(corpusEnv) == "1" { // a hostile corpus case (hostile_corpus_test.go)
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	for _, dir := range []string{generateOnce.dir, plainOnce.dir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

func TestGenerateLayoutAndShardCuts(t *testing.T) {
	files := referenceRun(t)
	for _, want := range []string{export.ManifestFile, export.CardFile} {
		if files[want] == nil {
			t.Errorf("missing %s", want)
		}
	}
	ds, err := export.Open(generateOnce.dir)
	if err != nil {
		t.Fatal(err)
	}
	qs := ds.Shards("train", export.QuestionsTable)
	as := ds.Shards("train", export.AnnotationsTable)
	if len(qs) != 2 || len(qs) != len(as) {
		t.Fatalf("%d questions shards and %d annotations shards; want 2 of each (3 houses, one 2-house block per shard)", len(qs), len(as))
	}
	// Shard i holds the houses of balance block i (--rows-per-shard 6 is
	// one block of 2 houses × 2 views × 4 expected questions per view,
	// rounded): houses train_00000{2i, 2i+1}.
	total := 0
	for i, p := range qs {
		m, err := readStagedMeta(p)
		if err != nil {
			t.Fatal(err)
		}
		total += m.rows
		for _, id := range []string{m.firstID, m.lastID} {
			house, _, _ := strings.Cut(id, "/")
			if m.rows > 0 && house != fmt.Sprintf("train_%06d", 2*i) && house != fmt.Sprintf("train_%06d", 2*i+1) {
				t.Errorf("shard %d holds a question of house %s, want only houses %d and %d", i, house, 2*i, 2*i+1)
			}
		}
		if am, err := readStagedMeta(as[i]); err != nil || am != m {
			t.Errorf("annotations shard %d disagrees with questions shard: %+v vs %+v (%v)", i, am, m, err)
		}
	}
	n := 0
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(q.ID, "train_00000") || q.Split != "train" {
			t.Errorf("question %s split %s: want train_00000x ids in split train", q.ID, q.Split)
		}
		n++
	}
	if n != total || n == 0 {
		t.Errorf("read %d questions, shard metadata says %d", n, total)
	}
}

func TestGenerateSameBytesForAnyWorkerCount(t *testing.T) {
	ref := referenceRun(t)
	dir := t.TempDir()
	out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--workers", "3")...)...)
	if code != 0 {
		t.Fatalf("generate --workers 3 failed:\n%s", out)
	}
	sameTree(t, ref, readTree(t, dir), "--workers 1 vs --workers 3")
}

func TestGenerateResumeAfterInterrupt(t *testing.T) {
	ref := plainReference(t)
	dir := t.TempDir()
	g, err := parseGenerate(plainRun(dir, "--workers", "2"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g.onHouse = func(done int) {
		if done >= 1 {
			cancel() // "kill" the run once the first shard is complete
		}
	}
	err = generate(ctx, g, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("interrupted run: got error %v, want one suggesting --resume", err)
	}
	staging := filepath.Join(dir, "data", ".staging", "train")
	left := readTree(t, filepath.Join(dir, "data"))
	if len(left) != 2 || left[filepath.Join(".staging", "train", "questions-00000.parquet")] == nil {
		t.Fatalf("after the interrupt data/ holds %v; want just the first staged shard pair", keys(left))
	}
	// A kill during the next shard leaves a partial file, and a damaged
	// later shard; resume must clean both.
	os.WriteFile(filepath.Join(staging, "questions-00001.parquet.partial"), []byte("half a shard"), 0o644)
	os.WriteFile(filepath.Join(staging, "annotations-00002.parquet"), []byte("PAR1 truncated"), 0o644)

	// Without --resume the split is refused.
	if out, code := genCLI(t, append([]string{"generate"}, plainRun(dir)...)...); code == 0 || !strings.Contains(out, "--resume") {
		t.Fatalf("rerun without --resume: code %d, output %q", code, out)
	}
	var stdout bytes.Buffer
	g2, err := parseGenerate(plainRun(dir, "--resume", "--workers", "2"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := generate(context.Background(), g2, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	sameTree(t, ref, readTree(t, dir), "resumed vs uninterrupted")
	if !strings.Contains(stdout.String(), "from 1 houses") {
		t.Errorf("resumed run should redo only the house after the first shard (the first block); it said:\n%s", stdout.String())
	}
	// Resuming a finished split changes nothing.
	if out, code := genCLI(t, append([]string{"generate"}, plainRun(dir, "--resume")...)...); code != 0 {
		t.Fatalf("resume of a finished split failed:\n%s", out)
	}
	sameTree(t, ref, readTree(t, dir), "resumed twice vs uninterrupted")
}

func TestGenerateResumeRefusesOtherConfig(t *testing.T) {
	ref := plainReference(t)
	dir := t.TempDir()
	for name, b := range ref {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, b, 0o644)
	}
	out, code := genCLI(t, append([]string{"generate"}, plainRun(dir, "--resume", "--seed", "2")...)...)
	if code == 0 || !strings.Contains(out, "different configuration") {
		t.Fatalf("resume with another seed: code %d, output %q", code, out)
	}
}

func TestGenerateRefusesExistingDir(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	out, code := genCLI(t, append([]string{"generate"}, plainRun(dir)...)...)
	if code != 1 || !strings.Contains(out, "not empty") || !strings.Contains(out, dir) {
		t.Fatalf("non-empty dir: code %d, output %q", code, out)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "mine" {
		t.Error("the user's file was touched")
	}
	if _, err := os.Stat(filepath.Join(dir, "data")); err == nil {
		t.Error("a refused run created data/")
	}
	out, code = genCLI(t, "generate", "--split", "train", "--houses", "1", "--out", dir, "--resume", "--overwrite")
	if code != 2 || !strings.Contains(out, "exclude") {
		t.Fatalf("--resume --overwrite: code %d, output %q", code, out)
	}
}

func TestGenerateReadOnlyDir(t *testing.T) {
	parent := t.TempDir()
	os.Chmod(parent, 0o755)
	os.Chmod(filepath.Dir(parent), 0o755)
	dir := filepath.Join(parent, "ro")
	os.Mkdir(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	if f, err := os.Create(filepath.Join(dir, "probe")); err == nil {
		// Root ignores permission bits. Check the directory check itself
		// as an unprivileged file-system user instead (see readOnlyAsNobody).
		f.Close()
		os.Remove(f.Name())
		g, err := parseGenerate(plainRun(dir), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		err, ok := readOnlyAsNobody(func() error { _, err := pipeline.Run(context.Background(), g.cfg, g.opt); return err })
		if !ok {
			t.Skip("running as root and cannot drop file-system privileges: cannot test a read-only directory")
		}
		if err == nil || !strings.Contains(err.Error(), "not writable") || !strings.Contains(err.Error(), "no permission") {
			t.Fatalf("read-only dir as an unprivileged user: got %v", err)
		}
		return
	}
	out, code := genCLI(t, append([]string{"generate"}, plainRun(dir)...)...)
	if code != 1 || !strings.Contains(out, "not writable") {
		t.Fatalf("read-only dir: code %d, output %q", code, out)
	}
}

// A disk that fills up mid-run gives a clear error, leaves no partial file
// and keeps the completed shards for --resume.
func TestGenerateFullDisk(t *testing.T) {
	dir := t.TempDir()
	unmount, ok := mountTinyDisk(dir, "400k")
	if !ok {
		t.Skip("cannot mount a small tmpfs here (needs root with CAP_SYS_ADMIN): cannot test a full disk")
	}
	defer unmount()
	out, code := genCLI(t, append([]string{"generate"}, plainRun(filepath.Join(dir, "ds"))...)...)
	if code != 1 || !strings.Contains(out, "disk full") || !strings.Contains(out, "--resume") {
		t.Fatalf("full disk: code %d, output %q", code, out)
	}
	for name := range readTree(t, dir) {
		if strings.HasSuffix(name, ".partial") {
			t.Errorf("a partial file was left: %s", name)
		}
	}
}

func TestGenerateFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--split", "train", "--out", dir}, "--houses is required"},
		{[]string{"--split", "dev", "--houses", "1", "--out", dir}, "--split must be"},
		{[]string{"--split", "train", "--houses", "1"}, "--out is required"},
		{[]string{"--split", "train", "--houses", "1", "--out", dir, "--rephrase-model", "fake"}, "--rephrase-model needs"},
		{[]string{"--split", "train", "--houses", "1", "--out", dir, "--annotate-model", "vlm"}, "need --annotate-endpoint"},
		{[]string{"--split", "train", "--houses", "1", "--out", dir, "--annotate-endpoint", "http://127.0.0.1:1/v1"}, "--annotate-model is required"},
		{[]string{"--split", "train", "--houses", "1", "--out", dir, "--annotate-endpoint", "ftp://x", "--annotate-model", "m"}, "want an http(s) URL"},
		{[]string{"--split", "train", "--houses", "1", "--out", dir, "--rephrase-endpoint", "http://127.0.0.1:1/v1"}, "--rephrase-model is required"},
		{[]string{"--split", "train", "--houses", "1", "--out", dir, "--rephrase-endpoint", "localhost:8000", "--rephrase-model", "m"}, "--rephrase-endpoint"},
		{[]string{"--split", "test", "--scenes", "FloorPlan999", "--out", dir}, "unknown ithor scene"},
		{[]string{"--split", "train", "--houses", "1", "--scenes", "FloorPlan1", "--out", dir}, "--scenes"},
		{[]string{"--split", "train", "--houses", "1", "--size", "4", "--out", dir}, "--size"},
		{[]string{"--split", "train", "--houses", "1", "--categories", "bogus", "--out", dir}, "--categories"},
		{[]string{"--split", "train", "--houses", "1", "--part", "3/3", "--out", dir}, "--part"},
		{[]string{"--split", "train", "--houses", "1", "--part", "-1/3", "--out", dir}, "--part"},
		{[]string{"--split", "train", "--houses", "1", "--part", "1", "--out", dir}, "--part"},
		{[]string{"--split", "test", "--scenes", "FloorPlan1", "--part", "0/2", "--out", dir}, "--test-counts"},
	} {
		out, code := genCLI(t, append([]string{"generate"}, c.args...)...)
		if code != 2 || !strings.Contains(out, c.want) {
			t.Errorf("generate %v: code %d, output %q; want exit 2 mentioning %q", c.args, code, out, c.want)
		}
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestGenerateTestSplitAndImport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ds")
	out, code := genCLI(t, "generate", "--split", "test", "--scenes", "FloorPlan201,FloorPlan1", "--size", "160", "--views", "2",
		"--assets", "none", "--quiet", "--out", dir)
	if code != 0 {
		t.Fatalf("test split: code %d\n%s", code, out)
	}
	imp := t.TempDir()
	for _, f := range []string{"two_rooms_door.json", "l_shaped.json"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "houses", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(imp, f), b, 0o644)
	}
	// A second split goes into the same dataset directory.
	out, code = genCLI(t, "generate", "--split", "val", "--import", imp, "--size", "64", "--views", "2", "--assets", "none", "--quiet", "--allow-empty", "--out", dir)
	if code != 0 {
		t.Fatalf("import: code %d\n%s", code, out)
	}
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ds.Splits(), ","); got != "test,val" {
		t.Fatalf("splits %s, want test,val", got)
	}
	houses := map[string]map[string]bool{}
	for _, split := range ds.Splits() {
		houses[split] = map[string]bool{}
		for q, err := range ds.Questions(split) {
			if err != nil {
				t.Fatal(err)
			}
			houses[split][q.HouseID] = true
			want := map[string]string{"test": "ithor", "val": "procthor"}[split]
			if q.SceneStyle != want {
				t.Errorf("%s: scene style %s, want %s", q.ID, q.SceneStyle, want)
			}
		}
	}
	for _, h := range []string{"FloorPlan201", "FloorPlan1"} {
		if !houses["test"][h] {
			t.Errorf("test split has no question from %s (houses %v)", h, keys(houses["test"]))
		}
	}
	for h := range houses["val"] {
		if h != "two_rooms_door" && h != "l_shaped" {
			t.Errorf("val split has house %s, not one of the imported files", h)
		}
	}
	if m := ds.Manifest; m == nil || m.Splits["test"] == nil || m.Splits["val"] == nil || m.Seeds["test"] != 1 {
		t.Errorf("manifest should describe both splits: %+v", m)
	}
	// A file that is not a house fails the run before anything is written:
	// bad input, exit 1, naming the file.
	os.WriteFile(filepath.Join(imp, "a_notes.json"), []byte(`{"rooms": []}`), 0o644)
	out, code = genCLI(t, "generate", "--split", "val", "--import", imp, "--size", "64", "--assets", "none", "--quiet", "--out", filepath.Join(t.TempDir(), "x"))
	if code != 1 || !strings.Contains(out, "a_notes.json") {
		t.Errorf("bad import file: code %d\n%s", code, out)
	}
}
