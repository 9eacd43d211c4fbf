package export

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"flowbench/planner"
)

// viewpointQuestionsRecord converts rows to one record of the viewpoint
// questions schema.
func viewpointQuestionsRecord(mem memory.Allocator, rows []ViewpointQuestionRow) arrow.RecordBatch {
	b := newRecordBuilder(mem, ViewpointQuestionsSchema())
	defer b.Release()
	for i := range rows {
		r := &rows[i]
		b.str("id", r.ID)
		b.str("split", r.Split)
		b.str("house_id", r.HouseID)
		b.str("scene_id", r.SceneID)
		b.i32("view_id", r.ViewID)
		appendImage(b.col("image").(*array.StructBuilder), r.Image)
		appendCamera(b.col("camera").(*array.StructBuilder), r.Camera)
		appendVec3(b.col("centre").(*array.StructBuilder), r.Centre)
		lb := b.col("tags").(*array.ListBuilder)
		lb.Append(true)
		sb := lb.ValueBuilder().(*array.StructBuilder)
		for _, t := range r.Tags {
			sb.Append(true)
			sb.FieldBuilder(0).(*array.Int32Builder).Append(int32(t.Tag))
			sb.FieldBuilder(1).(*array.StringBuilder).Append(t.ObjectID)
			sb.FieldBuilder(2).(*array.StringBuilder).Append(t.ObjectType)
			fb := sb.FieldBuilder(3).(*array.FixedSizeListBuilder)
			fb.Append(true)
			for _, v := range t.BBox {
				fb.ValueBuilder().(*array.Int32Builder).Append(int32(v))
			}
			sb.FieldBuilder(4).(*array.Int32Builder).Append(int32(t.Pixels))
			for k, v := range []float64{t.Mark[0], t.Mark[1], t.Floor[0], t.Floor[1]} {
				sb.FieldBuilder(5 + k).(*array.Float64Builder).Append(v)
			}
		}
		b.i32("subject", r.Subject)
		b.i32("object", r.Object)
		b.str("viewpoint", r.Viewpoint)
		b.i32("orbit", r.Orbit)
		b.boolean("top", r.Top)
		b.i32("step", r.Step)
		appendStrings(b.col("answer").(*array.ListBuilder), r.Answer)
		b.str("question", r.Question)
		b.str("context_image", r.ContextImage)
		b.str("context_bbox", r.ContextBBox)
		b.str("context_scene_graph", r.ContextSceneGraph)
	}
	return b.NewRecordBatch()
}

// viewpointViewsRecord converts rows to one record of the target-views
// schema.
func viewpointViewsRecord(mem memory.Allocator, rows []ViewpointViewRow) arrow.RecordBatch {
	b := newRecordBuilder(mem, ViewpointViewsSchema())
	defer b.Release()
	for i := range rows {
		r := &rows[i]
		b.str("id", r.ID)
		b.str("scene_id", r.SceneID)
		b.str("viewpoint", r.Viewpoint)
		appendCamera(b.col("camera").(*array.StructBuilder), r.Camera)
		b.col("pull").(*array.Float64Builder).Append(r.Pull)
		b.boolean("obstructed", r.Obstructed)
		b.i32("tags_visible", r.TagsVisible)
		b.i32("width", r.Width)
		b.i32("height", r.Height)
		appendImage(b.col("image").(*array.StructBuilder), r.Image)
		dl := b.col("depth").(*array.ListBuilder)
		dl.Append(true)
		dl.ValueBuilder().(*array.Float32Builder).AppendValues(r.Depth, nil)
		il := b.col("instance_ids").(*array.ListBuilder)
		il.Append(true)
		il.ValueBuilder().(*array.Uint16Builder).AppendValues(r.InstanceIDs, nil)
		appendStrings(b.col("instance_map").(*array.ListBuilder), r.InstanceMap)
	}
	return b.NewRecordBatch()
}

