package export

import (
	"encoding/base64"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
)

// TestTensorMetadataInParquet checks, for both tensor types, that the dense
// columns of a written annotations shard carry their shape (extension: the
// canonical fixed_shape_tensor extension name and metadata; plain: the
// flowbench.tensor_shape key and no extension), both in the Arrow schema
// stored in the Parquet footer (what pyarrow deserialises) and in the
// schema pqarrow reads back.
func TestTensorMetadataInParquet(t *testing.T) {
	for _, tt := range []TensorType{TensorPlain, TensorExtension} {
		t.Run(tt.String(), func(t *testing.T) { testTensorMetadata(t, tt) })
	}
}

func testTensorMetadata(t *testing.T, tt TensorType) {
	dir := t.TempDir()
	const w, h = 24, 16
	writeSynth(t, dir, 2, w, h, 10, Options{TensorType: tt})
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	sf, err := openShard(ds.Shards("train", AnnotationsTable)[0])
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close()
	read, err := sf.fr.Schema()
	if err != nil {
		t.Fatal(err)
	}
	raw := sf.meta("ARROW:schema")
	if raw == "" {
		t.Fatal("no ARROW:schema in the footer")
	}
	buf, err := base64.StdEncoding.DecodeString(raw)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := flight.DeserializeSchema(buf, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]int{
		"depth_before": {h, w}, "depth_after": {h, w}, "instance_before": {h, w}, "instance_after": {h, w},
		"flow_forward": {h, w, 2}, "flow_backward": {h, w, 2}, "flow_valid": {h, w}, "change_mask": {h, w},
	}
	for _, sc := range []struct {
		name string
		s    *arrow.Schema
	}{{"stored", stored}, {"read", read}} {
		for name, shape := range want {
			idx := sc.s.FieldIndices(name)
			if len(idx) != 1 {
				t.Fatalf("%s schema has no %s", sc.name, name)
			}
			f := sc.s.Field(idx[0])
			gotType, got, err := fieldTensor(f)
			if err != nil || !slices.Equal(got, shape) || gotType != tt {
				t.Errorf("%s schema: %s is a %s tensor of shape %v (%v), want %s %v", sc.name, name, gotType, got, err, tt, shape)
			}
			_, isExt := f.Metadata.GetValue(ExtensionNameKey)
			_, isPlain := f.Metadata.GetValue(TensorShapeKey)
			if isExt != (tt == TensorExtension) || isPlain != (tt == TensorPlain) {
				t.Errorf("%s schema: %s metadata %v for %s tensors", sc.name, name, f.Metadata, tt)
			}
			fsl, ok := f.Type.(*arrow.FixedSizeListType)
			if !ok || int(fsl.Len()) != product(shape) {
				t.Errorf("%s schema: %s has type %s, want a fixed_size_list of %d", sc.name, name, f.Type, product(shape))
			}
		}
		// Nothing else is a tensor.
		for _, f := range sc.s.Fields() {
			if _, ok := want[f.Name]; !ok {
				if _, err := TensorShape(f); err == nil {
					t.Errorf("%s schema: %s unexpectedly carries tensor metadata", sc.name, f.Name)
				}
			}
		}
	}
	if v := sf.meta(SchemaVersionKey); v != SchemaVersion {
		t.Errorf("%s = %q, want %q", SchemaVersionKey, v, SchemaVersion)
	}
	if v := sf.meta("huggingface"); v == "" {
		t.Error("no huggingface features metadata")
	}
	// Row groups: statistics present (but on the pixel columns) and zstd used
	// on every column chunk.
	md := sf.pf.MetaData()
	floatChunks := 0
	for rg := 0; rg < md.NumRowGroups(); rg++ {
		rgm := md.RowGroup(rg)
		for c := 0; c < rgm.NumColumns(); c++ {
			cc, err := rgm.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			if cc.Compression().String() != "ZSTD" {
				t.Errorf("column %s compressed with %s", cc.PathInSchema(), cc.Compression())
			}
			path := cc.PathInSchema().String()
			if path == "depth_before.list.element" || path == "flow_forward.list.element" {
				floatChunks++
				if !slices.Contains(cc.Encodings(), parquet.Encodings.ByteStreamSplit) {
					t.Errorf("column %s encodings %v, want BYTE_STREAM_SPLIT", path, cc.Encodings())
				}
			}
			// Statistics on every column but the pixel columns.
			_, bulk := bulkColumns(AnnotationsTable)
			if ok, _ := cc.StatsSet(); ok == slices.Contains(bulk, path) {
				t.Errorf("column %s: statistics %v, want %v", path, ok, !ok)
			}
		}
	}
	if floatChunks != 2*md.NumRowGroups() {
		t.Errorf("found %d float tensor column chunks, want %d", floatChunks, 2*md.NumRowGroups())
	}
}

func product(s []int) int {
	n := 1
	for _, x := range s {
		n *= x
	}
	return n
}
