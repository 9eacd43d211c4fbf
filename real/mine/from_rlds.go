package mine

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"flowbench/real"
	"flowbench/real/rlds"
)

// FromRLDS converts an episode read by real/rlds into the miner's Episode.
//
// DROID's lab and success come from episode_metadata/file_path, whose
// folders are .../<lab>/success/<date>/... or .../<lab>/failure/...
// (an assumption from the published paths; an episode without the path
// counts as successful, since the OXE release keeps successes). Its
// calibration's extrinsics are the camera's pose in the robot base frame,
// x, y, z and extrinsic XYZ Euler angles (scipy's "xyz"), with the camera
// frame x right, y down, z forward (OpenCV's, as ZED's calibration gives).
// A camera is external unless its name says wrist or hand.
func FromRLDS(ep *rlds.Episode) *Episode {
	e := &Episode{Source: ep.Source, ID: fmt.Sprintf("%s#%d", filepath.Base(ep.File), ep.Record),
		Instruction: ep.Instruction, Success: true, Gripper: ep.Gripper}
	if ep.Source == real.DROID {
		e.Lab, e.Success = droidLabSuccess(ep.Metadata["file_path"])
	}
	for _, cam := range ep.Cameras() {
		name := string(cam)
		c := Camera{Name: name, Frames: ep.Images[cam], External: !strings.Contains(name, "wrist") && !strings.Contains(name, "hand")}
		if cal, ok := ep.Calibration[cam]; ok && len(cal.Intrinsics) == 4 && len(cal.Extrinsics) == 6 {
			c.Intrinsics = &real.Intrinsics{Fx: cal.Intrinsics[0], Fy: cal.Intrinsics[1], Cx: cal.Intrinsics[2], Cy: cal.Intrinsics[3]}
			m := worldToCamera(cal.Extrinsics)
			c.WorldToCamera = &m
		}
		e.Cameras = append(e.Cameras, c)
	}
	switch {
	case strings.HasPrefix(ep.PoseFormat, "xyz"):
		for _, p := range ep.EEPose {
			if len(p) >= 3 {
				e.EEPos = append(e.EEPos, [3]float64{p[0], p[1], p[2]})
			}
		}
	case ep.PoseFormat == "xy": // Language-Table: the effector on the board
		for _, p := range ep.EEPose {
			if len(p) >= 2 {
				e.EEPos = append(e.EEPos, [3]float64{p[0], p[1], 0})
			}
		}
	}
	return e
}

// droidLabSuccess reads the lab and the success flag from a DROID
// episode's file path.
func droidLabSuccess(path string) (lab string, success bool) {
	parts := strings.Split(filepath.ToSlash(path), "/")
	for i, p := range parts {
		if (p == "success" || p == "failure") && i > 0 {
			return parts[i-1], p == "success"
		}
	}
	return "", true
}

// worldToCamera inverts a camera pose (x, y, z, extrinsic XYZ Euler
// angles: R = Rz·Ry·Rx) into the row-major 3×4 map from the base frame to
// the camera frame: [Rᵀ | −Rᵀ t].
func worldToCamera(pose []float64) [12]float64 {
	sa, ca := math.Sincos(pose[3])
	sb, cb := math.Sincos(pose[4])
	sc, cc := math.Sincos(pose[5])
	// R = Rz(c)·Ry(b)·Rx(a)
	r := [3][3]float64{
		{cc * cb, cc*sb*sa - sc*ca, cc*sb*ca + sc*sa},
		{sc * cb, sc*sb*sa + cc*ca, sc*sb*ca - cc*sa},
		{-sb, cb * sa, cb * ca},
	}
	t := [3]float64{pose[0], pose[1], pose[2]}
	var m [12]float64
	for i := range 3 {
		for j := range 3 {
			m[4*i+j] = r[j][i]
		}
		m[4*i+3] = -(r[0][i]*t[0] + r[1][i]*t[1] + r[2][i]*t[2])
	}
	return m
}
