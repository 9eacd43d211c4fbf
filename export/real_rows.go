package export

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// RealAnnotationRow is one row of the real_annotations table: what lies
// behind one FlowBench-Real question.
type RealAnnotationRow struct {
	ID, PairID, Source string
	Width, Height      int32
	// ImageBeforeRaw and ImageAfterRaw are the unmarked frames as read
	// (PNG or JPEG); ImageDots is I0 with the colour dots (PNG).
	ImageBeforeRaw, ImageAfterRaw, ImageDots Image
	// DotColors are the dot colour names in the order of the question's
	// mentioned objects.
	DotColors []string
	// QuestionDots and MotionTextDots name objects by dot colour ("" when
	// the generator provides none).
	QuestionDots, MotionTextDots string
	// Measurement is the JSON of the pair's real.Measurement, QuestionSpec
	// the JSON of the real.Question.
	Measurement, QuestionSpec string
}

// realAnnotationsRecord converts rows to one record of the real_annotations
// schema.
func realAnnotationsRecord(mem memory.Allocator, rows []RealAnnotationRow) arrow.RecordBatch {
	b := newRecordBuilder(mem, RealAnnotationsSchema())
	defer b.Release()
	for i := range rows {
		r := &rows[i]
		b.str("id", r.ID)
		b.str("pair_id", r.PairID)
		b.str("source", r.Source)
		b.i32("width", r.Width)
		b.i32("height", r.Height)
		appendImage(b.col("image_before_raw").(*array.StructBuilder), r.ImageBeforeRaw)
		appendImage(b.col("image_after_raw").(*array.StructBuilder), r.ImageAfterRaw)
		appendImage(b.col("image_dots").(*array.StructBuilder), r.ImageDots)
		appendStrings(b.col("dot_colors").(*array.ListBuilder), r.DotColors)
		b.str("question_dots", r.QuestionDots)
		b.str("motion_text_dots", r.MotionTextDots)
		b.str("measurement", r.Measurement)
		b.str("question_spec", r.QuestionSpec)
	}
	return b.NewRecordBatch()
}

// decodeRealAnnotations converts a real_annotations record to rows.
func decodeRealAnnotations(rec arrow.RecordBatch) ([]RealAnnotationRow, error) {
	c := &columns{rec: rec}
	s := func(name string) *array.String { return col[*array.String](c, name) }
	id, pair, src, qd, md, meas, spec := s("id"), s("pair_id"), s("source"), s("question_dots"), s("motion_text_dots"), s("measurement"), s("question_spec")
	w, h := col[*array.Int32](c, "width"), col[*array.Int32](c, "height")
	before, after, dots := newImageReader(c, "image_before_raw"), newImageReader(c, "image_after_raw"), newImageReader(c, "image_dots")
	colors := col[*array.List](c, "dot_colors")
	if c.err != nil {
		return nil, c.err
	}
	rows := make([]RealAnnotationRow, rec.NumRows())
	for i := range rows {
		r := &rows[i]
		r.ID, r.PairID, r.Source, r.Width, r.Height = id.Value(i), pair.Value(i), src.Value(i), w.Value(i), h.Value(i)
		r.ImageBeforeRaw, r.ImageAfterRaw, r.ImageDots = before.at(i), after.at(i), dots.at(i)
		r.DotColors = stringsAt(c, colors, i, "dot_colors")
		r.QuestionDots, r.MotionTextDots, r.Measurement, r.QuestionSpec = qd.Value(i), md.Value(i), meas.Value(i), spec.Value(i)
	}
	return rows, c.err
}
