package export

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// shardEncoder encodes the rows of one shard into Parquet on an io.Writer:
// the part of ShardWriter that makes the bytes, shared with Validate, which
// re-encodes a shard's decoded rows and compares the result with the file
// (shard_reencode.go). The bytes are a function of the rows, the options
// and the row-group cut points alone.
type shardEncoder struct {
	path     string // the shard's final path, named in errors
	table    string
	w, h     int
	tensors  TensorType
	fw       *pqarrow.FileWriter
	maxBytes int64
	// groups, when set, gives the rows of each row group in turn and
	// replaces the byte bound (re-encoding a shard with its own cut points).
	groups []int64
	mem    memory.Allocator
	// pages writes the dense columns of an annotations shard (nil for
	// questions).
	pages *tensorPages

	buffered  int64 // estimated uncompressed bytes in the open row group
	groupRows int   // rows in the open row group
	group     int   // index of the open row group
	rows      int
	firstID   string
	lastID    string
}

// refusedRow is the error for a row the encoder did not take (wrong table,
// arrays of the wrong size); the Parquet writer is left as it was.
type refusedRow struct{ err error }

func (e *refusedRow) Error() string { return e.err.Error() }
func (e *refusedRow) Unwrap() error { return e.err }

// isRefusedRow reports whether err refused a row without touching the writer.
func isRefusedRow(err error) bool {
	var r *refusedRow
	return errors.As(err, &r)
}

// checkShardOptions checks the table and, for annotations, the image size
// and tensor type of a shard about to be written at path.
func checkShardOptions(path, table string, opt ShardOptions) error {
	switch table {
	case QuestionsTable:
	case AnnotationsTable:
		if opt.W <= 0 || opt.H <= 0 {
			return fmt.Errorf("export: shard %s: annotation image size %dx%d must be positive", path, opt.W, opt.H)
		}
		if !opt.TensorType.valid() {
			return fmt.Errorf("export: shard %s: unknown tensor type %d", path, opt.TensorType)
		}
	default:
		return fmt.Errorf("export: shard %s: unknown table %q (want %q or %q)", path, table, QuestionsTable, AnnotationsTable)
	}
	return nil
}

// newShardEncoder starts encoding a shard of table onto out, with opt's
// metadata keys (sorted) in the footer; path names the shard in errors.
func newShardEncoder(out io.Writer, path, table string, opt ShardOptions) (*shardEncoder, error) {
	if err := checkShardOptions(path, table, opt); err != nil {
		return nil, err
	}
	schema := QuestionsSchema()
	if table == AnnotationsTable {
		schema = AnnotationsSchemaFor(opt.W, opt.H, opt.TensorType)
	}
	if opt.MaxRowGroupBytes <= 0 {
		opt.MaxRowGroupBytes = DefaultMaxRowGroupBytes
	}
	if opt.ZstdLevel == 0 {
		opt.ZstdLevel = DefaultZstdLevel
	}
	mem := memory.NewGoAllocator()
	props := writerProperties(table, opt.ZstdLevel)
	var pages *tensorPages
	if table == AnnotationsTable {
		var err error
		if pages, err = newTensorPages(mem, opt.W, opt.H, opt.TensorType, props, opt.ZstdLevel, cmp.Or(opt.tensorPageBytes, DataPageBytes)); err != nil {
			return nil, fmt.Errorf("export: shard %s: %w", path, err)
		}
	}
	fw, err := pqarrow.NewFileWriter(schema, out, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		return nil, fmt.Errorf("export: shard %s: %w", path, err)
	}
	e := &shardEncoder{path: path, table: table, w: opt.W, h: opt.H, tensors: opt.TensorType, fw: fw,
		maxBytes: opt.MaxRowGroupBytes, mem: mem, pages: pages}
	for _, k := range slices.Sorted(maps.Keys(opt.Metadata)) {
		if err := fw.AppendKeyValueMetadata(k, opt.Metadata[k]); err != nil {
			fw.Close()
			return nil, fmt.Errorf("export: shard %s: %w", path, err)
		}
	}
	return e, nil
}

