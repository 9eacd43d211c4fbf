package export

import (
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// tensorPages writes the dense columns of an annotations shard (depth,
// instance ids, flow, masks) as data pages of their own, bypassing
// pqarrow's generic list path, which builds and RLE-encodes two levels per
// pixel, grows its value buffers value by value and clears them on
// release. A page holds DataPageBytes of values: whole rows when a row
// fits (a 512×512 depth map is 1 MiB: two rows a page), else a row spans
// pages as in arrow-go's. Its levels are the fixed pattern of a
// fixed-size list (tensor_levels.go), its values are encoded straight from
// the row (tensor_values.go), and the page is compressed as arrow-go
// compresses a page (zstd, with the frame's checksum) and handed to
// arrow-go's column writer of the open row group, which writes its header
// and the column chunk's metadata as for any page.
//
// The other columns still go through pqarrow, one row at a time, as
// before; the decoded values of every column are those of the generic
// path (TestTensorPagesMatchGeneric). The bytes are a function of the rows
// and the row-group cut points, so Validate's re-encoding, which uses the
// same writer, stays byte-exact.
type tensorPages struct {
	fields  []arrow.Field     // the annotations schema's fields, in order
	cols    []*tensorColumn   // the dense columns, in schema order
	denseAt []int             // per field: its index in cols, or -1
	empty   []arrow.Array     // per dense field: an array with no rows
	reset   arrow.RecordBatch // the annotations schema, no rows
	codec   compress.Codec
	level   int
	open    bool // the open row group's column writers are fetched
	scratch []byte
}

// tensorColumn builds the pages of one dense column.
type tensorColumn struct {
	name     string
	leaf     int // leaf column index in the Parquet schema
	per      int // values per row
	float    bool
	encoding parquet.Encoding
	pageVals int    // values per full page
	head     int    // bytes before the values, reserved for the levels
	buf      []byte // levels room, then the values of a page
	vals     int    // values in the open page
	first    int    // index within its row of the open page's first value
	firstRow int    // row of the open row group holding that value
	pos      int    // index within its row of the next value
	comp     []byte

	cw        file.ColumnChunkWriter // in the open row group
	written   *int                   // cw's count of rows written
	groupRows int                    // rows of the open row group
}

// newTensorPages prepares the dense columns of the annotations schema of
// w×h tensors of type t, written with properties props and zstd level
// level in pages of pageBytes of values (at least one value); mem
// allocates the record that resets pqarrow's column cursor.
func newTensorPages(mem memory.Allocator, w, h int, t TensorType, props *parquet.WriterProperties, level, pageBytes int) (*tensorPages, error) {
	s := AnnotationsSchemaFor(w, h, t)
	pq, err := pqarrow.ToParquet(s, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return nil, err
	}
	// arrow-go's codec, as its column writer would use: its zstd frames
	// carry a checksum of the page, which VerifyShard relies on (arrow-go
	// writes no Parquet page CRC).
	codec, err := compress.GetCodec(props.CompressionFor(denseColumns[0] + ".list.element"))
	if err != nil {
		return nil, err
	}
	p := &tensorPages{fields: s.Fields(), codec: codec, level: level, reset: annotationsRecord(mem, nil, w, h, t)}
	for _, f := range s.Fields() {
		fsl, ok := f.Type.(*arrow.FixedSizeListType)
		if !ok || !isDenseColumn(f.Name) {
			p.denseAt = append(p.denseAt, -1)
			p.empty = append(p.empty, nil)
			continue
		}
		path := f.Name + ".list.element"
		leaf := pq.ColumnIndexByName(path)
		if leaf < 0 {
			return nil, fmt.Errorf("the Parquet schema has no column %s", path)
		}
		if col := pq.Column(leaf); col.MaxRepetitionLevel() != tensorMaxRep || col.MaxDefinitionLevel() != tensorMaxDef {
			return nil, fmt.Errorf("column %s has maximum levels %d/%d, tensor pages write %d/%d", path,
				col.MaxRepetitionLevel(), col.MaxDefinitionLevel(), tensorMaxRep, tensorMaxDef)
		}
		c := &tensorColumn{name: f.Name, leaf: leaf, per: int(fsl.Len()), encoding: props.EncodingFor(path)}
		switch fsl.Elem().ID() {
		case arrow.FLOAT32:
			c.float = true
			if c.encoding != parquet.Encodings.ByteStreamSplit {
				return nil, fmt.Errorf("column %s: tensor pages write float tensors BYTE_STREAM_SPLIT, not %s", path, c.encoding)
			}
		case arrow.UINT16, arrow.UINT8:
			if c.encoding != parquet.Encodings.Plain {
				return nil, fmt.Errorf("column %s: tensor pages write integer tensors PLAIN, not %s", path, c.encoding)
			}
		default:
			return nil, fmt.Errorf("column %s: no tensor pages for %s", path, fsl.Elem())
		}
		// Whole rows when a row fits in a page; a larger row spans pages
		// (as in arrow-go's pages), so that a page buffer stays within
		// pageBytes at any image size.
		c.pageVals = max(1, pageBytes/4)
		if c.per <= c.pageVals {
			c.pageVals = c.pageVals / c.per * c.per
		}
		c.head = tensorLevelBytes(c.pageVals/c.per + 2)
		c.buf = make([]byte, c.head+4*c.pageVals)
		p.denseAt = append(p.denseAt, len(p.cols))
		p.empty = append(p.empty, emptyArray(f.Type))
		p.cols = append(p.cols, c)
	}
	return p, nil
}

// isDenseColumn reports whether name is one of denseColumns.
func isDenseColumn(name string) bool { return slices.Contains(denseColumns, name) }

// emptyArray returns an array of type t without rows.
func emptyArray(t arrow.DataType) arrow.Array {
	b := array.NewBuilder(memory.DefaultAllocator, t)
	defer b.Release()
	return b.NewArray()
}

// writeRow writes annotation row r (its other columns in lite, a
// one-row record of the annotations schema less the dense columns) into
// the open row group of fw, which must exist.
func (p *tensorPages) writeRow(fw *pqarrow.FileWriter, lite arrow.RecordBatch, r *AnnotationRow) error {
	if !p.open {
		if err := p.startGroup(fw); err != nil {
			return err
		}
	}
	k := 0
	for i := range p.fields {
		a := p.empty[i] // a dense column takes no rows here: it only moves pqarrow on to the next column
		if p.denseAt[i] < 0 {
			a = lite.Column(k)
			k++
		}
		if err := fw.WriteColumnData(a); err != nil {
			return err
		}
	}
	for _, c := range p.cols {
		if err := p.add(c, r); err != nil {
			return err
		}
	}
	// Back to the first column for the next row (a record without rows
	// writes nothing); it checks that every column holds the same rows.
	return fw.WriteBuffered(p.reset)
}

// add appends row r's values of column c to its pages.
func (p *tensorPages) add(c *tensorColumn, r *AnnotationRow) error {
	var err error
	switch c.name {
	case "depth_before":
		err = p.addFloats(c, r.DepthBefore)
	case "depth_after":
		err = p.addFloats(c, r.DepthAfter)
	case "flow_forward":
		err = p.addFloats(c, r.FlowForward)
	case "flow_backward":
		err = p.addFloats(c, r.FlowBackward)
	case "instance_before":
		err = addInts(p, c, r.InstanceBefore)
	case "instance_after":
		err = addInts(p, c, r.InstanceAfter)
	case "flow_valid":
		err = addInts(p, c, r.FlowValid)
	case "change_mask":
		err = addInts(p, c, r.ChangeMask)
	default:
		err = fmt.Errorf("no tensor column %s", c.name)
	}
	if err != nil {
		return err
	}
	c.groupRows++
	*c.written = c.groupRows
	return nil
}

// addFloats appends a row of float values to c's pages, BYTE_STREAM_SPLIT.
func (p *tensorPages) addFloats(c *tensorColumn, v []float32) error {
	for len(v) > 0 {
		k := min(len(v), c.pageVals-c.vals)
		putSplitFloats(c.buf[c.head:], c.pageVals, c.vals, v[:k])
		if err := p.advance(c, k); err != nil {
			return err
		}
		v = v[k:]
	}
	return nil
}

// addInts appends a row of integer values to c's pages, PLAIN INT32.
func addInts[T uint8 | uint16](p *tensorPages, c *tensorColumn, v []T) error {
	for len(v) > 0 {
		k := min(len(v), c.pageVals-c.vals)
		putPlainInt32s(c.buf[c.head+4*c.vals:], v[:k])
		if err := p.advance(c, k); err != nil {
			return err
		}
		v = v[k:]
	}
	return nil
}

// advance counts k values just put in c's open page, writing the page out
// when it is full.
func (p *tensorPages) advance(c *tensorColumn, k int) error {
	if c.vals == 0 {
		c.first, c.firstRow = c.pos, c.groupRows
	}
	c.vals += k
	c.pos = (c.pos + k) % c.per
	if c.vals == c.pageVals {
		return p.flush(c)
	}
	return nil
}

// flush compresses the open page of c and writes it to c's column writer.
func (p *tensorPages) flush(c *tensorColumn) error {
	n := c.vals
	if n == 0 {
		return nil
	}
	if c.float {
		packSplitStreams(c.buf[c.head:], c.pageVals, n)
	}
	p.scratch = appendTensorLevels(p.scratch[:0], c.first, n, c.per)
	start := c.head - len(p.scratch)
	copy(c.buf[start:], p.scratch)
	page := c.buf[start : c.head+4*n]
	c.comp = p.codec.EncodeLevel(c.comp[:0], page, p.level)
	dp := file.NewDataPageV1WithConfig(memory.NewBufferBytes(c.comp), parquet.Encodings.RLE, parquet.Encodings.RLE,
		file.DataPageConfig{Num: int32(n), Encoding: c.encoding, UncompressedSize: int32(len(page)),
			FirstRowIndex: int64(c.firstRow)})
	defer dp.Release()
	pw, ok := c.cw.(interface{ WriteDataPage(file.DataPage) error })
	if !ok {
		return fmt.Errorf("arrow-go's column writer %T cannot take a data page", c.cw)
	}
	c.vals = 0
	return pw.WriteDataPage(dp)
}

// startGroup fetches the column writers of fw's open row group.
func (p *tensorPages) startGroup(fw *pqarrow.FileWriter) error {
	rgw, err := openRowGroup(fw)
	if err != nil {
		return err
	}
	for _, c := range p.cols {
		if c.cw, err = rgw.Column(c.leaf); err != nil {
			return err
		}
		if c.written, err = rowsWrittenField(c.cw); err != nil {
			return err
		}
		c.groupRows = 0
	}
	p.open = true
	return nil
}

// endGroup writes out the open pages of the open row group, before it is
// closed.
func (p *tensorPages) endGroup() error {
	if !p.open {
		return nil
	}
	p.open = false
	for _, c := range p.cols {
		if err := p.flush(c); err != nil {
			return err
		}
		c.cw, c.written = nil, nil
	}
	return nil
}
