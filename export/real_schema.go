package export

import "github.com/apache/arrow-go/v18/arrow"

// The FlowBench-Real family (real build, docs/real.md). Its
// questions live in the motion family's questions table (QuestionsSchema,
// data/questions/), so prompts, eval, score and stats read them unchanged;
// its annotations live in a table of their own, real_annotations
// (data/real_annotations/), whose schema has nothing in common with the
// motion annotations: a reader of data/annotations/ never meets a Real row.
const (
	// FamilyReal is the manifest's family of a FlowBench-Real dataset.
	FamilyReal = "real"
	// RealAnnotationsTable is the Real family's annotations table.
	RealAnnotationsTable = "real_annotations"
)

// RealTables are the Real family's tables: shard k of each holds the same
// questions in the same order.
var RealTables = []string{QuestionsTable, RealAnnotationsTable}

// RealAnnotationsSchema is the schema of the real_annotations table: per
// question the unmarked frames, the colour-dot image, and the measurement
// and question as JSON, from which every answer can be recomputed.
func RealAnnotationsSchema() *arrow.Schema {
	return arrow.NewSchema([]arrow.Field{
		str("id"), str("pair_id"), str("source"),
		{Name: "width", Type: arrow.PrimitiveTypes.Int32},
		{Name: "height", Type: arrow.PrimitiveTypes.Int32},
		imageField("image_before_raw"), imageField("image_after_raw"), imageField("image_dots"),
		{Name: "dot_colors", Type: arrow.ListOfNonNullable(arrow.BinaryTypes.String)},
		str("question_dots"), str("motion_text_dots"),
		str("measurement"), str("question_spec"),
	}, realSchemaMeta(RealAnnotationsTable, "image_before_raw", "image_after_raw", "image_dots"))
}

// realSchemaMeta is schemaMeta with the family recorded too
// (flowbench.family = real), so that a shard read on its own says what it
// is.
func realSchemaMeta(table string, images ...string) *arrow.Metadata {
	m := arrow.NewMetadata(
		[]string{SchemaVersionKey, TableKey, FamilyKey, "huggingface"},
		[]string{SchemaVersion, table, FamilyReal, hfFeatures(images...)})
	return &m
}

// FamilyKey is the Arrow schema metadata key naming the family of a table
// that belongs to one family only (real_annotations).
const FamilyKey = "flowbench.family"

// realColumnDocs documents the Real family's columns (manifest and card):
// the questions table's columns as the Real family fills them, and the
// real_annotations columns.
var realColumnDocs = map[string]map[string]string{
	QuestionsTable: {
		"id":               "question id: <pair_id>/<category>[/<k>] (real.Question.ID)",
		"split":            "split name",
		"house_id":         "the image pair's id",
		"scene_style":      "real:<source> (bridge_v2, droid, language_table, rt1, berkeley_ur5, custom)",
		"view_id":          "always 0 (one view per pair)",
		"category":         "near_object, left_right, closer_to, closest_three, count_near, depth_order or occlusion (B.4.1-B.4.7)",
		"image":            "I0 with a red numbered badge on every marked object (the question names objects by number; PNG)",
		"image_after":      "I1 with the same badges, each moved by its object's measured image displacement; objects not found in I1 have none (mode 2A; PNG)",
		"motion_text":      "the stated move of the mover, whole centimetres, with the scale reference (B.4)",
		"question":         "stem and A./B./... option lines",
		"choices":          "option texts in letter order",
		"answer":           "correct letters, sorted, from the measured geometry",
		"static_question":  "the same question asked of I1 without the move (mode 2A)",
		"static_answer":    "answer of static_question",
		"before_answer":    "answer on I0 (before the move)",
		"changed":          "the move flips the answer (false for the no-change questions of B.4.8)",
		"reasoning":        "empty",
		"mover":            "the mover: objectId obj<mark> (obj-mover when unmarked), objectType its label, dot_color its dot colour in image_dots",
		"referenced":       "the other objects the question mentions, in the question's order, as mover",
		"camera":           "the camera of I0: identity pose (position 0, yaw 0, horizon 0, world_to_camera the identity), fov from fy, K from the intrinsics",
		"requested_motion": "the mover's measured 3D displacement X1 - X0 in the camera frame of I0 (x right, y down, z forward), metres",
		"realised_motion":  "equal to requested_motion",
		"settled":          "always true",
		"metrics":          "JSON: rule, quantities, margin_cleared, rel_margin, shortcut, extended",
		"causal_graph":     "empty",
	},
	RealAnnotationsTable: {
		"id":               "question id, as in questions at the same row",
		"pair_id":          "the image pair's id",
		"source":           "the robot dataset the pair comes from",
		"width":            "frame width, pixels",
		"height":           "frame height, pixels",
		"image_before_raw": "I0 without marks, as read (PNG or JPEG)",
		"image_after_raw":  "I1 without marks, as read (PNG or JPEG)",
		"image_dots":       "I0 with a colour dot on each object the question mentions (PNG)",
		"dot_colors":       "the dot colour names, in the order of question_spec.mentioned",
		"question_dots":    "the question naming objects by dot colour; empty when the generator provides none",
		"motion_text_dots": "the move naming the mover by dot colour; empty when the generator provides none",
		"measurement":      "JSON real.Measurement: every matched object (labels, masks, median pixels, depths, 3D positions, boxes, areas, radii, roles, marks), mover, landmarks, scale reference",
		"question_spec":    "JSON real.Question: spec (category, landmark, options, counted, T, side, negated, occlusion), rule, quantities, margins, answers",
	},
}
