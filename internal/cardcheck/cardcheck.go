// Package cardcheck checks a motion-family dataset's card (README.md)
// against what its shards hold, for tests of export and pipeline: the YAML
// front matter is parsed (sigs.k8s.io/yaml) and every claim it makes is
// recomputed independently from the shards, the manifest and the file
// system.
package cardcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"sigs.k8s.io/yaml"

	"flowbench/export"
)

// Front is the card's YAML front matter, as the Hub reads it.
type Front struct {
	License        []string `json:"license"`
	LicenseName    string   `json:"license_name"`
	LicenseLink    string   `json:"license_link"`
	Language       []string `json:"language"`
	SizeCategories []string `json:"size_categories"`
	TaskCategories []string `json:"task_categories"`
	Tags           []string `json:"tags"`
	PrettyName     string   `json:"pretty_name"`
	Configs        []struct {
		ConfigName string `json:"config_name"`
		Default    bool   `json:"default"`
		DataFiles  []struct {
			Split string `json:"split"`
			Path  string `json:"path"`
		} `json:"data_files"`
	} `json:"configs"`
	DatasetInfo []struct {
		ConfigName string    `json:"config_name"`
		Features   []Feature `json:"features"`
		Splits     []struct {
			Name        string `json:"name"`
			NumBytes    int64  `json:"num_bytes"`
			NumExamples int64  `json:"num_examples"`
		} `json:"splits"`
		DownloadSize int64 `json:"download_size"`
		DatasetSize  int64 `json:"dataset_size"`
	} `json:"dataset_info"`
}

// Feature is one Hub feature: a dtype, a struct, a sequence (with an
// optional length) or a list (of struct fields).
type Feature struct {
	Name     string    `json:"name"`
	Dtype    string    `json:"dtype"`
	Struct   []Feature `json:"struct"`
	Sequence string    `json:"sequence"`
	Length   *int      `json:"length"`
	List     []Feature `json:"list"`
}

// ReadFront parses the front matter of DIR/README.md.
func ReadFront(dir string) (*Front, error) {
	raw, err := os.ReadFile(filepath.Join(dir, export.CardFile))
	if err != nil {
		return nil, err
	}
	rest, ok := bytes.CutPrefix(raw, []byte("---\n"))
	if !ok {
		return nil, errors.New("card has no front matter")
	}
	front, _, ok := bytes.Cut(rest, []byte("\n---\n"))
	if !ok {
		return nil, errors.New("card's front matter is not closed")
	}
	var f Front
	if err := yaml.UnmarshalStrict(front, &f); err != nil {
		return nil, fmt.Errorf("card front matter: %w", err)
	}
	return &f, nil
}

// hubLicenses is the Hub licence id of each licence summary the asset
// catalog writes (assets.licenseSummary), written out here so that the
// check does not reuse the card writer's table.
var hubLicenses = map[string][]string{
	"CC0": {"cc0-1.0"}, "CC-BY 3.0": {"cc-by-3.0"}, "CC-BY 4.0": {"cc-by-4.0"}, "GPL / CC-BY 3.0": {"gpl", "cc-by-3.0"},
}

