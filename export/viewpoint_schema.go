package export

import "github.com/apache/arrow-go/v18/arrow"

// The viewpoint family's tables (generate --family viewpoint,
// docs/viewpoint.md): one row per question, and one row per withheld target
// view. Dense columns are plain lists (not tensor extensions) so every
// Parquet reader reads them; their length is width × height.
const (
	ViewpointQuestionsTable = "viewpoint_questions"
	ViewpointViewsTable     = "viewpoint_views"
	// FamilyViewpoint is the manifest's family of a viewpoint dataset.
	FamilyViewpoint = "viewpoint"
)

var viewTagType = arrow.StructOf(
	arrow.Field{Name: "tag", Type: arrow.PrimitiveTypes.Int32},
	arrow.Field{Name: "objectId", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "objectType", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "bbox", Type: arrow.FixedSizeListOfNonNullable(4, arrow.PrimitiveTypes.Int32)},
	arrow.Field{Name: "pixels", Type: arrow.PrimitiveTypes.Int32},
	arrow.Field{Name: "mark_x", Type: arrow.PrimitiveTypes.Float64},
	arrow.Field{Name: "mark_y", Type: arrow.PrimitiveTypes.Float64},
	arrow.Field{Name: "floor_x", Type: arrow.PrimitiveTypes.Float64},
	arrow.Field{Name: "floor_z", Type: arrow.PrimitiveTypes.Float64},
)

// ViewpointQuestionsSchema is the schema of the viewpoint questions table.
func ViewpointQuestionsSchema() *arrow.Schema {
	i32 := arrow.PrimitiveTypes.Int32
	return arrow.NewSchema([]arrow.Field{
		str("id"), str("split"), str("house_id"), str("scene_id"),
		{Name: "view_id", Type: i32},
		imageField("image"),
		{Name: "camera", Type: cameraType},
		{Name: "centre", Type: vec3Type},
		{Name: "tags", Type: arrow.ListOfNonNullable(viewTagType)},
		{Name: "subject", Type: i32}, {Name: "object", Type: i32},
		str("viewpoint"),
		{Name: "orbit", Type: i32},
		{Name: "top", Type: arrow.FixedWidthTypes.Boolean},
		{Name: "step", Type: i32},
		{Name: "answer", Type: arrow.ListOfNonNullable(arrow.BinaryTypes.String)},
		str("question"),
		str("context_image"), str("context_bbox"), str("context_scene_graph"),
	}, schemaMeta(ViewpointQuestionsTable, "image"))
}

// ViewpointViewsSchema is the schema of the viewpoint target-views table.
func ViewpointViewsSchema() *arrow.Schema {
	return arrow.NewSchema([]arrow.Field{
		str("id"), str("scene_id"), str("viewpoint"),
		{Name: "camera", Type: cameraType},
		{Name: "pull", Type: arrow.PrimitiveTypes.Float64},
		{Name: "obstructed", Type: arrow.FixedWidthTypes.Boolean},
		{Name: "tags_visible", Type: arrow.PrimitiveTypes.Int32},
		{Name: "width", Type: arrow.PrimitiveTypes.Int32},
		{Name: "height", Type: arrow.PrimitiveTypes.Int32},
		imageField("image"),
		{Name: "depth", Type: arrow.ListOf(arrow.PrimitiveTypes.Float32)},
		{Name: "instance_ids", Type: arrow.ListOf(arrow.PrimitiveTypes.Uint16)},
		{Name: "instance_map", Type: arrow.ListOfNonNullable(arrow.BinaryTypes.String)},
	}, schemaMeta(ViewpointViewsTable, "image"))
}

// viewpointColumnDocs documents the viewpoint tables' columns (manifest
// and card).
var viewpointColumnDocs = map[string]map[string]string{
	ViewpointQuestionsTable: {
		"id":                  "question id: <scene_id>/q<k>",
		"scene_id":            "the source view: <house_id>/v<view>",
		"image":               "the source view with numbered tag badges (PNG)",
		"camera":              "the source camera (Unity world pose, intrinsics, OpenCV extrinsics)",
		"centre":              "the orbit centre: mean of the tagged objects' box centres (world, metres)",
		"tags":                "tagged objects: tag number, id, type, visible-mask bbox [x, y, w, h] px, visible pixels, badge centre px, floor offset from the centre in the source frame (x right, z forward, metres)",
		"subject":             "tag A, the reference object",
		"object":              "tag B: the question asks the relation of B to A",
		"viewpoint":           `"0", "left 45" ... "left 360", "right 45" ... "right 360", or "top"`,
		"orbit":               "signed orbit angle in degrees (positive = left); 0 for the source and top views",
		"top":                 "the top-down view",
		"step":                "position of the question along its pair's trajectory, from 1 (NSC)",
		"answer":              "the true relation set: left/right/front/behind, or left/right/north/south at the top view",
		"question":            "the question, in CVT-Bench's wording",
		"context_image":       "the Image representation's scene block (object dictionary; shown with image)",
		"context_bbox":        "the Text/BBox representation's scene block (dictionary with bounding boxes, no image)",
		"context_scene_graph": "the Scene Graph representation's scene block (dictionary and the source view's scene graph)",
	},
	ViewpointViewsTable: {
		"id":           "<scene_id>/<viewpoint without spaces>",
		"viewpoint":    `"0", "left 45" ... "left 315", "top" (right θ is left 360−θ; 360 is 0)`,
		"camera":       "the target camera",
		"pull":         "share of the source camera's distance to the orbit axis kept (1 = rigid orbit)",
		"obstructed":   "no pull kept the camera inside the room and clear of furniture",
		"tags_visible": "tagged objects visible in this view",
		"image":        "the withheld target view (PNG)",
		"depth":        "planar z-depth, metres, row-major height × width",
		"instance_ids": "instance id per pixel, row-major height × width; 0 = none",
		"instance_map": "instance_map[id] is the objectId or structure id",
	},
}
