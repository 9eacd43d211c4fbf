package storage

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// The fake split producer writes a directory the way generate does: shards
// to data/<split>/.staging/<name>.partial, renamed to <name>.parquet when
// complete; when all are done, renamed to their final -of- names; then the
// manifest and the card through .<name>.tmp-* files. Its content is a
// function of the names only, so every complete version of a file is known.

// fakeSplit is the shape of a produced split.
type fakeSplit struct {
	split  string
	shards int
}

var (
	fakeFinished = regexp.MustCompile(`^questions-(\d{5})-of-\d{5}\.parquet$`)
)

// content is the only complete content any file of rel may have: its
// length varies with the name, so a truncated object is caught.
func (f fakeSplit) content(rel string) []byte {
	sum := sha256.Sum256([]byte(rel))
	n := 700 + int(sum[0])*41 + int(sum[1])
	return bytes.Repeat(sum[:], n/32+1)[:n]
}

// manifest is the manifest's content: the final shard names.
func (f fakeSplit) manifest() []byte {
	var b strings.Builder
	for i := range f.shards {
		fmt.Fprintf(&b, "%s\n", f.finalRel(i))
	}
	return []byte(b.String())
}

func (f fakeSplit) stagedRel(i int) string {
	return fmt.Sprintf("data/%s/.staging/questions-%05d.parquet", f.split, i)
}

func (f fakeSplit) finalRel(i int) string {
	return fmt.Sprintf("data/%s/questions-%05d-of-%05d.parquet", f.split, i, f.shards)
}

// expected returns the content a final object of rel must have, if rel is
// a name this producer publishes.
func (f fakeSplit) expected(rel string) ([]byte, bool) {
	switch {
	case rel == "manifest.json":
		return f.manifest(), true
	case rel == "README.md":
		return []byte("card of " + f.split + "\n"), true
	}
	for i := range f.shards {
		if rel == f.finalRel(i) {
			return f.content(rel), true
		}
		if rel == f.stagedRel(i) {
			// A staged shard holds what its final name will hold.
			return f.content(f.finalRel(i)), true
		}
	}
	return nil, false
}

// errStepFailed stops the producer when step reports an error (the pod died).
var errStepFailed = errors.New("step failed")

// run produces the split into dir, calling step after every completed
// file; with resume it keeps the staged or finished shards that are
// complete and correct (as the pipeline's resume verifies them).
func (f fakeSplit) run(dir string, resume bool, step func() error) error {
	splitDir := filepath.Join(dir, "data", f.split)
	staging := filepath.Join(splitDir, ".staging")
	if entries, _ := os.ReadDir(splitDir); len(entries) > 0 && !resume {
		return fmt.Errorf("%s already holds split %s", dir, f.split)
	}
	if err := os.MkdirAll(staging, 0o755); err != nil {
		return err
	}
	entries, _ := os.ReadDir(splitDir)
	for _, e := range entries {
		if m := fakeFinished.FindStringSubmatch(e.Name()); m != nil {
			if err := os.Rename(filepath.Join(splitDir, e.Name()), filepath.Join(staging, "questions-"+m[1]+".parquet")); err != nil {
				return err
			}
		}
	}
	for i := range f.shards {
		p := filepath.Join(dir, filepath.FromSlash(f.stagedRel(i)))
		want := f.content(f.finalRel(i))
		if got, err := os.ReadFile(p); err == nil && bytes.Equal(got, want) {
			continue
		}
		if err := os.WriteFile(p+".partial", want[:len(want)/2], 0o644); err != nil {
			return err
		}
		if err := step(); err != nil { // a scan sees a half-written .partial
			return errors.Join(errStepFailed, err)
		}
		if err := os.WriteFile(p+".partial", want, 0o644); err != nil {
			return err
		}
		if err := os.Rename(p+".partial", p); err != nil {
			return err
		}
		if err := step(); err != nil {
			return errors.Join(errStepFailed, err)
		}
	}
	for i := range f.shards {
		if err := os.Rename(filepath.Join(dir, filepath.FromSlash(f.stagedRel(i))), filepath.Join(dir, filepath.FromSlash(f.finalRel(i)))); err != nil {
			return err
		}
		if err := step(); err != nil {
			return errors.Join(errStepFailed, err)
		}
	}
	if err := os.Remove(staging); err != nil {
		return err
	}
	for _, name := range []string{"manifest.json", "README.md"} {
		want, _ := f.expected(name)
		tmp := filepath.Join(dir, "."+name+".tmp-1")
		if err := os.WriteFile(tmp, want, 0o644); err != nil {
			return err
		}
		if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}

// fakeOptions are the storage options generate would pass for this split.
func (f fakeSplit) options() Options {
	inSplit := func(rel string) bool { return strings.HasPrefix(rel, "data/"+f.split+"/") }
	return Options{
		Fetch:    func(rel string) bool { return rel == "manifest.json" || rel == "README.md" || inSplit(rel) },
		Prune:    inSplit,
		Last:     []string{"manifest.json", "README.md"},
		Interval: -1,
	}
}