// Check returns every disagreement between the card of the dataset in dir
// and its shards and manifest (none: nil).
func Check(dir string) []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	f, err := ReadFront(dir)
	if err != nil {
		return []error{err}
	}
	ds, err := export.Open(dir)
	if err != nil {
		return []error{err}
	}
	m := ds.Manifest
	if m == nil {
		return []error{errors.New("no manifest")}
	}
	splits := ds.Splits()
	questions := 0
	for _, s := range splits {
		for _, err := range ds.Questions(s) {
			if err != nil {
				return []error{err}
			}
			questions++
		}
	}
	// size_categories: the bucket of 10^k ≤ n < 10^(k+1) (n<1K below 1000).
	want := "n<1K"
	if questions >= 1000 {
		names := []string{"1K", "10K", "100K", "1M", "10M", "100M", "1B", "10B", "100B", "1T"}
		k := int(math.Floor(math.Log10(float64(questions)))) - 3
		want = names[k] + "<n<" + names[k+1]
	}
	if !slices.Equal(f.SizeCategories, []string{want}) {
		bad("size_categories %v, want [%s] for %d questions", f.SizeCategories, want, questions)
	}
	if !slices.Equal(f.Language, []string{"en"}) || f.PrettyName == "" || !slices.Contains(f.TaskCategories, "visual-question-answering") || len(f.Tags) == 0 {
		bad("language %v, pretty_name %q, task_categories %v, tags %v", f.Language, f.PrettyName, f.TaskCategories, f.Tags)
	}
	errs = append(errs, checkLicenses(f, m)...)

	// Tables: those with shards in some split, questions the default
	// config; each config lists the splits that have shards of its table
	// (a questions-only split has no annotations shards).
	var tables []string
	tableSplits := map[string][]string{}
	for _, t := range export.MotionTables {
		for _, s := range splits {
			if len(ds.Shards(s, t)) > 0 {
				tableSplits[t] = append(tableSplits[t], s)
			}
		}
		if len(tableSplits[t]) > 0 {
			tables = append(tables, t)
		}
	}
	files, err := dataFiles(dir)
	if err != nil {
		return append(errs, err)
	}
	if len(f.Configs) != len(tables) {
		bad("%d configs, want %d (%v)", len(f.Configs), len(tables), tables)
	}
	for i, c := range f.Configs {
		if i >= len(tables) || c.ConfigName != tables[i] || c.Default != (i == 0) {
			bad("config %d is %q (default %v), want %v with the first the default", i, c.ConfigName, c.Default, tables)
			continue
		}
		var got []string
		for _, df := range c.DataFiles {
			got = append(got, df.Split)
			matched := map[string]bool{}
			for _, p := range files {
				if ok, err := path.Match(df.Path, p); err != nil {
					bad("config %s split %s: bad pattern %q: %v", c.ConfigName, df.Split, df.Path, err)
				} else if ok {
					matched[p] = true
				}
			}
			wantFiles := map[string]bool{}
			for _, p := range ds.Shards(df.Split, c.ConfigName) {
				rel, _ := filepath.Rel(dir, p)
				wantFiles[filepath.ToSlash(rel)] = true
			}
			if len(wantFiles) == 0 || !maps.Equal(matched, wantFiles) {
				bad("config %s split %s: %q matches %v, want exactly the shards %v", c.ConfigName, df.Split, df.Path,
					slices.Sorted(maps.Keys(matched)), slices.Sorted(maps.Keys(wantFiles)))
			}
		}
		if !slices.Equal(got, tableSplits[c.ConfigName]) {
			bad("config %s lists splits %v, want %v", c.ConfigName, got, tableSplits[c.ConfigName])
		}
	}
	if len(f.DatasetInfo) != len(tables) {
		bad("dataset_info has %d configs, want %d", len(f.DatasetInfo), len(tables))
	}
	for i, info := range f.DatasetInfo {
		if i >= len(tables) || info.ConfigName != tables[i] {
			bad("dataset_info %d is %q, want %v", i, info.ConfigName, tables)
			continue
		}
		var download, size int64
		differ, err := columnsDiffer(ds, info.ConfigName, tableSplits[info.ConfigName])
		if err != nil {
			return append(errs, err)
		}
		if len(info.Splits) != len(tableSplits[info.ConfigName]) {
			bad("dataset_info %s splits %+v, want %v", info.ConfigName, info.Splits, tableSplits[info.ConfigName])
		}
		for j, s := range tableSplits[info.ConfigName] {
			if j >= len(info.Splits) || info.Splits[j].Name != s {
				bad("dataset_info %s splits %+v, want %v", info.ConfigName, info.Splits, tableSplits[info.ConfigName])
				break
			}
			rows, fileBytes, dataBytes := int64(0), int64(0), int64(0)
			for _, p := range ds.Shards(s, info.ConfigName) {
				schema, n, db, err := shardFacts(p)
				if err != nil {
					return append(errs, err)
				}
				st, err := os.Stat(p)
				if err != nil {
					return append(errs, err)
				}
				rows, fileBytes, dataBytes = rows+n, fileBytes+st.Size(), dataBytes+db
				if err := compareFeatures(info.Features, schema, differ); err != nil {
					bad("dataset_info %s features vs %s: %v", info.ConfigName, p, err)
				}
			}
			if rows != int64(m.Splits[s].Questions) || info.Splits[j].NumExamples != rows {
				bad("dataset_info %s split %s: num_examples %d; the shards hold %d rows, the manifest %d questions",
					info.ConfigName, s, info.Splits[j].NumExamples, rows, m.Splits[s].Questions)
			}
			if info.Splits[j].NumBytes != dataBytes {
				bad("dataset_info %s split %s: num_bytes %d, the row groups hold %d", info.ConfigName, s, info.Splits[j].NumBytes, dataBytes)
			}
			download, size = download+fileBytes, size+dataBytes
		}
		if info.DownloadSize != download || info.DatasetSize != size {
			bad("dataset_info %s: download_size %d, dataset_size %d; want %d and %d", info.ConfigName, info.DownloadSize, info.DatasetSize, download, size)
		}
	}
	return errs
}

