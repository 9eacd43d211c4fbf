package export

import (
	"fmt"
	"iter"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// PoseRow is the object metadata of one annotations row: every object
// before the motion, and the objects whose pose changed after it.
type PoseRow struct {
	ID            string
	ObjectsBefore []ObjectRow
	ObjectsAfter  []ObjectRow
}

// Poses iterates the object poses of a split's annotations in shard and row
// order, reading only the id and the two object columns (no images or
// tensors), for checks that need nothing else, such as the physics audit.
func (d *Dataset) Poses(split string) iter.Seq2[PoseRow, error] {
	return rowsOfColumns(d, split, AnnotationsTable, []string{"id", "objects_before", "objects_after"}, decodePoses)
}

// decodePoses converts a record holding id, objects_before and
// objects_after to pose rows.
func decodePoses(rec arrow.RecordBatch) ([]PoseRow, error) {
	c := &columns{rec: rec}
	id := col[*array.String](c, "id")
	objBefore, objAfter := col[*array.List](c, "objects_before"), col[*array.List](c, "objects_after")
	if c.err != nil {
		return nil, c.err
	}
	rows := make([]PoseRow, rec.NumRows())
	for i := range rows {
		r := &rows[i]
		r.ID = id.Value(i)
		r.ObjectsBefore = objectRowsAt(c, objBefore, i, "objects_before")
		r.ObjectsAfter = objectRowsAt(c, objAfter, i, "objects_after")
		if c.err != nil {
			return nil, fmt.Errorf("row %d: %w", i, c.err)
		}
	}
	return rows, nil
}
