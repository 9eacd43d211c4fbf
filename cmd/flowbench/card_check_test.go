package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"sigs.k8s.io/yaml"

	"flowbench/export"
)

// cardMeta is the dataset card's YAML front matter, as the Hub reads it.
type cardMeta struct {
	License        []string `json:"license"`
	LicenseName    string   `json:"license_name"`
	LicenseLink    string   `json:"license_link"`
	Language       []string `json:"language"`
	SizeCategories []string `json:"size_categories"`
	TaskCategories []string `json:"task_categories"`
	Configs        []struct {
		ConfigName string `json:"config_name"`
		DataFiles  []struct {
			Split string `json:"split"`
			Path  string `json:"path"`
		} `json:"data_files"`
	} `json:"configs"`
	DatasetInfo []struct {
		ConfigName string           `json:"config_name"`
		Features   []map[string]any `json:"features"`
		Splits     []struct {
			Name        string `json:"name"`
			NumBytes    int64  `json:"num_bytes"`
			NumExamples int    `json:"num_examples"`
		} `json:"splits"`
		DownloadSize int64 `json:"download_size"`
		DatasetSize  int64 `json:"dataset_size"`
	} `json:"dataset_info"`
}

// readCardMeta parses the YAML front matter of dir's card.
func readCardMeta(t *testing.T, dir string) cardMeta {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, export.CardFile))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(string(b), "---\n", 3)
	if len(parts) != 3 || parts[0] != "" {
		t.Fatalf("card has no YAML front matter")
	}
	var m cardMeta
	if err := yaml.Unmarshal([]byte(parts[1]), &m); err != nil {
		t.Fatalf("card YAML: %v", err)
	}
	return m
}

// hubFeature is the feature a Hub reader derives from an Arrow field (the
// mapping of datasets' generate_from_arrow_type, with the Image feature for
// the {bytes, path} structs the "huggingface" schema metadata names), in
// the card's YAML form.
func hubFeature(f arrow.Field, images []string) map[string]any {
	out := map[string]any{"name": f.Name}
	if slices.Contains(images, f.Name) {
		out["dtype"] = "image"
		return out
	}
	var typ func(t arrow.DataType) (string, any)
	typ = func(t arrow.DataType) (string, any) {
		switch t := t.(type) {
		case *arrow.StructType:
			var fs []any
			for _, sf := range t.Fields() {
				fs = append(fs, hubFeature(sf, nil))
			}
			return "struct", fs
		case *arrow.ListType:
			if st, ok := t.Elem().(*arrow.StructType); ok {
				_, fs := typ(st)
				return "list", fs
			}
			_, v := typ(t.Elem())
			return "sequence", v
		case *arrow.FixedSizeListType:
			_, v := typ(t.Elem())
			out["length"] = float64(t.Len())
			return "sequence", v
		case arrow.ExtensionType:
			return typ(t.StorageType())
		}
		names := map[arrow.Type]string{arrow.STRING: "string", arrow.BOOL: "bool", arrow.INT32: "int32", arrow.INT64: "int64",
			arrow.UINT8: "uint8", arrow.UINT16: "uint16", arrow.FLOAT32: "float32", arrow.FLOAT64: "float64", arrow.BINARY: "binary"}
		return "dtype", names[t.ID()]
	}
	k, v := typ(f.Type)
	out[k] = v
	return out
}

