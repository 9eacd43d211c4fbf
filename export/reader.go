package export

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"flowbench/storage/localfile"
)

// Dataset is an opened dataset directory.
type Dataset struct {
	Dir string
	// Manifest is DIR/manifest.json, or nil when the directory has none.
	Manifest *Manifest
	// shards[split][table] lists shard paths in index order.
	shards map[string]map[string][]string
}

// Open scans DIR/data/<table>/ for the finished shards of every split
// (<split>-<index>-of-<count>.parquet) and reads the manifest. A
// FlowBench-Real dataset (family "real") opens too: its questions table is
// the motion family's, and it has no annotations table (its own,
// real_annotations, is read by RealAnnotations), so Annotations fails
// for it, naming the missing table. Shard files
// themselves are opened lazily, by the iterators. A dataset in the old
// layout (schema version 2 and before) is an *OldLayoutError.
func Open(dir string) (*Dataset, error) {
	if fam, err := DatasetFamily(dir); err == nil && fam != "" && fam != FamilyReal {
		return nil, fmt.Errorf("export: %s holds a %s-family dataset, which this reader does not read (see docs/viewpoint.md: validate and score --family viewpoint read it)", dir, fam)
	}
	if err := CheckLayout(dir); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	data := filepath.Join(dir, DataDir)
	if _, err := os.ReadDir(data); err != nil {
		return nil, fmt.Errorf("export: %s is not a dataset: %w", dir, err)
	}
	shards, err := scanTableShards(dir, MotionTables)
	if err != nil {
		return nil, err
	}
	ds := &Dataset{Dir: dir, shards: shards}
	if len(ds.shards) == 0 {
		return nil, fmt.Errorf("export: %s has no finished shards under data/questions/ or data/annotations/", dir)
	}
	m, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	ds.Manifest = m
	return ds, nil
}

// scanTableShards lists the finished shards of tables under dir/data,
// by split and table, in index order, checking that every split's table
// holds all the shards its names count.
func scanTableShards(dir string, tables []string) (map[string]map[string][]string, error) {
	out := map[string]map[string][]string{}
	for _, table := range tables {
		files, err := os.ReadDir(TableDir(dir, table))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("export: %w", err)
		}
		counts := map[string]int{}
		for _, f := range files {
			split, _, total, ok := parseFinalShard(f.Name())
			if !ok || f.IsDir() {
				continue
			}
			if c, ok := counts[split]; ok && c != total {
				return nil, fmt.Errorf("export: split %s mixes %s shards of %d and %d files (an interrupted overwrite?)", split, table, c, total)
			}
			counts[split] = total
			if out[split] == nil {
				out[split] = map[string][]string{}
			}
			out[split][table] = append(out[split][table], filepath.Join(TableDir(dir, table), f.Name()))
		}
		for split, total := range counts {
			paths := out[split][table]
			sort.Strings(paths)
			if len(paths) != total {
				return nil, fmt.Errorf("export: split %s has %d of %d %s shards in %s", split, len(paths), total, table, TableDir(dir, table))
			}
		}
	}
	return out, nil
}

// Splits returns the dataset's split names, sorted.
func (d *Dataset) Splits() []string { return slices.Sorted(maps.Keys(d.shards)) }

// Shards returns the shard paths of a split's table in index order.
func (d *Dataset) Shards(split, table string) []string {
	return append([]string(nil), d.shards[split][table]...)
}

// shardFile is an opened shard.
type shardFile struct {
	path string
	pf   *file.Reader
	fr   *pqarrow.FileReader
	// tensors is the tensor type of an annotations shard's dense columns.
	tensors TensorType
	// w and h are the image size its tensor columns declare (0 without).
	w, h int
}

// MaxShardBytes bounds a shard file that flowbench reads or copies; the
// writer cuts row groups at 64 MiB and shards at a few hundred rows, so
// generated shards stay far below it.
const MaxShardBytes = 64 << 30

