package export

import (
	"fmt"
	"unsafe"

	"flowbench/planner"
	"flowbench/sim"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// recordBuilder wraps an Arrow record builder with lookup by column name.
type recordBuilder struct {
	*array.RecordBuilder
	schema *arrow.Schema
}

func newRecordBuilder(mem memory.Allocator, s *arrow.Schema) recordBuilder {
	return recordBuilder{array.NewRecordBuilder(mem, s), s}
}

func (b recordBuilder) col(name string) array.Builder {
	idx := b.schema.FieldIndices(name)
	if len(idx) != 1 {
		panic("export: schema has no column " + name)
	}
	return b.Field(idx[0])
}

func (b recordBuilder) str(name, v string)       { b.col(name).(*array.StringBuilder).Append(v) }
func (b recordBuilder) i32(name string, v int32) { b.col(name).(*array.Int32Builder).Append(v) }
func (b recordBuilder) boolean(name string, v bool) {
	b.col(name).(*array.BooleanBuilder).Append(v)
}

func appendStrings(lb *array.ListBuilder, v []string) {
	lb.Append(true)
	sb := lb.ValueBuilder().(*array.StringBuilder)
	for _, s := range v {
		sb.Append(s)
	}
}

func appendVec3(sb *array.StructBuilder, v sim.Vec3) {
	sb.Append(true)
	for i := range 3 {
		sb.FieldBuilder(i).(*array.Float64Builder).Append(v[i])
	}
}

func appendImage(sb *array.StructBuilder, im Image) {
	sb.Append(true)
	sb.FieldBuilder(0).(*array.BinaryBuilder).Append(im.Bytes)
	sb.FieldBuilder(1).(*array.StringBuilder).Append(im.Path)
}

func appendObjectRef(sb *array.StructBuilder, r planner.ObjectRef) {
	sb.Append(true)
	sb.FieldBuilder(0).(*array.StringBuilder).Append(r.ObjectID)
	sb.FieldBuilder(1).(*array.StringBuilder).Append(r.ObjectType)
	sb.FieldBuilder(2).(*array.StringBuilder).Append(r.DotColor)
}

func appendFloats(fb *array.FixedSizeListBuilder, v []float64) {
	fb.Append(true)
	fb.ValueBuilder().(*array.Float64Builder).AppendValues(v, nil)
}

func appendCamera(sb *array.StructBuilder, c CameraRow) {
	sb.Append(true)
	appendVec3(sb.FieldBuilder(0).(*array.StructBuilder), c.Position)
	sb.FieldBuilder(1).(*array.Float64Builder).Append(c.Yaw)
	sb.FieldBuilder(2).(*array.Float64Builder).Append(c.Horizon)
	sb.FieldBuilder(3).(*array.Float64Builder).Append(c.FOV)
	sb.FieldBuilder(4).(*array.Int32Builder).Append(c.Width)
	sb.FieldBuilder(5).(*array.Int32Builder).Append(c.Height)
	appendFloats(sb.FieldBuilder(6).(*array.FixedSizeListBuilder), c.K[:])
	appendFloats(sb.FieldBuilder(7).(*array.FixedSizeListBuilder), c.WorldToCamera[:])
}

func appendObjectRow(sb *array.StructBuilder, o ObjectRow) {
	sb.Append(true)
	sb.FieldBuilder(0).(*array.StringBuilder).Append(o.ObjectID)
	sb.FieldBuilder(1).(*array.StringBuilder).Append(o.ObjectType)
	appendVec3(sb.FieldBuilder(2).(*array.StructBuilder), o.Position)
	sb.FieldBuilder(3).(*array.Float64Builder).Append(o.Yaw)
	appendVec3(sb.FieldBuilder(4).(*array.StructBuilder), o.Size)
	appendVec3(sb.FieldBuilder(5).(*array.StructBuilder), o.AABBMin)
	appendVec3(sb.FieldBuilder(6).(*array.StructBuilder), o.AABBMax)
	sb.FieldBuilder(7).(*array.BooleanBuilder).Append(o.Pickupable)
	sb.FieldBuilder(8).(*array.BooleanBuilder).Append(o.Moveable)
	sb.FieldBuilder(9).(*array.BooleanBuilder).Append(o.Receptacle)
	sb.FieldBuilder(10).(*array.StringBuilder).Append(o.Parent)
}

func appendObjectRows(lb *array.ListBuilder, v []ObjectRow) {
	lb.Append(true)
	sb := lb.ValueBuilder().(*array.StructBuilder)
	for _, o := range v {
		appendObjectRow(sb, o)
	}
}

// questionsRecord converts rows to one Arrow record of the questions schema.
func questionsRecord(mem memory.Allocator, rows []QuestionRow) arrow.RecordBatch {
	b := newRecordBuilder(mem, QuestionsSchema())
	defer b.Release()
	for i := range rows {
		r := &rows[i]
		b.str("id", r.ID)
		b.str("split", r.Split)
		b.str("house_id", r.HouseID)
		b.str("scene_style", r.SceneStyle)
		b.i32("view_id", r.ViewID)
		b.str("category", r.Category)
		appendImage(b.col("image").(*array.StructBuilder), r.Image)
		appendImage(b.col("image_after").(*array.StructBuilder), r.ImageAfter)
		b.str("motion_text", r.MotionText)
		b.str("question", r.Question)
		appendStrings(b.col("choices").(*array.ListBuilder), r.Choices)
		b.str("answer", r.Answer)
		b.str("static_question", r.StaticQuestion)
		b.str("static_answer", r.StaticAnswer)
		b.str("before_answer", r.BeforeAnswer)
		b.boolean("changed", r.Changed)
		b.str("reasoning", r.Reasoning)
		appendObjectRef(b.col("mover").(*array.StructBuilder), r.Mover)
		lb := b.col("referenced").(*array.ListBuilder)
		lb.Append(true)
		for _, ref := range r.Referenced {
			appendObjectRef(lb.ValueBuilder().(*array.StructBuilder), ref)
		}
		appendCamera(b.col("camera").(*array.StructBuilder), r.Camera)
		appendVec3(b.col("requested_motion").(*array.StructBuilder), r.RequestedMotion)
		appendVec3(b.col("realised_motion").(*array.StructBuilder), r.RealisedMotion)
		b.boolean("settled", r.Settled)
		b.str("metrics", r.Metrics)
		b.str("causal_graph", r.CausalGraph)
		b.str("reasoning_outcome", r.ReasoningOutcome)
		b.str("reasoning_imagined", r.ReasoningImagined)
	}
	return b.NewRecordBatch()
}

// checkAnnotation reports a row whose dense arrays do not match its size or
// the table's image size.
func checkAnnotation(r *AnnotationRow, w, h int) error {
	if int(r.Width) != w || int(r.Height) != h {
		return fmt.Errorf("annotation %s is %dx%d, the table holds %dx%d", r.ID, r.Width, r.Height, w, h)
	}
	n := w * h
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"depth_before", len(r.DepthBefore), n}, {"depth_after", len(r.DepthAfter), n},
		{"instance_before", len(r.InstanceBefore), n}, {"instance_after", len(r.InstanceAfter), n},
		{"flow_forward", len(r.FlowForward), 2 * n}, {"flow_backward", len(r.FlowBackward), 2 * n},
		{"flow_valid", len(r.FlowValid), n}, {"change_mask", len(r.ChangeMask), n},
	} {
		if c.got != c.want {
			return fmt.Errorf("annotation %s: %s has %d values, want %d", r.ID, c.name, c.got, c.want)
		}
	}
	return nil
}

