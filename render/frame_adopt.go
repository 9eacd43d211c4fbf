package render

import (
	"fmt"

	"flowbench/sim"
)

// Adopted frames. A pipeline plans an example with one renderer (which
// draws the view's "before" frame to place its marks) and draws the
// dataset's frames with another renderer of the same scene and options. A
// frame is a function of the camera and the objects' poses (frame_memo.go),
// so the second renderer may take the first one's colours of that frame
// instead of shading them again: it draws the labels, copies the colours
// and remembers the frame as if it had shaded it, so the "after" frame that
// follows is shaded incrementally from it.

// RenderWithRGB draws the frame of cam into f as RenderInto does, except
// that its colours are copied from rgb (3 bytes a pixel, rows top to bottom,
// alpha 255) instead of shaded: rgb must be the RGB that RenderInto(cam)
// draws in the scene's current state, such as a frame of another renderer
// of the same scene, options and poses. A frame the memo holds is recalled
// as RenderInto recalls it.
func (r *Renderer) RenderWithRGB(cam sim.Camera, f *Frame, rgb []uint8) error {
	if len(rgb) != 3*cam.Width*cam.Height {
		return fmt.Errorf("render: adopted RGB has %d bytes, want %d for %dx%d", len(rgb), 3*cam.Width*cam.Height, cam.Width, cam.Height)
	}
	return r.renderInto(cam, f, false, rgb)
}

// adoptRGB copies rgb into f's image and, with the memo on, remembers the
// frame (renderInto, after the labels).
func (r *Renderer) adoptRGB(cam sim.Camera, f *Frame, rgb []uint8, memo bool) {
	W := f.Width
	for y := 0; y < f.Height; y++ {
		dst := f.RGB.Pix[y*f.RGB.Stride : y*f.RGB.Stride+4*W]
		src := rgb[3*y*W : 3*(y+1)*W]
		for x := 0; x < W; x++ {
			dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = src[3*x], src[3*x+1], src[3*x+2], 255
		}
	}
	if memo {
		r.remember(cam, f)
	}
}
