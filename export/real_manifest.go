package export

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// RealManifest describes a FlowBench-Real dataset (manifest.json with
// "family": "real"). Its JSON shares the motion manifest's names and types
// where they mean the same (questions, shards, changed, answers,
// categories, chance, schema), so a reader of the motion manifest reads
// those fields of it too.
type RealManifest struct {
	Name          string                     `json:"name"`
	Family        string                     `json:"family"`
	Version       string                     `json:"version"`
	SchemaVersion string                     `json:"schema_version"`
	Config        map[string]any             `json:"config,omitempty"`
	Seeds         map[string]int64           `json:"seeds,omitempty"`
	Splits        map[string]*RealSplitStats `json:"splits"`
	// Chance is the expected accuracy of uniform guessing over every
	// question of every split.
	Chance float64       `json:"chance"`
	Schema []TableSchema `json:"schema"`
}

// RealSplitStats describes one split: the counts computed from its shards
// (RealCounts, which ValidateReal recomputes) and the run's report, which
// only the run knows.
type RealSplitStats struct {
	RealCounts
	Run *RealRunReport `json:"run,omitempty"`
}

// RealCounts are a Real split's counts, computed from its questions
// shards.
type RealCounts struct {
	Questions int `json:"questions"`
	// Pairs counts the image pairs with at least one question.
	Pairs   int            `json:"pairs"`
	Shards  int            `json:"shards"`
	Changed int            `json:"changed"`
	Answers map[string]int `json:"answers"`
	// Categories counts questions, flips and answers per category; its
	// chance is the mean per-question chance (1/C(choices, answer letters)).
	Categories map[string]*CategoryStats `json:"categories"`
	// Sources counts pairs and questions per robot dataset.
	Sources map[string]*RealSourceStats `json:"sources"`
	// Sizes counts questions per frame size, "<w>x<h>".
	Sizes  map[string]int `json:"sizes"`
	Chance float64        `json:"chance"`
	// Named counts the named-object questions (B.4.9; ids
	// <pair>/named-<category>/<k>).
	Named int `json:"named,omitempty"`
}

// RealSourceStats counts one source's pairs and questions in a split.
type RealSourceStats struct {
	Pairs      int            `json:"pairs"`
	Questions  int            `json:"questions"`
	Categories map[string]int `json:"categories"`
}

// RealRunReport is what the run that built a split reports about its
// input: pairs listed, candidate questions before the split selection,
// everything left out with the stage and reason, and the scale size check
// of B.3 when the generator provides one.
type RealRunReport struct {
	// Config is the configuration the split was built with.
	Config     map[string]any `json:"config,omitempty"`
	InputPairs int            `json:"input_pairs"`
	// Candidates counts candidate questions per category before the
	// split selection (B.6, B.7).
	Candidates map[string]int `json:"candidates"`
	// Skipped lists the pairs (or single questions, with QuestionID) left
	// out, sorted by pair and question; SkippedByStage counts them.
	Skipped        []RealSkip     `json:"skipped"`
	SkippedByStage map[string]int `json:"skipped_by_stage"`
	// SizeCheck is the size check of eq. 50 per source, as the generator
	// reports it (absent when it reports none).
	SizeCheck json.RawMessage `json:"size_check,omitempty"`
	// TextOnly is B.6's text-only ordering check, when the run made it.
	TextOnly *RealTextOnly `json:"text_only,omitempty"`
	// Names is the naming of objects for named-object questions (B.4.9),
	// when the run made it.
	Names *RealNames `json:"names,omitempty"`
	// TablePlanes are Language-Table's table planes (B.3), one per camera
	// setup, when the run placed pairs on one.
	TablePlanes []RealTablePlane `json:"table_planes,omitempty"`
}

