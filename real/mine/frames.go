package mine

import (
	"math"

	"flowbench/real"
)

// closed reports whether a gripper value reads as closed.
func closed(v float64) bool { return v >= 0.5 }

// lastRelease returns the step of the last gripper release (the first
// open step after a closed one) and how many steps the grasp it ends was
// held; ok is false when the gripper never opens after closing.
func lastRelease(g []float64) (step, held int, ok bool) {
	for s := len(g) - 1; s >= 1; s-- {
		if closed(g[s-1]) && !closed(g[s]) {
			held = 0
			for k := s - 1; k >= 0 && closed(g[k]); k-- {
				held++
			}
			return s, held, true
		}
	}
	return 0, 0, false
}

// choice is the frames and camera B.1 picks for an episode.
type choice struct {
	camera int // index into Episode.Cameras
	i0, i1 int // steps of I0 and I1
}

// chooseFrames picks I0, I1 and the camera of an episode (B.1), or
// returns the drop reason. I0 is the first frame. On DROID the camera is
// the external one that sees the release point nearest its image centre,
// and I1 the first frame from the last gripper release on with the end
// effector out of that camera's view (armOutOfView), else the last frame;
// elsewhere I1 is the last frame of the main camera.
func chooseFrames(e *Episode) (choice, string) {
	n := e.Steps()
	if n < 2 {
		return choice{}, DropTooShort
	}
	if e.Source != real.DROID {
		return choice{camera: 0, i0: 0, i1: n - 1}, ""
	}
	release, held, ok := lastRelease(e.Gripper)
	switch {
	case !ok:
		return choice{}, DropNoRelease
	case held < real.DROIDMinGraspSteps:
		return choice{}, DropShortGrasp
	}
	best, bestDist := -1, math.Inf(1)
	for k, c := range e.Cameras {
		if !c.External || c.WorldToCamera == nil || c.Intrinsics == nil || len(c.Frames) != n || release >= len(e.EEPos) {
			continue
		}
		u, v, ok := project(c, e.EEPos[release])
		if !ok {
			continue
		}
		w, h := 2*c.Intrinsics.Cx, 2*c.Intrinsics.Cy // the principal point is about the centre
		if u < 0 || v < 0 || u >= w || v >= h {
			continue
		}
		if d := math.Hypot(u-w/2, v-h/2); d < bestDist {
			best, bestDist = k, d
		}
	}
	if best < 0 {
		return choice{}, DropReleaseOutOfView
	}
	return choice{camera: best, i0: 0, i1: armOutOfView(e, e.Cameras[best], release)}, ""
}

// armOutOfView returns DROID's I1: the first step from the release on at
// which the end effector projects outside the camera's image (the gripper
// has left the view, B.1's preferred frame), or the last step when it
// never does. flowbench has no arm mask at mining time, so the effector
// stands for the arm.
func armOutOfView(e *Episode, c Camera, release int) int {
	w, h := 2*c.Intrinsics.Cx, 2*c.Intrinsics.Cy
	for s := release; s < len(e.EEPos) && s < e.Steps(); s++ {
		u, v, ok := project(c, e.EEPos[s])
		if !ok || u < 0 || v < 0 || u >= w || v >= h {
			return s
		}
	}
	return e.Steps() - 1
}

// project maps a world point into camera c's image; ok is false behind
// the camera.
func project(c Camera, p [3]float64) (u, v float64, ok bool) {
	m := c.WorldToCamera
	x := m[0]*p[0] + m[1]*p[1] + m[2]*p[2] + m[3]
	y := m[4]*p[0] + m[5]*p[1] + m[6]*p[2] + m[7]
	z := m[8]*p[0] + m[9]*p[1] + m[10]*p[2] + m[11]
	if !(z > 1e-6) {
		return 0, 0, false
	}
	k := c.Intrinsics
	return k.Fx*x/z + k.Cx, k.Fy*y/z + k.Cy, true
}
