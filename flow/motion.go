package flow

import (
	"fmt"
	"math"
	"sort"

	"flowbench/sim"
)

// Pose is an object's placement: Position is its bounding-box centre in the
// world frame and Yaw its rotation about +y in degrees (sim.Object conventions).
type Pose struct {
	Position sim.Vec3
	Yaw      float64
}

// PoseOf returns the current pose of an object.
func PoseOf(o *sim.Object) Pose { return Pose{Position: o.Position, Yaw: o.Yaw} }

// RigidMotion is the realised motion of one object between two frames: the
// pose before (From) and after (To). A point p of the object moves to
//
//	p' = To.Position + R(To.Yaw − From.Yaw) · (p − From.Position),
//
// where R(θ) turns about +y with the convention of sim.YawAxes
// (R(θ)·(1,0,0) = (cos θ, 0, −sin θ)).
type RigidMotion struct {
	From, To Pose
}

// Inverse returns the motion that takes the object back from To to From.
func (m RigidMotion) Inverse() RigidMotion { return RigidMotion{From: m.To, To: m.From} }

// rotY returns the rows of R(θ) for θ in degrees.
func rotY(deg float64) [3][3]float64 {
	s, c := math.Sincos(deg * math.Pi / 180)
	return [3][3]float64{{c, 0, s}, {0, 1, 0}, {-s, 0, c}}
}

// Apply moves a world point rigidly with the object.
func (m RigidMotion) Apply(p sim.Vec3) sim.Vec3 {
	r := rotY(m.To.Yaw - m.From.Yaw)
	d := p.Sub(m.From.Position)
	return sim.Vec3{
		m.To.Position[0] + r[0][0]*d[0] + r[0][1]*d[1] + r[0][2]*d[2],
		m.To.Position[1] + r[1][0]*d[0] + r[1][1]*d[1] + r[1][2]*d[2],
		m.To.Position[2] + r[2][0]*d[0] + r[2][1]*d[1] + r[2][2]*d[2],
	}
}

// Validate reports a motion with a non-finite coordinate or yaw.
func (m RigidMotion) Validate() error {
	for _, p := range []Pose{m.From, m.To} {
		for _, x := range []float64{p.Position[0], p.Position[1], p.Position[2], p.Yaw} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("pose %v yaw %g is not finite", p.Position, p.Yaw)
			}
		}
	}
	return nil
}

// Identity reports whether the motion leaves every point where it was.
func (m RigidMotion) Identity() bool {
	return m.From.Position == m.To.Position && math.Mod(m.To.Yaw-m.From.Yaw, 360) == 0
}

// Snapshot returns the pose of every object of the scene, keyed by objectId.
func Snapshot(s *sim.Scene) map[string]Pose {
	out := make(map[string]Pose, len(s.Objects))
	for _, o := range s.Objects {
		out[o.ID] = PoseOf(o)
	}
	return out
}

// MotionsBetween returns the motion of every object whose pose differs between
// two snapshots of the same scene (the mover, the objects carried with it and
// any object that gravity settled). An object present in only one snapshot is
// an error naming it.
func MotionsBetween(before, after map[string]Pose) (map[string]RigidMotion, error) {
	ids := make([]string, 0, len(before))
	for id := range before {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := map[string]RigidMotion{}
	for _, id := range ids {
		p1, ok := after[id]
		if !ok {
			return nil, fmt.Errorf("flow: object %q is in the before snapshot but not the after snapshot", id)
		}
		m := RigidMotion{From: before[id], To: p1}
		if !m.Identity() {
			out[id] = m
		}
	}
	if len(after) != len(before) {
		extra := make([]string, 0, len(after))
		for id := range after {
			if _, ok := before[id]; !ok {
				extra = append(extra, id)
			}
		}
		sort.Strings(extra)
		return nil, fmt.Errorf("flow: object %q is in the after snapshot but not the before snapshot", extra[0])
	}
	return out, nil
}