// checkCard checks dir's card against the shards: every feature against
// the shard's own Arrow schema (and its huggingface metadata), examples
// and bytes per split, data_files against the shard files, the size
// category against the question count, the licences against the credits.
func checkCard(t *testing.T, dir string) {
	t.Helper()
	meta := readCardMeta(t, dir)
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(meta.Language, []string{"en"}) || !slices.Contains(meta.TaskCategories, "visual-question-answering") {
		t.Errorf("language %v, task categories %v", meta.Language, meta.TaskCategories)
	}
	total := 0
	for _, cfg := range meta.DatasetInfo {
		table := cfg.ConfigName
		for i, sp := range cfg.Splits {
			shards := ds.Shards(sp.Name, table)
			if len(shards) == 0 {
				t.Fatalf("%s/%s: no shards", table, sp.Name)
			}
			rows, bytes := 0, int64(0)
			for _, p := range shards {
				pf, err := file.OpenParquetFile(p, false)
				if err != nil {
					t.Fatal(err)
				}
				rows += int(pf.NumRows())
				st, _ := os.Stat(p)
				bytes += st.Size()
				if i == 0 && p == shards[0] {
					checkFeatures(t, table, cfg.Features, pf)
				}
				pf.Close()
			}
			if sp.NumExamples != rows || sp.NumBytes != bytes {
				t.Errorf("%s/%s: card says %d examples, %d bytes; the shards hold %d rows, %d bytes", table, sp.Name, sp.NumExamples, sp.NumBytes, rows, bytes)
			}
			if table == export.QuestionsTable {
				total += rows
			}
		}
	}
	if want := export.SizeCategory(total); !slices.Equal(meta.SizeCategories, []string{want}) {
		t.Errorf("size_categories %v for %d questions, want %s", meta.SizeCategories, total, want)
	}
	for _, cfg := range meta.Configs {
		for _, df := range cfg.DataFiles {
			got, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(df.Path)))
			if want := ds.Shards(df.Split, cfg.ConfigName); !slices.Equal(got, want) || len(want) == 0 {
				t.Errorf("config %s split %s: %s matches %v, want the shards %v", cfg.ConfigName, df.Split, df.Path, got, want)
			}
		}
	}
	// Licences: every credit's licence is covered, nothing else is listed.
	var used []string
	for _, st := range ds.Manifest.Splits {
		if st.Assets != nil {
			for _, c := range st.Assets.Credits {
				used = append(used, c.License)
			}
		}
	}
	want := map[string]bool{}
	for _, l := range used {
		switch l {
		case "CC0":
			want["cc0-1.0"] = true
		case "CC-BY 3.0":
			want["cc-by-3.0"] = true
		case "GPL / CC-BY 3.0":
			want["gpl-2.0"], want["cc-by-3.0"] = true, true
		default:
			want["other"] = true
		}
	}
	if len(used) == 0 {
		want["other"] = true
	}
	var wantList []string
	for l := range want {
		wantList = append(wantList, l)
	}
	slices.Sort(wantList)
	got := slices.Clone(meta.License)
	slices.Sort(got)
	if !slices.Equal(got, wantList) {
		t.Errorf("license %v, want %v for the credits' licences %v", meta.License, wantList, slices.Compact(slices.Sorted(slices.Values(used))))
	}
	if want["other"] && (meta.LicenseName == "" || meta.LicenseLink == "") {
		t.Errorf("license other without license_name and license_link")
	}
}

// checkFeatures compares a config's features with the shard's Arrow schema.
func checkFeatures(t *testing.T, table string, features []map[string]any, pf *file.Reader) {
	t.Helper()
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	s, err := fr.Schema()
	if err != nil {
		t.Fatal(err)
	}
	var images []string
	if hf, ok := s.Metadata().GetValue("huggingface"); ok {
		var m struct {
			Info struct {
				Features map[string]struct {
					Type string `json:"_type"`
				} `json:"features"`
			} `json:"info"`
		}
		if err := json.Unmarshal([]byte(hf), &m); err != nil {
			t.Fatal(err)
		}
		for n, f := range m.Info.Features {
			if f.Type == "Image" {
				images = append(images, n)
			}
		}
	}
	if len(features) != s.NumFields() {
		t.Errorf("%s: %d features for %d columns", table, len(features), s.NumFields())
	}
	for i, f := range s.Fields() {
		if i >= len(features) {
			break
		}
		want, _ := json.Marshal(hubFeature(f, images))
		got, _ := json.Marshal(features[i])
		if string(want) != string(got) {
			t.Errorf("%s column %d: card feature %s, the shard's column gives %s", table, i, got, want)
		}
	}
}

// The card of a generated dataset agrees with its shards, also after a
// merge of parts (the merged tree equals the single run's, card included:
// TestGeneratePartsAndMerge) and for primitive shapes.
func TestCardMatchesDataset(t *testing.T) {
	referenceRun(t)
	checkCard(t, generateOnce.dir)
	none := filepath.Join(t.TempDir(), "none")
	if out, code := genCLI(t, append([]string{"generate"}, tinyRun(none, "--assets", "none", "--houses", "2")...)...); code != 0 {
		t.Fatalf("generate --assets none: exit %d\n%s", code, out)
	}
	checkCard(t, none)
	if m := readCardMeta(t, none); !slices.Equal(m.License, []string{"other"}) || m.LicenseName != "unspecified" {
		t.Errorf("--assets none: license %v %q, want [other] unspecified", m.License, m.LicenseName)
	}
}
