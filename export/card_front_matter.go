package export

import (
	"fmt"
	"strconv"
	"strings"
)

// cardFront is what a dataset card's YAML front matter holds.
type cardFront struct {
	PrettyName string
	Licenses   *cardLicenses // nil: no licence metadata
	Questions  int           // over every split: size_categories
	Tasks      []string
	Tags       []string
	// Configs are the tables, the first the default; Splits lists the
	// splits of each table (a table without shards yet still gets its
	// data_files).
	Configs []string
	Splits  map[string][]string
	// Tables are the tables read from the shards (dataset_info).
	Tables []CardTable
}

// SizeCategory returns the Hub's size_categories bucket of n examples.
func SizeCategory(n int) string {
	buckets := []struct {
		below int64
		name  string
	}{{1e3, "n<1K"}, {1e4, "1K<n<10K"}, {1e5, "10K<n<100K"}, {1e6, "100K<n<1M"}, {1e7, "1M<n<10M"},
		{1e8, "10M<n<100M"}, {1e9, "100M<n<1B"}, {1e10, "1B<n<10B"}, {1e11, "10B<n<100B"}, {1e12, "100B<n<1T"}}
	for _, b := range buckets {
		if int64(n) < b.below {
			return b.name
		}
	}
	return "n>1T"
}

// DataFilesGlob is the card's data_files pattern of a split's shards of
// table: data/<table>/<split>-NNNNN-of-NNNNN.parquet with digit classes,
// so that it matches exactly that split's shards (not those of a split
// whose name extends this one's).
func DataFilesGlob(table, split string) string {
	d := strings.Repeat("[0-9]", 5)
	return DataDir + "/" + table + "/" + split + "-" + d + "-of-" + d + ".parquet"
}

// yamlString quotes s as a YAML double-quoted scalar (JSON's syntax).
func yamlString(s string) string { return strconv.Quote(s) }

// writeFrontMatter writes the card's YAML front matter, "---" lines
// included.
func writeFrontMatter(b *strings.Builder, f cardFront) error {
	b.WriteString("---\n")
	if l := f.Licenses; l != nil {
		b.WriteString("license:\n")
		for _, id := range l.IDs {
			fmt.Fprintf(b, "- %s\n", id)
		}
		if len(l.Other) > 0 {
			names := make([]string, len(l.Other))
			for i, o := range l.Other {
				names[i] = licenseSlug(o)
			}
			fmt.Fprintf(b, "license_name: %s\nlicense_link: %s\n", yamlString(strings.Join(names, "-and-")), attributionAnchor)
		}
	}
	b.WriteString("language:\n- en\n")
	fmt.Fprintf(b, "size_categories:\n- %s\n", yamlString(SizeCategory(f.Questions)))
	b.WriteString("task_categories:\n")
	for _, t := range f.Tasks {
		fmt.Fprintf(b, "- %s\n", t)
	}
	b.WriteString("tags:\n")
	for _, t := range f.Tags {
		fmt.Fprintf(b, "- %s\n", t)
	}
	fmt.Fprintf(b, "pretty_name: %s\n", yamlString(f.PrettyName))
	b.WriteString("configs:\n")
	for i, table := range f.Configs {
		fmt.Fprintf(b, "- config_name: %s\n", table)
		if i == 0 {
			b.WriteString("  default: true\n")
		}
		b.WriteString("  data_files:\n")
		for _, s := range f.Splits[table] {
			fmt.Fprintf(b, "  - split: %s\n    path: %s\n", s, yamlString(DataFilesGlob(table, s)))
		}
	}
	if len(f.Tables) > 0 {
		b.WriteString("dataset_info:\n")
		for _, t := range f.Tables {
			fmt.Fprintf(b, "- config_name: %s\n  features:\n", t.Name)
			if err := writeFeatures(b, "  ", t.Schema); err != nil {
				return fmt.Errorf("export: table %s: %w", t.Name, err)
			}
			b.WriteString("  splits:\n")
			var download, size int64
			for _, s := range t.Splits {
				fmt.Fprintf(b, "  - name: %s\n    num_bytes: %d\n    num_examples: %d\n", s.Name, s.DataBytes, s.Rows)
				download += s.FileBytes
				size += s.DataBytes
			}
			fmt.Fprintf(b, "  download_size: %d\n  dataset_size: %d\n", download, size)
		}
	}
	b.WriteString("---\n")
	return nil
}
