package export

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sort"

	"flowbench/planner"
	"flowbench/sim"
	"flowbench/storage/localfile"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// ManifestFile is the manifest's name inside a dataset directory.
const ManifestFile = "manifest.json"

// Manifest describes a finished dataset: how it was made, what it holds,
// and its schema. It is written as DIR/manifest.json.
type Manifest struct {
	Name          string `json:"name"`
	Version       string `json:"version"`        // generator version
	SchemaVersion string `json:"schema_version"` // SchemaVersion
	// Config is the generation configuration as given by the generator.
	Config map[string]any `json:"config,omitempty"`
	// Seeds holds the seeds per split (or any other named seed).
	Seeds  map[string]int64       `json:"seeds,omitempty"`
	Splits map[string]*SplitStats `json:"splits"`
	// Chance is the expected accuracy of uniform guessing over all splits.
	Chance float64       `json:"chance"`
	Schema []TableSchema `json:"schema"`
}

// SplitStats counts one split's questions.
type SplitStats struct {
	Questions  int                       `json:"questions"`
	Houses     int                       `json:"houses"`
	Shards     int                       `json:"shards"`
	Width      int                       `json:"width"`
	Height     int                       `json:"height"`
	Changed    int                       `json:"changed"` // answer differs from the before-state answer
	Answers    map[string]int            `json:"answers"` // by full answer string ("B", "ACE")
	Letters    map[string]int            `json:"letters"` // by letter occurrence
	Categories map[string]*CategoryStats `json:"categories"`
	Chance     float64                   `json:"chance"` // expected accuracy of uniform guessing
	// Config is the generation configuration the split was written with.
	Config map[string]any `json:"config,omitempty"`
	// QuestionsOnly is set when the split has no annotations table.
	QuestionsOnly bool `json:"questions_only,omitempty"`
	// Assets lists the third-party models and textures the split's images show.
	Assets *AssetUse `json:"assets,omitempty"`
	// Mix compares the category shares with the generator's target (nil
	// when the split had none: the test split, whose selection sets its
	// counts, and --category-mix natural).
	Mix *CategoryMix `json:"category_mix,omitempty"`
	// Skipped lists the houses a --skip-bad-houses run left out.
	Skipped []SkippedHouse `json:"skipped_houses,omitempty"`
	// LeftOut sums the objects the houses left out for a backend that
	// cannot create their asset ids (nil: the backend creates every asset).
	LeftOut *LeftOutAssets `json:"left_out_assets,omitempty"`
}

// CategoryStats counts one category's questions in a split.
type CategoryStats struct {
	Questions int            `json:"questions"`
	Changed   int            `json:"changed"`
	Answers   map[string]int `json:"answers"`
	Chance    float64        `json:"chance"` // per-question chance of a uniform guess
}

// TableSchema documents one table's columns.
type TableSchema struct {
	Table   string         `json:"table"`
	Columns []ColumnSchema `json:"columns"`
}

// ColumnSchema documents one column: Arrow type, tensor shape, meaning.
type ColumnSchema struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Shape       []int  `json:"shape,omitempty"`
	Description string `json:"description"`
}

// categoryChance returns the chance of a uniform guess for a category, from
// the planner's definition, or 1/#choices for an unknown name.
func categoryChance(name string, choices int) float64 {
	if c, err := planner.ParseCategory(name); err == nil {
		return c.Chance()
	}
	if choices > 0 {
		return 1 / float64(choices)
	}
	return 0
}

// statsRow is the part of a question that the statistics need.
type statsRow struct {
	house, category, answer string
	changed                 bool
	choices                 int
	width, height           int
}

// ComputeStats reads the finished questions shards of every split of dir and
// counts questions per category and answer. Only a few columns are read.
func ComputeStats(dir string) (map[string]*SplitStats, error) {
	ds, err := Open(dir)
	if err != nil {
		return nil, err
	}
	out := map[string]*SplitStats{}
	for _, split := range ds.Splits() {
		st := &SplitStats{Answers: map[string]int{}, Letters: map[string]int{}, Categories: map[string]*CategoryStats{},
			Shards: len(ds.shards[split][QuestionsTable]), QuestionsOnly: len(ds.shards[split][AnnotationsTable]) == 0}
		houses := map[string]bool{}
		for _, p := range ds.shards[split][QuestionsTable] {
			if err := eachStatsRow(p, func(r statsRow) {
				houses[r.house] = true
				st.Questions++
				st.Width, st.Height = r.width, r.height
				st.Answers[r.answer]++
				for _, l := range r.answer {
					st.Letters[string(l)]++
				}
				cs := st.Categories[r.category]
				if cs == nil {
					cs = &CategoryStats{Answers: map[string]int{}, Chance: categoryChance(r.category, r.choices)}
					st.Categories[r.category] = cs
				}
				cs.Questions++
				cs.Answers[r.answer]++
				if r.changed {
					cs.Changed++
					st.Changed++
				}
				st.Chance += categoryChance(r.category, r.choices)
			}); err != nil {
				return nil, err
			}
		}
		if st.Questions > 0 {
			st.Chance /= float64(st.Questions)
		}
		st.Houses = len(houses)
		out[split] = st
	}
	return out, nil
}

