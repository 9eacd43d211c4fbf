package export

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

var viewpointShardName = regexp.MustCompile(`^(viewpoint_questions|viewpoint_views)-(\d{5})-of-(\d{5})\.parquet$`)

// ViewpointShards lists a split's finished shards of table in index order,
// checking that they are numbered 0..N-1 of N.
func ViewpointShards(dir, split, table string) ([]string, error) {
	d := filepath.Join(dir, "data", split)
	entries, err := os.ReadDir(d)
	if err != nil {
		return nil, fmt.Errorf("export: %s has no split %q: %w", dir, split, err)
	}
	var out []string
	total := -1
	for _, e := range entries {
		m := viewpointShardName.FindStringSubmatch(e.Name())
		if m == nil || m[1] != table {
			continue
		}
		n, _ := strconv.Atoi(m[3])
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

// openViewpointShard opens a viewpoint shard after checking that its
// stored Arrow schema is byte-identical to the one flowbench writes for the
// table (see checkArrowSchema for why).
func openViewpointShard(path, table string) (*shardFile, error) {
	var pf *file.Reader
	if err := guardShard(path, "reading the footer", func() (err error) {
		pf, err = file.OpenParquetFile(path, false)
		return err
	}); err != nil {
		return nil, wrapShardErr(path, err)
	}
	want, err := expectedViewpointSchema(table)
	if err != nil {
		pf.Close()
		return nil, err
	}
	if v := pf.MetaData().KeyValueMetadata().FindValue(arrowSchemaKey); v == nil || *v != want {
		pf.Close()
		return nil, fmt.Errorf("export: shard %s: its %s is not flowbench's schema of the %s table (rewritten by another tool, or corrupt)", path, arrowSchemaKey, table)
	}
	batch := int64(64)
	if table == ViewpointViewsTable {
		batch = 1
	}
	var fr *pqarrow.FileReader
	if err := guardShard(path, "reading the Arrow schema", func() (err error) {
		fr, err = pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: batch}, memory.NewGoAllocator())
		return err
	}); err != nil {
		pf.Close()
		return nil, wrapShardErr(path, err)
	}
	return &shardFile{path: path, pf: pf, fr: fr}, nil
}

// eachViewpointRow decodes every row of a split's table in order.
func eachViewpointRow[R any](dir, split, table string, decode func(arrow.RecordBatch) ([]R, error), fn func(path string, r *R) error) error {
	paths, err := ViewpointShards(dir, split, table)
	if err != nil {
		return err
	}
	for _, p := range paths {
		sf, err := openViewpointShard(p, table)
		if err != nil {
			return err
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
			}
			return nil
		})
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
	err := eachViewpointRow(dir, split, ViewpointQuestionsTable, decodeViewpointQuestions, func(_ string, r *ViewpointQuestionRow) error {
		out = append(out, *r)
		return nil
	})
	return out, err
}

// EachViewpointView calls fn with each target view of a split, in order.
func EachViewpointView(dir, split string, fn func(*ViewpointViewRow) error) error {
	return eachViewpointRow(dir, split, ViewpointViewsTable, decodeViewpointViews, func(_ string, r *ViewpointViewRow) error { return fn(r) })
}
