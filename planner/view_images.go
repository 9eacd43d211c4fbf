package planner

import "flowbench/sim"

// ViewImage is a selected view's before-state frame as PlanHouse rendered
// it (to place Set-of-Marks dots by colour): its camera, the object poses
// it was drawn at and its RGB, 3 bytes a pixel. A renderer of the same
// scene and options draws the same colours at those poses, so the pipeline's
// annotator takes them instead of shading the frame again
// (render.Renderer.RenderWithRGB).
type ViewImage struct {
	Camera  sim.Camera
	Objects []ObjectMeta
	RGB     []uint8
}

// ViewImages collects PlanHouse's view images by view index
// (Config.ViewImages).
type ViewImages struct {
	ByView map[int]*ViewImage
}

// add records view vi's before-state when its frame has RGB.
func (v *ViewImages) add(vi int, b *viewBase) {
	if v == nil || len(b.f0.RGB) != 3*b.f0.W*b.f0.H || b.f0.W != b.cam.Width || b.f0.H != b.cam.Height {
		return
	}
	if v.ByView == nil {
		v.ByView = map[int]*ViewImage{}
	}
	v.ByView[vi] = &ViewImage{Camera: b.cam, Objects: b.objs0, RGB: b.f0.RGB}
}

// SamePoses reports whether objs are exactly the image's objects, in the
// same order, at bit-identical positions and yaws.
func (v *ViewImage) SamePoses(objs []*sim.Object) bool {
	if len(objs) != len(v.Objects) {
		return false
	}
	for i, o := range objs {
		m := &v.Objects[i]
		if o.ID != m.ID || o.Position != m.Position || o.Yaw != m.Yaw {
			return false
		}
	}
	return true
}
