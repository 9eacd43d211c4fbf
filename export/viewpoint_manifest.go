package export

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"flowbench/storage/localfile"
)

// ViewpointManifest describes a viewpoint-family dataset (manifest.json,
// with "family": "viewpoint").
type ViewpointManifest struct {
	Name          string                          `json:"name"`
	Family        string                          `json:"family"`
	Version       string                          `json:"version"`
	SchemaVersion string                          `json:"schema_version"`
	Config        map[string]any                  `json:"config,omitempty"`
	Seeds         map[string]int64                `json:"seeds,omitempty"`
	Splits        map[string]*ViewpointSplitStats `json:"splits"`
	Schema        []TableSchema                   `json:"schema"`
}

// ViewpointSplitStats counts one split of a viewpoint dataset.
type ViewpointSplitStats struct {
	Scenes    int `json:"scenes"`
	Pairs     int `json:"pairs"`
	Questions int `json:"questions"`
	Views     int `json:"views"`
	Shards    int `json:"shards"`
	Width     int `json:"width"`
	Height    int `json:"height"`
	// Viewpoints counts questions per viewpoint, Relations the relations
	// in answers, AnswerSizes the answers by number of relations.
	Viewpoints  map[string]int `json:"viewpoints"`
	Relations   map[string]int `json:"relations"`
	AnswerSizes map[string]int `json:"answer_sizes"`
	// Obstructed counts target views whose camera could not be kept in
	// its room and clear of furniture; TagsVisible is the share of tags
	// visible over all target views.
	Obstructed  int     `json:"obstructed_views"`
	TagsVisible float64 `json:"tags_visible"`
}

// ComputeViewpointStats counts a split from its shards.
func ComputeViewpointStats(dir, split string) (*ViewpointSplitStats, error) {
	st := &ViewpointSplitStats{Viewpoints: map[string]int{}, Relations: map[string]int{}, AnswerSizes: map[string]int{}}
	qs, err := ViewpointQuestions(dir, split)
	if err != nil {
		return nil, err
	}
	scenes, pairs := map[string]int{}, map[string]bool{}
	for _, q := range qs {
		st.Questions++
		scenes[q.SceneID] = len(q.Tags)
		pairs[fmt.Sprintf("%s|%d|%d", q.SceneID, q.Subject, q.Object)] = true
		st.Viewpoints[q.Viewpoint]++
		st.AnswerSizes[fmt.Sprint(len(q.Answer))]++
		for _, r := range q.Answer {
			st.Relations[r]++
		}
		st.Width, st.Height = int(q.Camera.Width), int(q.Camera.Height)
	}
	st.Scenes, st.Pairs = len(scenes), len(pairs)
	seen, total := 0, 0
	err = EachViewpointView(dir, split, func(v *ViewpointViewRow) error {
		st.Views++
		if v.Obstructed {
			st.Obstructed++
		}
		seen += int(v.TagsVisible)
		total += scenes[v.SceneID]
		return nil
	})
	if err != nil {
		return nil, err
	}
	if total > 0 {
		st.TagsVisible = float64(seen) / float64(total)
	}
	shards, err := ViewpointShards(dir, split, ViewpointQuestionsTable)
	if err != nil {
		return nil, err
	}
	st.Shards = len(shards)
	return st, nil
}

// DescribeViewpointSchema documents the viewpoint tables' columns.
func DescribeViewpointSchema() []TableSchema {
	var out []TableSchema
	for _, t := range []struct {
		name   string
		schema func() *arrow.Schema
	}{{ViewpointQuestionsTable, ViewpointQuestionsSchema}, {ViewpointViewsTable, ViewpointViewsSchema}} {
		ts := TableSchema{Table: t.name}
		for _, f := range t.schema().Fields() {
			ts.Columns = append(ts.Columns, ColumnSchema{Name: f.Name, Type: f.Type.String(), Description: viewpointColumnDocs[t.name][f.Name]})
		}
		out = append(out, ts)
	}
	return out
}

// WriteViewpointManifest writes DIR/manifest.json and the dataset card
// DIR/README.md atomically.
func WriteViewpointManifest(dir string, m *ViewpointManifest) error {
	return writeFamilyManifest(dir, m, ViewpointTables, func(t []CardTable) (string, error) { return ViewpointCard(m, t) })
}

// ReadViewpointManifest reads DIR/manifest.json of a viewpoint dataset.
func ReadViewpointManifest(dir string) (*ViewpointManifest, error) {
	return readFamilyManifest(dir, FamilyViewpoint, "a viewpoint dataset", func(m *ViewpointManifest) string { return m.Family })
}

// DatasetFamily returns the family a dataset's manifest names: "" for the
// motion family (manifests without the field), "viewpoint", ...
func DatasetFamily(dir string) (string, error) {
	raw, err := localfile.ReadFile(filepath.Join(dir, ManifestFile), MaxManifestBytes, "a dataset manifest")
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	var m struct {
		Family string `json:"family"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", fmt.Errorf("export: %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	return m.Family, nil
}

// ViewpointCard is the dataset card of a viewpoint dataset, given the
// tables read from its shards (ReadCardTables; nil leaves out
// dataset_info). The viewpoint manifest records no asset credits, so the
// card carries no licence metadata.
func ViewpointCard(m *ViewpointManifest, tables []CardTable) (string, error) {
	var b strings.Builder
	splits := slices.Sorted(maps.Keys(m.Splits))
	front := cardFront{PrettyName: "flowbench viewpoint", Tasks: []string{"visual-question-answering"},
		Tags: []string{"spatial-reasoning", "viewpoint", "synthetic"}, Configs: ViewpointTables, Splits: map[string][]string{}, Tables: tables}
	for _, s := range splits {
		front.Questions += m.Splits[s].Questions
	}
	for _, t := range ViewpointTables {
		front.Splits[t] = splits
	}
	if err := writeFrontMatter(&b, front); err != nil {
		return "", err
	}
	b.WriteString("\n# flowbench viewpoint family (CVT-Bench style)\n\n")
	b.WriteString("From one tagged source view, the relation of object B to object A (left/right/front/behind, several may hold) " +
		"after the camera orbits the scene by 0°–360° in 45° steps to the left or right, or looks down from above " +
		"(left/right/north/south); the target views are withheld from the question and stored in `viewpoint_views`. " +
		"Answers come from the simulator's geometry; only pairs whose relations are clear at every viewpoint are asked. " +
		"See docs/viewpoint.md of flowbench.\n\n")
	fmt.Fprintf(&b, "Generator version %s, schema version %s.\n\n", m.Version, m.SchemaVersion)
	b.WriteString("| split | scenes | pairs | questions | target views | obstructed views | tags visible in target views | size |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
	for _, s := range slices.Sorted(maps.Keys(m.Splits)) {
		st := m.Splits[s]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %.0f%% | %dx%d |\n", s, st.Scenes, st.Pairs, st.Questions, st.Views, st.Obstructed, 100*st.TagsVisible, st.Width, st.Height)
	}
	for _, t := range m.Schema {
		fmt.Fprintf(&b, "\n## `%s`\n\n| column | type | meaning |\n|---|---|---|\n", t.Table)
		for _, c := range t.Columns {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", c.Name, strings.ReplaceAll(c.Type, "|", "\\|"), c.Description)
		}
	}
	return b.String(), nil
}
