package real

import (
	"image"
)

// Intrinsics is a pinhole camera: focal lengths and principal point in
// pixels.
type Intrinsics struct {
	Fx, Fy, Cx, Cy float64
}

// Mask is one instance mask of one frame, as the segmenter gave it.
type Mask struct {
	// Label is the class label (a noun of the prompt list, a generic
	// fallback such as "small object", or a task noun).
	Label string
	// Score is the segmenter's confidence in [0, 1].
	Score float64
	// TaskNoun reports that the label came from the task instruction's
	// nouns (kept from a lower score, B.2).
	TaskNoun bool
	// Pix lists the mask's pixels as indices y*W+x in increasing order.
	Pix []int32
}

// Area returns the mask's pixel count.
func (m *Mask) Area() int { return len(m.Pix) }

// Frame is what the estimators give for one frame of a pair.
type Frame struct {
	// Image is the decoded frame (PNG or JPEG), W×H.
	Image image.Image
	// Encoded is the frame's file as read (PNG or JPEG bytes), kept so
	// that outputs can carry the unmarked frame without re-encoding.
	Encoded []byte
	// Masks are the instance masks (any order; they may overlap when read
	// from COCO RLE).
	Masks []Mask
	// Depth is the estimator's metric depth, row-major W×H, before the
	// per-dataset factor g (B.3). Every value is finite and > 0.
	Depth []float32
	// Arm is the robot arm and gripper mask, row-major W×H (nil: none).
	Arm []bool
}

// Pair is one image pair with its estimator outputs: the input of Measure.
type Pair struct {
	// ID names the pair uniquely within a run (the folder name, or the
	// index's "id").
	ID string
	// Source is the robot dataset the pair comes from, with its constants.
	Source Source
	// Task is the task instruction, "" when there is none or it is not
	// used (Language-Table, B.1).
	Task string
	// W, H are the frame size in pixels; every dense array is W×H.
	W, H int
	// K is the camera's intrinsics (default: DefaultIntrinsics at
	// 640×480, B.1).
	K Intrinsics
	// F0, F1 are frames I0 and I1.
	F0, F1 Frame
	// Tracks holds, for every pixel of I0, its tracked displacement to I1
	// in pixels (dx, dy), row-major W×H×2; NaN marks a lost track.
	Tracks []float32
	// Flow is optional dense optical flow I0→I1, W×H×2 (nil: none); it
	// only breaks matching ties (B.2).
	Flow []float32
	// Board is a Language-Table pair's table-plane observation (nil:
	// none); Plane the table plane fitted for its camera setup, which
	// places its objects (B.3). A Language-Table pair without a plane is
	// measured by eq. 48 with depth taken as metric.
	Board *BoardObservation
	Plane *BoardFrame
}

// Vec3 is a point or displacement in the camera frame of I0, metres.
type Vec3 [3]float64