// openShard opens a Parquet shard, naming the file in every error.
func openShard(path string) (*shardFile, error) {
	st, err := localfile.Check(path, MaxShardBytes, "a Parquet shard")
	if err != nil {
		return nil, fmt.Errorf("export: %w", err) // names the shard
	}
	var pf *file.Reader
	if err := guardShard(path, "reading the footer", func() (err error) {
		pf, err = file.OpenParquetFile(path, false)
		return err
	}); err != nil {
		if _, ok := err.(*CorruptShardError); ok {
			return nil, err
		}
		return nil, fmt.Errorf("export: shard %s (%d bytes) is not a readable Parquet file (truncated or corrupt?): %w", path, st.Size(), err)
	}
	tensors, w, h, err := checkArrowSchema(path, pf.MetaData().KeyValueMetadata())
	if err != nil {
		pf.Close()
		return nil, err
	}
	// Annotation rows are megabytes each: read them a few at a time.
	batch := int64(64)
	table := ""
	if v := pf.MetaData().KeyValueMetadata().FindValue(TableKey); v != nil {
		table = *v
	}
	switch table {
	case AnnotationsTable, RealAnnotationsTable:
		batch = 2
	case ViewpointViewsTable:
		batch = 1
	}
	var fr *pqarrow.FileReader
	if err := guardShard(path, "reading the Arrow schema", func() (err error) {
		fr, err = pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: batch}, memory.NewGoAllocator())
		return err
	}); err != nil {
		pf.Close()
		if _, ok := err.(*CorruptShardError); ok {
			return nil, err
		}
		return nil, fmt.Errorf("export: shard %s: %w", path, err)
	}
	return &shardFile{path: path, pf: pf, fr: fr, tensors: tensors, w: w, h: h}, nil
}

func (s *shardFile) Close() error { return s.pf.Close() }

// table returns the flowbench.table key-value metadata.
func (s *shardFile) meta(key string) string {
	if v := s.pf.MetaData().KeyValueMetadata().FindValue(key); v != nil {
		return *v
	}
	return ""
}

// eachRecord calls fn with each record of the given row groups (all when nil).
// The row groups' column chunks are verified first (verifyChunks); a panic
// inside arrow-go becomes a *CorruptShardError; fn itself runs unguarded.
func (s *shardFile) eachRecord(rowGroups []int, fn func(arrow.RecordBatch) error) error {
	return s.eachRecordOf(rowGroups, nil, fn)
}

