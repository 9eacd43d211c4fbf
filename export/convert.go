package export

import (
	"encoding/json"
	"fmt"
	"strings"

	"flowbench/planner"
	"flowbench/sim"
)

// NewQuestionRow builds a questions-table row from a planner example and the
// PNG encodings of I0 and I1 with marks. Metrics are stored as JSON with
// sorted keys; a value JSON cannot hold (NaN, ±Inf) is an error. The causal
// graph is built from the example (causalGraphJSON).
func NewQuestionRow(ex *planner.Example, image, imageAfter []byte) (QuestionRow, error) {
	if ex == nil {
		return QuestionRow{}, fmt.Errorf("export: nil example")
	}
	if ex.ID == "" {
		return QuestionRow{}, fmt.Errorf("export: example has no id")
	}
	metrics := "{}"
	if len(ex.Metrics) > 0 {
		b, err := json.Marshal(ex.Metrics)
		if err != nil {
			return QuestionRow{}, fmt.Errorf("export: example %s: metrics: %v", ex.ID, err)
		}
		metrics = string(b)
	}
	graph, err := causalGraphJSON(ex, metrics)
	if err != nil {
		return QuestionRow{}, err
	}
	cat := ex.CategoryName
	if cat == "" {
		cat = ex.Category.String()
	}
	return QuestionRow{
		ID: ex.ID, Split: ex.Split, HouseID: ex.HouseID, SceneStyle: ex.SceneStyle,
		ViewID: int32(ex.ViewID), Category: cat,
		Image:      Image{Bytes: image, Path: imagePath(ex.ID, "image")},
		ImageAfter: Image{Bytes: imageAfter, Path: imagePath(ex.ID, "image_after")},
		MotionText: ex.MotionText, Question: ex.Question,
		Choices: append([]string(nil), ex.Choices...),
		Answer:  ex.Answer, StaticQuestion: ex.StaticQuestion, StaticAnswer: ex.StaticAnswer,
		BeforeAnswer: ex.BeforeAnswer, Changed: ex.Changed, Reasoning: ex.Reasoning,
		Mover:           ex.Mover,
		Referenced:      append([]planner.ObjectRef(nil), ex.Referenced...),
		Camera:          NewCameraRow(ex.Camera),
		RequestedMotion: ex.RequestedMotion, RealisedMotion: ex.RealisedMotion,
		Settled: ex.Settled, Metrics: metrics, CausalGraph: graph,
	}, nil
}

// causalGraphJSON is the example's causal graph as JSON. Examples the
// planner made carry the m0/m1 metrics the graph is built from and always
// get one (an error if it cannot be built); hand-made examples without them
// get "".
func causalGraphJSON(ex *planner.Example, metrics string) (string, error) {
	_, m0 := ex.Metrics["m0"]
	_, m1 := ex.Metrics["m1"]
	if !m0 || !m1 {
		return "", nil
	}
	g, err := planner.BuildCausalGraphFrom(ex, []byte(metrics))
	if err != nil {
		return "", fmt.Errorf("export: %v", err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		return "", fmt.Errorf("export: example %s: causal graph: %v", ex.ID, err)
	}
	return string(b), nil
}

// imagePath is the file-name hint stored beside image bytes: the id with
// slashes replaced, and the column name.
func imagePath(id, column string) string {
	return strings.ReplaceAll(id, "/", "_") + "_" + column + ".png"
}

// NewCameraRow flattens a camera into its table form.
func NewCameraRow(c sim.Camera) CameraRow {
	r := CameraRow{Position: c.Position, Yaw: c.Yaw, Horizon: c.Horizon, FOV: c.FOV,
		Width: int32(c.Width), Height: int32(c.Height)}
	k := c.K()
	for i := range 3 {
		for j := range 3 {
			r.K[3*i+j] = k[i][j]
		}
	}
	m := c.WorldToCamera()
	for i := range 4 {
		for j := range 4 {
			r.WorldToCamera[4*i+j] = m[i][j]
		}
	}
	return r
}

// NewObjectRow converts planner object metadata to its table form.
func NewObjectRow(o planner.ObjectMeta) ObjectRow {
	return ObjectRow{ObjectID: o.ID, ObjectType: o.Type, Position: o.Position, Yaw: o.Yaw, Size: o.Size,
		AABBMin: o.AABB.Min, AABBMax: o.AABB.Max, Pickupable: o.Pickupable, Moveable: o.Moveable,
		Receptacle: o.Receptacle, Parent: o.Parent}
}

// Flow holds the flow fields and masks of one question, each row-major from
// the top-left pixel: Forward and Backward W*H*2 interleaved (dx, dy) pixels,
// Valid and Change W*H values 0 or 1.
type Flow struct {
	Forward, Backward []float32
	Valid, Change     []uint8
}

// NewAnnotationRow builds an annotations-table row for question id from the
// outcome's frames, the PNG encodings of the unmarked renders, and the flow.
// Every dense array must match the before frame's size.
func NewAnnotationRow(id string, out *planner.Outcome, rawBefore, rawAfter []byte, fl Flow) (AnnotationRow, error) {
	if out == nil || out.Before == nil || out.After == nil {
		return AnnotationRow{}, fmt.Errorf("export: annotation %s: outcome lacks a frame", id)
	}
	b, a := out.Before, out.After
	w, h := b.W, b.H
	n := w * h
	if a.W != w || a.H != h {
		return AnnotationRow{}, fmt.Errorf("export: annotation %s: before frame %dx%d, after frame %dx%d", id, w, h, a.W, a.H)
	}
	for _, c := range []struct {
		name string
		got  int
		want int
	}{
		{"depth before", len(b.Depth), n}, {"depth after", len(a.Depth), n},
		{"instances before", len(b.IDs), n}, {"instances after", len(a.IDs), n},
		{"forward flow", len(fl.Forward), 2 * n}, {"backward flow", len(fl.Backward), 2 * n},
		{"flow validity", len(fl.Valid), n}, {"change mask", len(fl.Change), n},
	} {
		if c.got != c.want {
			return AnnotationRow{}, fmt.Errorf("export: annotation %s: %s has %d values, want %d for %dx%d", id, c.name, c.got, c.want, w, h)
		}
	}
	row := AnnotationRow{
		ID: id, Width: int32(w), Height: int32(h),
		ImageBeforeRaw: Image{Bytes: rawBefore, Path: imagePath(id, "image_before_raw")},
		ImageAfterRaw:  Image{Bytes: rawAfter, Path: imagePath(id, "image_after_raw")},
		DepthBefore:    b.Depth, DepthAfter: a.Depth,
		InstanceBefore: b.IDs, InstanceAfter: a.IDs,
		InstanceMapBefore: idTable(b.IDTable), InstanceMapAfter: idTable(a.IDTable),
		FlowForward: fl.Forward, FlowBackward: fl.Backward,
		FlowValid: fl.Valid, ChangeMask: fl.Change,
	}
	for _, o := range out.ObjectsBefore {
		row.ObjectsBefore = append(row.ObjectsBefore, NewObjectRow(o))
	}
	for _, o := range out.ObjectsAfter {
		row.ObjectsAfter = append(row.ObjectsAfter, NewObjectRow(o))
	}
	return row, nil
}

// idTable returns a frame's id table with entry 0 present.
func idTable(t []string) []string {
	if len(t) == 0 {
		return []string{""}
	}
	return t
}
