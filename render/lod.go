package render

import "flowbench/sim"

// Level-of-detail thresholds: the projected diameter in pixels of an
// object's bounding sphere above which level 0, or level 1, is drawn, for an
// image whose larger side is lodReferenceSize pixels (they scale with it).
const (
	lodLevel0Pixels  = 200
	lodLevel1Pixels  = 50
	lodReferenceSize = 800
)

// chooseLevel returns the model level to draw o at from cam: 0 with
// Options.FullDetail, for primitives and when the bounding sphere's projected
// diameter exceeds lodLevel0Pixels (scaled), 1 above lodLevel1Pixels, else the
// coarsest level.
func (r *Renderer) chooseLevel(o *sim.Object, cam *sim.Camera, fwd sim.Vec3) int {
	n := o.Model.LevelCount()
	if r.opts.FullDetail || n <= 1 {
		return 0
	}
	rad := o.Size.Len() / 2
	z := o.Position.Sub(cam.Position).Dot(fwd)
	if z <= rad {
		return 0
	}
	diam := 2 * rad * cam.Focal() / z
	scale := float64(max(cam.Width, cam.Height)) / lodReferenceSize
	switch {
	case diam > lodLevel0Pixels*scale:
		return 0
	case diam > lodLevel1Pixels*scale || n == 2:
		return min(1, n-1)
	}
	return n - 1
}
