package export

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// fuzzBase is a small valid dataset (2 rows of 8×8, one shard pair) whose
// files FuzzShard copies, replacing one shard with the fuzzed bytes.
var fuzzBase struct {
	once  sync.Once
	files map[string][]byte // relative path -> bytes
	err   error
}

// fuzzShardPaths are the relative paths of the base dataset's two shards.
var fuzzShardPaths = map[bool]string{
	false: filepath.Join("data", "questions", "train-00000-of-00001.parquet"),
	true:  filepath.Join("data", "annotations", "train-00000-of-00001.parquet"),
}

func fuzzBaseFiles(t testing.TB) map[string][]byte {
	fuzzBase.once.Do(func() {
		dir, err := os.MkdirTemp("", "flowbench-fuzz-base-")
		if err != nil {
			fuzzBase.err = err
			return
		}
		defer os.RemoveAll(dir)
		writeSynth(t, dir, 2, 8, 8, 2, Options{})
		fuzzBase.files = map[string][]byte{}
		fuzzBase.err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			fuzzBase.files[rel] = b
			return err
		})
	})
	if fuzzBase.err != nil {
		t.Fatal(fuzzBase.err)
	}
	return fuzzBase.files
}

// fuzzExtensionShard returns the base dataset's annotations shard written
// with extension tensors instead of plain ones.
func fuzzExtensionShard(t testing.TB) []byte {
	dir, err := os.MkdirTemp("", "flowbench-fuzz-ext-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	writeSynth(t, dir, 2, 8, 8, 2, Options{TensorType: TensorExtension})
	b, err := os.ReadFile(filepath.Join(dir, fuzzShardPaths[true]))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzShard replaces the questions (annotations=false) or annotations shard
// of a small valid dataset (plain tensors) by arbitrary bytes and runs every
// reader over it: Validate, ComputeStats, the row iterators and the id
// lookups. None may panic; every failure must name the shard; and the
// unchanged shard must still validate. The seeds are the two valid shards
// and the same annotations shard written with extension tensors (read by
// every reader, refused by Validate in a plain dataset); the committed
// corpus (testdata/fuzz/FuzzShard) holds footer mutations of 1–8 bytes of
// an extension-tensor shard that made arrow-go panic with "dictionary
// decoding unimplemented for bool" and "makeslice: len out of range" before
// the readers recovered such panics.
func FuzzShard(f *testing.F) {
	base := fuzzBaseFiles(f)
	f.Add(false, base[fuzzShardPaths[false]])
	f.Add(true, base[fuzzShardPaths[true]])
	f.Add(true, fuzzExtensionShard(f))
	f.Fuzz(func(t *testing.T, annotations bool, data []byte) {
		dir := t.TempDir()
		for rel, b := range base {
			if rel == fuzzShardPaths[annotations] {
				b = data
			}
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		shard := filepath.Join(dir, fuzzShardPaths[annotations])
		unchanged := bytes.Equal(data, base[fuzzShardPaths[annotations]])
		_, err := Validate(dir)
		if unchanged && err != nil {
			t.Fatalf("Validate rejects the unchanged dataset: %v", err)
		}
		var ve *ValidationError
		if err != nil && (!errors.As(err, &ve) || (ve.Shard != shard && !strings.Contains(ve.Reason, shard) && !strings.Contains(ve.Reason, ManifestFile))) {
			t.Fatalf("Validate error %v names neither %s nor the manifest", err, shard)
		}
		named := func(what string, err error) {
			t.Helper()
			if err != nil && !strings.Contains(err.Error(), shard) {
				t.Fatalf("%s: error %v does not name %s", what, err, shard)
			}
			if unchanged && err != nil {
				t.Fatalf("%s fails on the unchanged shard: %v", what, err)
			}
		}
		ds, err := Open(dir)
		if err != nil {
			t.Fatalf("Open: %v", err) // Open reads no shard
		}
		_, err = ComputeStats(dir)
		named("ComputeStats", err)
		for _, err := range ds.Questions("train") {
			if err != nil {
				named("Questions", err)
				break
			}
		}
		for _, err := range ds.Annotations("train") {
			if err != nil {
				named("Annotations", err)
				break
			}
		}
		for _, id := range []string{"house_000/v0/occlusion", "house_000/v1/closer_to"} {
			_, err := ds.Question(id)
			named("Question", err)
			_, err = ds.Annotation(id)
			named("Annotation", err)
		}
	})
}

// TestFooterMutationsRejected reads the committed footer mutations (1–8
// bytes of the footer of the base shard as it was written when they were
// found, which made arrow-go panic before the readers verified chunks and
// schemas) and checks that Validate rejects each with an error naming the
// shard, and that the row iterator ends with an error naming it.
func TestFooterMutationsRejected(t *testing.T) {
	base := fuzzBaseFiles(t)
	for _, name := range []string{"footer-dictionary", "footer-makeslice"} {
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzShard", name))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
			if len(lines) != 3 || lines[0] != "go test fuzz v1" {
				t.Fatalf("%s is not a two-value corpus entry", name)
			}
			annotations := lines[1] == "bool(true)"
			q, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[2], "[]byte("), ")"))
			if err != nil {
				t.Fatal(err)
			}
			data := []byte(q)
			if bytes.Equal(data, base[fuzzShardPaths[annotations]]) {
				t.Fatalf("%s is the unchanged base shard", name)
			}
			dir := t.TempDir()
			for rel, b := range base {
				if rel == fuzzShardPaths[annotations] {
					b = data
				}
				p := filepath.Join(dir, rel)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			shard := filepath.Join(dir, fuzzShardPaths[annotations])
			_, err = Validate(dir)
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Shard != shard {
				t.Fatalf("Validate: %v, want an error for %s", err, shard)
			}
			ds, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			table := QuestionsTable
			if annotations {
				table = AnnotationsTable
			}
			var readErr error
			if annotations {
				for _, err := range ds.Annotations("train") {
					readErr = err
				}
			} else {
				for _, err := range ds.Questions("train") {
					readErr = err
				}
			}
			if readErr == nil || !strings.Contains(readErr.Error(), shard) {
				t.Fatalf("reading the %s table: %v, want an error naming %s", table, readErr, shard)
			}
		})
	}
}
