package main

import (
	"flowbench/render"
)

// flatOptions is the renderer's configuration that does the work of
// fauxgl's solid-colour shader: one flat Lambert colour per triangle, no
// anti-aliasing, shadows or textures, every frame from scratch, every model
// at full detail (LevelOfDetail off).
func flatOptions(threads int) render.Options {
	return render.Options{
		Workers:      threads,
		Lighting:     render.LightFlat,
		AntiAlias:    render.AAOff,
		NoShadows:    true,
		NoTextures:   true,
		NoFrameCache: true,
	}
}

// flowbenchSide renders the workload's views with flowbench.
type flowbenchSide struct {
	r *render.Renderer
	f *render.Frame
}

// newFlowbenchSide prepares a renderer of the workload's scene.
func newFlowbenchSide(w *workload, threads int) (*flowbenchSide, error) {
	r, err := render.New(w.scene, flatOptions(threads))
	if err != nil {
		return nil, err
	}
	return &flowbenchSide{r: r, f: &render.Frame{}}, nil
}

// draw renders view i into the side's frame (reused).
func (fb *flowbenchSide) draw(w *workload, i int) error {
	return fb.r.RenderInto(w.cams[i], fb.f)
}
