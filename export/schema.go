package export

import (
	"encoding/json"

	"github.com/apache/arrow-go/v18/arrow"
)

// SchemaVersion is the version of the table layout, stored in every shard's
// Parquet key-value metadata under SchemaVersionKey and in the manifest.
const SchemaVersion = "3"

// Parquet key-value metadata keys written into every shard.
const (
	SchemaVersionKey = "flowbench.schema_version"
	TableKey         = "flowbench.table"
	SplitKey         = "flowbench.split"
	ShardKey         = "flowbench.shard"
	TagKey           = "flowbench.tag"
)

// Table names: the two configs of a dataset.
const (
	QuestionsTable   = "questions"
	AnnotationsTable = "annotations"
)

// Canonical Arrow extension keys for fixed-shape tensors.
const (
	ExtensionNameKey     = "ARROW:extension:name"
	ExtensionMetadataKey = "ARROW:extension:metadata"
	FixedShapeTensorName = "arrow.fixed_shape_tensor"
)

var (
	vec3Type = arrow.StructOf(
		arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Float64},
		arrow.Field{Name: "y", Type: arrow.PrimitiveTypes.Float64},
		arrow.Field{Name: "z", Type: arrow.PrimitiveTypes.Float64},
	)
	// imageType is the Hugging Face datasets Image feature storage type.
	imageType = arrow.StructOf(
		arrow.Field{Name: "bytes", Type: arrow.BinaryTypes.Binary, Nullable: true},
		arrow.Field{Name: "path", Type: arrow.BinaryTypes.String, Nullable: true},
	)
	objectRefType = arrow.StructOf(
		arrow.Field{Name: "objectId", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "objectType", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "dot_color", Type: arrow.BinaryTypes.String},
	)
	cameraType = arrow.StructOf(
		arrow.Field{Name: "position", Type: vec3Type},
		arrow.Field{Name: "yaw", Type: arrow.PrimitiveTypes.Float64},
		arrow.Field{Name: "horizon", Type: arrow.PrimitiveTypes.Float64},
		arrow.Field{Name: "fov", Type: arrow.PrimitiveTypes.Float64},
		arrow.Field{Name: "width", Type: arrow.PrimitiveTypes.Int32},
		arrow.Field{Name: "height", Type: arrow.PrimitiveTypes.Int32},
		arrow.Field{Name: "K", Type: arrow.FixedSizeListOfNonNullable(9, arrow.PrimitiveTypes.Float64)},
		arrow.Field{Name: "world_to_camera", Type: arrow.FixedSizeListOfNonNullable(16, arrow.PrimitiveTypes.Float64)},
	)
	objectRowType = arrow.StructOf(
		arrow.Field{Name: "objectId", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "objectType", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "position", Type: vec3Type},
		arrow.Field{Name: "yaw", Type: arrow.PrimitiveTypes.Float64},
		arrow.Field{Name: "size", Type: vec3Type},
		arrow.Field{Name: "aabb_min", Type: vec3Type},
		arrow.Field{Name: "aabb_max", Type: vec3Type},
		arrow.Field{Name: "pickupable", Type: arrow.FixedWidthTypes.Boolean},
		arrow.Field{Name: "moveable", Type: arrow.FixedWidthTypes.Boolean},
		arrow.Field{Name: "receptacle", Type: arrow.FixedWidthTypes.Boolean},
		arrow.Field{Name: "parentReceptacle", Type: arrow.BinaryTypes.String},
	)
)

func str(name string) arrow.Field { return arrow.Field{Name: name, Type: arrow.BinaryTypes.String} }

func imageField(name string) arrow.Field {
	// Nullable, as in datasets.Image().pa_type, so that the field equals the
	// Image feature's and Hugging Face decodes it.
	return arrow.Field{Name: name, Type: imageType, Nullable: true}
}

