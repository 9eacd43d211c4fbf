package rlds

import "flowbench/real"

// Camera names one camera of a source, after its feature
// ("exterior_image_1_left", "image_0", "rgb").
type Camera string

// Field is where a source keeps one quantity: candidate feature keys, the
// first present one is read.
type Field struct {
	// Keys are the candidate feature keys, in order of preference.
	Keys []string
	// Assumed is true when the key (or the slice of it that is read, or
	// its convention) could not be confirmed against a released
	// features.json or a published loader; docs/real.md lists which.
	Assumed bool
}

// CameraField is one camera's frames: one encoded JPEG or PNG per step.
type CameraField struct {
	// Camera is the camera's name in Episode.Images.
	Camera Camera
	Field
	// Required makes an episode without this camera a skip.
	Required bool
}

// VectorField is a float vector per step of which a slice is read.
type VectorField struct {
	Field
	// Width is the number of values per step.
	Width int
	// Offset, Len select values [Offset, Offset+Len) of each step.
	Offset, Len int
}

// Layout is a source's feature names in its TFDS episodes (steps
// flattened: "steps/observation/image" holds one value per step).
type Layout struct {
	// Source is the source's name (BridgeV2, DROID, ...).
	Source string
	// Cameras are the source's cameras, the primary one first.
	Cameras []CameraField
	// Instruction is the task text: a bytes_list with one string per step
	// (the first non-empty one is used, trying Keys in order), or with
	// InstructionCodepoints an int64_list of Unicode code points per
	// step, zero-padded.
	Instruction Field
	// InstructionCodepoints marks Language-Table's instruction.
	InstructionCodepoints bool
	// InstructionWidth is the code points per step when
	// InstructionCodepoints is set.
	InstructionWidth int
	// Gripper is the gripper state; Len is 1. Zero Width: the source has
	// no gripper (Language-Table pushes with a stick).
	Gripper VectorField
	// GripperOpenIs1 reports whether the stored value is the opening (1 =
	// open), so that Episode.Gripper = 1 - value; otherwise it is the
	// closure (1 = closed) and is kept.
	GripperOpenIs1 bool
	// Pose is the end-effector pose, in PoseFormat.
	Pose VectorField
	// PoseFormat names the pose's values ("xyz+rpy", "xyz+quat_xyzw").
	PoseFormat string
	// Calibration are per-camera calibration features (DROID only);
	// absent ones leave Episode.Calibration without that camera.
	Calibration []CalibrationField
}

// CalibrationField is where one camera's calibration is kept, as
// episode-level float lists.
type CalibrationField struct {
	// Camera is the calibrated camera.
	Camera Camera
	// Extrinsics is the camera's pose in the robot base frame: 6 floats,
	// x, y, z, then rotation as XYZ Euler angles (DROID's convention).
	Extrinsics Field
	// Intrinsics is fx, fy, cx, cy in pixels.
	Intrinsics Field
}

// StepKey is the RLDS feature every episode has one value per step of;
// it gives the step count.
const StepKey = "steps/is_first"

// LastKey is the RLDS feature that marks the last step.
const LastKey = "steps/is_last"

// MetadataPrefix starts the episode-level features whose single string
// value Episode.Metadata keeps (DROID's "episode_metadata/file_path").
const MetadataPrefix = "episode_metadata/"

// confirmed and assumed build Fields.
func confirmed(keys ...string) Field { return Field{Keys: keys} }
func assumed(keys ...string) Field   { return Field{Keys: keys, Assumed: true} }

