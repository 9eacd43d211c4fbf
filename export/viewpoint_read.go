package export

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/apache/arrow-go/v18/arrow"
)

// ViewpointShards lists a split's finished shards of table in index order,
// checking that they are numbered 0..N-1 of N.
func ViewpointShards(dir, split, table string) ([]string, error) {
	if err := CheckLayout(dir); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	d := TableDir(dir, table)
	entries, err := os.ReadDir(d)
	if err != nil {
		return nil, fmt.Errorf("export: %s has no %s shards: %w", dir, table, err)
	}
	var out []string
	total := -1
	for _, e := range entries {
		s, _, n, ok := parseFinalShard(e.Name())
		if !ok || s != split {
			continue
		}
		if total >= 0 && n != total {
			return nil, fmt.Errorf("export: split %s mixes %s shards of %d and %d files", split, table, total, n)
		}
		total = n
		out = append(out, filepath.Join(d, e.Name()))
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil, fmt.Errorf("export: split %s of %s has no %s shards", split, dir, table)
	}
	if len(out) != total {
		return nil, fmt.Errorf("export: split %s has %d of its %d %s shards", split, len(out), total, table)
	}
	return out, nil
}

// eachViewpointRow decodes every row of a split's table in order. With
// a non-nil check (validation), each shard's rows are also re-encoded
// (viewpointReencoder) and a shard that is not byte for byte what
// flowbench's writer makes of them is a ValidationError.
func eachViewpointRow[R any](dir, split, table string, decode func(arrow.RecordBatch) ([]R, error),
	check func(*shardFile) (*viewpointReencoder[R], error), fn func(path string, r *R) error) error {
	paths, err := ViewpointShards(dir, split, table)
	if err != nil {
		return err
	}
	for _, p := range paths {
		sf, err := openShard(p)
		if err != nil {
			return err
		}
		var re *viewpointReencoder[R]
		if check != nil {
			if re, err = check(sf); err != nil {
				sf.Close()
				return &ValidationError{Shard: p, Row: -1, Reason: err.Error()}
			}
		}
		err = sf.eachRecord(nil, func(rec arrow.RecordBatch) error {
			rows, err := decodeGuarded(p, rec, decode)
			if err != nil {
				return err
			}
			for i := range rows {
				if err := fn(p, &rows[i]); err != nil {
					return err
				}
				if re != nil {
					re.add(&rows[i])
				}
			}
			return nil
		})
		if re != nil {
			if err == nil {
				if reason := re.finish(sf); reason != "" {
					err = &ValidationError{Shard: p, Row: -1, Reason: reason}
				}
			} else {
				re.abandon()
			}
		}
		sf.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// ViewpointQuestions reads a split's viewpoint questions in order.
func ViewpointQuestions(dir, split string) ([]ViewpointQuestionRow, error) {
	var out []ViewpointQuestionRow
	err := eachViewpointRow(dir, split, ViewpointQuestionsTable, decodeViewpointQuestions, nil, func(_ string, r *ViewpointQuestionRow) error {
		out = append(out, *r)
		return nil
	})
	return out, err
}

// EachViewpointView calls fn with each target view of a split, in order.
func EachViewpointView(dir, split string, fn func(*ViewpointViewRow) error) error {
	return eachViewpointRow(dir, split, ViewpointViewsTable, decodeViewpointViews, nil, func(_ string, r *ViewpointViewRow) error { return fn(r) })
}
