package rlds

import (
	"cmp"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"flowbench/storage/localfile"
)

// Options tune Open.
type Options struct {
	// Source overrides the source detected from dataset_info.json's name
	// (one of SourceNames).
	Source string
	// Split keeps the shards of one split ("train"); "" keeps all.
	Split string
}

// Dataset is an opened TFDS prepared dataset directory.
type Dataset struct {
	// Dir is the directory.
	Dir string
	// Name and Version are dataset_info.json's.
	Name, Version string
	// Source is the source the layout is for.
	Source string
	// Layout is the source's feature names.
	Layout Layout
	// Features are the feature keys features.json declares, flattened as
	// the records hold them ("steps/observation/image"), sorted.
	Features []string
	// Shards are the shard files, by split and then index.
	Shards []Shard
}

// Shard is one TFRecord file of a dataset.
type Shard struct {
	// Path is the file's path.
	Path string
	// Split is the split it belongs to.
	Split string
	// Index and Count are its NNNNN-of-NNNNN.
	Index, Count int
}

// datasetInfo is the part of dataset_info.json Open reads.
type datasetInfo struct {
	Name       string `json:"name"`
	Version    string `json:"version"`
	FileFormat string `json:"fileFormat"`
}

// Open reads a TFDS prepared dataset directory: dataset_info.json (for
// the name, and so the source), features.json (whose feature tree must
// hold the layout's required features) and the list of
// <name>-<split>.tfrecord-NNNNN-of-NNNNN shards, which must be regular
// files. Both JSON files are bounded by MaxJSONBytes.
func Open(dir string, opts Options) (*Dataset, error) {
	d := &Dataset{Dir: dir}
	infoPath := filepath.Join(dir, "dataset_info.json")
	raw, err := readBounded(infoPath, MaxJSONBytes)
	if err != nil {
		return nil, fmt.Errorf("rlds: %s: %w", infoPath, err)
	}
	var info datasetInfo
	if err := json.Unmarshal(raw, &info); err != nil {
		return nil, fmt.Errorf("rlds: %s: %w", infoPath, err)
	}
	if info.FileFormat != "" && info.FileFormat != "tfrecord" {
		return nil, fmt.Errorf("rlds: %s: fileFormat %q, only tfrecord is read", infoPath, info.FileFormat)
	}
	if !validName(info.Name) {
		return nil, fmt.Errorf("rlds: %s: name %q is not a TFDS dataset name", infoPath, info.Name)
	}
	d.Name, d.Version = info.Name, info.Version
	d.Source = opts.Source
	if d.Source == "" {
		if d.Source, err = DetectSource(info.Name); err != nil {
			return nil, fmt.Errorf("%w (%s)", err, infoPath)
		}
	}
	if d.Layout, err = LookupLayout(d.Source); err != nil {
		return nil, err
	}
	featPath := filepath.Join(dir, "features.json")
	if raw, err = readBounded(featPath, MaxJSONBytes); err != nil {
		return nil, fmt.Errorf("rlds: %s: %w", featPath, err)
	}
	if d.Features, err = featureKeys(raw); err != nil {
		return nil, fmt.Errorf("rlds: %s: %w", featPath, err)
	}
	if err := checkFeatures(d.Layout, d.Features); err != nil {
		return nil, fmt.Errorf("rlds: %s: %w", featPath, err)
	}
	if d.Shards, err = listShards(dir, info.Name, opts.Split); err != nil {
		return nil, err
	}
	return d, nil
}

// Episodes iterates over the episodes of every shard in order, as
// ReadShard: each yield is an Episode or the *Error that skips a record
// (or a whole shard that cannot be opened); the iteration goes on.
func (d *Dataset) Episodes() iter.Seq2[*Episode, error] {
	return func(yield func(*Episode, error) bool) {
		for _, s := range d.Shards {
			for ep, err := range ReadShard(s.Path, d.Layout) {
				if !yield(ep, err) {
					return
				}
			}
		}
	}
}

// validName reports whether s is a TFDS dataset name (lower-case letters,
// digits, underscores), safe to build a file pattern from.
func validName(s string) bool {
	if s == "" || len(s) > 200 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// listShards lists the dataset's shard files of split ("" for all).
func listShards(dir, name, split string) ([]Shard, error) {
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(name) + `-([A-Za-z0-9_]+)\.tfrecord-(\d{5})-of-(\d{5})$`)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("rlds: %w", err)
	}
	var shards []Shard
	for _, e := range entries {
		m := re.FindStringSubmatch(e.Name())
		if m == nil || split != "" && m[1] != split {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if _, err := localfile.Check(path, math.MaxInt64, "a TFRecord shard"); err != nil {
			return nil, fmt.Errorf("rlds: %s: %w", path, pathless{path, err})
		}
		idx, _ := strconv.Atoi(m[2])
		count, _ := strconv.Atoi(m[3])
		if idx >= count {
			return nil, fmt.Errorf("rlds: %s: shard %d of %d", path, idx, count)
		}
		if len(shards) >= MaxShards {
			return nil, fmt.Errorf("rlds: %s: more than %d shards (MaxShards)", dir, MaxShards)
		}
		shards = append(shards, Shard{Path: path, Split: m[1], Index: idx, Count: count})
	}
	if len(shards) == 0 {
		what := "any split"
		if split != "" {
			what = "split " + split
		}
		return nil, fmt.Errorf("rlds: %s: no %s-<split>.tfrecord-NNNNN-of-NNNNN shards of %s", dir, name, what)
	}
	slices.SortFunc(shards, func(a, b Shard) int {
		return cmp.Or(strings.Compare(a.Split, b.Split), cmp.Compare(a.Index, b.Index))
	})
	for i := 1; i < len(shards); i++ {
		if a, b := shards[i-1], shards[i]; a.Split == b.Split && a.Count != b.Count {
			return nil, fmt.Errorf("rlds: %s: shards of split %s disagree on their count (%s, %s)",
				dir, a.Split, filepath.Base(a.Path), filepath.Base(b.Path))
		}
	}
	return shards, nil
}
