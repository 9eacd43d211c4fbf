package pipeline

import (
	"fmt"

	"flowbench/flow"
	"flowbench/sim"
	"flowbench/thor"
)

// With --render-backend ws://HOST:PORT a run plans and measures in-process
// (sim + render: the geometry is the bridge's own, since both build the
// scene from the same house) and sends only each example's final I0/I1
// frames to the bridge for their RGB. Depth, instance ids, flow and masks
// stay the built-in renderer's, so the labels are exact whatever the
// bridge renders; a Blender bridge then draws two frames per question
// instead of every planning frame.

// bridgeRGBFrames renders labels in-process and RGB through a bridge.
type bridgeRGBFrames struct {
	labels *localFrames
	rgb    *simFrames
}

// newBridgeRGBFrames builds the in-process renderer for the labels and a
// bridge connection (RGB pass only) holding the same house.
func newBridgeRGBFrames(h *sim.House, url string, dress func(*sim.Scene)) (*bridgeRGBFrames, error) {
	labels, err := newLocalFrames(h, dress)
	if err != nil {
		return nil, err
	}
	c, err := thor.Dial(url, thor.Options{Dress: dress, RGBOnly: true})
	if err != nil {
		return nil, fmt.Errorf("render backend %s: %w", url, err)
	}
	if err := c.LoadHouse(h); err != nil {
		c.Close()
		return nil, fmt.Errorf("render backend %s: load house: %w", url, err)
	}
	return &bridgeRGBFrames{labels: labels, rgb: &simFrames{sim: c, release: func() { c.Close() }}}, nil
}

func (b *bridgeRGBFrames) close() error { return b.rgb.close() }

// render takes the labels of both frames from the built-in renderer and
// their RGB from the bridge, which must send frames of the camera's size.
func (b *bridgeRGBFrames) render(cam sim.Camera, motions map[string]flow.RigidMotion, order []string) (shotFrame, shotFrame, error) {
	f0, f1, err := b.labels.render(cam, motions, order)
	if err != nil {
		return shotFrame{}, shotFrame{}, err
	}
	c0, c1, err := b.rgb.render(cam, motions, order)
	if err != nil {
		return shotFrame{}, shotFrame{}, fmt.Errorf("render backend: %w", err)
	}
	for _, c := range []shotFrame{c0, c1} {
		if c.rgb.Rect.Dx() != cam.Width || c.rgb.Rect.Dy() != cam.Height {
			return shotFrame{}, shotFrame{}, fmt.Errorf("render backend: sent a %dx%d frame for a %dx%d camera",
				c.rgb.Rect.Dx(), c.rgb.Rect.Dy(), cam.Width, cam.Height)
		}
	}
	f0.rgb, f1.rgb = c0.rgb, c1.rgb
	return f0, f1, nil
}
