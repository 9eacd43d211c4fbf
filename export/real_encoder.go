package export

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// realAnnotationsEncoder encodes one real_annotations shard: one row
// group per image pair (its questions' rows as one record), the key-value
// metadata sorted, and the row count and first/last ids appended at the
// end as ShardWriter does. RealWriter writes with it and ValidateReal
// re-encodes a shard's decoded rows with it, so a shard is byte for byte
// a function of its rows, its row-group sizes and its metadata.
type realAnnotationsEncoder struct {
	path          string
	fw            *pqarrow.FileWriter
	mem           memory.Allocator
	groups        int
	rows          int
	firstID, last string
}

// realBulkColumns are the real_annotations pixel columns: no dictionary,
// no statistics (as bulkColumns).
var realBulkColumns = []string{"image_before_raw.bytes", "image_after_raw.bytes", "image_dots.bytes"}

// realAnnotationsProperties are the Parquet properties of the
// real_annotations table.
func realAnnotationsProperties() *parquet.WriterProperties {
	opts := []parquet.WriterProperty{
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(DefaultZstdLevel),
		parquet.WithStats(true),
		parquet.WithMaxRowGroupLength(1 << 40),
		parquet.WithDataPageSize(DataPageBytes),
		parquet.WithCreatedBy("flowbench export (arrow-go v18)"),
	}
	for _, p := range realBulkColumns {
		opts = append(opts, parquet.WithDictionaryFor(p, false), parquet.WithStatsFor(p, false))
	}
	return parquet.NewWriterProperties(opts...)
}

// newRealAnnotationsEncoder starts a real_annotations shard on out with
// meta (keys sorted) in its footer; path names it in errors.
func newRealAnnotationsEncoder(out io.Writer, path string, meta map[string]string) (*realAnnotationsEncoder, error) {
	mem := memory.NewGoAllocator()
	fw, err := pqarrow.NewFileWriter(RealAnnotationsSchema(), out, realAnnotationsProperties(),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		return nil, fmt.Errorf("export: shard %s: %w", path, err)
	}
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		if err := fw.AppendKeyValueMetadata(k, meta[k]); err != nil {
			fw.Close()
			return nil, fmt.Errorf("export: shard %s: %w", path, err)
		}
	}
	return &realAnnotationsEncoder{path: path, fw: fw, mem: mem}, nil
}

// addGroup writes rows (one pair's) as the next row group.
func (e *realAnnotationsEncoder) addGroup(rows []RealAnnotationRow) error {
	if len(rows) == 0 {
		return nil
	}
	return guardShard(e.path, "encoding rows", func() error {
		if e.groups > 0 {
			if err := e.fw.NewBufferedRowGroupChecked(); err != nil {
				return err
			}
		}
		rec := realAnnotationsRecord(e.mem, rows)
		defer rec.Release()
		if err := e.fw.WriteBuffered(rec); err != nil {
			return fmt.Errorf("export: writing shard %s: %w", e.path, err)
		}
		if e.rows == 0 {
			e.firstID = rows[0].ID
		}
		e.last = rows[len(rows)-1].ID
		e.rows += len(rows)
		e.groups++
		return nil
	})
}

// finish writes an empty row group into a shard without rows and appends
// the row count and first/last ids to the metadata; close writes the
// footer.
func (e *realAnnotationsEncoder) finish() error {
	if e.rows == 0 {
		rec := realAnnotationsRecord(e.mem, nil)
		err := e.fw.Write(rec)
		rec.Release()
		if err != nil {
			return fmt.Errorf("export: writing shard %s: %w", e.path, err)
		}
	}
	for _, kv := range [][2]string{{"flowbench.rows", fmt.Sprint(e.rows)}, {"flowbench.first_id", e.firstID}, {"flowbench.last_id", e.last}} {
		if err := e.fw.AppendKeyValueMetadata(kv[0], kv[1]); err != nil {
			return fmt.Errorf("export: shard %s: %w", e.path, err)
		}
	}
	return nil
}
