package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"flowbench/storage/localfile"
)

// ownStagingEntry matches the names flowbench writes in a split's staging
// folder (data/.staging/<split>/): the staged shards of every table, the
// temp files of shards being written or copied.
var ownStagingEntry = regexp.MustCompile(`^\.?(questions|annotations|viewpoint_questions|viewpoint_views|real_annotations)-\d{5}\.parquet(\.partial|\.tmp-[0-9]+)?$`)

// IsOwnStagingEntry reports whether name, an entry of a split's staging
// folder, is one flowbench writes there (a staged shard, a shard being
// written). Writers remove or replace only such entries.
func IsOwnStagingEntry(name string) bool { return ownStagingEntry.MatchString(name) }

// IsOwnTableEntry reports whether name, an entry of a table's folder
// (data/<table>/), is one flowbench writes there: a finished shard
// <split>-<index>-of-<count>.parquet.
func IsOwnTableEntry(name string) bool { return finalShard.MatchString(name) }

// IsOwnSkippedEntry reports whether name, an entry of data/.skipped/, is
// one flowbench writes there: a split's list of skipped houses or its temp
// file.
func IsOwnSkippedEntry(name string) bool { return ownSkippedEntry.MatchString(name) }

var ownSkippedEntry = regexp.MustCompile(`^(\.)?[A-Za-z0-9][A-Za-z0-9_.-]*\.json(\.tmp-[0-9]+)?$`)

// ForeignDataEntries lists the entries under dir/data that a run of split
// would write beside or remove and that flowbench did not write: anything
// in a table's folder but a finished shard, anything in the split's
// staging folder but a staged shard, anything in data/.skipped/ but a list
// of skipped houses, and any symbolic link or folder among them. own
// reports whether any flowbench file of any split was found. Paths are
// relative to dir.
func ForeignDataEntries(dir, split string) (foreign []string, own bool) {
	check := func(folder string, ok func(string) bool) {
		entries, _ := os.ReadDir(folder)
		for _, e := range entries {
			rel, _ := filepath.Rel(dir, filepath.Join(folder, e.Name()))
			if !ok(e.Name()) || !e.Type().IsRegular() {
				foreign = append(foreign, rel)
			} else {
				own = true
			}
		}
	}
	for _, t := range allTables() {
		check(TableDir(dir, t), IsOwnTableEntry)
	}
	check(StagingDir(dir, split), IsOwnStagingEntry)
	check(filepath.Join(dir, DataDir, skippedDirName), IsOwnSkippedEntry)
	return foreign, own
}

// OwnFile says whether a file that a run would replace is flowbench's.
type OwnFile int

const (
	// FileAbsent: there is no such file.
	FileAbsent OwnFile = iota
	// FileOwn: the file is one flowbench wrote.
	FileOwn
	// FileForeign: the file exists but flowbench did not write it.
	FileForeign
)

// ManifestOwnership says whether path (a dataset's manifest.json) is absent,
// a flowbench manifest (a JSON object with "version", "schema_version" and
// "splits", or a part of its family), or someone else's file.
func ManifestOwnership(path string) (OwnFile, error) {
	raw, err := localfile.ReadFile(path, MaxManifestBytes, "a dataset manifest")
	if errors.Is(err, fs.ErrNotExist) {
		return FileAbsent, nil
	}
	if err != nil {
		return FileForeign, err
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(raw, &keys) != nil {
		return FileForeign, nil
	}
	for _, k := range []string{"version", "schema_version", "splits"} {
		if _, ok := keys[k]; !ok {
			return FileForeign, nil
		}
	}
	return FileOwn, nil
}

// cardMarks are lines of the YAML front matter that DatasetCard and
// ViewpointCard write and a README of someone else's is unlikely to hold.
var cardMarks = [][]byte{[]byte("\n- config_name: " + QuestionsTable + "\n"), []byte("\n- config_name: " + ViewpointQuestionsTable + "\n")}

// CardOwnership says whether path (a dataset's README.md) is absent, a card
// flowbench wrote (YAML front matter naming the questions table as a
// config), or someone else's README.
func CardOwnership(path string) (OwnFile, error) {
	raw, err := localfile.ReadFile(path, 64<<20, "a dataset card")
	if errors.Is(err, fs.ErrNotExist) {
		return FileAbsent, nil
	}
	if err != nil {
		return FileForeign, err
	}
	if !bytes.HasPrefix(raw, []byte("---\n")) {
		return FileForeign, nil
	}
	front := raw[3:]
	if end := bytes.Index(front, []byte("\n---\n")); end >= 0 {
		front = front[:end+1]
	}
	for _, m := range cardMarks {
		if bytes.Contains(front, m) {
			return FileOwn, nil
		}
	}
	return FileForeign, nil
}

// DatasetFileOf reports whether path names a file of a flowbench dataset
// or part (its manifest, card or part record, or anything under its data/
// folder), returning the dataset's directory, so that a command's output
// (prompts, inspect, eval, reports) never replaces one. Symbolic links in
// path's existing prefix are resolved first.
func DatasetFileOf(path string) (string, bool) {
	p, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	} else if r, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
		p = filepath.Join(r, filepath.Base(p))
	}
	for a := filepath.Dir(p); ; a = filepath.Dir(a) {
		rel, err := filepath.Rel(a, p)
		if err == nil && (rel == ManifestFile || rel == CardFile || rel == "part.json" || strings.HasPrefix(rel, "data"+string(filepath.Separator))) {
			if o, _ := ManifestOwnership(filepath.Join(a, ManifestFile)); o == FileOwn {
				return a, true
			}
			if _, err := os.Stat(filepath.Join(a, "part.json")); err == nil {
				return a, true
			}
		}
		if a == filepath.Dir(a) {
			return "", false
		}
	}
}

// CheckOutputFile refuses an output path (named by flag, e.g. "--out") that
// is a file of a flowbench dataset (DatasetFileOf) or is not a regular file
// where one exists (a FIFO would block the write, a device swallow it).
func CheckOutputFile(flag, path string) error {
	if ds, ok := DatasetFileOf(path); ok {
		return fmt.Errorf("%s %s is a file of the flowbench dataset %s: refusing to overwrite it; write elsewhere", flag, path, ds)
	}
	if err := localfile.CheckWritable(path); err != nil {
		return fmt.Errorf("%s %w", flag, err)
	}
	return nil
}
