package export

import (
	"fmt"

	"flowbench/planner"
	"flowbench/sim"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// columns looks up a record's columns by name with a type check, keeping the
// first problem so that decoding code stays linear.
type columns struct {
	rec arrow.RecordBatch
	err error
}

func (c *columns) get(name string) arrow.Array {
	idx := c.rec.Schema().FieldIndices(name)
	if len(idx) != 1 {
		c.fail(fmt.Errorf("missing column %q", name))
		return nil
	}
	a := c.rec.Column(idx[0])
	if ext, ok := a.(array.ExtensionArray); ok {
		// A reader that registers arrow.fixed_shape_tensor sees extension
		// arrays; their storage is the fixed-size list decoded here.
		return ext.Storage()
	}
	return a
}

func (c *columns) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// as asserts an array's type, recording a mismatch under name.
func as[T arrow.Array](c *columns, a arrow.Array, name string) T {
	t, ok := a.(T)
	if !ok && a != nil {
		var zero T
		c.fail(fmt.Errorf("column %q has type %s, want %T", name, a.DataType(), zero))
	}
	return t
}

func col[T arrow.Array](c *columns, name string) T { return as[T](c, c.get(name), name) }

// listValues returns the values array of list column l, asserted to T
// (T's zero value when l is absent).
func listValues[T arrow.Array, L interface {
	*array.List | *array.FixedSizeList
	ListValues() arrow.Array
}](c *columns, l L, name string) T {
	if l == nil {
		var zero T
		return zero
	}
	return as[T](c, l.ListValues(), name)
}

func field[T arrow.Array](c *columns, s *array.Struct, i int, name string) T {
	var zero T
	if s == nil {
		return zero
	}
	if i >= s.NumField() {
		c.fail(fmt.Errorf("column %q has %d fields, want more than %d", name, s.NumField(), i))
		return zero
	}
	return as[T](c, s.Field(i), name)
}

// vec3Reader decodes a struct{x,y,z} column.
type vec3Reader struct{ x, y, z *array.Float64 }

func newVec3Reader(c *columns, s *array.Struct, name string) vec3Reader {
	return vec3Reader{field[*array.Float64](c, s, 0, name+".x"), field[*array.Float64](c, s, 1, name+".y"),
		field[*array.Float64](c, s, 2, name+".z")}
}

func (v vec3Reader) at(i int) sim.Vec3 {
	if v.x == nil || v.y == nil || v.z == nil {
		return sim.Vec3{}
	}
	return sim.Vec3{v.x.Value(i), v.y.Value(i), v.z.Value(i)}
}

type imageReader struct {
	b *array.Binary
	p *array.String
}

func newImageReader(c *columns, name string) imageReader {
	s := col[*array.Struct](c, name)
	return imageReader{field[*array.Binary](c, s, 0, name+".bytes"), field[*array.String](c, s, 1, name+".path")}
}

func (r imageReader) at(i int) Image {
	if r.b == nil || r.p == nil {
		return Image{}
	}
	var im Image
	if r.b.IsValid(i) {
		im.Bytes = append([]byte(nil), r.b.Value(i)...)
	}
	if r.p.IsValid(i) {
		im.Path = r.p.Value(i)
	}
	return im
}

type refReader struct{ id, typ, color *array.String }

func newRefReader(c *columns, s *array.Struct, name string) refReader {
	return refReader{field[*array.String](c, s, 0, name+".objectId"), field[*array.String](c, s, 1, name+".objectType"),
		field[*array.String](c, s, 2, name+".dot_color")}
}

func (r refReader) at(i int) planner.ObjectRef {
	if r.id == nil || r.typ == nil || r.color == nil {
		return planner.ObjectRef{}
	}
	return planner.ObjectRef{ObjectID: r.id.Value(i), ObjectType: r.typ.Value(i), DotColor: r.color.Value(i)}
}

func listRange(l *array.List, i int) (int, int) {
	if l == nil {
		return 0, 0
	}
	a, b := l.ValueOffsets(i)
	return int(a), int(b)
}

func stringsAt(c *columns, l *array.List, i int, name string) []string {
	if l == nil {
		return nil
	}
	vals := as[*array.String](c, l.ListValues(), name)
	if vals == nil {
		return nil
	}
	a, b := listRange(l, i)
	if a == b {
		return nil
	}
	out := make([]string, 0, b-a)
	for j := a; j < b; j++ {
		out = append(out, vals.Value(j))
	}
	return out
}

// fixedValues returns the element array of a fixed-size-list column and
// the value range of row i.
func fixedRange(l *array.FixedSizeList, i int) (int, int) {
	a, b := l.ValueOffsets(i)
	return int(a), int(b)
}

func float64sAt(c *columns, l *array.FixedSizeList, i int, name string, dst []float64) {
	if l == nil {
		return
	}
	vals := as[*array.Float64](c, l.ListValues(), name)
	if vals == nil {
		return
	}
	a, b := fixedRange(l, i)
	if b-a != len(dst) {
		c.fail(fmt.Errorf("column %q has %d values per row, want %d", name, b-a, len(dst)))
		return
	}
	copy(dst, vals.Float64Values()[a:b])
}

// cameraReader decodes a camera struct column.
type cameraReader struct {
	pos           vec3Reader
	yaw, hor, fov *array.Float64
	w, h          *array.Int32
	k, m          *array.FixedSizeList
	c             *columns
	name          string
}

func newCameraReader(c *columns, s *array.Struct, name string) cameraReader {
	return cameraReader{pos: newVec3Reader(c, field[*array.Struct](c, s, 0, name+".position"), name+".position"),
		yaw: field[*array.Float64](c, s, 1, name+".yaw"), hor: field[*array.Float64](c, s, 2, name+".horizon"),
		fov: field[*array.Float64](c, s, 3, name+".fov"), w: field[*array.Int32](c, s, 4, name+".width"),
		h: field[*array.Int32](c, s, 5, name+".height"), k: field[*array.FixedSizeList](c, s, 6, name+".K"),
		m: field[*array.FixedSizeList](c, s, 7, name+".world_to_camera"), c: c, name: name}
}

func (r cameraReader) at(i int) CameraRow {
	if r.yaw == nil || r.hor == nil || r.fov == nil || r.w == nil || r.h == nil {
		return CameraRow{}
	}
	cr := CameraRow{Position: r.pos.at(i), Yaw: r.yaw.Value(i), Horizon: r.hor.Value(i), FOV: r.fov.Value(i),
		Width: r.w.Value(i), Height: r.h.Value(i)}
	float64sAt(r.c, r.k, i, r.name+".K", cr.K[:])
	float64sAt(r.c, r.m, i, r.name+".world_to_camera", cr.WorldToCamera[:])
	return cr
}

// decodeQuestions converts a questions record to rows.
func decodeQuestions(rec arrow.RecordBatch) ([]QuestionRow, error) {
	c := &columns{rec: rec}
	id, split, house, style := col[*array.String](c, "id"), col[*array.String](c, "split"), col[*array.String](c, "house_id"), col[*array.String](c, "scene_style")
	view, cat := col[*array.Int32](c, "view_id"), col[*array.String](c, "category")
	img, imgAfter := newImageReader(c, "image"), newImageReader(c, "image_after")
	motion, question := col[*array.String](c, "motion_text"), col[*array.String](c, "question")
	choices := col[*array.List](c, "choices")
	answer, sq, sa, ba := col[*array.String](c, "answer"), col[*array.String](c, "static_question"), col[*array.String](c, "static_answer"), col[*array.String](c, "before_answer")
	changed, reasoning := col[*array.Boolean](c, "changed"), col[*array.String](c, "reasoning")
	mover := newRefReader(c, col[*array.Struct](c, "mover"), "mover")
	refs := col[*array.List](c, "referenced")
	refVals := newRefReader(c, listValues[*array.Struct](c, refs, "referenced"), "referenced")
	cam := newCameraReader(c, col[*array.Struct](c, "camera"), "camera")
	req := newVec3Reader(c, col[*array.Struct](c, "requested_motion"), "requested_motion")
	real := newVec3Reader(c, col[*array.Struct](c, "realised_motion"), "realised_motion")
	settled, metrics := col[*array.Boolean](c, "settled"), col[*array.String](c, "metrics")
	causal := col[*array.String](c, "causal_graph")
	c1, c0 := col[*array.String](c, "reasoning_outcome"), col[*array.String](c, "reasoning_imagined")
	if c.err != nil {
		return nil, c.err
	}
	rows := make([]QuestionRow, rec.NumRows())
	for i := range rows {
		r := &rows[i]
		r.ID, r.Split, r.HouseID, r.SceneStyle = id.Value(i), split.Value(i), house.Value(i), style.Value(i)
		r.ViewID, r.Category = view.Value(i), cat.Value(i)
		r.Image, r.ImageAfter = img.at(i), imgAfter.at(i)
		r.MotionText, r.Question = motion.Value(i), question.Value(i)
		r.Choices = stringsAt(c, choices, i, "choices")
		r.Answer, r.StaticQuestion, r.StaticAnswer, r.BeforeAnswer = answer.Value(i), sq.Value(i), sa.Value(i), ba.Value(i)
		r.Changed, r.Reasoning = changed.Value(i), reasoning.Value(i)
		r.Mover = mover.at(i)
		a, b := listRange(refs, i)
		for j := a; j < b; j++ {
			r.Referenced = append(r.Referenced, refVals.at(j))
		}
		r.Camera = cam.at(i)
		r.RequestedMotion, r.RealisedMotion = req.at(i), real.at(i)
		r.Settled, r.Metrics, r.CausalGraph = settled.Value(i), metrics.Value(i), causal.Value(i)
		r.ReasoningOutcome, r.ReasoningImagined = c1.Value(i), c0.Value(i)
	}
	return rows, c.err
}

type objectRowReader struct {
	id, typ, parent        *array.String
	pos, size, amin, amax  vec3Reader
	yaw                    *array.Float64
	pick, move, receptacle *array.Boolean
}

func newObjectRowReader(c *columns, s *array.Struct, name string) objectRowReader {
	return objectRowReader{
		id: field[*array.String](c, s, 0, name+".objectId"), typ: field[*array.String](c, s, 1, name+".objectType"),
		pos:  newVec3Reader(c, field[*array.Struct](c, s, 2, name+".position"), name+".position"),
		yaw:  field[*array.Float64](c, s, 3, name+".yaw"),
		size: newVec3Reader(c, field[*array.Struct](c, s, 4, name+".size"), name+".size"),
		amin: newVec3Reader(c, field[*array.Struct](c, s, 5, name+".aabb_min"), name+".aabb_min"),
		amax: newVec3Reader(c, field[*array.Struct](c, s, 6, name+".aabb_max"), name+".aabb_max"),
		pick: field[*array.Boolean](c, s, 7, name+".pickupable"), move: field[*array.Boolean](c, s, 8, name+".moveable"),
		receptacle: field[*array.Boolean](c, s, 9, name+".receptacle"), parent: field[*array.String](c, s, 10, name+".parentReceptacle"),
	}
}

func (r objectRowReader) at(i int) ObjectRow {
	return ObjectRow{ObjectID: r.id.Value(i), ObjectType: r.typ.Value(i), Position: r.pos.at(i), Yaw: r.yaw.Value(i),
		Size: r.size.at(i), AABBMin: r.amin.at(i), AABBMax: r.amax.at(i), Pickupable: r.pick.Value(i),
		Moveable: r.move.Value(i), Receptacle: r.receptacle.Value(i), Parent: r.parent.Value(i)}
}

func objectRowsAt(c *columns, l *array.List, i int, name string) []ObjectRow {
	if l == nil {
		return nil
	}
	s := as[*array.Struct](c, l.ListValues(), name)
	if s == nil {
		return nil
	}
	rd := newObjectRowReader(c, s, name)
	if c.err != nil {
		return nil
	}
	a, b := listRange(l, i)
	if a == b {
		return nil
	}
	out := make([]ObjectRow, 0, b-a)
	for j := a; j < b; j++ {
		out = append(out, rd.at(j))
	}
	return out
}

// tensorValues returns row i of a fixed-size-list column of T values.
func tensorValues[T any, A interface {
	arrow.Array
	Values() []T
}](c *columns, name string, i int, want int) []T {
	l := col[*array.FixedSizeList](c, name)
	if l == nil {
		return nil
	}
	vals := as[A](c, l.ListValues(), name)
	if c.err != nil {
		return nil
	}
	a, b := fixedRange(l, i)
	if b-a != want {
		c.fail(fmt.Errorf("column %q has %d values per row, want %d", name, b-a, want))
		return nil
	}
	return append([]T(nil), vals.Values()[a:b]...)
}

// decodeAnnotations converts an annotations record to rows.
func decodeAnnotations(rec arrow.RecordBatch) ([]AnnotationRow, error) {
	c := &columns{rec: rec}
	id, w, h := col[*array.String](c, "id"), col[*array.Int32](c, "width"), col[*array.Int32](c, "height")
	before, after := newImageReader(c, "image_before_raw"), newImageReader(c, "image_after_raw")
	mapBefore, mapAfter := col[*array.List](c, "instance_map_before"), col[*array.List](c, "instance_map_after")
	objBefore, objAfter := col[*array.List](c, "objects_before"), col[*array.List](c, "objects_after")
	if c.err != nil {
		return nil, c.err
	}
	rows := make([]AnnotationRow, rec.NumRows())
	for i := range rows {
		r := &rows[i]
		r.ID, r.Width, r.Height = id.Value(i), w.Value(i), h.Value(i)
		n := int(r.Width) * int(r.Height)
		r.ImageBeforeRaw, r.ImageAfterRaw = before.at(i), after.at(i)
		r.DepthBefore = tensorValues[float32, *array.Float32](c, "depth_before", i, n)
		r.DepthAfter = tensorValues[float32, *array.Float32](c, "depth_after", i, n)
		r.InstanceBefore = tensorValues[uint16, *array.Uint16](c, "instance_before", i, n)
		r.InstanceAfter = tensorValues[uint16, *array.Uint16](c, "instance_after", i, n)
		r.InstanceMapBefore = stringsAt(c, mapBefore, i, "instance_map_before")
		r.InstanceMapAfter = stringsAt(c, mapAfter, i, "instance_map_after")
		r.FlowForward = tensorValues[float32, *array.Float32](c, "flow_forward", i, 2*n)
		r.FlowBackward = tensorValues[float32, *array.Float32](c, "flow_backward", i, 2*n)
		r.FlowValid = tensorValues[uint8, *array.Uint8](c, "flow_valid", i, n)
		r.ChangeMask = tensorValues[uint8, *array.Uint8](c, "change_mask", i, n)
		r.ObjectsBefore = objectRowsAt(c, objBefore, i, "objects_before")
		r.ObjectsAfter = objectRowsAt(c, objAfter, i, "objects_after")
		if c.err != nil {
			return nil, fmt.Errorf("row %d: %w", i, c.err)
		}
	}
	return rows, c.err
}
