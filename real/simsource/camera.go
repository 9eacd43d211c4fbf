package simsource

import (
	"math"
	"math/rand/v2"

	"flowbench/real"
	"flowbench/sim"
)

// Camera placement (issue 50, item 8): in front of the surface, looking
// down 25–50°, 0.5–1.2 m from the objects, at the Real default intrinsics.
const (
	minPitch, maxPitch = 25.0, 50.0
	// minRange, maxRange bound the eye's distance to the work-area centre
	// (a little inside 0.5–1.2 m, so that the objects around it stay in
	// that range too).
	minRange, maxRange = 0.6, 1.05
	// maxYawJitter turns the camera off the surface's front normal, degrees.
	maxYawJitter = 20.0
	// eyeClearance is the half side of the box around the eye that must
	// not meet an object or wall, metres.
	eyeClearance = 0.08
)

// realFOV returns the vertical field of view that gives focal length
// real.DefaultFocal at height real.DefaultHeight.
func realFOV() float64 {
	return 2 * math.Atan(0.5*real.DefaultHeight/real.DefaultFocal) * 180 / math.Pi
}

// exactIntrinsics are the renderer's intrinsics at 640×480: f = 610 and
// the principal point at the image centre, (W−1)/2 and (H−1)/2 in the
// convention where pixel (i, j) has its centre at (i, j) (sim.Camera).
func exactIntrinsics(cam sim.Camera) real.Intrinsics {
	cx, cy := cam.Principal()
	f := cam.Focal()
	return real.Intrinsics{Fx: f, Fy: f, Cx: cx, Cy: cy}
}

// placeCamera draws a camera in front of the surface looking at the
// work-area centre; ok is false when no draw leaves the eye free.
func placeCamera(r *rand.Rand, t *tabletop) (sim.Camera, bool) {
	for try := 0; try < 12; try++ {
		front := t.fronts[(try/3)%len(t.fronts)]
		look := front.Mul(-1)
		yaw := math.Atan2(look[0], look[2])*180/math.Pi + uniform(r, -maxYawJitter, maxYawJitter)
		pitch := uniform(r, minPitch, maxPitch)
		d := uniform(r, minRange, maxRange)
		target := t.center.Add(sim.Vec3{0, 0.04, 0})
		cam := sim.Camera{Yaw: yaw, Horizon: pitch, FOV: realFOV(), Width: real.DefaultWidth, Height: real.DefaultHeight}
		_, _, fwd := cam.Basis()
		cam.Position = target.Sub(fwd.Mul(d))
		if eyeFree(t.scene, cam.Position) {
			return cam, true
		}
	}
	return sim.Camera{}, false
}

// eyeFree reports whether the eye stands inside a room, below the walls'
// tops, with no object or wall within eyeClearance.
func eyeFree(s *sim.Scene, eye sim.Vec3) bool {
	if s.RoomAt(eye[0], eye[2]) == "" {
		return false
	}
	for _, w := range s.Walls {
		if eye[1] > w.Height-0.1 {
			return false
		}
	}
	b := sim.OBB{Center: eye, Half: sim.Vec3{eyeClearance, eyeClearance, eyeClearance}, AxisX: sim.Vec3{1, 0, 0}, AxisZ: sim.Vec3{0, 0, 1}}
	_, hit := s.CheckBox(b)
	return !hit
}
