package export

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"flowbench/planner"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// TestTensorPagesMatchGeneric is a property test of the tensor page
// writer: over many random shards (image sizes from 1×1, both tensor
// types, 0, 1 or many rows, random row-group cuts, pages of many rows, of
// one to a few, and smaller than a row, down to one value) it writes the rows with the shard encoder and
// with the generic pqarrow path the shards used before (annotationsRecord,
// WriteBuffered), reads both files back with pqarrow and requires every
// decoded value of every column to be the same, float tensors bit for bit
// (NaN payloads and −0 included), and the same rows per row group.
func TestTensorPagesMatchGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 4))
	cases := 60
	if testing.Short() {
		cases = 15
	}
	multiPage := 0
	for k := range cases {
		w, h := 1+rng.IntN(9), 1+rng.IntN(7)
		tt := TensorType(rng.IntN(2))
		var n int
		switch k % 4 {
		case 0:
			n = 0
		case 1:
			n = 1
		default:
			n = 2 + rng.IntN(40)
		}
		rows := make([]AnnotationRow, n)
		for i := range rows {
			rows[i] = randomAnnotationRow(rng, fmt.Sprintf("case%d/row%d", k, i), w, h)
		}
		groups := randomCuts(rng, n)
		// The default page size (all rows in one page), pages of one to six
		// rows of depth, or of any size down to one value (rows span pages).
		pageBytes := DataPageBytes
		switch k % 3 {
		case 1:
			pageBytes = 4 * w * h * (1 + rng.IntN(6))
		case 2:
			pageBytes = 1 + rng.IntN(4*2*w*h*3)
		}
		name := fmt.Sprintf("case %d (%dx%d %s, %d rows, groups %v, pages of %d bytes)", k, w, h, tt, n, groups, pageBytes)
		got := encodeTensorShard(t, rows, w, h, tt, groups, pageBytes)
		want := encodeGenericShard(t, rows, w, h, tt, groups)
		compareShards(t, name, got, want)
		if maxTensorPages(t, got) > 1 {
			multiPage++
		}
	}
	if multiPage == 0 {
		t.Error("no case wrote a column chunk of more than one page")
	}
}

// randomAnnotationRow returns a w×h row of random values: float tensors
// from random bits (NaNs, infinities and −0 among them), integer tensors
// over their whole range.
func randomAnnotationRow(rng *rand.Rand, id string, w, h int) AnnotationRow {
	n := w * h
	floats := func(k int) []float32 {
		v := make([]float32, k)
		for i := range v {
			switch rng.IntN(8) {
			case 0:
				v[i] = float32(math.Copysign(0, -1))
			case 1:
				v[i] = float32(rng.IntN(3))
			default:
				v[i] = math.Float32frombits(rng.Uint32())
			}
		}
		return v
	}
	r := AnnotationRow{ID: id, Width: int32(w), Height: int32(h),
		ImageBeforeRaw: Image{Bytes: []byte(id + "-before"), Path: id + "/before.png"},
		ImageAfterRaw:  Image{Bytes: []byte{}, Path: ""},
		DepthBefore:    floats(n), DepthAfter: floats(n), FlowForward: floats(2 * n), FlowBackward: floats(2 * n),
		InstanceBefore: make([]uint16, n), InstanceAfter: make([]uint16, n),
		FlowValid: make([]uint8, n), ChangeMask: make([]uint8, n),
		InstanceMapBefore: []string{"", "Chair|1"}, InstanceMapAfter: []string{""},
	}
	for i := range n {
		r.InstanceBefore[i], r.InstanceAfter[i] = uint16(rng.Uint32()), uint16(rng.IntN(4))
		r.FlowValid[i], r.ChangeMask[i] = uint8(rng.Uint32()), uint8(rng.IntN(2))
	}
	for range rng.IntN(3) {
		r.ObjectsBefore = append(r.ObjectsBefore, ObjectRow{ObjectID: id + "/obj", ObjectType: "Chair", Yaw: rng.Float64(), Moveable: true})
	}
	return r
}