// RealTablePlane reports the table-plane fit of one Language-Table camera
// setup (B.3): the setup key (tableplane.Setup.Key), its pairs and pooled
// correspondences, and the fit's inliers and median and 90th-percentile
// inlier residuals in pixels, or why no plane was fitted.
type RealTablePlane struct {
	Setup           string  `json:"setup"`
	Pairs           int     `json:"pairs"`
	Correspondences int     `json:"correspondences"`
	Inliers         int     `json:"inliers"`
	MedianPx        float64 `json:"median_px"`
	P90Px           float64 `json:"p90_px"`
	Error           string  `json:"error,omitempty"`
}

// RealNames reports the naming step of a Real build (B.4.9): the model,
// how many objects it was asked to name, how many names the rules
// accepted, the rejections by rule (real.NameRules), and the named
// candidate questions made with them.
type RealNames struct {
	Model      string         `json:"model"`
	Objects    int            `json:"objects"`
	Accepted   int            `json:"accepted"`
	Rejected   map[string]int `json:"rejected"`
	Candidates int            `json:"candidates"`
}

// RealTextOnly reports B.6's text-only ordering check of a test split:
// the model asked without the image, and per category the candidates it
// was asked and those it solved (answered correctly in both option
// orders, or in the original order with more than two options), which
// the selection takes only after all others of their category.
type RealTextOnly struct {
	Model  string         `json:"model"`
	Asked  map[string]int `json:"asked"`
	Solved map[string]int `json:"solved"`
}

// RealSkip is one pair, or one question of a pair, left out of a Real
// split: the stage (read, measure, scale, questions, filter, marks,
// output) and a reason naming the file, field or rule.
type RealSkip struct {
	PairID     string `json:"pair_id"`
	QuestionID string `json:"question_id,omitempty"`
	Stage      string `json:"stage"`
	Reason     string `json:"reason"`
}

// RealChance is the chance of a uniform guess at a question with n choices
// whose answer has k letters: 1/C(n, k) (1/2 for yes/no, 1/20 for three of
// six), as score.Question.Chance computes it.
func RealChance(n, k int) float64 {
	if k <= 0 || k > n {
		return 1 / float64(max(n, 1))
	}
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i
	}
	return 1 / float64(c)
}

// ComputeRealCounts counts a Real split from its questions shards.
func ComputeRealCounts(dir, split string) (*RealCounts, error) {
	paths, err := ViewpointShards(dir, split, QuestionsTable)
	if err != nil {
		return nil, err
	}
	st := &RealCounts{Shards: len(paths), Answers: map[string]int{}, Categories: map[string]*CategoryStats{},
		Sources: map[string]*RealSourceStats{}, Sizes: map[string]int{}}
	pairs := map[string]bool{}
	for _, p := range paths {
		if err := eachRealStatsRow(p, func(r realStatsRow) {
			st.Questions++
			st.Answers[r.answer]++
			ch := RealChance(r.choices, len(r.answer))
			st.Chance += ch
			cs := st.Categories[r.category]
			if cs == nil {
				cs = &CategoryStats{Answers: map[string]int{}}
				st.Categories[r.category] = cs
			}
			cs.Questions++
			cs.Answers[r.answer]++
			cs.Chance += ch
			if r.changed {
				st.Changed++
				cs.Changed++
			}
			src := strings.TrimPrefix(r.style, "real:")
			ss := st.Sources[src]
			if ss == nil {
				ss = &RealSourceStats{Categories: map[string]int{}}
				st.Sources[src] = ss
			}
			ss.Questions++
			ss.Categories[r.category]++
			if !pairs[r.pair] {
				pairs[r.pair] = true
				ss.Pairs++
			}
			st.Sizes[fmt.Sprintf("%dx%d", r.w, r.h)]++
			if IsRealNamedID(r.id) {
				st.Named++
			}
		}); err != nil {
			return nil, err
		}
	}
	st.Pairs = len(pairs)
	if st.Questions > 0 {
		st.Chance /= float64(st.Questions)
	}
	for _, cs := range st.Categories {
		cs.Chance /= float64(cs.Questions)
	}
	return st, nil
}

type realStatsRow struct {
	id, pair, style, category, answer string
	changed                           bool
	choices, w, h                     int
}

