package render

import "flowbench/sim"

// lodPixelsPerTriangle is the least projected area, in square pixels of the
// object's bounding square, per triangle of the level drawn: finer levels
// would put several triangles into a pixel, which the image cannot show.
// (At 8 the coarsest levels, about 6 % of the triangles, showed at 100 px
// and visibly broke shapes; at 2 the drawn shapes match level 0.)
const lodPixelsPerTriangle = 2

// chooseLevel returns the model level to draw o at from cam: 0 without
// Options.LevelOfDetail, for primitives and for objects reaching the near side
// of the camera; otherwise the finest level with at most one triangle per
// lodPixelsPerTriangle square pixels of the bounding sphere's projected
// square, or the coarsest level when none has so few.
func (r *Renderer) chooseLevel(o *sim.Object, cam *sim.Camera, fwd sim.Vec3) int {
	n := o.Model.LevelCount()
	if !r.opts.LevelOfDetail || r.opts.ClusterLOD || n <= 1 {
		return 0
	}
	rad := o.Size.Len() / 2
	z := o.Position.Sub(cam.Position).Dot(fwd)
	if z <= rad {
		return 0
	}
	diam := 2 * rad * cam.Focal() / z
	budget := diam * diam / lodPixelsPerTriangle
	for lvl := 0; lvl < n; lvl++ {
		if float64(len(o.Model.Levels[lvl].Tris)) <= budget {
			return lvl
		}
	}
	return n - 1
}
