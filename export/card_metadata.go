package export

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// The dataset card's YAML metadata beyond the configs, as the Hugging Face
// Hub reads it (https://huggingface.co/docs/hub/datasets-cards): licences,
// language, size category, task categories and, per config, dataset_info
// with the features derived from the Arrow schema and the split sizes.

// CardLanguages are the languages of the question texts.
var CardLanguages = []string{"en"}

// CardTaskCategories are the Hub task categories of a flowbench dataset:
// the questions (visual question answering), the outcome frames
// (image-to-image) and the dense depth annotations (depth estimation).
var CardTaskCategories = []string{"visual-question-answering", "image-to-image", "depth-estimation"}

// hubLicences maps the licences of the Sweet Home 3D credits to the Hub's
// licence ids; a licence missing here is reported as "other" with its name
// (CC-BY 3.0 US has no Hub id). "GPL / CC-BY 3.0" models are dual-licensed:
// both options are listed.
var hubLicences = map[string][]string{
	"CC0":             {"cc0-1.0"},
	"CC-BY 3.0":       {"cc-by-3.0"},
	"GPL / CC-BY 3.0": {"gpl-2.0", "cc-by-3.0"},
	"GPL":             {"gpl-2.0"},
}

// CardLicences returns the card's licence ids (sorted, "other" last) and,
// when "other" is among them, the names of the licences without a Hub id:
// the set of licences of the models and textures the splits' images show.
// A dataset without third-party assets gets "other" named "unspecified": its
// builder chooses the licence.
func CardLicences(m *Manifest) (ids []string, others []string) {
	set, other := map[string]bool{}, map[string]bool{}
	for _, st := range m.Splits {
		if st.Assets == nil {
			continue
		}
		for _, c := range st.Assets.Credits {
			hub, ok := hubLicences[c.License]
			if !ok {
				other[c.License] = true
				continue
			}
			for _, h := range hub {
				set[h] = true
			}
		}
	}
	if len(set) == 0 && len(other) == 0 {
		other["unspecified"] = true
	}
	ids = slices.Sorted(maps.Keys(set))
	if len(other) > 0 {
		ids = append(ids, "other")
	}
	return ids, slices.Sorted(maps.Keys(other))
}

// SizeCategory is the Hub's size bucket of n examples.
func SizeCategory(n int) string {
	bounds := []struct {
		below int
		name  string
	}{{1_000, "n<1K"}, {10_000, "1K<n<10K"}, {100_000, "10K<n<100K"}, {1_000_000, "100K<n<1M"},
		{10_000_000, "1M<n<10M"}, {100_000_000, "10M<n<100M"}, {1_000_000_000, "100M<n<1B"}}
	for _, b := range bounds {
		if n < b.below {
			return b.name
		}
	}
	return "1B<n<10B"
}

// writeFeatures writes the Hub YAML features of schema s at indent.
func writeFeatures(b *strings.Builder, fields []arrow.Field, indent string) {
	for _, f := range fields {
		// Quoted: PyYAML (YAML 1.1), which the Hub uses, reads a bare y
		// or n as a boolean.
		fmt.Fprintf(b, "%s- name: %q\n", indent, f.Name)
		writeFeatureType(b, f, indent+"  ")
	}
}

// writeFeatureType writes the feature keys of one field: dtype for values
// and images, struct for structs, sequence (with length for fixed-size
// lists) for lists of values and list for lists of structs, the forms
// datasets 2 to 4 all read.
func writeFeatureType(b *strings.Builder, f arrow.Field, indent string) {
	switch t := f.Type.(type) {
	case *arrow.StructType:
		if arrow.TypeEqual(t, imageType) {
			fmt.Fprintf(b, "%sdtype: image\n", indent)
			return
		}
		fmt.Fprintf(b, "%sstruct:\n", indent)
		writeFeatures(b, t.Fields(), indent)
	case *arrow.ListType:
		writeListFeature(b, t.Elem(), -1, indent)
	case *arrow.FixedSizeListType:
		writeListFeature(b, t.Elem(), int(t.Len()), indent)
	case arrow.ExtensionType:
		writeFeatureType(b, arrow.Field{Name: f.Name, Type: t.StorageType()}, indent)
	default:
		fmt.Fprintf(b, "%sdtype: %s\n", indent, hubDtype(f.Type))
	}
}

func writeListFeature(b *strings.Builder, elem arrow.DataType, length int, indent string) {
	if st, ok := elem.(*arrow.StructType); ok {
		fmt.Fprintf(b, "%slist:\n", indent)
		writeFeatures(b, st.Fields(), indent)
	} else {
		fmt.Fprintf(b, "%ssequence: %s\n", indent, hubDtype(elem))
	}
	if length >= 0 {
		fmt.Fprintf(b, "%slength: %d\n", indent, length)
	}
}

