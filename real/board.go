package real

import (
	"image"

	"flowbench/real/tableplane"
)

// Language-Table's table plane (B.3): with a fitted plane, objects are
// placed on the board instead of lifted by eq. 48, and their motion
// perpendicular to it is zero.

// BoardObservation is what a Language-Table pair records for the
// table-plane fit: the camera setup (an id the data gives, or the board's
// four corners in I0, pixels) and the end-effector's board position at
// I0, metres. With the arm mask of I0 it gives one correspondence (B.3).
type BoardObservation struct {
	// SetupID names the camera setup when the data does ("" when not).
	SetupID string
	// Corners are the board's four corners in I0, pixels, any order (nil
	// when SetupID is given).
	Corners [][2]float64
	// Effector0 is the recorded end-effector position on the board at
	// I0, metres.
	Effector0 [2]float64
}

// BoardFrame is a fitted table plane with its pose in the camera frame of
// I0 (tableplane.Plane.Pose with the pair's intrinsics).
type BoardFrame struct {
	// Setup is the camera setup the plane was fitted for.
	Setup string
	Plane *tableplane.Plane
	Pose  tableplane.Pose
}

// place puts the object with box on the board (B.3): its contact pixel
// (the bottom centre raised by a quarter of the box height) mapped to the
// board and into the camera frame, and its radius, half its footprint
// width in board metres (B.4's w_o/2). ok is false off the board.
func (b *BoardFrame) place(box image.Rectangle) (x Vec3, r float64, ok bool) {
	bp, err := b.Plane.Place(box)
	if err != nil {
		return x, 0, false
	}
	w, err := b.Plane.FootprintWidth(box)
	if err != nil {
		return x, 0, false
	}
	return Vec3(b.Pose.Camera(bp.X, bp.Y)), w / 2, true
}