// checkLicenses compares the card's licences with those of the assets the
// manifest lists per split (cc0-1.0 for a split that shows none).
func checkLicenses(f *Front, m *export.Manifest) []error {
	ids, other := map[string]bool{}, map[string]bool{}
	for _, st := range m.Splits {
		if st.Assets == nil || st.Assets.Mode == "none" || len(st.Assets.Credits) == 0 {
			ids[export.GeneratedDataLicense] = true
			continue
		}
		for _, c := range st.Assets.Credits {
			if h, ok := hubLicenses[c.License]; ok {
				for _, id := range h {
					ids[id] = true
				}
			} else {
				other[c.License] = true
			}
		}
	}
	want := slices.Sorted(maps.Keys(ids))
	if len(other) > 0 {
		want = append(want, "other")
	}
	var errs []error
	if !slices.Equal(f.License, want) {
		errs = append(errs, fmt.Errorf("license %v, want %v (the assets' licences)", f.License, want))
	}
	if (len(other) > 0) != (f.LicenseName != "" && strings.HasPrefix(f.LicenseLink, export.CardFile+"#")) {
		errs = append(errs, fmt.Errorf("license_name %q, license_link %q with licences without a Hub id %v", f.LicenseName, f.LicenseLink, slices.Sorted(maps.Keys(other))))
	}
	return errs
}

// dataFiles lists every regular file under dir/data, relative to dir with
// forward slashes (what a data_files pattern is matched against).
func dataFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(filepath.Join(dir, export.DataDir), func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out, err
}

// shardFacts returns a shard's Arrow schema, rows and the uncompressed
// bytes of its row groups.
func shardFacts(p string) (*arrow.Schema, int64, int64, error) {
	pf, err := file.OpenParquetFile(p, false)
	if err != nil {
		return nil, 0, 0, err
	}
	defer pf.Close()
	var db int64
	for i := range pf.NumRowGroups() {
		db += pf.MetaData().RowGroup(i).TotalByteSize()
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.NewGoAllocator())
	if err != nil {
		return nil, 0, 0, err
	}
	s, err := fr.Schema()
	return s, pf.NumRows(), db, err
}