// hubDtype is the datasets Value dtype of an Arrow primitive type.
func hubDtype(t arrow.DataType) string {
	switch t.ID() {
	case arrow.STRING:
		return "string"
	case arrow.LARGE_STRING:
		return "large_string"
	case arrow.BINARY:
		return "binary"
	case arrow.BOOL:
		return "bool"
	}
	return t.String() // int32, uint16, uint8, float32, float64, int64 ...
}

// cardSizes is the bytes of each table's shards per split, for
// dataset_info; nil leaves the sizes out.
type cardSizes map[string]map[string]int64 // table -> split -> bytes

// shardBytes sums the sizes of the finished shards of every split and
// table of the dataset in dir.
func shardBytes(dir string, m *Manifest) (cardSizes, error) {
	ds, err := Open(dir)
	if err != nil {
		return nil, err
	}
	sizes := cardSizes{}
	for _, table := range []string{QuestionsTable, AnnotationsTable} {
		sizes[table] = map[string]int64{}
		for split := range m.Splits {
			for _, p := range ds.Shards(split, table) {
				st, err := os.Stat(p)
				if err != nil {
					return nil, fmt.Errorf("export: %w", err)
				}
				sizes[table][split] += st.Size()
			}
		}
	}
	return sizes, nil
}

// writeDatasetInfo writes dataset_info: per config its features, and with
// sizes its splits (num_bytes: the split's shard bytes of that table),
// download_size and dataset_size.
// The annotations features are those of the first split's image size (a
// config has one feature set; generate writes one size per split).
func writeDatasetInfo(b *strings.Builder, m *Manifest, tables []string, sizes cardSizes, tt TensorType) {
	splits := slices.Sorted(maps.Keys(m.Splits))
	w, h := 0, 0
	if len(splits) > 0 {
		w, h = m.Splits[splits[0]].Width, m.Splits[splits[0]].Height
	}
	b.WriteString("dataset_info:\n")
	for _, table := range tables {
		s := QuestionsSchema()
		if table == AnnotationsTable {
			if w <= 0 || h <= 0 {
				continue // no image size recorded: no tensor shapes to state
			}
			s = AnnotationsSchemaFor(w, h, tt)
		}
		fmt.Fprintf(b, "- config_name: %s\n  features:\n", table)
		writeFeatures(b, s.Fields(), "  ")
		if sizes == nil {
			continue
		}
		b.WriteString("  splits:\n")
		var total int64
		for _, split := range splits {
			n := sizes[table][split]
			total += n
			fmt.Fprintf(b, "  - name: %s\n    num_bytes: %d\n    num_examples: %d\n", split, n, m.Splits[split].Questions)
		}
		fmt.Fprintf(b, "  download_size: %d\n  dataset_size: %d\n", total, total)
	}
}

// dataFilesGlob is the data_files path of a table's shards of a split.
func dataFilesGlob(split, table string) string {
	return filepath.ToSlash(filepath.Join("data", split, table+"-*.parquet"))
}

// cardLicenceName is the license_name of the licences without a Hub id:
// their names in the Hub's id style (lower case, hyphens), joined by "-and-".
func cardLicenceName(others []string) string {
	var names []string
	for _, o := range others {
		names = append(names, strings.Trim(nonID.ReplaceAllString(strings.ToLower(o), "-"), "-"))
	}
	return strings.Join(names, "-and-")
}

var nonID = regexp.MustCompile(`[^a-z0-9.]+`)

// licenceSection writes the card's "Licence" section, which license_link
// points to.
func licenceSection(b *strings.Builder, ids, others []string) {
	b.WriteString("\n## Licence\n\n")
	if slices.Equal(others, []string{"unspecified"}) && len(ids) == 1 {
		b.WriteString("The images show no third-party assets (primitive shapes only); the dataset's licence is " +
			"its builder's choice: set `license` in this card's metadata.\n")
		return
	}
	fmt.Fprintf(b, "The images show third-party furniture models and textures under these licences (Hub ids): %s", strings.Join(ids, ", "))
	if len(others) > 0 {
		fmt.Fprintf(b, "; `other` stands for %s", strings.Join(others, ", "))
	}
	b.WriteString(". Models listed \"GPL / CC-BY 3.0\" are dual-licensed. Every model, its creator and its licence " +
		"are listed under Assets and attribution below; CC-BY requires crediting each creator.\n")
}