func eachStatsRow(path string, fn func(statsRow)) error {
	sf, err := openShard(path)
	if err != nil {
		return err
	}
	defer sf.Close()
	idx, err := sf.leafColumns("house_id", "category", "answer", "changed", "choices", "camera")
	if err != nil {
		return err
	}
	if err := sf.verifyChunks(nil, idx); err != nil {
		return err
	}
	return guardShard(path, "reading the statistics columns", func() error { return statsRows(sf, idx, fn) })
}

// statsRows reads the leaf columns idx of every row group of sf and calls fn
// per row.
func statsRows(sf *shardFile, idx []int, fn func(statsRow)) error {
	path := sf.path
	tbl, err := sf.fr.ReadRowGroups(context.Background(), idx, allRowGroups(sf))
	if err != nil {
		return fmt.Errorf("export: shard %s: %w", path, err)
	}
	defer tbl.Release()
	tr := array.NewTableReader(tbl, 1024)
	defer tr.Release()
	for tr.Next() {
		rec := tr.RecordBatch()
		c := &columns{rec: rec}
		house, cat, ans := col[*array.String](c, "house_id"), col[*array.String](c, "category"), col[*array.String](c, "answer")
		changed, choices := col[*array.Boolean](c, "changed"), col[*array.List](c, "choices")
		cam := col[*array.Struct](c, "camera")
		w, h := field[*array.Int32](c, cam, 4, "camera.width"), field[*array.Int32](c, cam, 5, "camera.height")
		if c.err != nil {
			return fmt.Errorf("export: shard %s: %w", path, c.err)
		}
		for i := 0; i < int(rec.NumRows()); i++ {
			a, b := listRange(choices, i)
			fn(statsRow{house: house.Value(i), category: cat.Value(i), answer: ans.Value(i), changed: changed.Value(i),
				choices: b - a, width: int(w.Value(i)), height: int(h.Value(i))})
		}
	}
	return nil
}

func allRowGroups(sf *shardFile) []int {
	rgs := make([]int, sf.pf.NumRowGroups())
	for i := range rgs {
		rgs[i] = i
	}
	return rgs
}

// DescribeSchema returns the column documentation of both tables for
// images of w×h pixels with dense columns of tensor type tt.
func DescribeSchema(w, h int, tt TensorType) []TableSchema {
	var out []TableSchema
	for _, t := range []struct {
		name string
		s    *arrow.Schema
	}{{QuestionsTable, QuestionsSchema()}, {AnnotationsTable, AnnotationsSchemaFor(w, h, tt)}} {
		ts := TableSchema{Table: t.name}
		for _, f := range t.s.Fields() {
			cs := ColumnSchema{Name: f.Name, Type: f.Type.String(), Description: columnDocs[f.Name]}
			if typ, shape, ok := describeTensor(f); ok {
				cs.Type, cs.Shape = typ, shape
			}
			ts.Columns = append(ts.Columns, cs)
		}
		out = append(out, ts)
	}
	return out
}

// NewManifest computes a dataset's statistics from its finished shards and
// returns its manifest; the schema's tensor type is the one the
// annotations shards are written in (all of them must agree). cfg and
// seeds come from the generator.
func NewManifest(dir, version string, cfg map[string]any, seeds map[string]int64) (*Manifest, error) {
	stats, err := ComputeStats(dir)
	if err != nil {
		return nil, err
	}
	tensors, _, err := datasetTensorType(dir)
	if err != nil {
		return nil, err
	}
	m := &Manifest{Name: "flowbench", Version: version, SchemaVersion: SchemaVersion, Config: cfg, Seeds: seeds, Splits: stats}
	w, h, n := sim.DefaultSize, sim.DefaultSize, 0
	for _, split := range slices.Sorted(maps.Keys(stats)) {
		st := stats[split]
		m.Chance += st.Chance * float64(st.Questions)
		n += st.Questions
		if st.Width > 0 {
			w, h = st.Width, st.Height
		}
	}
	if n > 0 {
		m.Chance /= float64(n)
	}
	m.Schema = DescribeSchema(w, h, tensors)
	return m, nil
}

// MaxManifestBytes bounds a manifest.json that flowbench reads: a split of
// 100,000 houses writes about 2 MB.
const MaxManifestBytes = 64 << 20

// readManifest reads DIR/manifest.json, or returns nil when there is none.
func readManifest(dir string) (*Manifest, error) {
	p := filepath.Join(dir, ManifestFile)
	raw, err := localfile.ReadFile(p, MaxManifestBytes, "a dataset manifest")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	m := new(Manifest)
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, fmt.Errorf("export: %s: %w", p, err)
	}
	return m, nil
}

// WriteManifest writes m as DIR/manifest.json atomically (temp file, rename).
func WriteManifest(dir string, m *Manifest) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep "<house_id>" readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return fmt.Errorf("export: manifest: %w", err)
	}
	if err := sim.WriteFileAtomic(filepath.Join(dir, ManifestFile), buf.Bytes()); err != nil {
		return fmt.Errorf("export: writing %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	return nil
}

// sortedCategories returns category names in the planner's order, unknown
// ones after, alphabetically.
func sortedCategories(m map[string]*CategoryStats) []string {
	keys := slices.Sorted(maps.Keys(m))
	rank := func(s string) int {
		if c, err := planner.ParseCategory(s); err == nil {
			return int(c)
		}
		return int(planner.NumCategories)
	}
	sort.SliceStable(keys, func(i, j int) bool { return rank(keys[i]) < rank(keys[j]) })
	return keys
}