// randomCuts splits n rows into row groups of random sizes.
func randomCuts(rng *rand.Rand, n int) []int64 {
	var g []int64
	for left := n; left > 0; {
		k := 1 + rng.IntN(left)
		if rng.IntN(2) == 0 {
			k = left
		}
		g = append(g, int64(k))
		left -= k
	}
	return g
}

// encodeTensorShard writes rows with the shard encoder (tensor pages of
// pageBytes), cut into row groups of groups rows.
func encodeTensorShard(t *testing.T, rows []AnnotationRow, w, h int, tt TensorType, groups []int64, pageBytes int) []byte {
	t.Helper()
	var buf bytes.Buffer
	e, err := newShardEncoder(&buf, "mem.parquet", AnnotationsTable, ShardOptions{W: w, H: h, TensorType: tt, tensorPageBytes: pageBytes})
	if err != nil {
		t.Fatal(err)
	}
	e.groups = groups
	for i := range rows {
		if err := e.encodeAnnotation(&rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.finishMetadata(); err != nil {
		t.Fatal(err)
	}
	if err := e.fw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// encodeGenericShard writes rows as the shards were written before the
// tensor page writer: every column, the dense ones too, through pqarrow's
// WriteBuffered, one row at a time.
func encodeGenericShard(t *testing.T, rows []AnnotationRow, w, h int, tt TensorType, groups []int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	mem := memory.NewGoAllocator()
	fw, err := pqarrow.NewFileWriter(AnnotationsSchemaFor(w, h, tt), &buf, writerProperties(AnnotationsTable, DefaultZstdLevel),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		rec := annotationsRecord(mem, nil, w, h, tt)
		err = fw.Write(rec)
		rec.Release()
		if err != nil {
			t.Fatal(err)
		}
	}
	i := 0
	for _, g := range groups {
		if err := fw.NewBufferedRowGroupChecked(); err != nil {
			t.Fatal(err)
		}
		for range g {
			rec := annotationsRecord(mem, rows[i:i+1], w, h, tt)
			err := fw.WriteBuffered(rec)
			rec.Release()
			if err != nil {
				t.Fatal(err)
			}
			i++
		}
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// compareShards reads two Parquet files with pqarrow and reports any
// difference in their schemas, row groups or decoded values.
func compareShards(t *testing.T, name string, got, want []byte) {
	t.Helper()
	gt, gRows := readShardTable(t, got)
	defer gt.Release()
	wt, wRows := readShardTable(t, want)
	defer wt.Release()
	if !gt.Schema().Equal(wt.Schema()) {
		t.Fatalf("%s: schema\n%s\nwant\n%s", name, gt.Schema(), wt.Schema())
	}
	if fmt.Sprint(gRows) != fmt.Sprint(wRows) {
		t.Errorf("%s: rows per row group %v, want %v", name, gRows, wRows)
	}
	if gt.NumRows() != wt.NumRows() {
		t.Fatalf("%s: %d rows, want %d", name, gt.NumRows(), wt.NumRows())
	}
	for c := range int(gt.NumCols()) {
		col := gt.Schema().Field(c).Name
		a, b := concatColumn(t, gt.Column(c)), concatColumn(t, wt.Column(c))
		if isDenseColumn(col) {
			if a.NullN() != 0 || b.NullN() != 0 || a.Len() != b.Len() {
				t.Errorf("%s: %s has %d rows (%d null), want %d (%d null)", name, col, a.Len(), a.NullN(), b.Len(), b.NullN())
			} else if av, bv := fslValues(a), fslValues(b); av.NullN() != 0 || !bytes.Equal(valueBytes(av), valueBytes(bv)) {
				t.Errorf("%s: %s values differ (%d null)", name, col, av.NullN())
			}
		} else if !array.Equal(a, b) {
			t.Errorf("%s: column %s differs", name, col)
		}
		a.Release()
		b.Release()
	}
}

// readShardTable reads a whole Parquet file and its rows per row group.
func readShardTable(t *testing.T, b []byte) (arrow.Table, []int64) {
	t.Helper()
	pf, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	var rows []int64
	for i := range pf.NumRowGroups() {
		rows = append(rows, pf.MetaData().RowGroup(i).NumRows())
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return tbl, rows
}

func concatColumn(t *testing.T, c *arrow.Column) arrow.Array {
	t.Helper()
	if len(c.Data().Chunks()) == 0 {
		return array.MakeArrayOfNull(memory.DefaultAllocator, c.DataType(), 0)
	}
	a, err := array.Concatenate(c.Data().Chunks(), memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// fslValues returns the values array of a fixed-size-list array (with
// or without the fixed_shape_tensor extension).
func fslValues(a arrow.Array) arrow.Array {
	if ext, ok := a.(array.ExtensionArray); ok {
		a = ext.Storage()
	}
	fsl := a.(*array.FixedSizeList)
	return array.NewSlice(fsl.ListValues(), int64(fsl.Offset())*int64(fsl.DataType().(*arrow.FixedSizeListType).Len()),
		int64(fsl.Offset()+fsl.Len())*int64(fsl.DataType().(*arrow.FixedSizeListType).Len()))
}

// valueBytes returns the bytes of a primitive array's values.
func valueBytes(a arrow.Array) []byte {
	width := a.DataType().(arrow.FixedWidthDataType).BitWidth() / 8
	buf := a.Data().Buffers()[1]
	if buf == nil || a.Len() == 0 {
		return nil
	}
	return buf.Bytes()[a.Data().Offset()*width : (a.Data().Offset()+a.Len())*width]
}

// maxTensorPages returns the most data pages of one dense column chunk.
func maxTensorPages(t *testing.T, b []byte) int {
	t.Helper()
	pf, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	most := 0
	for g := range pf.NumRowGroups() {
		rg := pf.RowGroup(g)
		for c := range rg.NumColumns() {
			if !isDenseColumn(pf.MetaData().Schema.Column(c).ColumnPath()[0]) {
				continue
			}
			pr, err := rg.GetColumnPageReader(c)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for pr.Next() {
				if pr.Page().Type() == file.PageTypeDataPage {
					n++
				}
			}
			if err := pr.Err(); err != nil {
				t.Fatal(err)
			}
			most = max(most, n)
		}
	}
	return most
}

// TestTensorPagesValidate writes 42 rows of 128×128 (tensor pages of 16
// and 32 rows: chunks of several pages, the last one short) in one row
// group and in many, and requires Validate, which re-encodes every shard
// with the same writer and compares the bytes, to pass.
func TestTensorPagesValidate(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 42 rows of 128x128 twice")
	}
	const w, h = 128, 128
	for _, bound := range []int64{0, 3_000_000} {
		t.Run(fmt.Sprint(bound), func(t *testing.T) {
			dir := t.TempDir()
			// Closest Three's synthetic answer does not pass Validate's
			// semantic checks.
			writeSynthWhere(t, dir, 48, w, h, 100, Options{MaxRowGroupBytes: bound}, func(q QuestionRow) bool {
				return q.Category != planner.ClosestThree.String()
			})
			if _, err := Validate(dir); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(ShardPath(dir, AnnotationsTable, "train", 0, 1))
			if err != nil {
				t.Fatal(err)
			}
			if pages := maxTensorPages(t, b); bound == 0 && pages < 3 {
				t.Errorf("a dense column chunk has at most %d pages, want 3 (42 rows of flow, 16 a page)", pages)
			}
		})
	}
}

// TestPutSplitFloats checks the word-at-a-time byte-stream split against
// the definition (byte k of value i at k·stride+base+i) for every length
// 0..40 and random bits.
func TestPutSplitFloats(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 41 {
		values := make([]float32, n)
		for i := range values {
			values[i] = math.Float32frombits(rng.Uint32())
		}
		const base = 3
		stride := base + n + 5
		got := make([]byte, 4*stride)
		putSplitFloats(got, stride, base, values)
		want := make([]byte, 4*stride)
		for i, v := range values {
			b := math.Float32bits(v)
			for k := range 4 {
				want[k*stride+base+i] = byte(b >> (8 * k))
			}
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%d values: split\n%x\nwant\n%x", n, got, want)
		}
	}
}