// eachRealStatsRow reads the few columns the counts need from a questions
// shard.
func eachRealStatsRow(path string, fn func(realStatsRow)) error {
	sf, err := openShard(path)
	if err != nil {
		return err
	}
	defer sf.Close()
	idx, err := sf.leafColumns("id", "house_id", "scene_style", "category", "answer", "changed", "choices", "camera")
	if err != nil {
		return err
	}
	if err := sf.verifyChunks(nil, idx); err != nil {
		return err
	}
	return guardShard(path, "reading the statistics columns", func() error {
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
			s := func(n string) *array.String { return col[*array.String](c, n) }
			id, house, style, cat, ans := s("id"), s("house_id"), s("scene_style"), s("category"), s("answer")
			changed, choices := col[*array.Boolean](c, "changed"), col[*array.List](c, "choices")
			cam := col[*array.Struct](c, "camera")
			w, h := field[*array.Int32](c, cam, 4, "camera.width"), field[*array.Int32](c, cam, 5, "camera.height")
			if c.err != nil {
				return fmt.Errorf("export: shard %s: %w", path, c.err)
			}
			for i := 0; i < int(rec.NumRows()); i++ {
				a, b := listRange(choices, i)
				fn(realStatsRow{id: id.Value(i), pair: house.Value(i), style: style.Value(i), category: cat.Value(i), answer: ans.Value(i),
					changed: changed.Value(i), choices: b - a, w: int(w.Value(i)), h: int(h.Value(i))})
			}
		}
		return nil
	})
}

// DescribeRealSchema documents the Real family's tables.
func DescribeRealSchema() []TableSchema {
	var out []TableSchema
	for _, t := range []struct {
		name   string
		schema *arrow.Schema
	}{{QuestionsTable, QuestionsSchema()}, {RealAnnotationsTable, RealAnnotationsSchema()}} {
		ts := TableSchema{Table: t.name}
		for _, f := range t.schema.Fields() {
			ts.Columns = append(ts.Columns, ColumnSchema{Name: f.Name, Type: f.Type.String(), Description: realColumnDocs[t.name][f.Name]})
		}
		out = append(out, ts)
	}
	return out
}

// NewRealManifest computes the counts of every split in runs from the
// shards in dir and returns the manifest, with each split's run report.
func NewRealManifest(dir, version string, cfg map[string]any, seeds map[string]int64, runs map[string]*RealRunReport) (*RealManifest, error) {
	m := &RealManifest{Name: "flowbench-real", Family: FamilyReal, Version: version, SchemaVersion: SchemaVersion,
		Config: cfg, Seeds: seeds, Splits: map[string]*RealSplitStats{}, Schema: DescribeRealSchema()}
	n := 0
	for _, split := range slices.Sorted(maps.Keys(runs)) {
		c, err := ComputeRealCounts(dir, split)
		if err != nil {
			return nil, err
		}
		m.Splits[split] = &RealSplitStats{RealCounts: *c, Run: runs[split]}
		m.Chance += c.Chance * float64(c.Questions)
		n += c.Questions
	}
	if n > 0 {
		m.Chance /= float64(n)
	}
	return m, nil
}

// WriteRealManifest writes DIR/manifest.json and the dataset card
// DIR/README.md atomically.
func WriteRealManifest(dir string, m *RealManifest) error {
	return writeFamilyManifest(dir, m, RealTables, func(t []CardTable) (string, error) { return RealCard(m, t) })
}

// ReadRealManifest reads DIR/manifest.json of a Real dataset.
func ReadRealManifest(dir string) (*RealManifest, error) {
	return readFamilyManifest(dir, FamilyReal, "a FlowBench-Real dataset", func(m *RealManifest) string { return m.Family })
}

// IsRealNamedID reports whether a FlowBench-Real question id is a
// named-object question's, <pair>/named-<category>/<k> (B.4.9).
func IsRealNamedID(id string) bool {
	parts := strings.Split(id, "/")
	return len(parts) >= 3 && strings.HasPrefix(parts[len(parts)-2], "named-")
}