// decodeViewpointQuestions converts a viewpoint questions record to rows.
func decodeViewpointQuestions(rec arrow.RecordBatch) ([]ViewpointQuestionRow, error) {
	c := &columns{rec: rec}
	s := func(name string) *array.String { return col[*array.String](c, name) }
	i32 := func(name string) *array.Int32 { return col[*array.Int32](c, name) }
	id, split, house, scene, q := s("id"), s("split"), s("house_id"), s("scene_id"), s("question")
	vp, cImg, cBox, cSG := s("viewpoint"), s("context_image"), s("context_bbox"), s("context_scene_graph")
	view, subj, obj, orbit, step := i32("view_id"), i32("subject"), i32("object"), i32("orbit"), i32("step")
	top := col[*array.Boolean](c, "top")
	img := newImageReader(c, "image")
	cam := newCameraReader(c, col[*array.Struct](c, "camera"), "camera")
	centre := newVec3Reader(c, col[*array.Struct](c, "centre"), "centre")
	answer := col[*array.List](c, "answer")
	tags := col[*array.List](c, "tags")
	tagVals := listValues[*array.Struct](c, tags, "tags")
	tn, tid, ttyp := field[*array.Int32](c, tagVals, 0, "tags.tag"), field[*array.String](c, tagVals, 1, "tags.objectId"), field[*array.String](c, tagVals, 2, "tags.objectType")
	tbox, tpx := field[*array.FixedSizeList](c, tagVals, 3, "tags.bbox"), field[*array.Int32](c, tagVals, 4, "tags.pixels")
	var tf [4]*array.Float64
	for k, n := range []string{"mark_x", "mark_y", "floor_x", "floor_z"} {
		tf[k] = field[*array.Float64](c, tagVals, 5+k, "tags."+n)
	}
	boxVals := listValues[*array.Int32](c, tbox, "tags.bbox")
	if c.err != nil {
		return nil, c.err
	}
	rows := make([]ViewpointQuestionRow, rec.NumRows())
	for i := range rows {
		r := &rows[i]
		r.ID, r.Split, r.HouseID, r.SceneID, r.ViewID = id.Value(i), split.Value(i), house.Value(i), scene.Value(i), view.Value(i)
		r.Image, r.Camera, r.Centre = img.at(i), cam.at(i), centre.at(i)
		a, b := listRange(tags, i)
		for j := a; j < b; j++ {
			t := planner.ViewTag{Tag: int(tn.Value(j)), ObjectID: tid.Value(j), ObjectType: ttyp.Value(j), Pixels: int(tpx.Value(j)),
				Mark: [2]float64{tf[0].Value(j), tf[1].Value(j)}, Floor: [2]float64{tf[2].Value(j), tf[3].Value(j)}}
			ba, bb := fixedRange(tbox, j)
			if bb-ba != 4 {
				return nil, fmt.Errorf("column \"tags.bbox\" has %d values, want 4", bb-ba)
			}
			for k := range 4 {
				t.BBox[k] = int(boxVals.Value(ba + k))
			}
			r.Tags = append(r.Tags, t)
		}
		r.Subject, r.Object, r.Viewpoint, r.Orbit, r.Top, r.Step = subj.Value(i), obj.Value(i), vp.Value(i), orbit.Value(i), top.Value(i), step.Value(i)
		r.Answer = stringsAt(c, answer, i, "answer")
		r.Question, r.ContextImage, r.ContextBBox, r.ContextSceneGraph = q.Value(i), cImg.Value(i), cBox.Value(i), cSG.Value(i)
	}
	return rows, c.err
}

// decodeViewpointViews converts a target-views record to rows.
func decodeViewpointViews(rec arrow.RecordBatch) ([]ViewpointViewRow, error) {
	c := &columns{rec: rec}
	id, scene, vp := col[*array.String](c, "id"), col[*array.String](c, "scene_id"), col[*array.String](c, "viewpoint")
	cam := newCameraReader(c, col[*array.Struct](c, "camera"), "camera")
	pull, obs := col[*array.Float64](c, "pull"), col[*array.Boolean](c, "obstructed")
	vis, w, h := col[*array.Int32](c, "tags_visible"), col[*array.Int32](c, "width"), col[*array.Int32](c, "height")
	img := newImageReader(c, "image")
	depth, ids, imap := col[*array.List](c, "depth"), col[*array.List](c, "instance_ids"), col[*array.List](c, "instance_map")
	dv, iv := listValues[*array.Float32](c, depth, "depth"), listValues[*array.Uint16](c, ids, "instance_ids")
	if c.err != nil {
		return nil, c.err
	}
	rows := make([]ViewpointViewRow, rec.NumRows())
	for i := range rows {
		r := &rows[i]
		r.ID, r.SceneID, r.Viewpoint, r.Camera = id.Value(i), scene.Value(i), vp.Value(i), cam.at(i)
		r.Pull, r.Obstructed, r.TagsVisible, r.Width, r.Height = pull.Value(i), obs.Value(i), vis.Value(i), w.Value(i), h.Value(i)
		r.Image = img.at(i)
		a, b := listRange(depth, i)
		r.Depth = append([]float32(nil), dv.Float32Values()[a:b]...)
		a, b = listRange(ids, i)
		r.InstanceIDs = append([]uint16(nil), iv.Uint16Values()[a:b]...)
		r.InstanceMap = stringsAt(c, imap, i, "instance_map")
	}
	return rows, c.err
}