// annotationsRecord converts rows (already checked against w×h) to one
// Arrow record of the annotations schema in tensor type t. Dense columns
// are assembled directly into one contiguous buffer each (one copy, no
// builder growth); the other columns go through builders. This is the
// generic path: the shard encoder writes the dense columns with
// tensorPages instead and uses it only for a shard without rows.
func annotationsRecord(mem memory.Allocator, rows []AnnotationRow, w, h int, t TensorType) arrow.RecordBatch {
	full := AnnotationsSchemaFor(w, h, t)
	liteRec := annotationsLiteRecord(mem, rows, w, h, t)
	defer liteRec.Release()

	n := w * h
	cols := make([]arrow.Array, 0, full.NumFields())
	defer func() {
		for _, c := range cols {
			c.Release()
		}
	}()
	k := 0
	for _, f := range full.Fields() {
		var a arrow.Array
		switch f.Name {
		case "depth_before":
			a = denseArray(f.Type, rows, n, func(r *AnnotationRow) []float32 { return r.DepthBefore })
		case "depth_after":
			a = denseArray(f.Type, rows, n, func(r *AnnotationRow) []float32 { return r.DepthAfter })
		case "flow_forward":
			a = denseArray(f.Type, rows, 2*n, func(r *AnnotationRow) []float32 { return r.FlowForward })
		case "flow_backward":
			a = denseArray(f.Type, rows, 2*n, func(r *AnnotationRow) []float32 { return r.FlowBackward })
		case "instance_before":
			a = denseArray(f.Type, rows, n, func(r *AnnotationRow) []uint16 { return r.InstanceBefore })
		case "instance_after":
			a = denseArray(f.Type, rows, n, func(r *AnnotationRow) []uint16 { return r.InstanceAfter })
		case "flow_valid":
			a = denseArray(f.Type, rows, n, func(r *AnnotationRow) []uint8 { return r.FlowValid })
		case "change_mask":
			a = denseArray(f.Type, rows, n, func(r *AnnotationRow) []uint8 { return r.ChangeMask })
		default:
			a = liteRec.Column(k)
			a.Retain()
			k++
		}
		cols = append(cols, a)
	}
	return array.NewRecordBatch(full, cols, int64(len(rows)))
}

