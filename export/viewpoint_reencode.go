package export

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// viewpointReencoder is shardReencoder for the viewpoint tables: it
// writes a viewpoint shard's decoded rows the way ViewpointWriter does
// (one record, and one row group, per scene; the file's row-group sizes
// say where the scenes end) and compares the bytes with the file's, so
// that ValidateViewpoint refuses the same footer, schema, statistics and
// page-header damage as Validate.
type viewpointReencoder[R any] struct {
	path   string
	fw     *pqarrow.FileWriter
	cmp    *byteComparer
	mem    memory.Allocator
	record func(memory.Allocator, []R) arrow.RecordBatch
	groups []int64
	group  int
	buf    []R
	err    error
}

// newViewpointReencoder starts re-encoding the opened viewpoint shard sf
// of schema, whose rows record turns into a record batch.
func newViewpointReencoder[R any](sf *shardFile, schema *arrow.Schema, record func(memory.Allocator, []R) arrow.RecordBatch) (*viewpointReencoder[R], error) {
	cmp, err := newByteComparer(sf.path)
	if err != nil {
		return nil, err
	}
	mem := memory.NewGoAllocator()
	fw, err := pqarrow.NewFileWriter(schema, cmp, viewpointProperties(),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		cmp.closeFile()
		return nil, fmt.Errorf("export: shard %s: %w", sf.path, err)
	}
	md := sf.pf.MetaData()
	groups := make([]int64, md.NumRowGroups())
	for i := range groups {
		groups[i] = md.RowGroup(i).NumRows()
	}
	return &viewpointReencoder[R]{path: sf.path, fw: fw, cmp: cmp, mem: mem, record: record, groups: groups}, nil
}

// add takes the next decoded row; a scene's rows are written together
// once its row group is complete.
func (r *viewpointReencoder[R]) add(row *R) {
	r.buf = append(r.buf, *row)
	if r.group < len(r.groups) && int64(len(r.buf)) >= r.groups[r.group] {
		r.flush()
	}
}

// flush writes the buffered rows as the next row group.
func (r *viewpointReencoder[R]) flush() {
	if r.err != nil {
		r.buf = nil
		return
	}
	r.err = guardShard(r.path, "re-encoding its rows", func() error {
		if r.group > 0 {
			if err := r.fw.NewBufferedRowGroupChecked(); err != nil {
				return err
			}
		}
		rec := r.record(r.mem, r.buf)
		defer rec.Release()
		return r.fw.WriteBuffered(rec)
	})
	r.buf = nil
	r.group++
}

// finish writes the footer and returns why the file differs from the
// re-encoding of its rows, or "".
func (r *viewpointReencoder[R]) finish(sf *shardFile) string {
	defer r.cmp.closeFile()
	if len(r.buf) > 0 {
		r.flush()
	}
	return reencodingVerdict(sf, r.path, r.fw, r.err, r.cmp)
}

// abandon stops a re-encoding whose shard failed another check.
func (r *viewpointReencoder[R]) abandon() {
	closeWriter(r.path, r.fw)
	r.cmp.closeFile()
}
