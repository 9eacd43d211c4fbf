package flow

import (
	"fmt"
	"math"
	"math/rand/v2"

	"flowbench/sim"
)

// This file holds an independent exact ray caster for scenes of boxes turned
// about +y, standing in a room made of a floor and a far wall: it produces
// depth and ids of before and after frames without the render package, so
// that flow can be checked against re-rendered outcomes analytically.

// synthBox is one box object of a synthetic scene.
type synthBox struct {
	name string
	pose Pose
	half sim.Vec3
}

// synthScene is a floor (y = 0, id 0) and a wall facing −z at z = wallZ (id 0)
// with boxes (ids 1..n in order).
type synthScene struct {
	wallZ float64
	boxes []synthBox
}

// hitBox returns the ray parameter of the entry point of the ray o + t·d into
// the box, or +Inf. d is in world coordinates.
func hitBox(b synthBox, o, d sim.Vec3) float64 {
	ax, az := sim.YawAxes(b.pose.Yaw)
	rel := o.Sub(b.pose.Position)
	lo := [3]float64{rel.Dot(ax), rel[1], rel.Dot(az)}
	ld := [3]float64{d.Dot(ax), d[1], d.Dot(az)}
	t0, t1 := math.Inf(-1), math.Inf(1)
	for k := 0; k < 3; k++ {
		if ld[k] == 0 {
			if math.Abs(lo[k]) > b.half[k] {
				return math.Inf(1)
			}
			continue
		}
		a := (-b.half[k] - lo[k]) / ld[k]
		c := (b.half[k] - lo[k]) / ld[k]
		if a > c {
			a, c = c, a
		}
		t0, t1 = math.Max(t0, a), math.Min(t1, c)
	}
	if t0 > t1 || t0 <= 0 {
		return math.Inf(1)
	}
	return t0
}

// render ray-casts the scene at pixel centres. Each box is only tested
// inside the image rectangle bounding its projected corners.
func (s *synthScene) render(cam sim.Camera) Frame {
	w, h := cam.Width, cam.Height
	f := Frame{W: w, H: h, Depth: make([]float32, w*h), IDs: make([]uint16, w*h), Objects: []string{""}}
	rects := make([][4]int, len(s.boxes))
	for k, b := range s.boxes {
		f.Objects = append(f.Objects, b.name)
		ax, az := sim.YawAxes(b.pose.Yaw)
		obb := sim.OBB{Center: b.pose.Position, Half: b.half, AxisX: ax, AxisZ: az}
		r := [4]int{w, h, -1, -1}
		for _, c := range obb.Corners() {
			u, v, _, ok := cam.Project(c)
			if !ok {
				r = [4]int{0, 0, w - 1, h - 1}
				break
			}
			r[0] = min(r[0], int(math.Floor(u)))
			r[1] = min(r[1], int(math.Floor(v)))
			r[2] = max(r[2], int(math.Ceil(u)))
			r[3] = max(r[3], int(math.Ceil(v)))
		}
		rects[k] = r
	}
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			d := cam.RayCamera(float64(i), float64(j)) // forward component 1: t is planar depth
			best, id := math.Inf(1), uint16(0)
			if d[1] < 0 {
				best = -cam.Position[1] / d[1]
			}
			if d[2] > 0 {
				best = math.Min(best, (s.wallZ-cam.Position[2])/d[2])
			}
			for k, b := range s.boxes {
				if r := rects[k]; i < r[0] || i > r[2] || j < r[1] || j > r[3] {
					continue
				}
				if t := hitBox(b, cam.Position, d); t < best {
					best, id = t, uint16(k+1)
				}
			}
			if !math.IsInf(best, 1) {
				f.Depth[j*w+i] = float32(best)
				f.IDs[j*w+i] = id
			}
		}
	}
	return f
}

// moved returns a copy of the scene with the motions applied to the boxes' poses.
func (s *synthScene) moved(m map[string]RigidMotion) *synthScene {
	out := &synthScene{wallZ: s.wallZ}
	for _, b := range s.boxes {
		if mm, ok := m[b.name]; ok {
			b.pose = mm.To
		}
		out.boxes = append(out.boxes, b)
	}
	return out
}

// randomSynth builds a random scene in front of a camera at the origin
// looking along +z (random yaw ±20°, horizon 5–35°), with 3–6 boxes, and a
// random motion of one box (translation up to 0.3 m in x/z, small lift, yaw
// turn up to ±40°) that keeps the box in front of the camera.
func randomSynth(rng *rand.Rand, w, h int) (*synthScene, sim.Camera, map[string]RigidMotion) {
	cam := sim.Camera{Position: sim.Vec3{0, sim.CameraHeight, 0}, Yaw: rng.Float64()*40 - 20,
		Horizon: 5 + rng.Float64()*30, FOV: sim.DefaultFOV, Width: w, Height: h}
	s := &synthScene{wallZ: 6}
	n := 3 + rng.IntN(4)
	for k := 0; k < n; k++ {
		half := sim.Vec3{0.1 + 0.3*rng.Float64(), 0.05 + 0.4*rng.Float64(), 0.1 + 0.3*rng.Float64()}
		pos := sim.Vec3{rng.Float64()*3 - 1.5, half[1], 1.5 + rng.Float64()*3}
		if rng.IntN(3) == 0 { // some boxes float, like objects on a receptacle
			pos[1] += 0.3 + 0.5*rng.Float64()
		}
		s.boxes = append(s.boxes, synthBox{name: fmt.Sprintf("Box|%d", k), pose: Pose{pos, rng.Float64()*360 - 180}, half: half})
	}
	b := s.boxes[rng.IntN(n)]
	to := Pose{b.pose.Position.Add(sim.Vec3{rng.Float64()*0.6 - 0.3, 0.05 * rng.Float64(), rng.Float64()*0.6 - 0.3}),
		b.pose.Yaw + rng.Float64()*80 - 40}
	return s, cam, map[string]RigidMotion{b.name: {From: b.pose, To: to}}
}

// synthCamera is a level camera at the origin looking along +z, slightly down.
func synthCamera(w, h int) sim.Camera {
	return sim.Camera{Position: sim.Vec3{0, sim.CameraHeight, 0}, Horizon: 10, FOV: sim.DefaultFOV, Width: w, Height: h}
}

// castAt returns the instance id and planar depth of the scene seen through
// the sub-pixel position (u, v).
func (s *synthScene) castAt(cam sim.Camera, u, v float64) (uint16, float64) {
	d := cam.RayCamera(u, v)
	best, id := math.Inf(1), uint16(0)
	if d[1] < 0 {
		best = -cam.Position[1] / d[1]
	}
	if d[2] > 0 {
		best = math.Min(best, (s.wallZ-cam.Position[2])/d[2])
	}
	for k, b := range s.boxes {
		if t := hitBox(b, cam.Position, d); t < best {
			best, id = t, uint16(k+1)
		}
	}
	return id, best
}
