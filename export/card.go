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

// DatasetCard returns the Hugging Face dataset card for a manifest and the
// tables read from its shards (ReadCardTables; nil leaves out
// dataset_info): YAML front matter (licences of the assets shown, language,
// size category, tasks, tags, one config per table, "questions" the
// default and "annotations", each with a data_files pattern per split, and
// dataset_info with every table's features, splits and sizes), then a
// short description with counts and loading examples.
func DatasetCard(m *Manifest, tables []CardTable) (string, error) {
	var b strings.Builder
	splits := slices.Sorted(maps.Keys(m.Splits))
	lic := manifestLicenses(m)
	front := cardFront{PrettyName: "flowbench", Licenses: &lic, Tasks: []string{"visual-question-answering"},
		Tags: []string{"spatial-reasoning", "optical-flow", "counterfactual", "synthetic"}, Splits: map[string][]string{}, Tables: tables}
	for _, s := range splits {
		front.Questions += m.Splits[s].Questions
	}
	for _, table := range MotionTables {
		if table == AnnotationsTable && !hasTable(m, table) {
			continue
		}
		var with []string // a questions-only split has no annotations shards: a pattern matching none fails the config
		for _, s := range splits {
			if table == QuestionsTable || !splitQuestionsOnly(m.Splits[s]) {
				with = append(with, s)
			}
		}
		if len(with) == 0 {
			continue
		}
		front.Configs = append(front.Configs, table)
		front.Splits[table] = with
	}
	if len(front.Configs) > 1 { // the annotations table: depth and instance maps
		front.Tasks = append(front.Tasks, "depth-estimation", "image-segmentation")
	}
	if err := writeFrontMatter(&b, front); err != nil {
		return "", err
	}
	b.WriteString("\n# flowbench\n\n")
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
	b.WriteString("## Loading\n\nEach table is a folder, `data/<table>/`, of shards named `<split>-NNNNN-of-NNNNN.parquet` (schema version 3).\n\n")
	b.WriteString("```python\nimport datasets\nds = datasets.load_dataset(\"path/to/DIR\", \"questions\")  # the configs above\n" +
		"qs = datasets.load_dataset(\"parquet\", data_dir=\"path/to/DIR/data/questions\")  # splits from the file names\n```\n\n")
	b.WriteString("```sql\n-- DuckDB\nSELECT category, count(*) FROM 'DIR/data/questions/*.parquet' GROUP BY category;\n```\n\n")
	tensorSection(&b, m, firstShard(m, splits))
	attributionSection(&b, m)
	return b.String(), nil
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
	return ShardRelPath(AnnotationsTable, split, 0, n)
}

// WriteCard writes the dataset card of the dataset in dir, whose manifest
// is m, as DIR/README.md atomically.
func WriteCard(dir string, m *Manifest) error {
	tables, err := ReadCardTables(dir, MotionTables)
	if err != nil {
		return err
	}
	card, err := DatasetCard(m, tables)
	if err != nil {
		return err
	}
	p := filepath.Join(dir, CardFile)
	if err := sim.WriteFileAtomic(p, []byte(card)); err != nil {
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
	annotated := false // by any split, this writer's or an earlier one's
	for _, st := range m.Splits {
		annotated = annotated || !st.QuestionsOnly
	}
	if !annotated {
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
