package export

import (
	"flowbench/planner"
	"flowbench/sim"
)

// Image is a PNG image in the Hugging Face datasets Image feature layout:
// the encoded bytes and a file name hint.
type Image struct {
	Bytes []byte
	Path  string
}

// CameraRow is the camera of a question: Unity world pose, intrinsics and
// extrinsics in OpenCV conventions.
type CameraRow struct {
	Position      sim.Vec3    // eye position, Unity world frame, metres
	Yaw           float64     // degrees about +y, 0 looks along +z, 90 along +x
	Horizon       float64     // degrees, positive looks down
	FOV           float64     // vertical field of view, degrees
	Width, Height int32       // image size, pixels
	K             [9]float64  // OpenCV intrinsics, row-major 3×3
	WorldToCamera [16]float64 // Unity world → OpenCV camera, row-major 4×4
}

// QuestionRow is one row of the questions table.
type QuestionRow struct {
	ID         string
	Split      string
	HouseID    string
	SceneStyle string
	ViewID     int32
	Category   string

	Image      Image // I0 with coloured-dot marks
	ImageAfter Image // I1 with the same marks (mode 2A)

	MotionText     string
	Question       string
	Choices        []string
	Answer         string
	StaticQuestion string
	StaticAnswer   string
	BeforeAnswer   string
	Changed        bool
	Reasoning      string

	Mover      planner.ObjectRef
	Referenced []planner.ObjectRef

	Camera          CameraRow
	RequestedMotion sim.Vec3
	RealisedMotion  sim.Vec3
	Settled         bool
	Metrics         string // JSON object, keys sorted
	CausalGraph     string // JSON planner.CausalGraph: cause → effect chain down to the answer
	// ReasoningOutcome (c1) and ReasoningImagined (c0) are the VLM
	// annotations of generate --annotate-endpoint; "" without it.
	ReasoningOutcome  string
	ReasoningImagined string
}

// ObjectRow is one object's metadata in the annotations table.
type ObjectRow struct {
	ObjectID   string
	ObjectType string
	Position   sim.Vec3 // bounding-box centre, Unity world frame, metres
	Yaw        float64  // degrees about +y
	Size       sim.Vec3 // full extents in the object's own frame, metres
	AABBMin    sim.Vec3 // world axis-aligned bounding box
	AABBMax    sim.Vec3
	Pickupable bool
	Moveable   bool
	Receptacle bool
	Parent     string // receptacle it rests on, "" for the floor
}

// AnnotationRow is one row of the annotations table: the dense per-pixel
// data behind a question, keyed by the question id. Every dense slice is
// row-major from the top-left pixel; flow slices interleave (dx, dy).
type AnnotationRow struct {
	ID            string
	Width, Height int32

	ImageBeforeRaw Image // I0 without marks
	ImageAfterRaw  Image // I1 without marks

	DepthBefore, DepthAfter       []float32 // H*W planar depth, metres, 0 = no hit
	InstanceBefore, InstanceAfter []uint16  // H*W instance ids, 0 = none
	// InstanceMapBefore[id] is the objectId (or structure id) of instance id
	// in the before frame; entry 0 is "".
	InstanceMapBefore, InstanceMapAfter []string
	FlowForward, FlowBackward           []float32 // H*W*2 pixel displacement (dx, dy)
	FlowValid, ChangeMask               []uint8   // H*W, 0 or 1

	ObjectsBefore, ObjectsAfter []ObjectRow
}
