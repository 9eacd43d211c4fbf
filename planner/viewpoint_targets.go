package planner

import (
	"math"

	"flowbench/sim"
)

// orbitPulls are the shares of the source camera's distance to the orbit
// axis tried, in order, for an orbit camera that would otherwise leave its
// room or stand in furniture.
var orbitPulls = []float64{1, 0.85, 0.7, 0.55, 0.4}

// renderTargets renders the withheld target views of a scene
// (ViewpointTargets) and counts the tags visible in each.
func renderTargets(s Simulator, st *Structure, objs map[string]*ObjectMeta, sc *ViewpointScene) ([]ViewTarget, error) {
	var out []ViewTarget
	for _, v := range ViewpointTargets {
		t := ViewTarget{View: v.String(), Pull: 1}
		switch {
		case v.Top:
			t.Camera = TopCamera(st, sc.Camera, sc.Centre)
		default:
			t.Camera, t.Pull, t.Obstructed = OrbitCamera(st, objs, sc.Camera, sc.Centre, v.Orbit)
		}
		if err := s.SetCamera(t.Camera); err != nil {
			return nil, err
		}
		f, err := s.Render()
		if err != nil {
			return nil, err
		}
		px := PixelCounts(f)
		for _, tag := range sc.Tags {
			if px.Pixels(tag.ObjectID) > 0 {
				t.TagsVisible++
			}
		}
		t.Frame = f
		out = append(out, t)
	}
	return out, nil
}

// OrbitCamera is the source camera turned rigidly by θ degrees (positive to
// its left) about the vertical axis through centre: its position rotates
// about the axis and its yaw grows by θ, so θ = 0 is the source camera and
// the camera's axes are Viewpoint{Orbit: θ}.Axes() in the source frame.
// When that pose leaves the source camera's room (with a 0.25 m margin) or
// stands inside an object's box, it is pulled towards the axis
// (orbitPulls); obstructed reports that no pull helped.
func OrbitCamera(st *Structure, objs map[string]*ObjectMeta, src sim.Camera, centre sim.Vec3, theta int) (cam sim.Camera, pull float64, obstructed bool) {
	cam = src
	if theta%360 == 0 {
		return src, 1, false
	}
	sn, cs := sinCosDeg(theta)
	x, z := src.Position[0]-centre[0], src.Position[2]-centre[2]
	rx, rz := x*cs+z*sn, z*cs-x*sn
	cam.Yaw = math.Mod(src.Yaw+float64(theta)+720, 360)
	room := st.RoomAt(src.Position[0], src.Position[2])
	for _, k := range orbitPulls {
		cam.Position = sim.Vec3{centre[0] + k*rx, src.Position[1], centre[2] + k*rz}
		if cameraFree(st, objs, cam.Position, room) {
			return cam, k, false
		}
	}
	return cam, orbitPulls[len(orbitPulls)-1], true
}

// cameraFree reports a camera position inside room with viewWallClearance
// to spare in the four axis directions, and outside every object's box
// grown by 0.1 m.
func cameraFree(st *Structure, objs map[string]*ObjectMeta, p sim.Vec3, room string) bool {
	c := viewWallClearance
	for _, d := range [][2]float64{{0, 0}, {c, 0}, {-c, 0}, {0, c}, {0, -c}} {
		if st.RoomAt(p[0]+d[0], p[2]+d[1]) != room {
			return false
		}
	}
	for _, o := range objs {
		b := o.AABB
		if p[0] > b.Min[0]-0.1 && p[0] < b.Max[0]+0.1 && p[1] > b.Min[1]-0.1 && p[1] < b.Max[1]+0.1 &&
			p[2] > b.Min[2]-0.1 && p[2] < b.Max[2]+0.1 {
			return false
		}
	}
	return true
}

// TopCamera looks straight down (horizon 89.9°, the largest a camera
// allows) from ViewTopClearance below the lowest wall top, above the orbit
// centre, with the source camera's yaw: the source view's forward
// direction (north) is at the top of the image and its right on the right.
func TopCamera(st *Structure, src sim.Camera, centre sim.Vec3) sim.Camera {
	h := math.Inf(1)
	for _, w := range st.Walls {
		if w.Height > 0 {
			h = math.Min(h, w.Height)
		}
	}
	if math.IsInf(h, 1) {
		h = 2.5
	}
	cam := src
	cam.Position = sim.Vec3{centre[0], h - ViewTopClearance, centre[2]}
	cam.Horizon = 89.9
	return cam
}
