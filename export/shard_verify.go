package export

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// verifyChunks reads and decodes, in the calling goroutine, every page of
// the given leaf columns (all when nil) in the given row groups (all when
// nil). Decompressing a page checks its zstd frame checksum, and decoding
// checks the levels, encodings and value counts against the footer.
//
// The Arrow readers (pqarrow) decode column chunks in goroutines of their
// own, where a panic cannot be recovered; a shard whose chunks pass this
// check no longer makes them panic on malformed pages or footers, and a
// damaged shard gets an error naming it, row group and column instead.
func (s *shardFile) verifyChunks(rowGroups, leaves []int) error {
	if rowGroups == nil {
		rowGroups = allRowGroups(s)
	}
	f, err := os.Open(s.path)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer f.Close()
	return guardShard(s.path, "verifying the column chunks", func() error {
		size := s.pf.MetaData().GetSourceFileSize()
		for _, rg := range rowGroups {
			if rg < 0 || rg >= s.pf.NumRowGroups() {
				return fmt.Errorf("export: shard %s has no row group %d", s.path, rg)
			}
			r := s.pf.RowGroup(rg)
			cols := leaves
			if cols == nil {
				cols = make([]int, r.NumColumns())
				for i := range cols {
					cols[i] = i
				}
			}
			for _, c := range cols {
				if err := verifyChunk(f, r, c, size); err != nil {
					name := "?"
					if c >= 0 && c < s.pf.MetaData().Schema.NumColumns() {
						name = s.pf.MetaData().Schema.Column(c).Path()
					}
					return fmt.Errorf("export: shard %s row group %d column %s: %w", s.path, rg, name, err)
				}
			}
		}
		return nil
	})
}

// verifyChunk checks one column chunk's byte range against the file size
// and its page headers (checkPageHeaders, reading them from f), then
// decodes all of its values.
func verifyChunk(f io.ReaderAt, r *file.RowGroupReader, c int, fileSize int64) error {
	md, err := r.MetaData().ColumnChunk(c)
	if err != nil {
		return err
	}
	start, n := md.DataPageOffset(), md.TotalCompressedSize()
	if md.HasDictionaryPage() && md.DictionaryPageOffset() > 0 && md.DictionaryPageOffset() < start {
		start = md.DictionaryPageOffset()
	}
	if start < 0 || n < 0 || start > fileSize || n > fileSize-start {
		return fmt.Errorf("byte range [%d, %d+%d) lies outside the %d-byte file", start, start, n, fileSize)
	}
	if md.NumValues() < 0 {
		return fmt.Errorf("%d values", md.NumValues())
	}
	// A chunk of no values (an empty shard's row group) has no pages for
	// arrow-go to read.
	if md.NumValues() > 0 {
		if err := checkPageHeaders(f, start, n, md.Type(), md.Encodings()); err != nil {
			return err
		}
	}
	cr, err := r.Column(c)
	if err != nil {
		return err
	}
	var levels int64
	switch cr := cr.(type) {
	case *file.BooleanColumnChunkReader:
		levels, err = drainChunk(cr, make([]bool, verifyBatch))
	case *file.Int32ColumnChunkReader:
		levels, err = drainChunk(cr, make([]int32, verifyBatch))
	case *file.Int64ColumnChunkReader:
		levels, err = drainChunk(cr, make([]int64, verifyBatch))
	case *file.Int96ColumnChunkReader:
		levels, err = drainChunk(cr, make([]parquet.Int96, verifyBatch))
	case *file.Float32ColumnChunkReader:
		levels, err = drainChunk(cr, make([]float32, verifyBatch))
	case *file.Float64ColumnChunkReader:
		levels, err = drainChunk(cr, make([]float64, verifyBatch))
	case *file.ByteArrayColumnChunkReader:
		levels, err = drainChunk(cr, make([]parquet.ByteArray, verifyBatch))
	case *file.FixedLenByteArrayColumnChunkReader:
		levels, err = drainChunk(cr, make([]parquet.FixedLenByteArray, verifyBatch))
	default:
		return fmt.Errorf("unknown column reader %T", cr)
	}
	if err != nil {
		return err
	}
	if levels != md.NumValues() {
		return fmt.Errorf("decoded %d values, the footer says %d", levels, md.NumValues())
	}
	return nil
}

// verifyBatch is the number of values decoded per call when verifying.
const verifyBatch = 4096

// drainChunk decodes every value of a column chunk and returns the number
// of levels (values including nulls) read.
func drainChunk[T any](r interface {
	HasNext() bool
	ReadBatch(int64, []T, []int16, []int16) (int64, int, error)
	Err() error
}, vals []T) (int64, error) {
	def, rep := make([]int16, len(vals)), make([]int16, len(vals))
	var total int64
	for r.HasNext() {
		n, _, err := r.ReadBatch(int64(len(vals)), vals, def, rep)
		if err != nil {
			return total, err
		}
		if n == 0 {
			break
		}
		total += n
	}
	return total, r.Err()
}

// VerifyShard reads a shard completely: the footer and its Arrow schema,
// every page of every column chunk (decompressing a page checks its zstd
// frame checksum; arrow-go writes no Parquet page CRCs), and every row
// through the table's decoder; the row count must match the footer's
// flowbench.rows. A resumed run keeps only shards that pass.
func VerifyShard(path string) error {
	sf, err := openShard(path)
	if err != nil {
		return err
	}
	defer sf.Close()
	var decode func(rec arrow.RecordBatch) (int, error)
	switch table := sf.meta(TableKey); table {
	case QuestionsTable:
		decode = func(rec arrow.RecordBatch) (int, error) {
			r, err := decodeGuarded(path, rec, decodeQuestions)
			return len(r), err
		}
	case AnnotationsTable:
		decode = func(rec arrow.RecordBatch) (int, error) {
			r, err := decodeGuarded(path, rec, decodeAnnotations)
			return len(r), err
		}
	case RealAnnotationsTable:
		decode = func(rec arrow.RecordBatch) (int, error) {
			r, err := decodeGuarded(path, rec, decodeRealAnnotations)
			return len(r), err
		}
	default:
		return fmt.Errorf("export: shard %s: footer key %s is %q", path, TableKey, table)
	}
	rows := 0
	if err := sf.eachRecord(nil, func(rec arrow.RecordBatch) error {
		n, err := decode(rec)
		if err != nil {
			return fmt.Errorf("export: shard %s near row %d: %w", path, rows, err)
		}
		rows += n
		return nil
	}); err != nil {
		return err
	}
	if want := sf.meta("flowbench.rows"); want != strconv.Itoa(rows) || int64(rows) != sf.pf.NumRows() {
		return fmt.Errorf("export: shard %s: decoded %d rows; the footer says %d (flowbench.rows %q)", path, rows, sf.pf.NumRows(), want)
	}
	return nil
}
