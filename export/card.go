package export

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"flowbench/sim"
)

// CardFile is the dataset card's name inside a dataset directory.
const CardFile = "README.md"

// DatasetCard returns the Hugging Face dataset card for a manifest: YAML
// front matter with the licences, language, size and task categories, one
// config per table ("questions", the default, and "annotations"), each
// listing a data_files glob per split, and dataset_info with each config's
// features; then a short description with counts and loading examples.
// WriteCard adds the split sizes, which need the shard files.
func DatasetCard(m *Manifest) string { return datasetCard(m, nil, DefaultTensorType) }

func datasetCard(m *Manifest, sizes cardSizes, tt TensorType) string {
	var b strings.Builder
	splits := slices.Sorted(maps.Keys(m.Splits))
	questions := 0
	for _, st := range m.Splits {
		questions += st.Questions
	}
	licences, others := CardLicences(m)
	b.WriteString("---\npretty_name: flowbench\nlicense:\n")
	for _, l := range licences {
		fmt.Fprintf(&b, "- %s\n", l)
	}
	if len(others) > 0 {
		fmt.Fprintf(&b, "license_name: %s\nlicense_link: README.md#licence\n", cardLicenceName(others))
	}
	b.WriteString("language:\n")
	for _, l := range CardLanguages {
		fmt.Fprintf(&b, "- %s\n", l)
	}
	fmt.Fprintf(&b, "size_categories:\n- %s\ntask_categories:\n", SizeCategory(questions))
	for _, t := range CardTaskCategories {
		fmt.Fprintf(&b, "- %s\n", t)
	}
	b.WriteString("tags:\n- spatial-reasoning\n- optical-flow\n- counterfactual\n- synthetic\nconfigs:\n")
	var tables []string
	for _, table := range []string{QuestionsTable, AnnotationsTable} {
		if table == AnnotationsTable && !hasTable(m, table) {
			continue
		}
		tables = append(tables, table)
		fmt.Fprintf(&b, "- config_name: %s\n", table)
		if table == QuestionsTable {
			b.WriteString("  default: true\n")
		}
		b.WriteString("  data_files:\n")
		for _, s := range splits {
			fmt.Fprintf(&b, "  - split: %s\n    path: %s\n", s, dataFilesGlob(s, table))
		}
	}
	writeDatasetInfo(&b, m, tables, sizes, tt)
	b.WriteString("---\n\n# flowbench\n\n")
	b.WriteString("Counterfactual spatial imagination questions in procedural indoor houses: an object moves " +
		"(described in camera terms), and the question asks about the scene after the motion. " +
		"Every answer is read from the simulated outcome.\n\n")
	fmt.Fprintf(&b, "Generator version %s, schema version %s.\n\n", m.Version, m.SchemaVersion)
	b.WriteString("| split | questions | houses | shards | image | chance |\n|---|---:|---:|---:|---|---:|\n")
	for _, s := range splits {
		st := m.Splits[s]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %dx%d | %.3f |\n", s, st.Questions, st.Houses, st.Shards, st.Width, st.Height, st.Chance)
	}
	b.WriteString("\n## Categories\n\n| split | category | questions | changed | chance |\n|---|---|---:|---:|---:|\n")
	for _, s := range splits {
		st := m.Splits[s]
		for _, c := range sortedCategories(st.Categories) {
			cs := st.Categories[c]
			fmt.Fprintf(&b, "| %s | %s | %d | %d | %.3f |\n", s, c, cs.Questions, cs.Changed, cs.Chance)
		}
	}
	writeSkippedSection(&b, m, splits)
	b.WriteString("\n## Tables\n\n")
	b.WriteString("- `questions`: one row per question, with I0/I1 images (marked), text, answer, camera and motion.\n")
	b.WriteString("- `annotations`: one row per question (same id, same order): raw images, depth, instance ids, " +
		"forward/backward optical flow, flow validity and change mask as tensor columns (below), and object metadata.\n\n")
	b.WriteString("`manifest.json` lists every column with its type; conventions (Unity world frame, OpenCV camera, " +
		"planar depth, flow sign: pixel p of I0 moves to p + F01(p) in I1, x right, y down) are documented in the " +
		"flowbench repository's docs/dataset.md.\n\n")
	b.WriteString("## Loading\n\n```python\nimport datasets\nds = datasets.load_dataset(\"path/to/DIR\", \"questions\")\n```\n\n")
	b.WriteString("```sql\n-- DuckDB\nSELECT category, count(*) FROM 'DIR/data/*/questions-*.parquet' GROUP BY category;\n```\n\n")
	tensorSection(&b, m, firstShard(m, splits))
	licenceSection(&b, licences, others)
	attributionSection(&b, m)
	return b.String()
}

func hasTable(m *Manifest, table string) bool {
	for _, t := range m.Schema {
		if t.Table == table {
			return true
		}
	}
	return len(m.Schema) == 0
}

// firstShard names the first annotations shard of the first split.
func firstShard(m *Manifest, splits []string) string {
	split, n := "train", 1
	if len(splits) > 0 {
		split, n = splits[0], max(1, m.Splits[splits[0]].Shards)
	}
	return fmt.Sprintf("data/%s/%s-%05d-of-%05d.parquet", split, AnnotationsTable, 0, n)
}

// WriteCard writes the dataset card of the dataset in dir, with the split
// sizes of its shards and their tensor type, as DIR/README.md atomically.
func WriteCard(dir string, m *Manifest) error {
	sizes, err := shardBytes(dir, m)
	if err != nil {
		return err
	}
	tt, _, err := datasetTensorType(dir)
	if err != nil {
		return err
	}
	p := filepath.Join(dir, CardFile)
	if err := sim.WriteFileAtomic(p, []byte(datasetCard(m, sizes, tt))); err != nil {
		return fmt.Errorf("export: writing %s: %w", p, err)
	}
	return nil
}

// Finish writes the manifest (statistics computed from the finished shards
// of every split in the directory) and the dataset card. Call it after
// closing every split. The splits written by this writer record cfg as
// their config; other splits keep the config and seeds of the manifest
// they were written with.
func (d *DatasetWriter) Finish(version string, cfg map[string]any, seeds map[string]int64) (*Manifest, error) {
	old, err := readManifest(d.dir)
	if err != nil {
		return nil, err
	}
	allSeeds := map[string]int64{}
	if old != nil {
		for k, v := range old.Seeds {
			allSeeds[k] = v
		}
	}
	for k, v := range seeds {
		allSeeds[k] = v
	}
	m, err := NewManifest(d.dir, version, cfg, allSeeds)
	if err != nil {
		return nil, err
	}
	for name, st := range m.Splits {
		switch {
		case d.written[name]:
			st.Config = cfg
		case old != nil && old.Splits[name] != nil:
			st.Config = old.Splits[name].Config
		}
	}
	if d.opt.QuestionsOnly {
		m.Schema = m.Schema[:1]
	}
	if err := WriteManifest(d.dir, m); err != nil {
		return nil, err
	}
	if err := WriteCard(d.dir, m); err != nil {
		return nil, err
	}
	return m, nil
}