// hfFeatures is the "huggingface" schema metadata that tells Hugging Face
// datasets which struct columns are Image features; other columns get their
// features inferred from the Arrow types.
func hfFeatures(images ...string) string {
	feats := map[string]any{}
	for _, n := range images {
		feats[n] = map[string]string{"_type": "Image"}
	}
	b, _ := json.Marshal(map[string]any{"info": map[string]any{"features": feats}})
	return string(b)
}

func schemaMeta(table string, images ...string) *arrow.Metadata {
	m := arrow.NewMetadata(
		[]string{SchemaVersionKey, TableKey, "huggingface"},
		[]string{SchemaVersion, table, hfFeatures(images...)})
	return &m
}

// QuestionsSchema returns the Arrow schema of the questions table.
func QuestionsSchema() *arrow.Schema {
	return arrow.NewSchema([]arrow.Field{
		str("id"), str("split"), str("house_id"), str("scene_style"),
		{Name: "view_id", Type: arrow.PrimitiveTypes.Int32},
		str("category"),
		imageField("image"), imageField("image_after"),
		str("motion_text"), str("question"),
		{Name: "choices", Type: arrow.ListOfNonNullable(arrow.BinaryTypes.String)},
		str("answer"), str("static_question"), str("static_answer"), str("before_answer"),
		{Name: "changed", Type: arrow.FixedWidthTypes.Boolean},
		str("reasoning"),
		{Name: "mover", Type: objectRefType},
		{Name: "referenced", Type: arrow.ListOfNonNullable(objectRefType)},
		{Name: "camera", Type: cameraType},
		{Name: "requested_motion", Type: vec3Type},
		{Name: "realised_motion", Type: vec3Type},
		{Name: "settled", Type: arrow.FixedWidthTypes.Boolean},
		str("metrics"),
		str("causal_graph"),
		str("reasoning_outcome"), str("reasoning_imagined"),
	}, schemaMeta(QuestionsTable, "image", "image_after"))
}

// AnnotationsSchema returns the Arrow schema of the annotations table for
// images of width w and height h in the default tensor type.
func AnnotationsSchema(w, h int) *arrow.Schema { return AnnotationsSchemaFor(w, h, DefaultTensorType) }

// AnnotationsSchemaFor returns the Arrow schema of the annotations table
// for images of width w and height h: the dense columns are row-major
// tensors of shape [h, w] or [h, w, 2], typed as t says.
func AnnotationsSchemaFor(w, h int, t TensorType) *arrow.Schema {
	f32, u16, u8 := arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint8
	return arrow.NewSchema([]arrow.Field{
		str("id"),
		{Name: "width", Type: arrow.PrimitiveTypes.Int32},
		{Name: "height", Type: arrow.PrimitiveTypes.Int32},
		imageField("image_before_raw"), imageField("image_after_raw"),
		tensorField("depth_before", f32, t, h, w), tensorField("depth_after", f32, t, h, w),
		tensorField("instance_before", u16, t, h, w), tensorField("instance_after", u16, t, h, w),
		{Name: "instance_map_before", Type: arrow.ListOfNonNullable(arrow.BinaryTypes.String)},
		{Name: "instance_map_after", Type: arrow.ListOfNonNullable(arrow.BinaryTypes.String)},
		tensorField("flow_forward", f32, t, h, w, 2), tensorField("flow_backward", f32, t, h, w, 2),
		tensorField("flow_valid", u8, t, h, w), tensorField("change_mask", u8, t, h, w),
		{Name: "objects_before", Type: arrow.ListOfNonNullable(objectRowType)},
		{Name: "objects_after", Type: arrow.ListOfNonNullable(objectRowType)},
	}, schemaMeta(AnnotationsTable, "image_before_raw", "image_after_raw"))
}

// denseColumns lists the annotations columns stored as tensors.
var denseColumns = []string{"depth_before", "depth_after", "instance_before", "instance_after",
	"flow_forward", "flow_backward", "flow_valid", "change_mask"}
