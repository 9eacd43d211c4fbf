package export

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"reflect"
	"slices"
)

// manifestError is a ValidationError about DIR/manifest.json.
func manifestError(d *Dataset, format string, args ...any) *ValidationError {
	return &ValidationError{Shard: filepath.Join(d.Dir, ManifestFile), Row: -1, Reason: fmt.Sprintf(format, args...)}
}

// checkManifestLayout checks what the manifest says against the files on
// disk without reading a shard: it exists, has this schema version, lists
// exactly the splits on disk with their shard counts, and every split it
// says has annotations has annotations shards.
func checkManifestLayout(d *Dataset) error {
	m := d.Manifest
	if m == nil {
		return manifestError(d, "missing: a finished dataset has a manifest (readers take the schema version, splits and counts from it)")
	}
	if m.SchemaVersion != SchemaVersion {
		return manifestError(d, "schema_version is %q; this reader knows version %q", m.SchemaVersion, SchemaVersion)
	}
	onDisk, listed := d.Splits(), slices.Sorted(maps.Keys(m.Splits))
	if !slices.Equal(onDisk, listed) {
		return manifestError(d, "lists splits %v, but data/ holds splits %v", listed, onDisk)
	}
	for _, split := range onDisk {
		st := m.Splits[split]
		if st == nil {
			return manifestError(d, "split %s has no statistics", split)
		}
		qs, as := len(d.shards[split][QuestionsTable]), len(d.shards[split][AnnotationsTable])
		if st.Shards != qs {
			return manifestError(d, "split %s: %d shards listed, %d questions shards on disk", split, st.Shards, qs)
		}
		if !splitQuestionsOnly(st) && as == 0 {
			return manifestError(d, "split %s has annotations (not questions-only), but it holds no annotations shards (data/annotations/%s-*.parquet)", split, split)
		}
		if splitQuestionsOnly(st) && as > 0 {
			return manifestError(d, "split %s is questions-only, but data/annotations/ holds %d of its shards", split, as)
		}
	}
	return nil
}

// splitQuestionsOnly reports whether a split's statistics (or its recorded
// generation config) say it has no annotations table.
func splitQuestionsOnly(st *SplitStats) bool {
	if st.QuestionsOnly {
		return true
	}
	v, _ := st.Config["questions_only"].(bool)
	return v
}

// checkManifestCounts recomputes the statistics from the shards and
// compares them with the manifest's, field by field.
func checkManifestCounts(d *Dataset) error {
	got, err := ComputeStats(d.Dir)
	if err != nil {
		return err
	}
	total, n := 0.0, 0
	for _, split := range d.Splits() {
		want, have := d.Manifest.Splits[split], got[split]
		total += have.Chance * float64(have.Questions)
		n += have.Questions
		for _, f := range []struct {
			name   string
			listed any
			real   any
		}{
			{"questions", want.Questions, have.Questions}, {"houses", want.Houses, have.Houses},
			{"width", want.Width, have.Width}, {"height", want.Height, have.Height},
			{"changed", want.Changed, have.Changed}, {"answers", want.Answers, have.Answers},
			{"letters", want.Letters, have.Letters},
			{"questions_only", splitQuestionsOnly(want), have.QuestionsOnly},
		} {
			if !reflect.DeepEqual(f.listed, f.real) {
				return manifestError(d, "split %s: %s is %v, but the shards give %v", split, f.name, f.listed, f.real)
			}
		}
		for _, c := range slices.Sorted(maps.Keys(have.Categories)) {
			w, h := want.Categories[c], have.Categories[c]
			if w == nil {
				return manifestError(d, "split %s: category %s (%d questions) is not listed", split, c, h.Questions)
			}
			if w.Questions != h.Questions || w.Changed != h.Changed || !reflect.DeepEqual(w.Answers, h.Answers) {
				return manifestError(d, "split %s: category %s lists %d questions, %d changed, answers %v; the shards give %d, %d, %v",
					split, c, w.Questions, w.Changed, w.Answers, h.Questions, h.Changed, h.Answers)
			}
		}
		for c := range want.Categories {
			if have.Categories[c] == nil {
				return manifestError(d, "split %s: category %s is listed but has no questions", split, c)
			}
		}
		if math.Abs(want.Chance-have.Chance) > 1e-9 {
			return manifestError(d, "split %s: chance is %v, but the shards give %v", split, want.Chance, have.Chance)
		}
		if err := checkSplitConfig(d, split, have); err != nil {
			return err
		}
	}
	if n > 0 && math.Abs(d.Manifest.Chance-total/float64(n)) > 1e-9 {
		return manifestError(d, "chance is %v, but the shards give %v", d.Manifest.Chance, total/float64(n))
	}
	return nil
}
