package rlds

import "fmt"

// Episode is one robot episode read from an RLDS record: the encoded
// frames of each camera (decoded on demand with DecodeFrame), the
// instruction, and per step the gripper state and end-effector pose.
type Episode struct {
	// Source is the source's name (BridgeV2, DROID, ...).
	Source string
	// File is the shard the episode was read from; Record its 0-based
	// index there.
	File   string
	Record int
	// Instruction is the task text ("" when the episode has none).
	Instruction string
	// Steps is the number of steps; every per-step slice has this length.
	Steps int
	// Images holds each camera's encoded frames (JPEG or PNG), one per
	// step. They alias the record's buffer, which the Episode owns.
	Images map[Camera][][]byte
	// Gripper is the gripper's closure per step, 1 = closed and 0 = open
	// whatever the source stores (Layout.GripperOpenIs1); nil for a source
	// without a gripper.
	Gripper []float64
	// EEPose is the end-effector pose per step, in PoseFormat.
	EEPose [][]float64
	// PoseFormat names EEPose's values ("xyz+rpy", "xyz+quat_xyzw", "xy").
	PoseFormat string
	// Calibration holds the cameras whose calibration the episode has
	// (DROID); empty otherwise.
	Calibration map[Camera]Calibration
	// Metadata holds the episode-level string features under
	// MetadataPrefix, without the prefix ("file_path").
	Metadata map[string]string

	cameras []Camera          // cameras present, in the layout's order
	keys    map[Camera]string // the feature each camera was read from
}

// Calibration is one camera's calibration.
type Calibration struct {
	// Extrinsics is the camera's pose in the robot base frame: x, y, z
	// and XYZ Euler angles; nil when absent.
	Extrinsics []float64
	// Intrinsics is fx, fy, cx, cy in pixels; nil when absent.
	Intrinsics []float64
}

// Cameras returns the cameras the episode has frames of, the source's
// primary camera first.
func (e *Episode) Cameras() []Camera { return e.cameras }

// Frame returns the encoded frame of camera cam at step, or an error
// naming the camera's feature and the step.
func (e *Episode) Frame(cam Camera, step int) ([]byte, error) {
	frames, ok := e.Images[cam]
	if !ok {
		return nil, e.errorf(string(cam), -1, "episode has no camera %q", cam)
	}
	if step < 0 || step >= len(frames) {
		return nil, e.errorf(e.keys[cam], step, "step out of range [0, %d)", len(frames))
	}
	return frames[step], nil
}

// First returns the first encoded frame of cam (B.1's I0).
func (e *Episode) First(cam Camera) ([]byte, error) { return e.Frame(cam, 0) }

// Last returns the last encoded frame of cam.
func (e *Episode) Last(cam Camera) ([]byte, error) { return e.Frame(cam, e.Steps-1) }

// errorf returns an *Error about this episode.
func (e *Episode) errorf(feature string, step int, format string, args ...any) *Error {
	return &Error{File: e.File, Record: e.Record, Feature: feature, Step: step, Err: fmt.Errorf(format, args...)}
}