// columnsDiffer returns the columns whose type differs between the first
// shards of a table's splits (the dense columns of splits of different
// image sizes).
func columnsDiffer(ds *export.Dataset, table string, splits []string) (map[string]bool, error) {
	out := map[string]bool{}
	first := map[string]string{}
	for _, s := range splits {
		schema, _, _, err := shardFacts(ds.Shards(s, table)[0])
		if err != nil {
			return nil, err
		}
		for _, f := range schema.Fields() {
			sig := arrowSig(f.Type)
			if w, seen := first[f.Name]; seen && w != sig {
				out[f.Name] = true
			}
			first[f.Name] = sig
		}
	}
	return out, nil
}

// fixedLength matches a fixed-size list in a signature.
var fixedLength = regexp.MustCompile(`list[0-9]+<`)

// compareFeatures checks that the features name every column of schema in
// order with its type: each feature's signature (featureSig) equals the
// column's (arrowSig). A column whose fixed-size lists have other lengths
// in other splits (differ: images of different sizes) has a
// variable-length sequence as its feature, the one every split casts to.
func compareFeatures(feats []Feature, schema *arrow.Schema, differ map[string]bool) error {
	images := map[string]bool{}
	if i := schema.Metadata().FindKey("huggingface"); i >= 0 {
		var hf struct {
			Info struct {
				Features map[string]map[string]any `json:"features"`
			} `json:"info"`
		}
		if err := json.Unmarshal([]byte(schema.Metadata().Values()[i]), &hf); err != nil {
			return fmt.Errorf("huggingface metadata: %w", err)
		}
		for name, f := range hf.Info.Features {
			images[name] = f["_type"] == "Image"
		}
	}
	if len(feats) != schema.NumFields() {
		return fmt.Errorf("%d features, %d columns", len(feats), schema.NumFields())
	}
	for i, fld := range schema.Fields() {
		want := arrowSig(fld.Type)
		if images[fld.Name] {
			if want != "struct<bytes:binary,path:string>" {
				return fmt.Errorf("image column %s is %s", fld.Name, want)
			}
			want = "image"
		}
		if feats[i].Name != fld.Name {
			return fmt.Errorf("feature %d is %q, column %q", i, feats[i].Name, fld.Name)
		}
		if differ[fld.Name] {
			want = fixedLength.ReplaceAllString(want, "list<")
		}
		if got := featureSig(feats[i]); got != want {
			return fmt.Errorf("column %s: feature %s, Arrow %s", fld.Name, got, want)
		}
	}
	return nil
}

// arrowSig writes an Arrow type in a small signature language.
func arrowSig(t arrow.DataType) string {
	switch t := t.(type) {
	case *arrow.StructType:
		var parts []string
		for _, f := range t.Fields() {
			parts = append(parts, f.Name+":"+arrowSig(f.Type))
		}
		return "struct<" + strings.Join(parts, ",") + ">"
	case *arrow.ListType:
		return "list<" + arrowSig(t.Elem()) + ">"
	case *arrow.FixedSizeListType:
		return fmt.Sprintf("list%d<%s>", t.Len(), arrowSig(t.Elem()))
	}
	switch t.ID() {
	case arrow.STRING:
		return "string"
	case arrow.BOOL:
		return "bool"
	}
	return t.Name() // int32, float64, uint16, binary, ...
}

// featureSig writes a Hub feature in the same signature language.
func featureSig(f Feature) string {
	switch {
	case f.Dtype == "image":
		return "image"
	case f.Dtype != "":
		return f.Dtype
	case f.Struct != nil:
		return "struct<" + fieldsSig(f.Struct) + ">"
	case f.Sequence != "" && f.Length != nil:
		return fmt.Sprintf("list%d<%s>", *f.Length, f.Sequence)
	case f.Sequence != "":
		return "list<" + f.Sequence + ">"
	case f.List != nil:
		return "list<struct<" + fieldsSig(f.List) + ">>"
	}
	return "?"
}

func fieldsSig(fs []Feature) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, f.Name+":"+featureSig(f))
	}
	return strings.Join(parts, ",")
}