// Layouts is the one table of per-source feature names. A name marked
// assumed could not be checked against the dataset's features.json or a
// published loader (octo / OpenVLA's OXE transforms); everything else was.
var Layouts = []Layout{
	{
		// Bridge V2: its own RLDS release (bridge_dataset 1.0.0) names
		// cameras image_0..image_3 and language_instruction at the step;
		// the OXE copy (bridge 0.1.0) has one "image" and the
		// instruction under observation. state is x, y, z, roll, pitch,
		// yaw, gripper.
		Source: real.BridgeV2,
		Cameras: []CameraField{
			{Camera: "image_0", Field: confirmed("steps/observation/image_0", "steps/observation/image"), Required: true},
			{Camera: "image_1", Field: confirmed("steps/observation/image_1")},
			{Camera: "image_2", Field: confirmed("steps/observation/image_2")},
			{Camera: "image_3", Field: confirmed("steps/observation/image_3")},
		},
		Instruction: confirmed("steps/language_instruction", "steps/observation/natural_language_instruction"),
		// Assumed: state[6] is the gripper's opening, 1 = open.
		Gripper:        VectorField{Field: assumed("steps/observation/state"), Width: 7, Offset: 6, Len: 1},
		GripperOpenIs1: true,
		Pose:           VectorField{Field: confirmed("steps/observation/state"), Width: 7, Offset: 0, Len: 6},
		PoseFormat:     "xyz+rpy",
	},
	{
		// DROID (droid 1.0.0 / droid_100): three cameras, the Robotiq
		// gripper position (0 = open, 1 = closed) and the Cartesian pose.
		Source: real.DROID,
		Cameras: []CameraField{
			{Camera: "exterior_image_1_left", Field: confirmed("steps/observation/exterior_image_1_left"), Required: true},
			{Camera: "exterior_image_2_left", Field: confirmed("steps/observation/exterior_image_2_left"), Required: true},
			{Camera: "wrist_image_left", Field: confirmed("steps/observation/wrist_image_left")},
		},
		Instruction: confirmed("steps/language_instruction", "steps/language_instruction_2", "steps/language_instruction_3"),
		Gripper:     VectorField{Field: confirmed("steps/observation/gripper_position"), Width: 1, Offset: 0, Len: 1},
		Pose:        VectorField{Field: confirmed("steps/observation/cartesian_position"), Width: 6, Offset: 0, Len: 6},
		PoseFormat:  "xyz+euler_xyz",
		// Assumed: the RLDS release keeps calibration in a separate
		// metadata file (ext1_cam_extrinsics ...); these are the names
		// read when a conversion copies it into the episode.
		Calibration: []CalibrationField{
			{Camera: "exterior_image_1_left",
				Extrinsics: assumed("episode_metadata/ext1_cam_extrinsics"),
				Intrinsics: assumed("episode_metadata/ext1_cam_intrinsics")},
			{Camera: "exterior_image_2_left",
				Extrinsics: assumed("episode_metadata/ext2_cam_extrinsics"),
				Intrinsics: assumed("episode_metadata/ext2_cam_intrinsics")},
			{Camera: "wrist_image_left",
				Extrinsics: assumed("episode_metadata/wrist_cam_extrinsics"),
				Intrinsics: assumed("episode_metadata/wrist_cam_intrinsics")},
		},
	},
	{
		// Language-Table: one camera "rgb", the instruction as 512 int32
		// code points per step, the effector's x, y on the table; no
		// gripper.
		Source:                real.LanguageTable,
		Cameras:               []CameraField{{Camera: "rgb", Field: confirmed("steps/observation/rgb"), Required: true}},
		Instruction:           confirmed("steps/observation/instruction"),
		InstructionCodepoints: true,
		InstructionWidth:      512,
		Pose:                  VectorField{Field: confirmed("steps/observation/effector_translation"), Width: 2, Offset: 0, Len: 2},
		PoseFormat:            "xy",
	},
	{
		// RT-1 (fractal20220817_data): one camera, gripper_closed (1 =
		// closed), base_pose_tool_reached x, y, z, qx, qy, qz, qw.
		Source:      real.RT1,
		Cameras:     []CameraField{{Camera: "image", Field: confirmed("steps/observation/image"), Required: true}},
		Instruction: confirmed("steps/observation/natural_language_instruction"),
		Gripper:     VectorField{Field: confirmed("steps/observation/gripper_closed"), Width: 1, Offset: 0, Len: 1},
		Pose:        VectorField{Field: confirmed("steps/observation/base_pose_tool_reached"), Width: 7, Offset: 0, Len: 7},
		PoseFormat:  "xyz+quat_xyzw",
	},
	{
		// Berkeley UR5 (berkeley_autolab_ur5): robot_state is 15 floats,
		// joints [0:6], pose [6:13] (x, y, z, quaternion), gripper [13]
		// (loaders invert it to get 1 = open, so 1 = closed as stored).
		Source: real.BerkeleyUR5,
		Cameras: []CameraField{
			{Camera: "image", Field: confirmed("steps/observation/image"), Required: true},
			{Camera: "hand_image", Field: confirmed("steps/observation/hand_image")},
		},
		Instruction: confirmed("steps/observation/natural_language_instruction"),
		// Assumed: the width 15 and index 13.
		Gripper:    VectorField{Field: assumed("steps/observation/robot_state"), Width: 15, Offset: 13, Len: 1},
		Pose:       VectorField{Field: assumed("steps/observation/robot_state"), Width: 15, Offset: 6, Len: 7},
		PoseFormat: "xyz+quat",
	},
}
