package pipeline

import (
	"flowbench/planner"
	"flowbench/sim"
)

// The planner renders each selected view's before frame in RGB (its
// Set-of-Marks dots are chosen by colour); the annotator would render the
// same frame again from the same house. The plan keeps those images
// (planner.ViewImages) for the views that gave examples, and the built-in
// annotator takes the colours of a view's before frame from them when its
// scene is at exactly the poses the planner drew (render.RenderWithRGB),
// drawing only the labels. Each image is dropped once its view is annotated.

// viewImages returns the images of the views that gave examples (nil when
// none were collected).
func viewImages(col *planner.ViewImages, exs []planner.Example) map[int]*planner.ViewImage {
	if col == nil || len(col.ByView) == 0 {
		return nil
	}
	out := map[int]*planner.ViewImage{}
	for i := range exs {
		if img := col.ByView[exs[i].ViewID]; img != nil {
			out[exs[i].ViewID] = img
		}
	}
	return out
}

// viewImageTaker is a frame source that can take the planner's image of the
// next example's before frame instead of shading it.
type viewImageTaker interface {
	takeViewImage(img *planner.ViewImage)
}

// takeViewImage offers img (nil for none) for the next render's before frame.
func (l *localFrames) takeViewImage(img *planner.ViewImage) { l.image = img }

// renderBefore draws the before frame of cam into l.f0, with the offered
// view image's colours when it was drawn from cam at the scene's poses.
func (l *localFrames) renderBefore(cam sim.Camera) error {
	img := l.image
	l.image = nil
	if img != nil && img.Camera == cam && img.SamePoses(l.scene.Objects) {
		l.adopted++
		return l.renderer.RenderWithRGB(cam, &l.f0, img.RGB)
	}
	return l.renderer.RenderInto(cam, &l.f0)
}