// annotationsLiteRecord converts rows to one Arrow record of the
// annotations schema less its dense columns (denseColumns).
func annotationsLiteRecord(mem memory.Allocator, rows []AnnotationRow, w, h int, t TensorType) arrow.RecordBatch {
	full := AnnotationsSchemaFor(w, h, t)
	var liteFields []arrow.Field
	for _, f := range full.Fields() {
		if !isDenseColumn(f.Name) {
			liteFields = append(liteFields, f)
		}
	}
	b := newRecordBuilder(mem, arrow.NewSchema(liteFields, nil))
	defer b.Release()
	for i := range rows {
		r := &rows[i]
		b.str("id", r.ID)
		b.i32("width", r.Width)
		b.i32("height", r.Height)
		appendImage(b.col("image_before_raw").(*array.StructBuilder), r.ImageBeforeRaw)
		appendImage(b.col("image_after_raw").(*array.StructBuilder), r.ImageAfterRaw)
		appendStrings(b.col("instance_map_before").(*array.ListBuilder), r.InstanceMapBefore)
		appendStrings(b.col("instance_map_after").(*array.ListBuilder), r.InstanceMapAfter)
		appendObjectRows(b.col("objects_before").(*array.ListBuilder), r.ObjectsBefore)
		appendObjectRows(b.col("objects_after").(*array.ListBuilder), r.ObjectsAfter)
	}
	return b.NewRecordBatch()
}

// denseArray builds a fixed-size-list array of typ (list size per) whose
// values are the rows' slices laid end to end in one Go-allocated buffer.
func denseArray[T float32 | uint16 | uint8](typ arrow.DataType, rows []AnnotationRow, per int, get func(*AnnotationRow) []T) arrow.Array {
	var vals []T
	if len(rows) == 1 {
		vals = get(&rows[0]) // zero copy: the writer copies into pages before returning
	} else {
		vals = make([]T, 0, len(rows)*per)
		for i := range rows {
			vals = append(vals, get(&rows[i])...)
		}
	}
	fsl := typ.(*arrow.FixedSizeListType)
	var raw []byte
	if len(vals) > 0 {
		raw = unsafe.Slice((*byte)(unsafe.Pointer(&vals[0])), len(vals)*int(unsafe.Sizeof(vals[0])))
	}
	values := array.NewData(fsl.Elem(), len(vals), []*memory.Buffer{nil, memory.NewBufferBytes(raw)}, nil, 0, 0)
	defer values.Release()
	data := array.NewData(fsl, len(rows), []*memory.Buffer{nil}, []arrow.ArrayData{values}, 0, 0)
	defer data.Release()
	return array.MakeFromData(data)
}

// questionBytes and annotationBytes estimate a row's uncompressed size, used
// to bound the rows of a row group. Parquet stores the 16- and 8-bit
// tensors as plain INT32 values: 4 bytes each.
func questionBytes(r *QuestionRow) int64 {
	n := len(r.Image.Bytes) + len(r.ImageAfter.Bytes) + len(r.Question) + len(r.StaticQuestion) +
		len(r.Reasoning) + len(r.Metrics) + len(r.MotionText) + 1024
	for _, c := range r.Choices {
		n += len(c) + 8
	}
	return int64(n)
}

func annotationBytes(r *AnnotationRow) int64 {
	n := len(r.ImageBeforeRaw.Bytes) + len(r.ImageAfterRaw.Bytes) +
		4*(len(r.DepthBefore)+len(r.DepthAfter)+len(r.FlowForward)+len(r.FlowBackward)) +
		4*(len(r.InstanceBefore)+len(r.InstanceAfter)+len(r.FlowValid)+len(r.ChangeMask)) +
		200*(len(r.ObjectsBefore)+len(r.ObjectsAfter)) + 1024
	for _, s := range r.InstanceMapBefore {
		n += len(s) + 8
	}
	for _, s := range r.InstanceMapAfter {
		n += len(s) + 8
	}
	return int64(n)
}