// eachRecordOf is eachRecord reading only the given leaf columns (all when
// nil; see leafColumns).
func (s *shardFile) eachRecordOf(rowGroups, leaves []int, fn func(arrow.RecordBatch) error) error {
	if err := s.verifyChunks(rowGroups, leaves); err != nil {
		return err
	}
	var rr pqarrow.RecordReader
	if err := guardShard(s.path, "opening the row groups", func() (err error) {
		rr, err = s.fr.GetRecordReader(context.Background(), leaves, rowGroups)
		return err
	}); err != nil {
		return wrapShardErr(s.path, err)
	}
	defer guardShard(s.path, "releasing the reader", func() error { rr.Release(); return nil })
	for {
		var rec arrow.RecordBatch
		if err := guardShard(s.path, "decoding a page", func() error {
			if rr.Next() {
				rec = rr.RecordBatch()
			}
			return rr.Err()
		}); err != nil {
			return wrapShardErr(s.path, err)
		}
		if rec == nil {
			return nil
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
}

// wrapShardErr names the shard in an error from arrow-go.
func wrapShardErr(path string, err error) error {
	if _, ok := err.(*CorruptShardError); ok {
		return err
	}
	return fmt.Errorf("export: shard %s: %w", path, err)
}

// decodeGuarded decodes a record, turning a panic (a record whose arrays
// are inconsistent) into an error naming the shard.
func decodeGuarded[R any](path string, rec arrow.RecordBatch, decode func(arrow.RecordBatch) ([]R, error)) (rows []R, err error) {
	err = guardShard(path, "decoding rows", func() (err error) {
		rows, err = decode(rec)
		return err
	})
	return rows, err
}

// rowsOf iterates the rows of a split's table, decoding records with decode.
func rowsOf[R any](d *Dataset, split, table string, decode func(arrow.RecordBatch) ([]R, error)) iter.Seq2[R, error] {
	return rowsOfColumns(d, split, table, nil, decode)
}

// rowsOfColumns is rowsOf reading only the named top-level columns (all
// when names is nil).
func rowsOfColumns[R any](d *Dataset, split, table string, names []string, decode func(arrow.RecordBatch) ([]R, error)) iter.Seq2[R, error] {
	return func(yield func(R, error) bool) {
		var zero R
		paths := d.shards[split][table]
		if len(paths) == 0 {
			yield(zero, fmt.Errorf("export: %s has no %s shards for split %q", d.Dir, table, split))
			return
		}
		for _, p := range paths {
			sf, err := openShard(p)
			if err != nil {
				yield(zero, err)
				return
			}
			var leaves []int
			if names != nil {
				if leaves, err = sf.leafColumns(names...); err != nil {
					sf.Close()
					yield(zero, err)
					return
				}
			}
			stop := false
			row := 0
			err = sf.eachRecordOf(nil, leaves, func(rec arrow.RecordBatch) error {
				rows, err := decodeGuarded(p, rec, decode)
				if err != nil {
					return fmt.Errorf("export: shard %s near row %d: %w", p, row, err)
				}
				for _, r := range rows {
					row++
					if !yield(r, nil) {
						stop = true
						return errStop
					}
				}
				return nil
			})
			sf.Close()
			if stop {
				return
			}
			if err != nil {
				yield(zero, err)
				return
			}
		}
	}
}

var errStop = errors.New("stop")

// Questions iterates the questions of a split in shard and row order. An
// error ends the iteration and names the shard.
func (d *Dataset) Questions(split string) iter.Seq2[QuestionRow, error] {
	return rowsOf(d, split, QuestionsTable, decodeQuestions)
}

// Annotations iterates the annotations of a split in shard and row order,
// which is the order of Questions.
func (d *Dataset) Annotations(split string) iter.Seq2[AnnotationRow, error] {
	return rowsOf(d, split, AnnotationsTable, decodeAnnotations)
}

// Question returns the question with the given id, searching every split.
func (d *Dataset) Question(id string) (QuestionRow, error) {
	return lookup(d, QuestionsTable, id, decodeQuestions)
}

// Annotation returns the annotations of the question with the given id.
func (d *Dataset) Annotation(id string) (AnnotationRow, error) {
	return lookup(d, AnnotationsTable, id, decodeAnnotations)
}

// lookup finds a row by id: it reads only the id column of each shard, then
// the one row group that holds the row.
func lookup[R any](d *Dataset, table, id string, decode func(arrow.RecordBatch) ([]R, error)) (R, error) {
	var zero R
	for _, split := range d.Splits() {
		for _, p := range d.shards[split][table] {
			sf, err := openShard(p)
			if err != nil {
				return zero, err
			}
			rg, row, err := sf.findID(id)
			if err == nil && rg >= 0 {
				var out R
				found := false
				k := 0
				err = sf.eachRecord([]int{rg}, func(rec arrow.RecordBatch) error {
					n := int(rec.NumRows())
					if row >= k && row < k+n {
						slice := rec.NewSlice(int64(row-k), int64(row-k+1))
						defer slice.Release()
						rows, err := decodeGuarded(p, slice, decode)
						if err != nil {
							return fmt.Errorf("export: shard %s: %w", p, err)
						}
						out, found = rows[0], true
						return errStop
					}
					k += n
					return nil
				})
				sf.Close()
				if found {
					return out, nil
				}
				if err != nil && err != errStop {
					return zero, err
				}
				continue
			}
			sf.Close()
			if err != nil {
				return zero, err
			}
		}
	}
	return zero, fmt.Errorf("export: no %s row with id %q in %s", table, id, d.Dir)
}

// findID returns the row group and the row within it holding id, or -1.
func (s *shardFile) findID(id string) (int, int, error) {
	idx, err := s.leafColumns("id")
	if err != nil {
		return -1, 0, err
	}
	for rg := 0; rg < s.pf.NumRowGroups(); rg++ {
		found := -1
		if err := s.verifyChunks([]int{rg}, idx); err != nil {
			return -1, 0, err
		}
		err := guardShard(s.path, "reading the id column", func() error {
			tbl, err := s.fr.ReadRowGroups(context.Background(), idx, []int{rg})
			if err != nil {
				return fmt.Errorf("export: shard %s row group %d: %w", s.path, rg, err)
			}
			defer tbl.Release()
			row := 0
			for _, chunk := range tbl.Column(0).Data().Chunks() {
				ids, ok := chunk.(interface{ Value(int) string })
				if !ok {
					return fmt.Errorf("export: shard %s: id column has type %s", s.path, chunk.DataType())
				}
				for i := 0; i < chunk.Len(); i++ {
					if found < 0 && ids.Value(i) == id {
						found = row
					}
					row++
				}
			}
			return nil
		})
		if err != nil {
			return -1, 0, err
		}
		if found >= 0 {
			return rg, found, nil
		}
	}
	return -1, 0, nil
}

// leafColumns returns the Parquet leaf column indices under the named
// top-level fields, which is what pqarrow's column selection takes.
func (s *shardFile) leafColumns(names ...string) ([]int, error) {
	var out []int
	var walk func(f *pqarrow.SchemaField)
	walk = func(f *pqarrow.SchemaField) {
		if f.IsLeaf() {
			out = append(out, f.ColIndex)
		}
		for i := range f.Children {
			walk(&f.Children[i])
		}
	}
	for _, name := range names {
		found := false
		for i := range s.fr.Manifest.Fields {
			if f := &s.fr.Manifest.Fields[i]; f.Field.Name == name {
				walk(f)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("export: shard %s has no column %q", s.path, name)
		}
	}
	return out, nil
}