// encodeQuestion appends a row to a questions shard.
func (e *shardEncoder) encodeQuestion(r *QuestionRow) error {
	if e.table != QuestionsTable {
		return &refusedRow{fmt.Errorf("export: shard %s holds %s, not questions", e.path, e.table)}
	}
	return e.write(questionBytes(r), r.ID, func() error {
		rec := questionsRecord(e.mem, []QuestionRow{*r})
		defer rec.Release()
		return e.fw.WriteBuffered(rec)
	})
}

// encodeAnnotation appends a row to an annotations shard; its dense arrays
// must match the shard's image size.
func (e *shardEncoder) encodeAnnotation(r *AnnotationRow) error {
	if e.table != AnnotationsTable {
		return &refusedRow{fmt.Errorf("export: shard %s holds %s, not annotations", e.path, e.table)}
	}
	if err := checkAnnotation(r, e.w, e.h); err != nil {
		return &refusedRow{fmt.Errorf("export: shard %s: %w", e.path, err)}
	}
	return e.write(annotationBytes(r), r.ID, func() error {
		lite := annotationsLiteRecord(e.mem, []AnnotationRow{*r}, e.w, e.h, e.tensors)
		defer lite.Release()
		return e.pages.writeRow(e.fw, lite, r)
	})
}

// startsGroup reports whether a row of n estimated bytes starts a new row
// group: the open one is full by its count (groups) or by the byte bound.
func (e *shardEncoder) startsGroup(n int64) bool {
	if e.groupRows == 0 {
		return false
	}
	if e.groups != nil {
		return e.group < len(e.groups) && int64(e.groupRows) >= e.groups[e.group]
	}
	return e.buffered+n > e.maxBytes
}

// write encodes one row (n estimated bytes) with put into the open row
// group, starting a new group first when startsGroup says so (and the
// first one before the first row).
func (e *shardEncoder) write(n int64, id string, put func() error) error {
	if e.rows == 0 || e.startsGroup(n) {
		if e.pages != nil {
			if err := e.pages.endGroup(); err != nil {
				return fmt.Errorf("export: writing shard %s: %w", e.path, err)
			}
		}
		if err := e.fw.NewBufferedRowGroupChecked(); err != nil {
			return fmt.Errorf("export: writing shard %s: %w", e.path, err)
		}
		if e.rows > 0 {
			e.buffered, e.groupRows = 0, 0
			e.group++
		}
	}
	if err := put(); err != nil {
		return fmt.Errorf("export: writing shard %s: %w", e.path, err)
	}
	if e.rows == 0 {
		e.firstID = id
	}
	e.lastID = id
	e.rows++
	e.groupRows++
	e.buffered += n
	return nil
}

// finishMetadata writes an empty row group into a shard without rows (so
// that it still has the schema and a valid layout) and appends the row
// count and first/last ids to the key-value metadata; the footer is written
// by fw.Close.
func (e *shardEncoder) finishMetadata() error {
	if e.pages != nil {
		if err := e.pages.endGroup(); err != nil {
			return fmt.Errorf("export: writing shard %s: %w", e.path, err)
		}
	}
	if e.rows == 0 {
		var rec arrow.RecordBatch
		if e.table == QuestionsTable {
			rec = questionsRecord(e.mem, nil)
		} else {
			rec = annotationsRecord(e.mem, nil, e.w, e.h, e.tensors)
		}
		err := e.fw.Write(rec)
		rec.Release()
		if err != nil {
			return fmt.Errorf("export: writing shard %s: %w", e.path, err)
		}
	}
	for _, kv := range [][2]string{{"flowbench.rows", fmt.Sprint(e.rows)}, {"flowbench.first_id", e.firstID}, {"flowbench.last_id", e.lastID}} {
		if err := e.fw.AppendKeyValueMetadata(kv[0], kv[1]); err != nil {
			return fmt.Errorf("export: shard %s: %w", e.path, err)
		}
	}
	return nil
}
