package mine

import "flowbench/real"

// Camera is one camera of an episode: its frames, one encoded image (JPEG
// or PNG) per step, and, where the dataset records them (DROID), its
// calibration at the frames' own resolution.
type Camera struct {
	// Name is the dataset's name for the camera (e.g. exterior_image_1_left).
	Name string
	// Frames holds one encoded image per step.
	Frames [][]byte
	// Intrinsics are the calibrated intrinsics at the frames' size; nil
	// when the dataset has none (B.1 then assumes DefaultIntrinsics).
	Intrinsics *real.Intrinsics
	// WorldToCamera maps a world (robot base) point to the camera frame
	// (x right, y down, z forward) as a row-major 3×4 matrix; nil when
	// uncalibrated.
	WorldToCamera *[12]float64
	// External reports a third-person camera (DROID's choice is among
	// these; a wrist camera never gives I0 or I1).
	External bool
}

// Episode is one robot episode as the miner needs it.
type Episode struct {
	// Source is the dataset: one of real.SourceNames but custom.
	Source string
	// ID names the episode for reports and the pair folder: the file and
	// record it came from.
	ID string
	// Instruction is the language instruction ("" when there is none).
	Instruction string
	// Lab is DROID's lab (the (lab, instruction) cap); "" elsewhere.
	Lab string
	// Success reports DROID's success flag (other sources: true).
	Success bool
	// Cameras are the episode's cameras, the main camera first.
	Cameras []Camera
	// Gripper is the gripper state per step, 1 closed and 0 open (values
	// in between are read as closed from 0.5 up); nil when unrecorded.
	Gripper []float64
	// EEPos is the end-effector position per step in the world (robot
	// base) frame, metres; nil when unrecorded.
	EEPos [][3]float64
}

// Steps returns the number of steps: the main camera's frame count.
func (e *Episode) Steps() int {
	if len(e.Cameras) == 0 {
		return 0
	}
	return len(e.Cameras[0].Frames)
}
