package export

import (
	"fmt"
	"iter"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// InstanceRow is the instance masks and object poses of one annotations
// row: what a check of where objects lie in the frames needs (the framing
// audit), without images, depth or flow.
type InstanceRow struct {
	ID                                  string
	Width, Height                       int32
	InstanceBefore, InstanceAfter       []uint16 // H*W instance ids, 0 = none
	InstanceMapBefore, InstanceMapAfter []string // instance id → objectId
	ObjectsBefore, ObjectsAfter         []ObjectRow
}

// Instances iterates a split's annotations rows in shard and row order,
// reading only the id, size, instance and object columns.
func (d *Dataset) Instances(split string) iter.Seq2[InstanceRow, error] {
	return rowsOfColumns(d, split, AnnotationsTable, []string{"id", "width", "height",
		"instance_before", "instance_after", "instance_map_before", "instance_map_after",
		"objects_before", "objects_after"}, decodeInstances)
}

// decodeInstances converts a record holding Instances' columns to rows.
func decodeInstances(rec arrow.RecordBatch) ([]InstanceRow, error) {
	c := &columns{rec: rec}
	id, w, h := col[*array.String](c, "id"), col[*array.Int32](c, "width"), col[*array.Int32](c, "height")
	mapBefore, mapAfter := col[*array.List](c, "instance_map_before"), col[*array.List](c, "instance_map_after")
	objBefore, objAfter := col[*array.List](c, "objects_before"), col[*array.List](c, "objects_after")
	if c.err != nil {
		return nil, c.err
	}
	rows := make([]InstanceRow, rec.NumRows())
	for i := range rows {
		r := &rows[i]
		r.ID, r.Width, r.Height = id.Value(i), w.Value(i), h.Value(i)
		n := int(r.Width) * int(r.Height)
		r.InstanceBefore = tensorValues[uint16, *array.Uint16](c, "instance_before", i, n)
		r.InstanceAfter = tensorValues[uint16, *array.Uint16](c, "instance_after", i, n)
		r.InstanceMapBefore = stringsAt(c, mapBefore, i, "instance_map_before")
		r.InstanceMapAfter = stringsAt(c, mapAfter, i, "instance_map_after")
		r.ObjectsBefore = objectRowsAt(c, objBefore, i, "objects_before")
		r.ObjectsAfter = objectRowsAt(c, objAfter, i, "objects_after")
		if c.err != nil {
			return nil, fmt.Errorf("row %d: %w", i, c.err)
		}
	}
	return rows, nil
}
