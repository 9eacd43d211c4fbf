package sim

import "math"

// WindowCameras returns, for each window of s that opens to the outdoors
// (OutdoorHoles; walls in scene order, holes in wall order), a size×size
// camera at eye height in front of the window's middle, looking straight at
// it 5° down: 2 m away, or closer by 0.25 m steps (to 0.5 m) until the eye
// lies in the window's room. Tests and look images use them to see the
// windows' frames and the outdoors.
func (s *Scene) WindowCameras(size int) []Camera {
	out := s.OutdoorHoles()
	var cams []Camera
	for _, w := range s.Walls {
		for _, h := range w.Holes {
			if w.Exterior || !out[h.ID] || h.Door {
				continue
			}
			p := wallPoint(w, (h.U0+h.U1)/2, 0)
			d := 2.0
			for d > 0.5 && s.RoomAt(p[0]+d*w.Normal[0], p[2]+d*w.Normal[1]) != w.RoomID {
				d -= 0.25
			}
			eye := Vec3{p[0] + d*w.Normal[0], CameraHeight, p[2] + d*w.Normal[1]}
			cam := NewCamera(eye, math.Atan2(-w.Normal[0], -w.Normal[1])*180/math.Pi, 5)
			cam.Width, cam.Height = size, size
			cams = append(cams, cam)
		}
	}
	return cams
}
